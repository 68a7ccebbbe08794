"""Dragon Castle decoding for kit.py: named objects from the flat arrays of the observation.

Layouts as docs/games/dragon_castle.md states them:
- castle: 96 cells, index = y * 12 + x; `castle_heights`, `castle_tops` (stone id, -1 empty);
- realms: 36 cells per seat, seat-major: index = seat * 36 + r * 6 + c; `height`, `top`,
  `up`, `shrine`;
- per seat: `vp`, `pool`, `tokens`;
- `stack`: pending decisions `[type, seat, ...fields]`, the last one is asked now.

After `decode(view)`: view.castle (96 CastleCell), view.players (one Player per seat),
view.me (yours), view.request (the pending decision, fields by name), view.stone(id).
"""

from types import SimpleNamespace

from kit import record

COLS, ROWS, SIDE = 12, 8, 6

#: field names of each pending decision after its type (docs: "Pending decisions")
REQUEST_FIELDS = {
    "FinishAction": ["seat", "stone", "must_pair"],
    "PlaceTaken": ["seat", "stone"],
    "BuildShrines": ["seat", "cells", "allowance"],
    "SpiritWindow": ["seat", "window"],
    "StrengthFrom": ["seat", "moved", "locked"],
    "StrengthTo": ["seat", "moved", "src", "stone", "up", "merged", "locked"],
    "WindShrineTo": ["seat", "src"],
}


def castle_cell(obs, i):
    """One castle cell; `available`: its top stone may be taken (west or east side lower)."""
    h = obs["castle_heights"]
    x, y = i % COLS, i // COLS
    west = h[i - 1] if x > 0 else 0
    east = h[i + 1] if x < COLS - 1 else 0
    return SimpleNamespace(index=i, x=x, y=y, height=h[i], top=obs["castle_tops"][i],
                           available=h[i] > 0 and (west < h[i] or east < h[i]))


def realm_cell(obs, seat, i):
    """One cell of a seat's 6x6 realm (i = r * 6 + c)."""
    k = seat * SIDE * SIDE + i
    return SimpleNamespace(index=i, r=i // SIDE, c=i % SIDE, height=obs["height"][k],
                           top=obs["top"][k], up=obs["up"][k] == 1,
                           shrine=obs["shrine"][k] == 1)


def decode(view):
    obs = view.obs
    view.castle = [castle_cell(obs, i) for i in range(COLS * ROWS)]
    view.players = [
        SimpleNamespace(seat=p, vp=obs["vp"][p], pool=obs["pool"][p], tokens=obs["tokens"][p],
                        realm=[realm_cell(obs, p, i) for i in range(SIDE * SIDE)])
        for p in range(obs["num_players"])
    ]
    view.me = view.players[view.seat]
    top = obs["stack"][-1]
    view.request = record(REQUEST_FIELDS.get(top[0], ["seat"]), top)
    view.stone = lambda stone_id: view.static["stones"][stone_id]  # type, number, label...
