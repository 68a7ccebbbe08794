"""Submission ladders, every ladder job in one place (rule: no Rich, no Typer, no SQL: the
tables are harness/storage/ladders.py; beside tournaments, not on them): service.py
(create, submit with smoke games), pin.py (content hash and snapshot of a submitted bot),
runner.py (matchmaking loop on Ray), lifecycle.py (owners, retire, reactivate, delete, the
driver lock), names.py (when two names are one), matchmaking.py (who plays whom),
standings.py (records and seat advantage), mlcache.py (the cached maximum-likelihood Elo),
data.py (a ladder's state read locally or as the server's JSON), demo.py (`arena demo`'s
ladder)."""
