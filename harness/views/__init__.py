"""What a person sees on a terminal or a web page (rule: Rich, Textual and plotext are
imported here and nowhere else in harness/; views read data and draw it, they never
write the database nor exit the program): console.py (the stdout and stderr consoles),
fit.py (tables that fit the terminal), records.py (moves and a game's summary),
watching.py and play_screen.py (a live game, a person playing), viewer.py (the step
viewer), tournaments.py, ladders.py, eval.py, bench.py (each command group's tables) and
demo.py (`arena demo`); and web/, the ladder server's web pages (HTML drawn from the
same documents)."""
