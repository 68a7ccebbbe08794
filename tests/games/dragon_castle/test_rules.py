"""Rules edge cases and the rules document's ambiguity decisions (§12)."""

from __future__ import annotations

import msgspec
import pytest

import engine
from engine.games.dragon_castle.actions import (
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    StoneAndShrine,
    StopBuilding,
    SummonDragon,
    TakeStone,
)
from engine.games.dragon_castle.castle import LAYOUT_HEIGHTS
from engine.games.dragon_castle.data import (
    COPIES,
    NAMED_LAYOUTS,
    NUM_IDENTITIES,
    RECOMMENDED_L1,
    shrine_value,
)
from engine.games.dragon_castle.requests import BuildShrines, PlaceTaken
from engine.protocol import IllegalActionError, InvalidConfigError

from .builder import D, cell, empty_state, set_castle, set_cell, stone

M = [stone("merchant", n) for n in range(1, 7)]
F = [stone("farmer", n) for n in range(1, 7)]


@pytest.mark.rule("dragon_castle", "2a", "3.1", "3.2", "3.3", "3.6", "10c")
@pytest.mark.parametrize(("players", "levels"), [
    (2, (76, 24, 16)), (3, (64, 40, 12)), (4, (52, 40, 24))])
def test_setup_castle_shrines_countdown(players, levels):
    """Rules §3 / §4.3: 116 stones on the standard layout; 40 - P shrines in the supply,
    1 in each pool; P countdown tokens on the track and 7 - P stacked (ambiguity 3)."""
    s = engine.make("dragon_castle", players, 5)
    h = s.castle_h
    assert tuple(sum(1 for x in h if x >= lv) for lv in (1, 2, 3)) == levels
    assert h == list(LAYOUT_HEIGHTS[f"standard_{players}p"]) and s.layout == f"standard_{players}p"
    counts = [0] * NUM_IDENTITIES
    for k in s.castle:
        if k >= 0:
            counts[k] += 1
    assert counts == [COPIES] * NUM_IDENTITIES
    assert engine.make("dragon_castle", players, 6).castle != s.castle  # shuffled
    assert s.supply == 40 - players and s.pool == [1] * players
    assert (s.track_singles, s.track_stack) == (players, 7 - players)
    assert s.current_player() == s.first_player
    assert len(s.legal_actions()) >= 2  # several available stones at T = 3


@pytest.mark.rule("dragon_castle", "4.4a")
@pytest.mark.parametrize("name", list(NAMED_LAYOUTS))
def test_named_layouts(name):
    """Rules §4.4: 116 stones; the bottom level fits the seed's recommended range of every
    player count the layout is best for; the game is playable with it."""
    rows, best = NAMED_LAYOUTS[name]
    heights = LAYOUT_HEIGHTS[name]
    assert sum(heights) == 116 and max(heights) == 3
    level1 = sum(1 for h in heights if h)
    for p in best:
        lo, hi = RECOMMENDED_L1[p]
        assert lo <= level1 <= hi
    s = engine.make("dragon_castle", best[0], 1, layout=name)
    assert s.layout == name and s.castle_h == list(heights)
    assert s.legal_actions() and all(isinstance(a, TakeStone) for a in s.legal_actions())


@pytest.mark.rule("dragon_castle", "4.4b")
def test_unknown_or_malformed_layouts_are_rejected():
    with pytest.raises(InvalidConfigError, match="is not one of"):
        engine.make("dragon_castle", 4, 1, layout="fortress_and_forbidden_city")
    with pytest.raises(InvalidConfigError, match="116"):
        engine.make("dragon_castle", 4, 1, layout="333/333")
    with pytest.raises(InvalidConfigError, match="height 1-3"):
        engine.make("dragon_castle", 4, 1, layout="/".join(["3" * 12] * 3 + ["44"]))
    with pytest.raises(InvalidConfigError):
        engine.make("dragon_castle", 4, 1, fortress=True)  # the old booleans are gone


