"""Rotunda decoding for kit.py: named objects from the flat arrays of the observation.

Layouts as docs/games/rotunda.md states them:
- per seat: `coins`, `vp`, `supply_discs`, `track`, `fired` (index = seat);
- `cubes`: seat * 4 + type (0 Tea, 1 Fruit, 2 Celadon, 3 Gold);
- `leaders`: seat * k + j, k = static leaders_per_seat[str(num_players)];
- `villages`: village * num_players + seat (6 villages);
- `worship`: seat * 16 + row * 4 + column;
- `chairs`: 15, inner room node n owns 3 * (n - 1) .. + 2, value seat * 2 + elder or -1;
- `orders_open`, `orders_done`, `experts`, `kept`, `amulets`: one list per seat;
- `stack`: pending decisions `[type, seat, ...fields]`, the last one is asked now.

After `decode(view)`: view.players (one Player per seat), view.me (yours),
view.request (the pending decision, fields by name).
"""

from types import SimpleNamespace

from kit import record

VILLAGES, WORSHIP = 6, 16

#: field names of each pending decision after its type (docs: "Pending decisions")
REQUEST_FIELDS = {
    "ExpertCube": ["seat", "expert", "left"],
    "ExpertReward": ["seat", "expert"],
    "ExpertSale": ["seat", "expert", "room", "left"],
    "KeepOrDiscard": ["seat", "expert"],
    "ChainEnd": ["seat", "count"],
    "WorshipAmulet": ["seat", "r", "c"],
    "Grant": ["seat", "kind", "optional"],
    "RoomTurn": ["seat", "node", "done", "young", "elder"],
    "SaleLoop": ["seat", "room", "sold"],
    "BankLoop": ["seat", "paid"],
    "TradingLoop": ["seat", "bought"],
    "WarehouseLoop": ["seat", "bought"],
    "GuildLoop": ["seat", "hired"],
    "BlackMarketLoop": ["seat", "deals", "peddler"],
    "HireLimit": ["seat", "slot", "guild"],
    "BonusStep": ["seat", "left"],
    "ReturnChain": ["seat", "count"],
    "NeutralMove": ["seat", "neutral"],
    "NeutralCleanup": ["seat", "vp"],
}


def player(obs, static, p):
    n = obs["num_players"]
    k = static["leaders_per_seat"][str(n)]
    return SimpleNamespace(
        seat=p, coins=obs["coins"][p], vp=obs["vp"][p], supply_discs=obs["supply_discs"][p],
        track=obs["track"][p], fired=obs["fired"][p],
        cubes=obs["cubes"][p * 4:p * 4 + 4],  # Tea, Fruit, Celadon, Gold
        leaders=obs["leaders"][p * k:p * k + k],  # room node of each leader
        villages=[obs["villages"][v * n + p] for v in range(VILLAGES)],
        worship=obs["worship"][p * WORSHIP:(p + 1) * WORSHIP],
        chairs=[i for i, c in enumerate(obs["chairs"]) if c >= 0 and c // 2 == p],
        orders_open=obs["orders_open"][p], orders_done=obs["orders_done"][p],
        experts=obs["experts"][p], kept=obs["kept"][p], amulets=obs["amulets"][p],
    )


def decode(view):
    obs = view.obs
    view.players = [player(obs, view.static, p) for p in range(obs["num_players"])]
    view.me = view.players[view.seat]
    top = obs["stack"][-1]
    view.request = record(REQUEST_FIELDS.get(top[0], ["seat"]), top)
