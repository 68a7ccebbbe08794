"""Everything around the games, one subpackage per job (docs/architecture.md, "Module map"):

play/         playing one game: match, clocks, hard deadlines, entrants, replays of records
sandbox/      running untrusted bots: namespaces and chroot, cgroups, submitted files
tournaments/  scheduled tournaments on Ray: schedule, runner, service, standings
ladders/      submission ladders: service, runner, pinning, lifecycle, matchmaking, data
eval/         measuring bots: `arena eval`, `arena compare`, `arena bench`
storage/      the SQLite database: schemas, migrations, stores, driver locks
views/        all Rich: tables, plots, the step viewer, the play screen, watching
cli/          all Typer: one module per command group
server/       the ladder server (HTTP API) and its client
training/     `arena train`: self-play, the value fit, gates, learning curves

Rating maths lives beside this package, in ratings/ (pure functions).
"""
