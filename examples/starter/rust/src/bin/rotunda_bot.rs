//! Rotunda bot, one move ahead: it scores every legal action by its immediate effect on your
//! final score (VP; coins, cubes and Assistants at the end-game rate of about 1 VP per 3)
//! from the observation and the static data, and plays the best. Built on the starter kit.
//!
//!   cargo build --release    # in examples/starter/rust: target/release/rotunda_bot
//!   arena play --game rotunda --players 2 --bot "cmd:target/release/rotunda_bot" --bot random

use kit::json::Json;
use kit::rotunda::{self, Board, Player};
use kit::{Choice, View};

const COIN: f64 = 1.0 / 3.0; // the final score adds (coins + cubes + supply Assistants) // 3
const CUBE: f64 = 0.6; // a cube is worth more than a coin: Orders turn cubes into VP
const GOLD: f64 = 0.9;
const NEEDED: f64 = 0.6; // extra worth of a cube an open Order of yours still lacks
const ACTION: f64 = 0.5; // an Assistant action (Peddler, Recruit, Apprentice...)
const ENTER: f64 = 0.4; // starting a loop room's action (Bank...): its steps are valued one by one

/// Room kinds (static `rooms`).
const SUPPLIER: i64 = 0;
const HARBOUR: i64 = 1;
const MARKET: i64 = 2;
const EXPERTS_ROOM: i64 = 3;
const BANKER: i64 = 4;
const TEA_HOUSE: i64 = 5;
const RETAILER: i64 = 6;
const WHOLESALER: i64 = 7;
const BANK: i64 = 8;
const LODGE: i64 = 13;

/// What the valuation reads: the static data, the observation and your seat.
struct Ctx<'a> {
    st: &'a Json,
    obs: &'a Json,
    me: &'a Player,
    board: &'a Board,
}

/// The largest of `values`, 0 when there is none.
fn max(values: impl Iterator<Item = f64>) -> f64 {
    values.reduce(f64::max).unwrap_or(0.0)
}

