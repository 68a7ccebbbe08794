"""Conflicts (rules §8): revolts (leader-caused, §8.1) and wars (tile-caused, §8.2).

Support decisions belong to the supporting seats: the pending request names them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engine.games.huang import actions as A
from engine.games.huang import rules
from engine.games.huang.board import compute_labels
from engine.games.huang.data import (
    BANDIT_COUNT,
    BANDIT_SITES,
    EMPTY,
    NEIGHBOURS,
    NUM_HEXES,
    RED,
    YELLOW,
)
from engine.games.huang.queries import (
    RED_TILE,
    bandit_groups,
    leaders_in,
    red_tiles_in,
    revolt_strengths,
    war_strengths,
    yellow_adjacent,
)

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState


# --- revolt (§8.1) -------------------------------------------------------------------------


def start_revolt(s: HuangState, att: int, dfn: int) -> None:
    """§8.1 steps 1-2: base strengths (adjacent yellow tiles, +1 for an off-board yellow
    leader when the contested colour is not yellow)."""
    colour = att % 5
    bases = []
    for i in (att, dfn):
        b = yellow_adjacent(s.board, s.leaders[i])
        if colour != YELLOW and s.leaders[i - colour + YELLOW] < 0:
            b += 1
        bases.append(b)
    s.revolt = A.Revolt(colour, att, dfn, bases[0], bases[1])
    ask_revolt_commit(s)


def ask_revolt_commit(s: HuangState) -> None:
    """§8.1 step 3: attacker commits, then defender (skipped without yellow tiles)."""
    rv = s.revolt
    assert rv is not None
    if rv.attacker_tiles < 0:
        seat = rv.attacker // 5
        if s.hands[seat * 5 + YELLOW]:
            s.pending = A.CommitRevolt(seat)
            return
        rv = s.revolt = _replace_revolt(rv, attacker_tiles=0)
    if rv.defender_tiles < 0:
        seat = rv.defender // 5
        if s.hands[seat * 5 + YELLOW]:
            s.pending = A.CommitRevolt(seat)
            return
        s.revolt = _replace_revolt(rv, defender_tiles=0)
    resolve_revolt(s)


def _replace_revolt(rv: A.Revolt, **kw: int) -> A.Revolt:
    return msgspec.structs.replace(rv, **kw)


def commit_revolt(s: HuangState, seat: int, k: int) -> None:
    rv = s.revolt
    assert rv is not None
    s.hands[seat * 5 + YELLOW] -= k
    if rv.attacker_tiles < 0:
        s.revolt = _replace_revolt(rv, attacker_tiles=k)
    else:
        s.revolt = _replace_revolt(rv, defender_tiles=k)
    ask_revolt_commit(s)


def resolve_revolt(s: HuangState) -> None:
    """§8.1 step 4: higher total wins, tie to the defender; loser's leader returns, winner
    +1 VP of the contested colour, committed yellow tiles to the box."""
    rv = s.revolt
    assert rv is not None
    att, dfn = revolt_strengths(rv)
    winner, loser = (rv.attacker, rv.defender) if att > dfn else (rv.defender, rv.attacker)
    rules.take_off(s, s.leaders[loser])
    s.vp[winner // 5 * 5 + rv.colour] += 1
    s.box[YELLOW] += rv.attacker_tiles + rv.defender_tiles
    s.revolt = None
    rules.end_action(s)


# --- war (§8.2) ----------------------------------------------------------------------------


def start_war(s: HuangState, h: int, parties: list[int], conflict: int) -> None:
    """§8.2: unification marker on h; parties, participating leaders and base strengths."""
    s.marker = h
    lab = s.labels
    pset = set(parties)
    participants = tuple(i for i, pos in enumerate(s.leaders)
                         if pos >= 0 and lab[pos] in pset and conflict >> (i % 5) & 1)
    base = tuple(len(red_tiles_in(s, lb)) for lb in parties)
    zeros = (0,) * len(parties)
    s.war = A.War(h, tuple(parties), participants, base, zeros, zeros)
    next_supporter(s, first=True)


def _can_support(s: HuangState, p: int) -> bool:
    return s.hands[p * 5 + RED] > 0 or s.leaders[p * 5 + RED] < 0


def next_supporter(s: HuangState, first: bool = False) -> None:
    """§8.2 support round: from the active player's left, clockwise, active player last."""
    war = s.war
    assert war is not None
    n = s.num_players
    k = war.supported if first else war.supported + 1
    while k < n:
        seat = (s.active + 1 + k) % n
        if _can_support(s, seat):
            s.war = _replace_war(war, supported=k)
            s.pending = A.ChooseSupport(seat)
            return
        k += 1
    s.war = _replace_war(war, supported=n)
    top = war_top_parties(s)
    if len(top) == 1:
        resolve_war(s, top[0])
    else:
        s.pending = A.ChooseWarWinner(s.active)


def _replace_war(war: A.War, **kw: object) -> A.War:
    return msgspec.structs.replace(war, **kw)


def commit_war_tiles(s: HuangState, p: int, party: int, k: int) -> None:
    if s.leaders[p * 5 + RED] < 0:
        if k == 0:
            commit_war_support(s, p, party, 0, True)
        else:
            s.pending = A.CommitWarLeader(p, party, k)
    else:
        commit_war_support(s, p, party, k, False)


def commit_war_support(s: HuangState, p: int, party: int, k: int, leader: bool) -> None:
    """§8.2: red tiles from hand (revealed) plus optionally the off-board red leader."""
    war = s.war
    assert war is not None
    s.hands[p * 5 + RED] -= k
    tiles = list(war.tiles)
    tiles[party] += k
    leaders = list(war.leaders)
    leaders[party] += int(leader)
    s.war = _replace_war(war, tiles=tuple(tiles), leaders=tuple(leaders))
    next_supporter(s)


