"""Dragon Castle in words (issue 21): names of seats, stones, cells and cards, and every
request's decision and options in the rulebook's words (registered with `Rules.words`).

Castle cells are named by column letter A-L and row number 1-8 ("castle D2"); realm cells
by column letter A-F and row number 1-6 ("realm C4"), as in the render.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.common.text import SEAT_STYLES, column_labels

from .actions import (
    ActivateSpirit,
    ActivateSpiritShrine,
    BuildShrine,
    ChangeStone,
    DestroyStone,
    DiscardStone,
    MergeGroup,
    MoveTo,
    NoFlip,
    Pair,
    Place,
    Proceed,
    ShrineFrom,
    ShrineTo,
    StoneAndShrine,
    StopBuilding,
    StopMoving,
    SummonDragon,
    TakeStone,
)
from .castle import M
from .data import (
    CASTLE_COLS,
    DISCARD_VP,
    DRAGON_CARDS,
    IDENTITIES,
    REALM_CELLS,
    REALM_SIZE,
    SPIRIT_CARDS,
    TYPES,
    castle_index,
    shrine_value,
)
from .requests import (
    BeautyMerge,
    BuildShrines,
    ChangeRequest,
    ChooseAction,
    CunningMerge,
    DestroyRequest,
    FaithShrine,
    FinishAction,
    PlaceTaken,
    SpiritWindow,
    StrengthFrom,
    StrengthTo,
    WindFlip,
    WindShrineFrom,
    WindShrineTo,
)
from .rules import RULES
from .spirits import beauty_groups, cunning_groups
from .turn import can_summon

if TYPE_CHECKING:
    from .state import DragonCastleState

CASTLE_COLUMNS = column_labels(CASTLE_COLS)
REALM_COLUMNS = column_labels(REALM_SIZE)
#: rules §10: merchants yellow, soldiers red, farmers green, dragons purple; seasons and
#: winds are cosmetic (shown cyan and blue)
TYPE_STYLES = ("yellow", "red", "green", "cyan", "blue", "magenta")


def seat_name(p: int) -> str:
    """The rulebook gives players no colours: seats are named by number."""
    return f"Seat {p}"


def seat_style(p: int) -> str:
    return SEAT_STYLES[p % len(SEAT_STYLES)]


def stone_name(k: int) -> str:
    """Rules §10: "Soldier 3", "Season spring", "Dragon red"."""
    t, symbol = IDENTITIES[k]
    return f"{TYPES[t].capitalize()} {symbol}"


def stone_style(k: int) -> str:
    return TYPE_STYLES[IDENTITIES[k][0]]


def castle_name(x: int, y: int) -> str:
    return f"castle {CASTLE_COLUMNS[x]}{y + 1}"


def realm_cell(cell: int) -> str:
    """A realm cell's coordinate: "C4" (column letter, row number)."""
    r, c = divmod(cell, REALM_SIZE)
    return f"{REALM_COLUMNS[c]}{r + 1}"


def realm_name(cell: int) -> str:
    return f"realm {realm_cell(cell)}"


def _castle_stone(s: DragonCastleState, x: int, y: int) -> str:
    i = castle_index(x, y)
    h = s.castle_h[i]
    if not h:
        return f"nothing at {castle_name(x, y)}"
    return f"{stone_name(s.castle[i * M + h - 1])} at {castle_name(x, y)} (level {h})"


def _realm_top(s: DragonCastleState, seat: int, cell: int) -> str:
    """What lies on top of a realm cell: "Soldier 3", "a face-down stone" or "nothing"."""
    j = seat * REALM_CELLS + cell
    if not s.height[j]:
        return "nothing"
    return stone_name(s.top[j]) if s.up[j] else "a face-down stone"


def _card(s: DragonCastleState, k: int) -> str:
    return SPIRIT_CARDS[s.spirit_cards[k]] if k < len(s.spirit_cards) else f"spirit {k}"


def _cell(a: Any) -> int:
    return a.r * REALM_SIZE + a.c


# --- the decisions --------------------------------------------------------------------------
def ask_choose(s: DragonCastleState, req: ChooseAction) -> str:
    t = max(s.castle_h)
    out = f"{seat_name(req.seat)}: take a first stone from the castle's top level ({t})"
    if s.elegance == 1:
        out = f"{seat_name(req.seat)}: Elegance: take the special stone first"
    if can_summon(s) and s.elegance != 1:
        out += ", or summon the dragon"
    if s.spirit_cards:
        out += ", or activate a spirit"
    return out


