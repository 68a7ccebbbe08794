"""Playing one game (rule: a game from bot specs to a MatchRecord, and back by replay; no
database, no Ray, no Rich, no Typer; of harness/ only the sandbox): match.py plays it,
clock.py adds time controls, deadline.py stops an in-process decision that runs far over,
entrants.py checks bot specs before a game, contest.py checks a contest's set-up and loads
its plug-in game modules, args.py parses a command's options and bot lists, replay.py
re-runs a record."""
