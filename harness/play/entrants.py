"""Every entrant of a tournament checked once before anything is scheduled: it is made for
this game, and it starts (its program or module loads, its constructor and `reset` run),
so that no tournament fills up with games of a bot that cannot play."""

from __future__ import annotations

from collections.abc import Sequence

from bots.external import BotViolation, missing_file
from bots.spec import BotSpec, check_label, display_name, split_label
from engine.common.untrusted import visible
from engine.protocol import ArenaError
from harness.sandbox.isolate import make_player


class EntrantError(ArenaError, ValueError):
    """An entrant that cannot play this tournament."""


#: why a person at the terminal cannot enter (tournaments and ladders)
TERMINAL_ONLY = ("entrant {name!r} is a person at the terminal; tournaments and ladders "
                 "play on workers without one (use arena play)")


def check_spec(game: str, name: str | BotSpec, num_players: int | None = None) -> None:
    """What can be seen without starting the entrant: it is made for another game
    (`heuristic:<other game>`), its trained model for another game, player count or
    observation layout, or its `cmd:` line names a program or script that is not there
    (`arena play` too: before the game, not as a crash at its first decision)."""
    spec = BotSpec.read(name)
    if spec.game is not None and spec.game != game:
        raise EntrantError(f"entrant {spec.name!r} plays {spec.game}, not {game}")
    if spec.kind_of.program and (problem := missing_file(spec.argv)):
        raise EntrantError(f"entrant {spec.name!r} cannot start: {problem}")
    if spec.kind == "mcts" and "model" in spec.files:  # a trained model for another game
        from bots.mcts_model import check_spec_game

        check_spec_game(spec.params, game, num_players)
    if spec.kind == "trained" and spec.game == game:  # the shipped model's player count
        from bots.mcts_model import check_model_file
        from bots.trained import model_path

        if (path := model_path(game)) is not None:
            check_model_file(str(path), game, num_players)


def check_labels(bots: Sequence[str]) -> None:
    """Every label (`name=spec`) is a valid name, and no two entrants are labelled alike."""
    for name in bots:
        check_label(name)
    labels = [display_name(b) for b in bots if split_label(b)[0] is not None]
    for label in labels:
        if labels.count(label) > 1:
            raise EntrantError(f"two entrants are named {visible(label)!r}: give each its own "
                               "label (name=spec)")


def check_entrants(game: str, num_players: int, bots: Sequence[str], isolate: bool) -> None:
    """Raise one EntrantError (or the registry's BotSpecError) for the first entrant that
    is made for another game or cannot start."""
    check_labels(bots)
    for name in dict.fromkeys(bots):
        spec = BotSpec.parse(name)
        check_spec(game, spec, num_players)
        if spec.kind_of.terminal:
            raise EntrantError(TERMINAL_ONLY.format(name=name))
        bot = make_player(spec, isolate)
        try:
            bot.reset(game, num_players, 0, 0)
        except (ArenaError, BotViolation) as e:
            raise EntrantError(f"entrant {name!r} cannot start: {e}") from None
        except Exception as e:
            raise EntrantError(f"entrant {name!r} cannot start: {type(e).__name__}: "
                               f"{str(e).strip().splitlines()[0] if str(e).strip() else ''}"
                               ) from None
        finally:
            try:
                bot.close()
            except Exception:  # closing a bot that did not start
                pass