@pytest.mark.rule("dragon_castle", "4.4b")
def test_a_layout_from_a_file_the_players_write(tmp_path):
    """§4.4 (seed 003): "Zachęcamy was także do kreatywności i tworzenia własnych układów!"
    - a user's own layout from a text file; the state names it by its rows, so a saved
    game or a replay does not need the file."""
    rows = NAMED_LAYOUTS["gates_of_destiny"][0][::-1]
    path = tmp_path / "my_castle.txt"
    path.write_text("# my castle\n" + "\n".join(rows) + "\n", encoding="utf-8")
    s = engine.make("dragon_castle", 4, 3, layout=f"file:{path}")
    assert s.layout == "custom:" + "/".join(rows)
    assert s.castle_h == list(LAYOUT_HEIGHTS["custom:" + "/".join(rows)])
    inline = engine.make("dragon_castle", 4, 3, layout="/".join(rows))
    assert inline.to_bytes() == s.to_bytes()
    t = type(s).from_bytes(s.to_bytes())
    assert t.legal_actions() == s.legal_actions()


@pytest.mark.rule("dragon_castle", "3.7")
def test_first_player_is_random():
    games = [engine.make("dragon_castle", 4, seed) for seed in range(40)]
    assert len({s.first_player for s in games}) == 4
    assert all(s.current_player() == s.first_player for s in games)  # and starts
    for s in games[:8]:  # ... and the seat after it plays next
        s.apply(s.legal_actions()[0])
        s.apply(DiscardStone())
        assert s.current_player() == (s.first_player + 1) % 4


@pytest.mark.rule("dragon_castle", "5a", "6.2b")
def test_realm_is_6x6_and_every_empty_cell_takes_a_stone():
    """Ambiguity 1: a 6x6 realm; placement needs no adjacency."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0]], (3, 2): [M[0]]})
    s.apply(TakeStone(0, 2))
    s.apply(Pair(3, 2))
    assert s.legal_actions() == [Place(r, c) for r in range(6) for c in range(6)]
    s.apply(Place(0, 0))
    assert s.legal_actions() == [Place(r, c) for r in range(6) for c in range(6)][1:]
    s.apply(Place(5, 5))  # far from the first stone
    assert s.height[cell(5, 5)] == 1 and s.current_player() == 1


@pytest.mark.rule("dragon_castle", "6.2a", "6.4c", "5f")
def test_placement_never_on_face_up_or_shrined_stones():
    """Rules §6.2: an empty cell or a face-down stone without shrine."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0]]})
    set_cell(s, 0, 0, 0, 1, F[0], up=True)
    set_cell(s, 0, 0, 1, 1, F[0], up=False, shrine=True)
    set_cell(s, 0, 0, 2, 3, F[0], up=False)
    s.apply(TakeStone(0, 2))
    s.apply(StoneAndShrine())
    legal = s.legal_actions()
    assert Place(0, 0) not in legal and Place(0, 1) not in legal and Place(0, 2) in legal
    before = s.to_bytes()
    for bad in (Place(0, 0), Place(0, 1), Place(6, 0), Place(-1, 2), BuildShrine(0, 2)):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
        assert s.to_bytes() == before
    s.apply(Place(0, 2))  # ambiguity 14: no height cap
    assert s.height[cell(0, 2)] == 4
    assert shrine_value(4) == 3


