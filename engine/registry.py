"""Game id -> game descriptor; `make` validates player counts and options."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from engine.protocol import ActionSpace, InvalidConfigError, Observation, State, UnknownGameError


@dataclass(frozen=True)
class Option:
    """One game option (expansion, module or variant)."""

    name: str
    default: Any
    meaning: str
    choices: tuple[Any, ...] | None = None
    #: player counts at which the option may differ from its default (None: any)
    players: tuple[int, ...] | None = None

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                raise InvalidConfigError(
                    f"option {self.name}={value!r} is not one of {list(self.choices)}"
                )
            return value
        want = type(self.default)
        if want is bool:
            if isinstance(value, bool):
                return value
            raise InvalidConfigError(f"option {self.name} takes true/false, got {value!r}")
        if want is int and (not isinstance(value, int) or isinstance(value, bool)):
            raise InvalidConfigError(f"option {self.name} takes an integer, got {value!r}")
        return value


@dataclass(frozen=True)
class Game:
    """Everything the harness needs to know about one game."""

    id: str
    name: str
    min_players: int
    max_players: int
    new_state: Callable[[int, int, dict[str, Any]], State]
    sample_state: Callable[[Any, int], State]
    action_space: Callable[[int, dict[str, Any]], ActionSpace]
    state_type: type[State]
    observation_type: type[Observation]
    action_type: Any
    options: tuple[Option, ...] = ()
    #: option sets the conformance kit plays (the defaults are always included)
    presets: tuple[Mapping[str, Any], ...] = ()
    #: a random playout must end within this many decisions
    max_decisions: int = 10_000
    #: the game's fixed data a bot needs to judge a move (board geometry, card, tile and
    #: building definitions, scoring tables): JSON-able values by name, for every option
    #: set (keyed by it where it differs); sent in `reset`, shown by `arena schema` and the
    #: reference page docs/games/<id>.md
    static_data: Callable[[], Mapping[str, Any]] | None = None
    #: a description of every key of `static_data()`
    static_docs: Mapping[str, str] = field(default_factory=dict)
    #: one line for `arena games`
    summary: str = ""
    #: the game's rule-based bot as "module:Class" (spec `heuristic:<id>`; searches may ask it
    #: for hints too); "" when the game has none
    bot: str = ""

    def resolve_options(
        self, options: Mapping[str, Any] | None, num_players: int | None = None
    ) -> dict[str, Any]:
        """Defaults overlaid with `options`; unknown names, bad values, or an option set
        at a player count it is not for (given `num_players`) raise."""
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        for k, v in (options or {}).items():
            if k not in known:
                valid = ", ".join(sorted(known)) or "none"
                raise InvalidConfigError(
                    f"game {self.id!r} has no option {k!r}; valid options: {valid}"
                )
            opt = known[k]
            out[k] = opt.check(v)
            if (num_players is not None and opt.players is not None
                    and out[k] != opt.default and num_players not in opt.players):
                raise InvalidConfigError(
                    f"option {k} is only for {_players(opt.players)}, not {num_players}"
                )
        return out

    def allows(self, num_players: int, options: Mapping[str, Any]) -> bool:
        """Whether `options` may be used at `num_players` (for listing valid set-ups)."""
        try:
            self.resolve_options(options, num_players)
        except InvalidConfigError:
            return False
        return True

    def check_players(self, num_players: int) -> None:
        if not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise InvalidConfigError(
                f"game {self.id!r} is for "
                f"{_players(range(self.min_players, self.max_players + 1))}, "
                f"not {num_players!r}"
            )


#: the product's games: id -> module that defines `GAME`
BUILTIN: dict[str, str] = {
    "year_of_the_dragon": "engine.games.year_of_the_dragon",
    "rotunda": "engine.games.rotunda",
    "huang": "engine.games.huang",
    "dragon_castle": "engine.games.dragon_castle",
    "gugong": "engine.games.gugong",
}

#: entry-point group through which installed packages add games (name = game id; the
#: object is a `Game` or a module defining `GAME`)
ENTRY_POINT_GROUP = "arena.games"

_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}


def register(game: Game) -> None:
    """Register a game that is not built in (tests, plug-ins)."""
    _extra[game.id] = game


def unregister(game_id: str) -> None:
    """Forget a registered or plug-in game (tests)."""
    _extra.pop(game_id, None)
    if game_id not in BUILTIN:
        _loaded.pop(game_id, None)


def _try_load(game_id: str) -> Game | None:
    if game_id in _extra:
        return _extra[game_id]
    if game_id in _loaded:
        return _loaded[game_id]
    module = BUILTIN.get(game_id)
    if module is None:
        return _load_plugin(game_id)
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            return None  # not implemented yet
        raise
    game: Game | None = getattr(mod, "GAME", None)
    if game is None:
        return None  # package started but not playable yet (tests/foundation checks none is left)
    _loaded[game_id] = game
    return game


def _plugin_names() -> list[str]:
    return [ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)]


def _load_plugin(game_id: str) -> Game | None:
    """A game from the `arena.games` entry-point group, or None."""
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == game_id:
            obj = ep.load()
            game = obj if isinstance(obj, Game) else getattr(obj, "GAME", None)
            if not isinstance(game, Game) or game.id != game_id:
                raise InvalidConfigError(
                    f"entry point {ep.value!r} in {ENTRY_POINT_GROUP} does not give a Game "
                    f"with id {game_id!r}")
            _loaded[game_id] = game
            return game
    return None


def game_ids() -> list[str]:
    """Ids of every game available here: built-in ones first in table order, then plug-ins
    and registered ones."""
    ids = [g for g in BUILTIN if _try_load(g) is not None]
    more = {g for g in _extra if g not in ids}
    more |= {g for g in _plugin_names() if g not in ids and _try_load(g) is not None}
    return ids + sorted(more)


def get_game(game_id: str) -> Game:
    game = _try_load(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise UnknownGameError(
            f"unknown game {game_id!r}; available: {', '.join(game_ids()) or 'none'}"
        )
    return game


def _players(counts: Sequence[int]) -> str:
    """'1 player', '2-5 players', '3, 5 players': the player counts an option allows."""
    c = sorted(counts)
    if len(c) == 1:
        return f"{c[0]} player" + ("" if c[0] == 1 else "s")
    if c == list(range(c[0], c[-1] + 1)):
        return f"{c[0]}-{c[-1]} players"
    return ", ".join(map(str, c)) + " players"
