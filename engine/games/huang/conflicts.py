"""Conflicts (rules §8): revolts (leader-caused, §8.1) and wars (tile-caused, §8.2).

Support decisions belong to the supporting seats: the requests on the stack name them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engine.games.huang import actions, requests
from engine.games.huang.board import compute_labels, vacate
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
    bandit_loss_tiles,
    leaders_in,
    red_tiles_in,
    revolt_strengths,
    war_strengths,
    war_top_parties,
    winner_red_tiles,
    yellow_adjacent,
)
from engine.games.huang.turn import end_action, release_buildings, strand_leaders, take_off

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState


# --- revolt (§8.1) -------------------------------------------------------------------------


def start_revolt(s: HuangState, att: int, dfn: int) -> None:
    """§8.1 steps 1-2: base strengths (adjacent yellow tiles, +1 for an off-board yellow
    leader when the contested colour is not yellow); then step 3, attacker then defender
    commit (both are asked, whatever their hands hold), then step 4."""
    colour = att % 5
    bases = []
    for i in (att, dfn):
        b = yellow_adjacent(s.board, s.leaders[i])
        if colour != YELLOW and s.leaders[i - colour + YELLOW] < 0:
            b += 1
        bases.append(b)
    s.revolt = requests.Revolt(colour, att, dfn, bases[0], bases[1])
    s.stack += [requests.ResolveRevolt(s.active), requests.CommitRevolt(dfn // 5),
                requests.CommitRevolt(att // 5)]


def commit_revolt(s: HuangState, req: requests.CommitRevolt, a: actions.CommitTiles) -> None:
    """§8.1 step 3: this side's yellow tiles from hand (revealed)."""
    rv = s.revolt
    assert rv is not None
    k = a.count
    s.hands[req.seat * 5 + YELLOW] -= k
    if rv.attacker_tiles < 0:
        s.revolt = msgspec.structs.replace(rv, attacker_tiles=k)
    else:
        s.revolt = msgspec.structs.replace(rv, defender_tiles=k)


def resolve_revolt(s: HuangState, req: requests.ResolveRevolt) -> None:
    """§8.1 step 4: higher total wins, tie to the defender; loser's leader returns, winner
    +1 VP of the contested colour, committed yellow tiles to the box."""
    rv = s.revolt
    assert rv is not None
    att, dfn = revolt_strengths(rv)
    winner, loser = (rv.attacker, rv.defender) if att > dfn else (rv.defender, rv.attacker)
    take_off(s, s.leaders[loser])
    s.vp[winner // 5 * 5 + rv.colour] += 1
    s.box[YELLOW] += rv.attacker_tiles + rv.defender_tiles
    s.revolt = None
    end_action(s)


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
    s.war = requests.War(h, tuple(parties), participants, base, zeros, zeros)
    n = s.num_players
    s.stack.append(requests.ResolveWar(s.active))
    s.stack += [requests.ChooseSupport((s.active + 1 + k) % n) for k in reversed(range(n))]


def choose_support(s: HuangState, req: requests.ChooseSupport,
                   a: actions.SupportParty | actions.Pass) -> None:
    """§8.2 support round: pass, or back a party (then the red tiles, then the leader)."""
    if isinstance(a, actions.SupportParty):
        s.stack.append(requests.CommitWarTiles(req.seat, a.party))


def commit_war_tiles(s: HuangState, req: requests.CommitWarTiles, a: actions.CommitTiles) -> None:
    """§8.2: t >= 0 red tiles; the off-board red leader is asked about only if t > 0 (at
    t = 0 it must come, support needs >= 1 strength)."""
    p, k = req.seat, a.count
    if s.leaders[p * 5 + RED] < 0:
        if k == 0:
            commit_war_support(s, p, req.party, 0, True)
        else:
            s.stack.append(requests.CommitWarLeader(p, req.party, k))
    else:
        commit_war_support(s, p, req.party, k, False)


def commit_war_leader(s: HuangState, req: requests.CommitWarLeader,
                      a: actions.CommitRedLeader) -> None:
    commit_war_support(s, req.seat, req.party, req.tiles, a.use)


def commit_war_support(s: HuangState, p: int, party: int, k: int, leader: bool) -> None:
    """§8.2: red tiles from hand (revealed) plus optionally the off-board red leader."""
    war = s.war
    assert war is not None
    s.hands[p * 5 + RED] -= k
    tiles = list(war.tiles)
    tiles[party] += k
    leaders = list(war.leaders)
    leaders[party] += int(leader)
    s.war = msgspec.structs.replace(war, tiles=tuple(tiles), leaders=tuple(leaders))


def decide_war(s: HuangState, req: requests.ResolveWar) -> None:
    """§8.2 "Winner": the strongest party wins; a tie is the active player's choice."""
    top = war_top_parties(s)
    if len(top) == 1:
        resolve_war(s, top[0])
    else:
        s.stack.append(requests.ChooseWarWinner(s.active))


def choose_war_winner(s: HuangState, req: requests.ChooseWarWinner,
                      a: actions.DeclareWinner) -> None:
    resolve_war(s, a.party)


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
        vacate(s, pos)
        lab[pos] = -1
        s.leaders[i] = -1
    for h in red:
        s.board[h] = EMPTY
        vacate(s, h)
        lab[h] = -1
        s.box[RED] += 1
        release_buildings(s, h)
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
            s.war = msgspec.structs.replace(war, winner=winner, winner_tiles=tuple(own))
            s.stack.append(requests.RemoveWinnerTile(s.active, shortfall))
            return
    end_war(s)


def _remove_red(s: HuangState, h: int) -> None:
    s.board[h] = EMPTY
    vacate(s, h)
    s.labels[h] = -1
    s.box[RED] += 1
    release_buildings(s, h)


def remove_winner_tile(s: HuangState, req: requests.RemoveWinnerTile,
                       a: actions.RemoveRedTile) -> None:
    """§8.2(d): the active player removes the shortfall one tile at a time."""
    _remove_red(s, a.hex)
    remaining = req.remaining - 1
    if remaining > 0 and len(winner_red_tiles(s)) > remaining:
        s.stack.append(requests.RemoveWinnerTile(s.active, remaining))
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
    strand_leaders(s)
    end_action(s)


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
    s.bandit_fight = requests.BanditFight(h, bandit, tuple(tiles), n)
    s.stack.append(requests.RemoveBanditLoss(s.active))


def remove_bandit_loss(s: HuangState, req: requests.RemoveBanditLoss,
                       a: actions.RemoveRedTile) -> None:
    """§11.1: the placer removes the kingdom's red tiles one at a time."""
    fight = s.bandit_fight
    assert fight is not None
    _remove_red(s, a.hex)
    left = fight.remaining - 1
    if left > 0 and len(bandit_loss_tiles(s)) > left:
        s.bandit_fight = requests.BanditFight(fight.hex, fight.bandit, fight.tiles, left)
        s.stack.append(requests.RemoveBanditLoss(s.active))
        return
    if left > 0:
        for x in bandit_loss_tiles(s):
            _remove_red(s, x)
    end_bandit_fight(s, fight.bandit)


def end_bandit_fight(s: HuangState, bandit: int) -> None:
    """§11.1: the bandit tile goes to the box (its hexes become empty land); marker off."""
    for x in BANDIT_SITES[bandit]:
        s.board[x] = EMPTY
        vacate(s, x)
    s.bandits.remove(bandit)
    s.bandit_fight = None
    s.marker = -1
    s.labels[:] = compute_labels(s.board)
    strand_leaders(s)
    end_action(s)
