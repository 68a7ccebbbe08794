"""One package per game (engine/games/<id>/); `engine.list_games()` lists them."""
