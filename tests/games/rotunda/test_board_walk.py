"""§4.4, §10: a leader's destinations against a reference that follows every path of the
rule as written (rooms with a leader passed uncounted, entering the Lodge counts and ends a
family leader's move, a neutral leader passes the Lodge and never ends in its start)."""

from __future__ import annotations

import random

from engine.games.rotunda import board, data


def _paths(lodge: int, start: int, occupied: int, neutral: bool) -> tuple[int, ...]:
    succ, found = data.GRAPHS[lodge], set()

    def walk(node: int, count: int, depth: int) -> None:
        if depth > data.NODES * 2:  # passing occupied rooms could circle for ever
            return
        for nxt in succ[node]:
            if nxt == data.LODGE and not neutral:
                if count < 3:
                    found.add(nxt)
            elif nxt == data.LODGE or occupied >> nxt & 1:
                walk(nxt, count, depth + 1)
            else:
                if not (neutral and nxt == start):
                    found.add(nxt)
                if count + 1 < 3:
                    walk(nxt, count + 1, depth + 1)

    walk(start, 0, 0)
    return tuple(sorted(found))


def test_destinations_are_the_ends_of_every_legal_path():
    rng = random.Random(7)
    for lodge in range(len(data.GRAPHS)):
        for start in range(data.NODES):
            for occupied in [0, (1 << data.NODES) - 1] + [rng.getrandbits(data.NODES)
                                                        for _ in range(40)]:
                occupied &= ~(1 << start)
                assert board.destinations.__wrapped__(lodge, start, occupied) == _paths(
                    lodge, start, occupied, neutral=False)
                assert board.neutral_destinations.__wrapped__(lodge, start, occupied) == (
                    _paths(lodge, start, occupied, neutral=True))
