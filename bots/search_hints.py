"""What a rule-based bot may tell a search besides its move (docs/mcts.md): the optional
interface that the game's `heuristic:` bot implements for MCTS move ordering, opponent
modelling, leaf values and win models. Each hook may answer None: no opinion."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from bots.base import Bot
from engine.protocol import Action, Observation, State


class SearchHints:
    """Mixin of a rule-based bot's search hooks; the defaults have no opinion."""

    def action_values(self, observation: Observation) -> list[float] | None:
        """One value per legal action, in order (higher is better), for searches that
        order their expansions by it. None: the bot does not say."""
        return None

    def state_values(self, state: State, legal: list[Action]) -> list[float] | None:
        """`action_values` for the seat to move in `state`, a full state a search already
        holds (a determinization drawn from the searching seat's observation), in the
        order of `legal` (the caller's `state.legal_actions()`, not asked for again); it
        must not change `state`. The default asks `action_values` with that seat's
        observation; a bot that would sample a full state from it anyway may value `state`
        directly and save the sample."""
        return self.action_values(state.observation(state.current_player()))

    def position_values(self, state: State) -> list[float] | None:
        """The bot's value of a position for every seat, each in [0, 1] (higher is
        better), for searches that stop a playout early and would otherwise read
        `State.heuristic` (`mcts:leaf=bot`). It must not change `state`."""
        return None

    def win_features(self, state: State) -> list[list[float]] | None:
        """Every seat's features of a position, the inputs of a win model
        (`bots.win_model`: a seat's chance to win is a softmax of weights times them),
        valued as that seat sees its own chances. It must not change `state`."""
        return None

    #: the bot's fitted win models, weights by number of players (data in its game's
    #: `<game>_win.py`, fitted by `bots.win_model`); `win_weights` reads them
    win_models: ClassVar[Mapping[int, Sequence[float]]] = {}
    #: the names of `win_features`' columns, in order (empty: the bot gives none)
    win_feature_names: ClassVar[Sequence[str]] = ()

    def win_weights(self, num_players: int) -> Sequence[float] | None:
        """The weights of the win model fitted for `num_players` on this bot's own games
        (`win_models`; searches with `mcts:leaf=win` value their leaves by it), or None:
        none fitted for that count."""
        return self.win_models.get(num_players)


class HintedBot(SearchHints, Bot):
    """A bot with search hooks: a rule-based bot, or `hinted(bot)` of one without them."""


class _Unhinted(HintedBot):
    """A bot without search hooks, given the defaults (no opinion)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.bot.reset(game_id, num_players, seat, seed)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        return self.bot.act(observation, time_left)


def hinted(bot: Bot) -> HintedBot:
    """`bot` as a bot with search hooks (its own, else the defaults)."""
    return bot if isinstance(bot, HintedBot) else _Unhinted(bot)
