#!/usr/bin/env node
// A Dynasty Arena bot in JavaScript (Node.js 18+, no npm packages): plays a uniformly
// random legal action, reproducibly from the seed in `reset`.
//
//   arena play --game huang --players 2 --bots "cmd:node examples/random_bot.js",random
//
// It speaks the JSON-lines protocol of docs/bot-protocol.md: one message per line on
// stdin; one answer line on stdout for each "act". Logs go to stderr (kept, bounded, in
// the match record). `arena schema GAME` prints the JSON Schema of every message.
"use strict";
const readline = require("readline");

const PROTOCOL = 1;
let random = Math.random;

// mulberry32: a small seeded generator, so a game with the same seed replays the same
function seeded(seed) {
  let a = Number(BigInt.asUintN(32, BigInt(seed)));
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.type === "reset") {
    if (msg.protocol !== PROTOCOL) {
      console.error(`written for protocol ${PROTOCOL}, the harness speaks ${msg.protocol}`);
    }
    random = seeded(msg.seed);
    console.error(`playing ${msg.game} as seat ${msg.seat} of ${msg.num_players}`);
  } else if (msg.type === "act") {
    const legal = msg.observation.legal_actions;
    process.stdout.write(JSON.stringify({ index: Math.floor(random() * legal.length) }) + "\n");
  } else if (msg.type === "close") {
    lines.close();
  }
});
