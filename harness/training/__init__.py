"""`arena train`: MCTS that learns a value model from its own games (issue 40,
docs/training.md).

One job per module: `selfplay` (games on Ray -> positions), `dataset` (positions on
disk), `fit` (the value model, scikit-learn), `matches` (games between two bots as `arena eval`
tournaments), `gate` (new generation against the best, `arena eval --sprt`'s
machinery), `curve` (each generation against the starting bot), `run_state` (what is done,
on disk), `loop` (the generations). The model file and its numpy inference are
bots/model_file.py and bots/value_net.py (play needs them); the display is
harness/views/training.py, the command harness/cli/train.py. No Rich, no Typer here.
"""