def war_top_parties(s: HuangState) -> list[int]:
    war = s.war
    assert war is not None
    st = war_strengths(war)
    top = max(st)
    return [i for i, x in enumerate(st) if x == top]


def resolve_war(s: HuangState, winner: int) -> None:
    """§8.2 (a)-(d): losers lose their participating leaders and red tiles; VP for each
    removed leader matched in the winner; the winner loses M red tiles."""
    war = s.war
    assert war is not None
    st = war_strengths(war)
    m = max(x for i, x in enumerate(st) if i != winner)
    lab = s.labels
    loser_labels = {lb for i, lb in enumerate(war.parties) if i != winner}
    win_label = war.parties[winner]
    removed = [i for i in war.participants if lab[s.leaders[i]] in loser_labels]
    red = [h for h in range(NUM_HEXES) if lab[h] in loser_labels and s.board[h] == RED_TILE]
    winner_leaders = {i % 5: i // 5 for i in leaders_in(s, win_label)}
    # labels stay frozen until the war ends, so the parties keep their identity
    for i in removed:
        pos = s.leaders[i]
        s.board[pos] = EMPTY
        lab[pos] = -1
        s.leaders[i] = -1
    for h in red:
        s.board[h] = EMPTY
        lab[h] = -1
        s.box[RED] += 1
        rules.release_buildings(s, h)
    for i in removed:
        owner = winner_leaders.get(i % 5)
        if owner is not None:
            s.vp[owner * 5 + i % 5] += 1
    committed = sum(war.tiles)
    s.box[RED] += committed
    shortfall = m - war.tiles[winner]
    if shortfall > 0:
        own = red_tiles_in(s, win_label)
        if len(own) <= shortfall:
            for h in own:
                _remove_red(s, h)
        else:
            s.war = _replace_war(war, winner=winner, winner_tiles=tuple(own))
            s.pending = A.RemoveWinnerTile(s.active, shortfall)
            return
    end_war(s)


def winner_red_tiles(s: HuangState) -> list[int]:
    war = s.war
    assert war is not None
    board = s.board
    return [h for h in war.winner_tiles if board[h] == RED_TILE]


def _remove_red(s: HuangState, h: int) -> None:
    s.board[h] = EMPTY
    s.labels[h] = -1
    s.box[RED] += 1
    rules.release_buildings(s, h)


def remove_winner_tile(s: HuangState, h: int, remaining: int) -> None:
    """§8.2(d): the active player removes the shortfall one tile at a time."""
    _remove_red(s, h)
    remaining -= 1
    if remaining > 0 and len(winner_red_tiles(s)) > remaining:
        s.pending = A.RemoveWinnerTile(s.active, remaining)
        return
    if remaining > 0:
        for x in winner_red_tiles(s):
            _remove_red(s, x)
    end_war(s)


def end_war(s: HuangState) -> None:
    """§8.2 (e)-(g): marker removed, U stays as a normal tile, stranding check."""
    s.marker = -1
    s.war = None
    s.labels[:] = compute_labels(s.board)
    rules.strand_leaders(s)
    rules.end_action(s)


# --- bandits (§11.1) ---------------------------------------------------------------------


def fight_bandits(s: HuangState, h: int) -> None:
    """§11.1: marker on h; the red leader's owner in the kingdom gains N red VP; the placer
    removes N red tiles of the kingdom; the bandit tile goes to the box."""
    s.marker = h
    lab = s.labels
    near = {lab[n] for n in NEIGHBOURS[h]}
    near.discard(-1)
    groups = bandit_groups(s, lab)
    bandit = next(b for lb in near for b in groups.get(lb, ()))
    kingdoms = {lab[pos] for pos in s.leaders if pos >= 0} & near
    n = BANDIT_COUNT[bandit]
    for i, pos in enumerate(s.leaders):
        if pos >= 0 and i % 5 == RED and lab[pos] in kingdoms:
            s.vp[i] += n  # leader index i = seat * 5 + RED = its VP slot
    tiles = [x for x in range(NUM_HEXES) if lab[x] in kingdoms and s.board[x] == RED_TILE]
    if len(tiles) <= n:
        for x in tiles:
            _remove_red(s, x)
        end_bandit_fight(s, bandit)
        return
    s.bandit_fight = A.BanditFight(h, bandit, tuple(tiles), n)
    s.pending = A.RemoveBanditLoss(s.active)


def bandit_loss_tiles(s: HuangState) -> list[int]:
    fight = s.bandit_fight
    assert fight is not None
    board = s.board
    return [x for x in fight.tiles if board[x] == RED_TILE]


def remove_bandit_loss(s: HuangState, h: int) -> None:
    fight = s.bandit_fight
    assert fight is not None
    _remove_red(s, h)
    left = fight.remaining - 1
    if left > 0 and len(bandit_loss_tiles(s)) > left:
        s.bandit_fight = A.BanditFight(fight.hex, fight.bandit, fight.tiles, left)
        return
    if left > 0:
        for x in bandit_loss_tiles(s):
            _remove_red(s, x)
    end_bandit_fight(s, fight.bandit)


def end_bandit_fight(s: HuangState, bandit: int) -> None:
    """§11.1: the bandit tile goes to the box (its hexes become empty land); marker off."""
    for x in BANDIT_SITES[bandit]:
        s.board[x] = EMPTY
    s.bandits.remove(bandit)
    s.bandit_fight = None
    s.marker = -1
    s.labels[:] = compute_labels(s.board)
    rules.strand_leaders(s)
    rules.end_action(s)
