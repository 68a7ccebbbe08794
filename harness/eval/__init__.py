"""Measuring bots and engines (rule: measurements as data; tables are drawn by
harness/views): run.py (`arena eval`: a bot against opponents over seeded tournaments),
compare.py (`arena compare`: our MCTS against OpenSpiel's), bench.py (`arena bench`:
engine and bot speed), checkouts.py (`arena bench --against`: two checkouts alternating),
machine.py (what a speed figure depends on besides the code)."""