@pytest.mark.rule("dragon_castle", "6.2c")
def test_unplaceable_stone_is_removed():
    """Ambiguity 12: a stone with no legal cell leaves the game; the turn goes on."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0]], (1, 2): [M[0]]})
    for i in range(36):
        set_cell(s, 0, *divmod(i, 6), 1, [M[1], F[2], D][(i // 6 + i) % 3], up=True)
    s.apply(TakeStone(0, 2))
    s.apply(Pair(1, 2))
    assert s.current_player() == 1  # both stones removed, no decision for seat 0
    assert sum(s.height[:36]) == 36 and s.vp[0] == 0


@pytest.mark.rule("dragon_castle", "6.1b2")
def test_empty_shrine_supply_forbids_stone_and_shrine():
    """Ambiguity 12: Stone and shrine is illegal when the supply is empty."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0]]})
    s.supply = 0
    s.apply(TakeStone(0, 2))
    assert s.legal_actions() == [DiscardStone()]
    with pytest.raises(IllegalActionError, match="StoneAndShrine"):
        s.apply(StoneAndShrine())


@pytest.mark.rule("dragon_castle", "6.1c")
def test_discard_scores_one_vp_and_removes_the_stone():
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0]]})
    s.apply(TakeStone(0, 2))
    s.apply(DiscardStone())
    assert s.vp[0] == 1 and sum(s.height) == 0 and s.current_player() == 1
    assert s.gone[M[0]] == COPIES


@pytest.mark.rule("dragon_castle", "6.1d", "6.1d2")
def test_summon_only_at_bottom_level_and_forced_when_castle_is_empty():
    """Rules §6.1d, ambiguity 15: Summon legal iff T <= 1; the only action at T = 0."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0], M[1]], (5, 2): [M[2]]})
    assert SummonDragon() not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="SummonDragon"):
        s.apply(SummonDragon())
    set_castle(s, {(0, 2): [M[0]]})
    assert s.legal_actions() == [TakeStone(0, 2), TakeStone(5, 2), SummonDragon()]
    t = empty_state(2)
    assert t.legal_actions() == [SummonDragon()]
    t.apply(SummonDragon())
    assert t.tokens[0] == 1 and t.track_singles == 1


@pytest.mark.rule("dragon_castle", "6.3c", "6.3d", "6.3f", "6.3g")
def test_merge_is_whole_and_shrines_only_on_this_set():
    """Rules §6.3: a larger set merges whole; at most 1 shrine per stone, only on stones of
    the set just merged (not on older face-down stones); StopBuilding keeps the pool."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0]]})
    for c in range(4):
        set_cell(s, 0, 0, c, 1, M[c + 1])
    set_cell(s, 0, 3, 3, 2, F[0], up=False)  # merged in an earlier turn
    s.pool[0] = 3
    s.apply(TakeStone(0, 2))
    s.apply(StoneAndShrine())
    s.apply(Place(0, 4))
    assert s.vp[0] == 3  # 5 merchants
    assert not any(s.up[cell(0, c)] for c in range(5))
    assert s.legal_actions() == [BuildShrine(0, c) for c in range(5)] + [StopBuilding()]
    with pytest.raises(IllegalActionError):
        s.apply(BuildShrine(3, 3))
    s.apply(BuildShrine(0, 4))
    assert s.pool[0] == 3  # faction set: allowance 1, and the turn is over
    assert s.current_player() == 1


@pytest.mark.rule("dragon_castle", "6.3f")
def test_special_set_allows_two_shrines_and_stop_building():
    s = empty_state(2)
    set_castle(s, {(0, 2): [stone("season", "spring")]})
    for c in range(3):
        set_cell(s, 0, 1, c, 1, stone("season", "winter"))
    s.pool[0] = 4
    s.apply(TakeStone(0, 2))
    s.apply(StoneAndShrine())
    s.apply(Place(1, 3))
    assert s.stack[-1] == BuildShrines(0, tuple(cell(1, c) for c in range(4)), 2)
    s.apply(BuildShrine(1, 2))
    with pytest.raises(IllegalActionError):
        s.apply(BuildShrine(1, 2))  # one shrine per stone
    s.apply(StopBuilding())
    assert s.pool[0] == 4 and s.vp[0] == 2 and s.current_player() == 1


