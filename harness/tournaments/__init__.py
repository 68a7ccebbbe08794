"""Tournaments (rule: a schedule written to the database before play, played on Ray,
results written by the driver alone; no Rich, no Typer): schedule.py (who plays which seat
on which deal), runner.py (Ray and the driver loop), service.py (create, delete, the data
of the tables), standings.py (a tournament's standings from its games), scaling.py (one
tournament on 1 and 2 workers). A tournament's bots are rated in a rating pool, one per
(game, players, options): the Elo table `arena tournament pools` shows."""
