"""The SQLite database (rule: every SQL statement and schema lives here; no Rich, no
Typer, no rating maths beyond storing numbers): database.py (the Store: connection, WAL,
migrations, tournaments and their rating pools), ladder_schema.py and ladders.py
(submission ladders: entrants, games, rating history, the aggregates kept as games
finish), tally.py (what one game adds to them), migrate.py (schemas 4, 5 -> 6, in resumable
batches), lifecycle.py (entrants retired, reactivated, deleted), authors.py (a server's
authors and submission jobs), nodes.py (which node of a cluster played what, the
infrastructure's failures by node), locks.py (one driver per ladder or rating pool),
files.py (a resumable run's JSON state, written atomically). It imports nothing else of
harness/."""
