#!/usr/bin/env node
// Dragon Castle bot, one move ahead: it scores every legal action by its immediate effect
// (the VP of a merge it completes, the shrines it lets you build, the group it grows) from
// the observation and the static data, and plays the best. Built on the starter kit.
//
//   arena play --game dragon_castle --bots "cmd:node examples/starter/dragon_castle_bot.js",random
"use strict";
const kit = require("./kit");

const GROW = 0.6; // worth of each stone in a group that does not merge yet
const STACK = 0.15; // worth of each stone under a placed one (higher shrines later)
const POOL_SHRINE = 0.8; // worth of a shrine moved to your pool (Stone and shrine)

let S = null; // the static data of this game

const typeOf = (stone) => S.stones[stone].type;
const mergeVp = (n) => (n >= 8 ? n : S.scoring.merge_points[String(n)] || 0);
const shrineVp = (h) => S.scoring.shrine_value_by_height[Math.min(h, 3)];
const canPlace = (cell) => cell.height === 0 || (!cell.up && !cell.shrine);

// The face-up cells of one type connected to cell i (i included).
function groupAt(realm, i) {
  const type = typeOf(realm[i].top);
  const seen = new Set([i]);
  const todo = [i];
  while (todo.length) {
    for (const j of S.realm.neighbours[todo.pop()]) {
      const c = realm[j];
      if (!seen.has(j) && c.up && c.top >= 0 && typeOf(c.top) === type) {
        seen.add(j);
        todo.push(j);
      }
    }
  }
  return [...seen];
}

// The realm after putting `stone` face up on cell i.
function placed(realm, i, stone) {
  const after = realm.slice();
  after[i] = { ...realm[i], height: realm[i].height + 1, top: stone, up: true };
  return after;
}

// Immediate worth of putting `stone` on cell i: a completed merge scores its VP and the
// shrines it lets you build from your pool; a smaller group is worth GROW per stone.
function placeValue(realm, i, stone, pool) {
  const after = placed(realm, i, stone);
  const group = groupAt(after, i);
  const stack = STACK * realm[i].height;
  if (group.length < S.scoring.min_set) return GROW * group.length + stack;
  const special = S.stones[stone].special;
  let vp = mergeVp(group.length) + (S.stone_types[typeOf(stone)] === "dragon" ? 1 : 0);
  const allowance = S.scoring.shrine_allowance[special ? "special" : "faction"];
  const heights = group.map((j) => after[j].height).sort((a, b) => b - a);
  for (const h of heights.slice(0, Math.min(pool, allowance))) vp += shrineVp(h);
  return vp + stack;
}

// The best cell for `stone`: [value, realm after it]; no legal cell: the stone is lost.
function bestPlacement(realm, stone, pool) {
  let best = [0, realm];
  realm.forEach((cell, i) => {
    if (!canPlace(cell)) return;
    const v = placeValue(realm, i, stone, pool);
    if (v > best[0]) best = [v, placed(realm, i, stone)];
  });
  return best;
}

// Is another available stone identical to `stone` left once cell `taken` lost its top?
function hasPair(view, taken, stone) {
  const h = view.obs.castle_heights.slice();
  h[taken] -= 1;
  return view.castle.some((c) => c.index !== taken && c.top === stone && c.height > 0 &&
    ((c.x > 0 ? h[c.index - 1] : 0) < c.height || (c.x < 11 ? h[c.index + 1] : 0) < c.height));
}

// Worth of the three ways to finish a turn whose first stone is `stone`.
function finishValues(view, stone, pairPossible) {
  const me = view.me;
  const [one, after] = bestPlacement(me.realm, stone, me.pool);
  return {
    Pair: pairPossible ? one + bestPlacement(after, stone, me.pool)[0] : -Infinity,
    StoneAndShrine: view.obs.supply > 0 ? one + POOL_SHRINE : -Infinity,
    DiscardStone: S.scoring.discard_vp,
  };
}

function value(view, action) {
  const req = view.request;
  switch (action.type) {
    case "TakeStone": {
      const cell = view.castle[action.y * 12 + action.x];
      const v = finishValues(view, cell.top, hasPair(view, cell.index, cell.top));
      return Math.max(...Object.values(v));
    }
    case "SummonDragon":
      return S.scoring.countdown_token_vp;
    case "Pair":
    case "StoneAndShrine":
    case "DiscardStone":
      return finishValues(view, req.stone, true)[action.type];
    case "Place":
      return placeValue(view.me.realm, action.r * 6 + action.c, req.stone, view.me.pool);
    case "BuildShrine":
      return shrineVp(view.me.realm[action.r * 6 + action.c].height);
    default:
      return 0; // spirit powers and the rest: not evaluated (the first such action is played)
  }
}

kit.run((view) => {
  S = view.static;
  let best = 0;
  let bestValue = -Infinity;
  view.legalActions.forEach((action, i) => {
    const v = value(view, action);
    if (v > bestValue) [best, bestValue] = [i, v];
  });
  return best;
});
