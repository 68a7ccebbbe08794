"""`arena tune`: SPSA over the MCTS search's parameters (docs/mcts.md, "Tuning").

`spsa` (the maths: fishtest's schedules, probes and update; no I/O), `run` (the steps:
probes' games as `arena eval` tournaments on Ray, the state on disk, the result). The
parameters' ranges are declared with the parameters (bots/search_params.py), the profiles
they end in are data (bots/profiles.toml); the display is harness/views/tuning.py, the
command harness/cli/tune.py. No Rich, no Typer here.
"""
