"""Everything around the games, one subpackage per job, each importing only the ones listed
before it that it needs (docs/architecture.md, "Module map"; tests/foundation/test_layers.py,
`HARNESS_LAYERS`):

sandbox/      running untrusted bots: namespaces and chroot, seccomp, cgroups, their files
storage/      the SQLite database: schemas, migrations, stores, driver locks; run files
rulemap/      which tests check which rule (`arena rules coverage`): files only
play/         playing one game: match, clocks, hard deadlines, entrants, a contest's set-up,
              replays of records
cluster/      running games on Ray, on one machine or many: sessions, the one dispatcher,
              what a node does with a task and the games it plays
tournaments/  scheduled tournaments: schedule, runner, service, standings
ladders/      submission ladders: service, runner, pinning, lifecycle, matchmaking, data
eval/         measuring bots: `arena eval`, `arena compare`, `arena bench`
training/     `arena train`: self-play, the value fit, gates, learning curves
tuning/       `arena tune`: SPSA over the search's parameters
views/        all Rich: tables, plots, the step viewer, the play screen, watching, web pages
server/       the ladder server (HTTP API) and its client
cli/          all Typer: one module per command group

Rating maths lives beside this package, in ratings/ (pure functions).
"""