@pytest.mark.rule("dragon_castle", "6.3e")
def test_no_shrine_decision_with_an_empty_pool():
    s = empty_state(2)
    set_castle(s, {(0, 2): [D], (4, 2): [D]})
    for c in range(2):
        set_cell(s, 0, 2, c, 1, stone("dragon", "white"))
    s.pool[0] = 0
    s.apply(TakeStone(0, 2))
    s.apply(Pair(4, 2))
    s.apply(Place(2, 2))
    assert isinstance(s.stack[-1], PlaceTaken)
    s.apply(Place(2, 3))
    assert s.vp[0] == 2 + 1  # dragon bonus
    assert s.current_player() == 1


def test_illegal_and_malformed_actions_raise_and_change_nothing():
    s = engine.make("dragon_castle", 3, 11)
    before = s.to_bytes()
    bad = [None, "TakeStone", 3, Place(0, 0), Pair(0, 0), TakeStone(99, 0),
           TakeStone("a", 1), TakeStone(True, 2), StopBuilding(), DiscardStone()]
    for a in bad:
        with pytest.raises(IllegalActionError):
            s.apply(a)  # type: ignore[arg-type]
        assert s.to_bytes() == before
    with pytest.raises(IllegalActionError):
        engine.decode_action("dragon_castle", b'{"type": "Fly"}')
    assert engine.decode_action("dragon_castle", b'{"type":"Place","r":1,"c":2}') == Place(1, 2)


def test_unknown_options_and_player_counts_are_rejected():
    with pytest.raises(InvalidConfigError, match="no option"):
        engine.make("dragon_castle", 2, 1, spirit=True)
    with pytest.raises(InvalidConfigError, match="card names"):
        engine.make("dragon_castle", 2, 1, spirits=True)
    with pytest.raises(InvalidConfigError, match="true/false"):
        engine.make("dragon_castle", 2, 1, dragon_card=1)
    for n in (1, 5):
        with pytest.raises(InvalidConfigError):
            engine.make("dragon_castle", n, 1)


@pytest.mark.rule("dragon_castle", "11a")
def test_observation_hides_only_covered_castle_stones():
    """Rules §11: two states that differ only in covered castle stones look the same."""
    s = engine.make("dragon_castle", 2, 3)
    t = s.clone()
    # swap two covered stones of different identity
    cells = [i for i, h in enumerate(t.castle_h) if h == 3]
    a, b = cells[0] * 3, cells[1] * 3
    if t.castle[a] == t.castle[b]:
        b += 1
    assert t.castle[a] != t.castle[b]
    t.castle[a], t.castle[b] = t.castle[b], t.castle[a]
    assert s.to_bytes() != t.to_bytes()
    for p in range(2):
        assert s.observation(p) == t.observation(p)
    obs = s.observation(0)
    assert sum(obs.hidden) == sum(max(0, h - 1) for h in s.castle_h)
    js = msgspec.json.encode(obs)
    assert b"rng" not in js


@pytest.mark.rule("dragon_castle", "11a")
def test_sample_state_keeps_the_view_and_resamples_covered_stones():
    s = engine.make("dragon_castle", 4, 9)
    obs = s.observation(2)
    samples = [engine.sample_state(obs, k) for k in range(5)]
    assert all(x.observation(2) == obs for x in samples)
    assert len({tuple(x.castle) for x in samples}) == 5  # covered stones dealt anew
    for x in samples:  # same multiset of stones in the castle, same visible tops
        assert sorted(x.castle) == sorted(s.castle)


def test_every_stone_has_its_own_render_label():
    """§2 (seed 003): four season symbols (spring, summer, autumn, winter) - the text
    picture tells every stone identity apart, spring "Sp" from summer "Su"."""
    from engine.games.dragon_castle.data import IDENTITIES, LABEL

    assert len(set(LABEL)) == len(IDENTITIES) == 29
    assert LABEL[IDENTITIES.index((3, "spring"))] == "Sp"
    assert LABEL[IDENTITIES.index((3, "summer"))] == "Su"