def ask_finish(s: DragonCastleState, req: FinishAction) -> str:
    head = f"{seat_name(req.seat)} took {stone_name(req.stone)}"
    if req.must_pair:
        return f"{head}: take a matching stone (the spirit's power)"
    return f"{head}: take a pair, or Stone and shrine, or discard it for {DISCARD_VP} VP"


def ask_build(s: DragonCastleState, req: BuildShrines) -> str:
    cells = ", ".join(realm_cell(c) for c in req.cells)
    return (f"{seat_name(req.seat)}: build up to {req.allowance} more shrine(s) from your "
            f"pool on the set merged at {cells}")


def ask_strength_to(s: DragonCastleState, req: StrengthTo) -> str:
    return (f"{seat_name(req.seat)}: Strength: put {stone_name(req.stone)} from "
            f"{realm_name(req.src)} on another cell")


def ask_strength_from(s: DragonCastleState, req: StrengthFrom) -> str:
    which = "a second stone to move, or stop" if req.moved else "a stone to move"
    return f"{seat_name(req.seat)}: Strength: pick up {which}"


def _asked(text: str) -> Any:
    return lambda s, req: f"{seat_name(req.seat)}: {text}"


# --- the options ----------------------------------------------------------------------------
def say_activation(s: DragonCastleState, req: Any, a: Any) -> str | None:
    if type(a) is ActivateSpirit:
        cell = _cell(a)
        return (f"activate {_card(s, a.card)}, paying with "
                f"{_realm_top(s, req.seat, cell)} at {realm_name(cell)}")
    if type(a) is ActivateSpiritShrine:
        return f"activate {_card(s, a.card)}, paying with a shrine from your pool"
    return None


def say_choose(s: DragonCastleState, req: ChooseAction, a: Any) -> str:
    if type(a) is TakeStone:
        return f"take {_castle_stone(s, a.x, a.y)}"
    if type(a) is SummonDragon:
        return "summon the dragon: take the rightmost countdown token"
    return say_activation(s, req, a) or str(a)


def say_finish(s: DragonCastleState, req: FinishAction, a: Any) -> str:
    t = type(a)
    if t is Pair:
        return f"pair: also take {_castle_stone(s, a.x, a.y)}"
    if t is StoneAndShrine:
        return "Stone and shrine: move 1 shrine from the supply to your pool"
    if t is DiscardStone:
        return f"discard {stone_name(req.stone)} for {DISCARD_VP} VP"
    return say_activation(s, req, a) or str(a)


def say_place(s: DragonCastleState, req: PlaceTaken, a: Place) -> str:
    cell = _cell(a)
    h = s.height[req.seat * REALM_CELLS + cell]
    on = "" if not h else f" on {_realm_top(s, req.seat, cell)} (height {h + 1})"
    return f"place {stone_name(req.stone)} at {realm_name(cell)}{on}"


def say_build(s: DragonCastleState, req: Any, a: Any) -> str:
    if type(a) is StopBuilding:
        return "build no more shrines on this set"
    cell = _cell(a)
    h = s.height[req.seat * REALM_CELLS + cell]
    return f"build a shrine at {realm_name(cell)} (height {h}, worth {shrine_value(h)})"


def say_window(s: DragonCastleState, req: SpiritWindow, a: Any) -> str:
    if type(a) is Proceed:
        return "go on without activating a spirit"
    return say_activation(s, req, a) or str(a)


def say_destroy(s: DragonCastleState, req: DestroyRequest, a: DestroyStone) -> str:
    return f"Destruction: remove {_castle_stone(s, a.x, a.y)}"


def _group_words(s: DragonCastleState, seat: int, groups: list[list[int]], a: MergeGroup) -> str:
    cell = _cell(a)
    for g in groups:
        if g[0] == cell:
            names = ", ".join(realm_cell(c) for c in g)
            return f"merge the {len(g)} stones at {names}"
    return f"merge the set starting at {realm_name(cell)}"


