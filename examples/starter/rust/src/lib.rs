//! Starter kit for Dynasty Arena bots in Rust (standard library only).
//!
//! The generic part: it speaks the JSON-lines protocol of docs/bot-protocol.md and calls
//! your `decide(&view)` once per decision. `view` holds the raw observation (`view.obs`),
//! the game's static data (`view.stat`), your seat, the legal actions and the pending
//! decision (`view.request`: the last `stack` entry); a game's decoder (`kit::rotunda`)
//! names the request's fields and builds per-seat structs from the flat arrays.
//!
//! ```no_run
//! kit::run(|view| {
//!     kit::log!("phase", view.phase, "with", view.legal_actions.len(), "choices");
//!     kit::Choice::Index(0) // or kit::Choice::Action(one of view.legal_actions)
//! });
//! ```
//!
//! Log with `kit::log!` (stderr; the harness keeps the end of it in the match record).
//! stdout carries the answers only: never print anything else there.

pub mod json;
pub mod rotunda;

use json::Json;
use std::io::{BufRead, Write};

pub const PROTOCOL: i64 = 1;

/// One line on stderr, the parts (anything `Display`) separated by spaces.
#[macro_export]
macro_rules! log {
    ($($part:expr),+ $(,)?) => {{
        let parts: Vec<String> = vec![$(format!("{}", $part)),+];
        eprintln!("{}", parts.join(" "));
    }};
}

/// What `reset` said: game id, seat, player count, seed and the static data.
#[derive(Default)]
pub struct Game {
    pub id: String,
    pub seat: usize,
    pub num_players: usize,
    pub seed: i64,
    pub stat: Json,
}

/// A pending decision `[type, seat, ...fields]`; a decoder gives its fields names.
#[derive(Clone, Debug)]
pub struct Request {
    pub kind: String,
    pub values: Json,             // the whole array, type first
    pub names: Vec<&'static str>, // names of values[1], values[2]... (a decoder sets them)
}

impl Request {
    /// The field called `name`; panics when the decoder did not name it.
    #[track_caller]
    pub fn field(&self, name: &str) -> &Json {
        match self.names.iter().position(|n| *n == name) {
            Some(i) => &self.values[i + 1],
            None => panic!("request {} has no field {name}", self.kind),
        }
    }
}

/// One decision: the observation and what the kit knows about the game.
pub struct View<'a> {
    pub game: &'a Game,
    pub obs: &'a Json,  // every field as docs/games/<id>.md describes it
    pub stat: &'a Json, // the game's static data (reset.static)
    pub seat: usize,
    pub phase: &'a str,
    pub legal_actions: &'a [Json],
    pub time_left: Option<f64>, // seconds for this answer; None: no time control
    pub request: Request,
}

impl<'a> View<'a> {
    pub fn new(game: &'a Game, obs: &'a Json, time_left: Option<f64>) -> View<'a> {
        let stack = obs["stack"].items();
        let top = stack.last().cloned().unwrap_or(Json::Null);
        let kind = if let Json::Str(s) = &top[0] {
            s.clone()
        } else {
            String::new()
        };
        View {
            game,
            obs,
            stat: &game.stat,
            seat: obs["seat"].int() as usize,
            phase: if let Json::Str(s) = &obs["phase"] {
                s
            } else {
                ""
            },
            legal_actions: obs["legal_actions"].items(),
            time_left,
            request: Request {
                kind,
                values: top,
                names: vec!["seat"],
            },
        }
    }

    /// (index, action) of every legal action of this type.
    pub fn actions_of(&self, kind: &str) -> Vec<(usize, &'a Json)> {
        self.legal_actions
            .iter()
            .enumerate()
            .filter(|(_, a)| a["type"].str() == kind)
            .collect()
    }
}

/// What `decide` returns: an index into the legal actions, or one of the action objects.
pub enum Choice {
    Index(usize),
    Action(Json),
}

fn answer(choice: Choice, view: &View) -> Json {
    match choice {
        Choice::Action(a) => a,
        Choice::Index(i) if i < view.legal_actions.len() => Json::obj(&[("index", i.into())]),
        Choice::Index(i) => panic!("index {i} out of range 0..{}", view.legal_actions.len() - 1),
    }
}

/// The protocol loop: reset, act..., close. A panic ends the program with one line on
/// stderr, `error: <message> (<file>:<line>)`, which the harness shows as the reason.
pub fn run<F: FnMut(&View) -> Choice>(mut decide: F) {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()));
        eprintln!("error: {msg}{}", place.unwrap_or_default());
    }));
    let mut game = Game::default();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("cannot read stdin");
        let msg = json::parse(&line).unwrap_or_else(|e| panic!("{e}"));
        match msg["type"].str() {
            "reset" => {
                if msg["protocol"].int() != PROTOCOL {
                    log!(
                        "kit written for protocol",
                        PROTOCOL,
                        "the harness speaks",
                        msg["protocol"]
                    );
                }
                game = Game {
                    id: msg["game"].str().to_string(),
                    seat: msg["seat"].int() as usize,
                    num_players: msg["num_players"].int() as usize,
                    seed: if msg["seed"].is_null() {
                        0
                    } else {
                        msg["seed"].int()
                    },
                    stat: msg["static"].clone(),
                };
            }
            "act" => {
                let left = if msg["time_left"].is_null() {
                    None
                } else {
                    Some(msg["time_left"].float())
                };
                let view = View::new(&game, &msg["observation"], left);
                let reply = answer(decide(&view), &view);
                // one line per answer, flushed: the harness reads it at once
                writeln!(out, "{reply}")
                    .and_then(|_| out.flush())
                    .expect("cannot write stdout");
            }
            "close" => break,
            _ => {}
        }
    }
}