impl Ctx<'_> {
    /// Worth of one more cube of type t (0 Tea, 1 Fruit, 2 Celadon, 3 Gold).
    fn cube_value(&self, t: i64) -> f64 {
        if t == 3 {
            return GOLD;
        }
        let t = t as usize;
        let wanted: i64 = self
            .me
            .orders_open
            .iter()
            .map(|&o| self.st["orders"][o as usize]["cost"][t].int())
            .sum();
        CUBE + if wanted > self.me.cubes[t] {
            NEEDED
        } else {
            0.0
        }
    }

    /// VP change of gaining (or with `sold`, losing) an amulet of type t: the sets of
    /// different types (rules §8.1, split greedily) score static amulet_set_vp[size - 1].
    fn amulet_gain(&self, t: i64, sold: bool) -> f64 {
        let sets_vp = |types: &[i64]| {
            let mut counts: Vec<i64> = (0..11)
                .map(|k| types.iter().filter(|&&x| x == k).count() as i64)
                .collect();
            let mut vp = 0.0;
            while counts.iter().any(|&c| c > 0) {
                let kinds = counts.iter().filter(|&&c| c > 0).count();
                vp += self.st["amulet_set_vp"][kinds - 1].float();
                counts.iter_mut().for_each(|c| *c = (*c - 1).max(0));
            }
            vp
        };
        let held: Vec<i64> = self
            .me
            .amulets
            .iter()
            .chain(&self.me.kept)
            .copied()
            .collect();
        let mut after = held.clone();
        if sold {
            if let Some(i) = after.iter().position(|&x| x == t) {
                after.remove(i);
            }
        } else {
            after.push(t);
        }
        sets_vp(&after) - sets_vp(&held)
    }

    /// A [coins, VP, assistant action] reward; a sale (as_type >= 0) pays a cube or a Gold.
    fn reward(&self, r: &Json, as_type: i64, gold: bool) -> f64 {
        let cost = if as_type < 0 {
            0.0
        } else if gold {
            GOLD
        } else {
            self.cube_value(as_type)
        };
        let action = if r[2].int() >= 0 { ACTION } else { 0.0 };
        r[0].float() * COIN + r[1].float() + action - cost
    }

    /// One execution of room kind `kind` with Execute.option `option` (static rooms[k]).
    fn execute_value(&self, kind: i64, option: i64) -> f64 {
        match kind {
            SUPPLIER => {
                (if option < 3 {
                    self.cube_value(option)
                } else {
                    0.0
                }) + ACTION / 2.0
            }
            HARBOUR => {
                if option < 3 {
                    // a Smuggler's cubes, or a Gold
                    let smuggler = self.obs["smuggler_pool"][option as usize].int() as usize;
                    self.st["smugglers"][smuggler]
                        .ints()
                        .iter()
                        .map(|&t| self.cube_value(t))
                        .sum()
                } else {
                    self.cube_value(3)
                }
            }
            MARKET => {
                // sell one cube as as_type (with a Gold if gold)
                let (as_type, gold) = (option / 2, option % 2 == 1);
                self.reward(&self.st["market_reward"][as_type as usize], as_type, gold)
            }
            BANKER => {
                if option == 0 {
                    self.obs["banker"].float() * COIN
                } else {
                    self.cube_value(option - 1)
                }
            }
            TEA_HOUSE => 3.0 * ACTION - self.st["tea_house_cost"].float() * COIN,
            EXPERTS_ROOM => 1.0, // a hire
            _ => ENTER,          // a loop room
        }
    }

    /// Worth of ending a leader's move on `node`: its best execution (the Lodge: pray or
    /// honour). Selling rooms are worth nothing without a cube to sell.
    fn room_value(&self, node: usize) -> f64 {
        let kind = self.obs["rooms"][node].int();
        match kind {
            LODGE => {
                let temples = self.obs["temples"].ints();
                let pray = (0..temples.len())
                    .filter(|&t| temples[t] != 0)
                    .map(|t| self.temple_value(t));
                max(pray.chain((0..6).map(|v| self.honour_value(v))))
            }
            MARKET => max((0..3)
                .filter(|&t| self.me.cubes[t] > 0)
                .map(|t| self.execute_value(MARKET, 2 * t as i64))),
            RETAILER | WHOLESALER | BANK => {
                let can = if kind == BANK {
                    self.me.coins >= 2
                } else {
                    self.me.cubes.iter().sum::<i64>() > 0
                };
                if can {
                    1.5
                } else {
                    0.0
                }
            }
            _ => {
                max((0..if kind == TEA_HOUSE { 13 } else { 4 })
                    .map(|o| self.execute_value(kind, o)))
            }
        }
    }

    fn temple_value(&self, t: usize) -> f64 {
        let tp = &self.st["temples"][t];
        tp["coins"].float() * COIN + tp["gold"].float() * GOLD + ACTION * tp["actions"].len() as f64
    }

    /// A chain of n Assistants ends at most n - 1 steps from the top-left worship cell.
    fn honour_value(&self, village: usize) -> f64 {
        let n = self.me.villages[village];
        let reach = (0..16i64)
            .filter(|cell| cell / 4 + cell % 4 < n)
            .map(|cell| self.worship_vp(cell));
        max(reach) + self.me.chairs.len() as f64
    }

    fn worship_vp(&self, cell: i64) -> f64 {
        self.st["worship_vp"][(cell / 4) as usize][(cell % 4) as usize].float()
    }

    /// A Black Market transaction (static black_market[option]).
    fn deal_value(&self, deal: &Json) -> f64 {
        let (arg, coins) = (deal["arg"].int(), deal["coins"].float() * COIN);
        match deal["kind"].str() {
            "buy cube" => coins + self.cube_value(arg),
            "sell cube" => coins - self.cube_value(arg),
            "buy amulet" => {
                coins + self.amulet_gain(self.obs["amulet_pool"][arg as usize].int(), false)
            }
            "sell amulet" => coins + self.amulet_gain(arg, true),
            "fire" => coins - ACTION,
            _ => coins + ACTION, // recruit, peddler
        }
    }

    /// Immediate worth of legal action `a` for you, in VP.
    fn value(&self, a: &Json) -> f64 {
        let (st, obs, req) = (self.st, self.obs, &self.board.request);
        let at = |field: &str| a[field].int();
        let need = |field: &str| req.field(field).int() as usize;
        match a["type"].str() {
            "Fulfil" => {
                let o = &st["orders"][at("order") as usize];
                let gold = (at("gt") + at("gf") + at("gc")) as f64;
                let cubes = o["cost"].ints().iter().sum::<i64>() as f64;
                o["vp"].float() + 1.0
                    - gold * GOLD
                    - (cubes - gold) * CUBE
                    - o["coins"].float() * COIN
            }
            "Execute" => {
                let young = if at("disc") == 1 { 0.7 } else { 0.0 }; // a chair Assistant leaves
                self.execute_value(obs["rooms"][need("node")].int(), at("option")) - young
            }
            "Sell" => {
                let table = if req.field("room").int() == RETAILER {
                    "retailer_reward"
                } else {
                    "wholesaler_reward"
                };
                self.reward(&st[table][need("sold")], at("as_type"), a["gold"].bool())
            }
            "TakeCube" => {
                let source = &st["warehouse_sources"][at("source") as usize];
                let (kind, i) = (source[0].int(), source[1].int() as usize);
                let cube = match kind {
                    MARKET => obs["market"][i].int(),
                    RETAILER => obs["retailer"][i].int().rem_euclid(4),
                    WHOLESALER => obs["wholesaler"][i].int().rem_euclid(4),
                    _ => i as i64,
                };
                self.cube_value(cube) - st["warehouse_costs"][need("bought")].float() * COIN
            }
            "Hire" => {
                1.0 - st["guild_hall_costs"][need("hired")]
                    .ints()
                    .iter()
                    .sum::<i64>() as f64
                    * 0.4
            }
            "Move" if req.kind == "MoveStep" => self.room_value(at("to") as usize),
            "Pay" => {
                let step = st["bank_steps"][need("paid")].ints();
                let r: Vec<Json> = step
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| Json::Int(if k == 0 { -c } else { c }))
                    .collect();
                self.reward(&Json::Arr(r), -1, false)
            }
            "Buy" => {
                [ACTION, ACTION, 1.0, GOLD][at("item") as usize]
                    - st["trading_post_costs"][need("bought")].float() * COIN
            }
            "Deal" => self.deal_value(&st["black_market"][at("option") as usize]),
            "ExpertSell" => {
                2.0 * self.reward(&st["market_reward"][at("as_type") as usize], -1, false)
            }
            "PickCube" => self.cube_value(at("cube")),
            "Choose" => [4.0 * COIN, 3.0][at("option") as usize],
            "Activate" | "Apprentice" => 1.0,
            "KeepAmulet" => self.amulet_gain(st["experts"][need("expert")]["amulet"].int(), false),
            "Pray" => self.temple_value(at("temple") as usize),
            "Honour" => self.honour_value(at("village") as usize),
            "EndCell" => self.worship_vp(at("cell")),
            "TakeAmulet" => {
                self.amulet_gain(obs["amulet_spaces"][at("space") as usize].int(), false)
            }
            "BonusAmulet" => self.amulet_gain(obs["amulet_pool"][at("slot") as usize].int(), false),
            "BonusOrder" => {
                st["orders"][obs["order_pool"][at("slot") as usize].int() as usize]["vp"].float()
                    / 2.0
            }
            "Peddler" => ACTION - (at("before") + at("after")) as f64 * COIN,
            "PayNeutral" => -1.0,
            _ => 0.0, // Stop, Skip, SkipExpert...: nothing changes
        }
    }
}

fn decide(view: &View) -> Choice {
    let board = rotunda::decode(view);
    let ctx = Ctx {
        st: view.stat,
        obs: view.obs,
        me: board.me(),
        board: &board,
    };
    let mut best = (0, f64::NEG_INFINITY);
    for (i, a) in view.legal_actions.iter().enumerate() {
        let v = ctx.value(a);
        if v > best.1 {
            best = (i, v);
        }
    }
    Choice::Index(best.0)
}

fn main() {
    kit::run(decide);
}
