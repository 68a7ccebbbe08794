// Starter kit for Dynasty Arena bots in JavaScript (Node.js 18+, no npm packages).
//
// The generic part: it speaks the JSON-lines protocol of docs/bot-protocol.md and calls
// your decide(view) once per decision. `view` holds the raw observation (view.obs), the
// game's static data (view.static), your seat, the legal actions, and, for the games with
// a decoder module (kit_<game>.js next to this file), named objects built by it:
// view.players (one object per seat), view.me, view.request (the pending decision).
//
//   const kit = require("./kit");
//   kit.run((view) => {
//     kit.log("phase", view.phase, "with", view.legalActions.length, "choices");
//     return 0; // an index into view.legalActions, or an action object
//   });
//
// Log with kit.log (stderr; the harness keeps the end of it in the match record).
"use strict";
const path = require("path");
const readline = require("readline");

const PROTOCOL = 1;

function log(...parts) {
  console.error(...parts);
}

// A named object from a pending decision [type, seat, ...]: fields in `names` order.
function record(names, values) {
  const out = { type: values[0] };
  names.forEach((name, i) => (out[name] = values[i + 1]));
  return out;
}

// The decoder of a game (kit_<game>.js), or null when there is none.
function decoderFor(game) {
  try {
    return require(path.join(__dirname, `kit_${game}.js`));
  } catch (err) {
    if (err.code !== "MODULE_NOT_FOUND") throw err;
    return null;
  }
}

// One decision: the observation plus the game's decoded parts.
function makeView(game, obs) {
  const view = {
    game, // what reset said: id, seat, numPlayers, seed, static, decoder
    obs, // the raw observation, every field as in docs/games/<id>.md
    static: game.static,
    seat: obs.seat,
    phase: obs.phase,
    legalActions: obs.legal_actions,
    players: [],
    me: null,
    request: null,
    // [index, action] of every legal action of this type
    actionsOf: (type) =>
      obs.legal_actions.map((a, i) => [i, a]).filter(([, a]) => a.type === type),
  };
  if (game.decoder) game.decoder.decode(view);
  return view;
}

// The answer message for a choice: an index into legalActions or an action object.
function answer(choice, legalActions) {
  if (Number.isInteger(choice)) {
    if (choice < 0 || choice >= legalActions.length) {
      throw new Error(`index ${choice} out of range 0..${legalActions.length - 1}`);
    }
    return { index: choice };
  }
  return choice;
}

// The protocol loop: reset, act..., close. decide(view) returns an index or an action.
function run(decide) {
  let game = null;
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    const msg = JSON.parse(line);
    if (msg.type === "reset") {
      if (msg.protocol !== PROTOCOL) {
        log(`kit written for protocol ${PROTOCOL}, the harness speaks ${msg.protocol}`);
      }
      game = {
        id: msg.game,
        seat: msg.seat,
        numPlayers: msg.num_players,
        seed: msg.seed,
        static: msg.static || {},
        decoder: decoderFor(msg.game),
      };
    } else if (msg.type === "act") {
      const view = makeView(game, msg.observation);
      view.timeLeft = msg.time_left;
      process.stdout.write(JSON.stringify(answer(decide(view), view.legalActions)) + "\n");
    } else if (msg.type === "close") {
      lines.close();
    }
  });
}

module.exports = { log, record, run, PROTOCOL };
