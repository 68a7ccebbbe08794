"""The `arena` command line, one module per command group (rule: Typer lives here and
nowhere else; a command parses its arguments, calls a service, and prints through
harness/views; services raise `engine.protocol.ArenaError` subclasses, which main.py turns
into one line and exit status 2).

app.py the root command; main.py the entry point (`arena`, `python -m harness.cli`);
games.py `games`, `play`, `schema`, `replay`; bench.py; demo.py; eval.py `eval`, `compare`;
train.py `train`; tune.py `tune`; rules.py `rules`; tournament.py `tournament ...`;
ladder.py `ladder ...` and `ladders`; ladder_admin.py `ladder retire/reactivate/delete`;
server.py `ladder serve/author`; remote.py an author's commands to a server; cluster.py
`cluster status`; output.py `--json` and `--csv`; paths.py `--db` and output paths checked
before any work.
"""