def say_cunning(s: DragonCastleState, req: CunningMerge, a: MergeGroup) -> str:
    return "Cunning: " + _group_words(s, req.seat, cunning_groups(s, req.seat), a)


def say_beauty(s: DragonCastleState, req: BeautyMerge, a: MergeGroup) -> str:
    return "Beauty: " + _group_words(s, req.seat, beauty_groups(s, req.seat), a)


def say_change(s: DragonCastleState, req: ChangeRequest, a: ChangeStone) -> str:
    cell = _cell(a)
    kind = TYPES[a.kind] if 0 <= a.kind < len(TYPES) else str(a.kind)
    return (f"Change: {_realm_top(s, req.seat, cell)} at {realm_name(cell)} counts as "
            f"a {kind} stone")


def say_strength_from(s: DragonCastleState, req: StrengthFrom, a: Any) -> str:
    if type(a) is StopMoving:
        return "stop moving stones"
    cell = _cell(a)
    return f"Strength: pick up {_realm_top(s, req.seat, cell)} at {realm_name(cell)}"


def say_strength_to(s: DragonCastleState, req: StrengthTo, a: MoveTo) -> str:
    cell = _cell(a)
    h = s.height[req.seat * REALM_CELLS + cell]
    on = "" if not h else f" on {_realm_top(s, req.seat, cell)}"
    return f"Strength: put {stone_name(req.stone)} at {realm_name(cell)}{on}"


def say_flip(s: DragonCastleState, req: WindFlip, a: Any) -> str:
    if type(a) is NoFlip:
        return "Wind: flip nothing (move a shrine instead)"
    cell = _cell(a)
    return f"Wind: flip {_realm_top(s, req.seat, cell)} at {realm_name(cell)} face down"


def say_shrine_from(s: DragonCastleState, req: WindShrineFrom, a: ShrineFrom) -> str:
    return f"Wind: move the shrine at {realm_name(_cell(a))}"


def say_shrine_to(s: DragonCastleState, req: WindShrineTo, a: ShrineTo) -> str:
    return f"Wind: move the shrine from {realm_name(req.src)} to {realm_name(_cell(a))}"


def say_faith(s: DragonCastleState, req: FaithShrine, a: BuildShrine) -> str:
    return "Faith: " + say_build(s, req, a)


RULES.words(ChooseAction, ask=ask_choose, say=say_choose)
RULES.words(FinishAction, ask=ask_finish, say=say_finish)
RULES.words(PlaceTaken, ask=lambda s, req: (
    f"{seat_name(req.seat)}: place {stone_name(req.stone)} in your realm"), say=say_place)
RULES.words(BuildShrines, ask=ask_build, say=say_build)
RULES.words(SpiritWindow, ask=_asked("activate a spirit card now, or go on"), say=say_window)
RULES.words(DestroyRequest, ask=_asked("Destruction: remove an available castle stone"),
            say=say_destroy)
RULES.words(FaithShrine, ask=_asked("Faith: build a shrine on a stone merged this turn"),
            say=say_faith)
RULES.words(CunningMerge, ask=_asked("Cunning: merge a group of exactly 3 stones"),
            say=say_cunning)
RULES.words(BeautyMerge, ask=_asked("Beauty: merge a same-number group of 4 or more"),
            say=say_beauty)
RULES.words(ChangeRequest, ask=_asked("Change: a special stone counts as another type"),
            say=say_change)
RULES.words(StrengthFrom, ask=ask_strength_from, say=say_strength_from)
RULES.words(StrengthTo, ask=ask_strength_to, say=say_strength_to)
RULES.words(WindFlip, ask=_asked("Wind: flip a face-up stone face down, or not"), say=say_flip)
RULES.words(WindShrineFrom, ask=_asked("Wind: choose a built shrine to move"),
            say=say_shrine_from)
RULES.words(WindShrineTo, ask=lambda s, req: (
    f"{seat_name(req.seat)}: Wind: move the shrine from {realm_name(req.src)} onto a "
    "face-down stone"), say=say_shrine_to)

#: names the score parts of `score_parts` in the final table
PART_NAMES = {"vp": "VP tokens", "shrines": "built shrines", "countdown": "countdown tokens"}


def part_name(key: str) -> str:
    return PART_NAMES.get(key, f"dragon {key}" if key in DRAGON_CARDS else key)

