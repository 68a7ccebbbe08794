"""Rating maths (rule: pure functions and small value types; no I/O, no SQLite, no Rich,
no Typer): elo.py (online Elo, maximum-likelihood Elo with 95% intervals, pairwise results),
weng_lin.py (Weng-Lin skill with uncertainty, the ladders' rating), sprt.py (the sequential
probability ratio test of `--sprt`)."""
