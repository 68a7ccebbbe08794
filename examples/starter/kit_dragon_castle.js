// Dragon Castle decoding for kit.js: named objects from the flat arrays of the observation.
//
// Layouts as docs/games/dragon_castle.md states them:
// - castle: 96 cells, index = y * 12 + x; castle_heights, castle_tops (stone id, -1 empty);
// - realms: 36 cells per seat, seat-major: index = seat * 36 + r * 6 + c; height, top, up,
//   shrine;
// - per seat: vp, pool, tokens;
// - stack: pending decisions [type, seat, ...fields], the last one is asked now.
//
// After decode(view): view.castle (96 cells), view.players (one per seat), view.me (yours),
// view.request (the pending decision, fields by name), view.stone(id) (static stones[id]).
"use strict";
const { record } = require("./kit");

const COLS = 12;
const ROWS = 8;
const SIDE = 6;

// field names of each pending decision after its type (docs: "Pending decisions")
const REQUEST_FIELDS = {
  FinishAction: ["seat", "stone", "mustPair"],
  PlaceTaken: ["seat", "stone"],
  BuildShrines: ["seat", "cells", "allowance"],
  SpiritWindow: ["seat", "window"],
  StrengthFrom: ["seat", "moved", "locked"],
  StrengthTo: ["seat", "moved", "src", "stone", "up", "merged", "locked"],
  WindShrineTo: ["seat", "src"],
};

// One castle cell; `available`: its top stone may be taken (west or east side lower).
function castleCell(obs, i) {
  const h = obs.castle_heights;
  const x = i % COLS;
  const west = x > 0 ? h[i - 1] : 0;
  const east = x < COLS - 1 ? h[i + 1] : 0;
  return {
    index: i, x, y: Math.floor(i / COLS), height: h[i], top: obs.castle_tops[i],
    available: h[i] > 0 && (west < h[i] || east < h[i]),
  };
}

// One cell of a seat's 6x6 realm (i = r * 6 + c).
function realmCell(obs, seat, i) {
  const k = seat * SIDE * SIDE + i;
  return {
    index: i, r: Math.floor(i / SIDE), c: i % SIDE, height: obs.height[k], top: obs.top[k],
    up: obs.up[k] === 1, shrine: obs.shrine[k] === 1,
  };
}

function decode(view) {
  const obs = view.obs;
  view.castle = Array.from({ length: COLS * ROWS }, (_, i) => castleCell(obs, i));
  view.players = Array.from({ length: obs.num_players }, (_, p) => ({
    seat: p, vp: obs.vp[p], pool: obs.pool[p], tokens: obs.tokens[p],
    realm: Array.from({ length: SIDE * SIDE }, (_, i) => realmCell(obs, p, i)),
  }));
  view.me = view.players[view.seat];
  const top = obs.stack[obs.stack.length - 1];
  view.request = record(REQUEST_FIELDS[top[0]] || ["seat"], top);
  view.stone = (id) => view.static.stones[id]; // {type, number, special, label...}
}

module.exports = { decode, COLS, ROWS, SIDE };
