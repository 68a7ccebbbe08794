"""The state struct (flat fields, small ints): each field written once with its type, who
sees it and what it means to a bot author; the observation type generated from them; the
protocol methods, which delegate (decisions in rules.py, round flow in flow.py, render.py,
heuristic.py, observe.py)."""

from __future__ import annotations

from typing import Annotated, Any

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.year_of_the_dragon import (
    data,
    heuristic,
    observe,
    render,
    rules,
    words,  # noqa: F401 - registers the words
)
from engine.games.year_of_the_dragon.actions import YotdAction, action_space
from engine.games.year_of_the_dragon.docs import CARD, TILE, TILE_FULL, codes
from engine.games.year_of_the_dragon.requests import YotdRequest
from engine.kernel import GENERATOR, Public
from engine.protocol import ActionSpace


class YotdState(kernel.GameState, kw_only=True):
    """In the Year of the Dragon. Zones (all public, rules §11 "Information", D11):
    palaces, persons, money, goods, privileges, tracks, hands (deducible), supply, event
    track, action groups, wall. Hidden from all: only the generator `rng` (future deals)."""

    game_id = "year_of_the_dragon"
    RULES = rules.RULES
    num_players: Annotated[int, Public("number of players, 2-5")]
    great_wall: Annotated[bool, Public(
        "option great_wall: the Great Wall expansion (rules §7) is in play (Build Wall action "
        "card 7, wall tiles)")] = False
    original_privilege: Annotated[bool, Public(
        f"option original_privilege: a large privilege costs "
        f"{data.LARGE_PRIVILEGE_COST_ORIGINAL} yuan instead of {data.LARGE_PRIVILEGE_COST} "
        "(D17)")] = False
    great_events: Annotated[bool, Public(
        "option great_events: the Great Events expansion (rules §8) is in play; the Great "
        f"Event is resolved in round {data.GREAT_EVENT_ROUND} after the month's event, before "
        "decay")] = False
    great_event: Annotated[int, Public(
        f"the Great Event on event slot 7 (rules §8): {codes(data.GREAT_EVENT_NAMES)} (static "
        "`great_events`); -1 without the expansion, and with option hidden_great_event while "
        f"it lies face down (until round {data.GREAT_EVENT_ROUND} starts)")] = -1
    hidden_great_event: Annotated[bool, Public(
        "option hidden_great_event: the Great Event stays face down (`great_event` = -1) "
        f"until round {data.GREAT_EVENT_ROUND}")] = False
    sunrise_used: Annotated[int, Public(
        "Great Event Sunrise (§8.8): bitmask of the person types already taken in this "
        "Sunrise (bit k = person type k); 0 otherwise")] = 0
    #: the future action-card deals (rules §11 "Randomness")
    rng: Annotated[Rng, GENERATOR]
    round: Annotated[int, Public(
        f"the round (month), 1-{data.ROUNDS}; 0 during the draft (§3.6)")] = 0
    step: Annotated[int, Public(
        f"step of the round (rules §5): {codes(data.STEPS)}; `phase` names it")] = data.ST_DRAFT
    events: Annotated[list[int], Public(
        f"the event track: {data.ROUNDS} event kinds, index i = round i+1 (its event is resolved "
        f"at the end of that round, §5.3); kinds: {codes(data.EVENT_NAMES)}. Slots 1-2 are "
        "Peace; the other 10 are 2 of each other kind, never the same kind twice in a row. "
        "All face up from the start")]
    supply: Annotated[list[int], Public(
        f"person tiles left in the supply, {data.NUM_TILES} counts indexed by tile id "
        f"({TILE_FULL})")]
    yuan: Annotated[list[int], Public("yuan (money) per seat")]
    rice: Annotated[list[int], Public(
        "rice tokens per seat (Drought: 1 per inhabited palace, §5.3)")]
    fireworks: Annotated[list[int], Public("fireworks tokens per seat (Dragon Festival, §5.3)")]
    vp: Annotated[list[int], Public(
        "victory points per seat so far (the score); the final scoring (§6) is added at the "
        "end")]
    small_privileges: Annotated[list[int], Public(
        f"small privileges per seat ({data.SMALL_PRIVILEGE_DRAGONS} dragon: "
        f"{data.SMALL_PRIVILEGE_DRAGONS} VP each round scoring, §5.4)")]
    large_privileges: Annotated[list[int], Public(
        f"large privileges per seat ({data.LARGE_PRIVILEGE_DRAGONS} dragons: "
        f"{data.LARGE_PRIVILEGE_DRAGONS} VP each round scoring, §5.4)")]
    track: Annotated[list[int], Public(
        "person track space per seat (§4): turn order is highest space first; breaks the "
        "final tie (§6)")]
    track_stamp: Annotated[list[int], Public(
        "per seat, when the marker last moved (value of `moves` then): on the same space the "
        "higher stamp lies on top and goes first (§4)")]
    moves: Annotated[int, Public("count of marker moves so far (source of `track_stamp`)")] = 0
    hands: Annotated[list[list[int]], Public(
        f"person cards in hand per seat: hands[seat] = {data.NUM_CARDS} counts indexed by card "
        f"({CARD}); everyone starts with 1 of each type and 2 \"?\"; public because played "
        "cards are face up (D11)")]
    palaces: Annotated[list[list[list[int]]], Public(
        "palaces[seat] = that seat's palaces in order; each palace is a list [floors, tile, "
        f"tile, ...]: its floors (1-3) then the person tiles living in it ({TILE}); persons "
        "<= floors except in the middle of an Earthquake. Start: two empty 2-floor palaces. "
        "An empty palace loses a floor at decay and goes when it had 1 floor (§5.3)")]
    drafted: Annotated[list[int], Public(
        "draft (§3.6): person-type pairs already taken, each coded first * 9 + second "
        "(first < second); a pair may be taken only once")] = []
    card_group: Annotated[list[int], Public(
        f"action cards this round: {len(data.ACTION_NAMES)} entries indexed by action card "
        f"({codes(data.ACTION_NAMES)}), each the group 0..n-1 it was dealt to (§5.1.1), -1 when "
        "the card is not in play (Build Wall without the Great Wall); [] during the "
        "draft")] = []
    group_dragons: Annotated[list[int], Public(
        "dragons on each action group this round (index = group, one group per player); a "
        f"dragon on an occupied group costs {data.OCCUPIED_GROUP_FEE} yuan; reset to 0 after "
        "the action phase")] = []
    wall: Annotated[list[int], Public(
        f"Great Wall (§7): owner seat of each built wall tile in wall order (length <= "
        f"{data.WALL_LENGTH}; tile i lies under event slot i+1); [] without the expansion")] = []
    wall_used: Annotated[list[int], Public(
        "Great Wall: per seat, bitmask of the own wall tiles already used (bit b = bonus b: "
        f"{codes(data.WALL_BONUS_NAMES)}); 0 without the expansion")] = []
    stack: Annotated[list[YotdRequest], Public(
        "pending decisions, the last one is decided now; each is an array [type, seat, "
        "...fields] (see the request types)")] = []

    def scores(self) -> list[int]:
        return list(self.vp)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §6: person track space, then height in the stack."""
        return (self.track[seat], self.track_stamp[seat])

    def render_text(self, seat: int | None = None) -> Text:
        """The table in words and colours (render.py); every seat sees all (rules §11)."""
        return render.render_text(self, seat)

    def score_breakdown(self) -> dict[str, list[int]]:
        """Rules §6: VP of the rounds, then persons, monks and money (render.py)."""
        return render.score_breakdown(self)

    def heuristic(self, seat: int) -> float:
        """Cheap value in [0, 1]: a logistic (scale 12 VP) of seat's projected final score
        (VP + persons/monks/money now + palace, court-lady and privilege income for the
        scoring phases left) minus the best other seat's; exact (1 = won, 0 = last) at the
        end. Details in heuristic.py."""
        return heuristic.value(self, seat)

    def action_space(self) -> ActionSpace:
        return action_space(
            self.num_players,
            {"great_wall": self.great_wall, "great_events": self.great_events},
        )

    def phase(self) -> str:
        """The observation's phase: the step of the round (rules §5; observe.py)."""
        return observe.phase(self)


#: generated from YotdState's declarations: one field per name they produce, described
YotdObservation = kernel.observation_type(YotdState, YotdAction)
YotdObservation.__doc__ = (
    "What a seat sees: everything on the table (rules §11 \"Information\", D11); hidden are "
    "only the future action-card deals (and a face-down Great Event).")
