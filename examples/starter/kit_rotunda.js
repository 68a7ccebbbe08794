// Rotunda decoding for kit.js: named objects from the flat arrays of the observation.
//
// Layouts as docs/games/rotunda.md states them:
// - per seat: coins, vp, supply_discs, track, fired (index = seat);
// - cubes: seat * 4 + type (0 Tea, 1 Fruit, 2 Celadon, 3 Gold);
// - leaders: seat * k + j, k = static leaders_per_seat[String(num_players)];
// - villages: village * num_players + seat (6 villages);
// - worship: seat * 16 + row * 4 + column;
// - chairs: 15, inner room node n owns 3 * (n - 1) .. + 2, value seat * 2 + elder or -1;
// - orders_open, orders_done, experts, kept, amulets: one list per seat;
// - stack: pending decisions [type, seat, ...fields], the last one is asked now.
//
// After decode(view): view.players (one per seat), view.me (yours), view.request.
"use strict";
const { record } = require("./kit");

const VILLAGES = 6;
const WORSHIP = 16;

// field names of each pending decision after its type (docs: "Pending decisions")
const REQUEST_FIELDS = {
  ExpertCube: ["seat", "expert", "left"],
  ExpertReward: ["seat", "expert"],
  ExpertSale: ["seat", "expert", "room", "left"],
  KeepOrDiscard: ["seat", "expert"],
  ChainEnd: ["seat", "count"],
  WorshipAmulet: ["seat", "r", "c"],
  Grant: ["seat", "kind", "optional"],
  RoomTurn: ["seat", "node", "done", "young", "elder"],
  SaleLoop: ["seat", "room", "sold"],
  BankLoop: ["seat", "paid"],
  TradingLoop: ["seat", "bought"],
  WarehouseLoop: ["seat", "bought"],
  GuildLoop: ["seat", "hired"],
  BlackMarketLoop: ["seat", "deals", "peddler"],
  HireLimit: ["seat", "slot", "guild"],
  BonusStep: ["seat", "left"],
  ReturnChain: ["seat", "count"],
  NeutralMove: ["seat", "neutral"],
  NeutralCleanup: ["seat", "vp"],
};

function player(obs, stat, p) {
  const n = obs.num_players;
  const k = stat.leaders_per_seat[String(n)];
  return {
    seat: p, coins: obs.coins[p], vp: obs.vp[p], supplyDiscs: obs.supply_discs[p],
    track: obs.track[p], fired: obs.fired[p],
    cubes: obs.cubes.slice(p * 4, p * 4 + 4), // Tea, Fruit, Celadon, Gold
    leaders: obs.leaders.slice(p * k, p * k + k), // room node of each leader
    villages: Array.from({ length: VILLAGES }, (_, v) => obs.villages[v * n + p]),
    worship: obs.worship.slice(p * WORSHIP, (p + 1) * WORSHIP),
    chairs: obs.chairs.flatMap((c, i) => (c >= 0 && Math.floor(c / 2) === p ? [i] : [])),
    ordersOpen: obs.orders_open[p], ordersDone: obs.orders_done[p],
    experts: obs.experts[p], kept: obs.kept[p], amulets: obs.amulets[p],
  };
}

function decode(view) {
  const obs = view.obs;
  view.players = Array.from({ length: obs.num_players }, (_, p) => player(obs, view.static, p));
  view.me = view.players[view.seat];
  const top = obs.stack[obs.stack.length - 1];
  view.request = record(REQUEST_FIELDS[top[0]] || ["seat"], top);
}

module.exports = { decode };
