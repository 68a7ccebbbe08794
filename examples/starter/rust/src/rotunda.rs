//! Rotunda decoding: named structs from the flat arrays of the observation.
//!
//! Layouts as docs/games/rotunda.md states them:
//! - per seat: `coins`, `vp`, `supply_discs`, `track`, `fired` (index = seat);
//! - `cubes`: seat * 4 + type (0 Tea, 1 Fruit, 2 Celadon, 3 Gold);
//! - `leaders`: seat * k + j, k = static leaders_per_seat[str(num_players)];
//! - `villages`: village * num_players + seat (6 villages);
//! - `worship`: seat * 16 + row * 4 + column;
//! - `chairs`: 15, inner room node n owns 3 * (n - 1) .. + 2, value seat * 2 + elder or -1;
//! - `orders_open`, `orders_done`, `experts`, `kept`, `amulets`: one list per seat;
//! - `stack`: pending decisions `[type, seat, ...fields]`, the last one is asked now.
//!
//! `kit::rotunda::decode(view)` gives a Board: `players` (one per seat), `me()` (yours),
//! `request` (the pending decision, fields by name: `board.request.field("node")`).

use crate::{Request, View};

pub const VILLAGES: usize = 6;
pub const WORSHIP: usize = 16;

/// One seat's holdings.
#[derive(Clone, Debug)]
pub struct Player {
    pub seat: usize,
    pub coins: i64,
    pub vp: i64,
    pub supply_discs: i64,
    pub track: i64,
    pub fired: i64,
    pub cubes: Vec<i64>,    // Tea, Fruit, Celadon, Gold
    pub leaders: Vec<i64>,  // room node of each leader
    pub villages: Vec<i64>, // Assistants in V1-V6
    pub worship: Vec<i64>,  // 16 cells, row * 4 + column
    pub chairs: Vec<usize>, // chair indexes this seat sits on
    pub orders_open: Vec<i64>,
    pub orders_done: Vec<i64>,
    pub experts: Vec<i64>,
    pub kept: Vec<i64>,
    pub amulets: Vec<i64>,
}

/// Field names of each pending decision after its type (docs: "Pending decisions").
pub fn request_fields(kind: &str) -> Vec<&'static str> {
    match kind {
        "ExpertCube" => vec!["seat", "expert", "left"],
        "ExpertReward" => vec!["seat", "expert"],
        "ExpertSale" => vec!["seat", "expert", "room", "left"],
        "KeepOrDiscard" => vec!["seat", "expert"],
        "ChainEnd" => vec!["seat", "count"],
        "WorshipAmulet" => vec!["seat", "r", "c"],
        "Grant" => vec!["seat", "kind", "optional"],
        "RoomTurn" => vec!["seat", "node", "done", "young", "elder"],
        "SaleLoop" => vec!["seat", "room", "sold"],
        "BankLoop" => vec!["seat", "paid"],
        "TradingLoop" => vec!["seat", "bought"],
        "WarehouseLoop" => vec!["seat", "bought"],
        "GuildLoop" => vec!["seat", "hired"],
        "BlackMarketLoop" => vec!["seat", "deals", "peddler"],
        "HireLimit" => vec!["seat", "slot", "guild"],
        "BonusStep" => vec!["seat", "left"],
        "ReturnChain" => vec!["seat", "count"],
        "NeutralMove" => vec!["seat", "neutral"],
        "NeutralCleanup" => vec!["seat", "vp"],
        _ => vec!["seat"],
    }
}

fn player(view: &View, p: usize) -> Player {
    let obs = view.obs;
    let n = obs["num_players"].int() as usize;
    let k = view.stat["leaders_per_seat"][n.to_string().as_str()].int() as usize;
    let slice = |field: &str, from: usize, len: usize| obs[field].ints()[from..from + len].to_vec();
    Player {
        seat: p,
        coins: obs["coins"][p].int(),
        vp: obs["vp"][p].int(),
        supply_discs: obs["supply_discs"][p].int(),
        track: obs["track"][p].int(),
        fired: obs["fired"][p].int(),
        cubes: slice("cubes", p * 4, 4),
        leaders: slice("leaders", p * k, k),
        villages: (0..VILLAGES)
            .map(|v| obs["villages"][v * n + p].int())
            .collect(),
        worship: slice("worship", p * WORSHIP, WORSHIP),
        chairs: obs["chairs"]
            .ints()
            .iter()
            .enumerate()
            .filter(|(_, c)| **c >= 0 && **c as usize / 2 == p)
            .map(|(i, _)| i)
            .collect(),
        orders_open: obs["orders_open"][p].ints(),
        orders_done: obs["orders_done"][p].ints(),
        experts: obs["experts"][p].ints(),
        kept: obs["kept"][p].ints(),
        amulets: obs["amulets"][p].ints(),
    }
}

/// A decision of Rotunda, decoded.
pub struct Board {
    pub players: Vec<Player>, // index = seat
    pub seat: usize,
    pub request: Request, // the pending decision, its fields named
}

impl Board {
    pub fn me(&self) -> &Player {
        &self.players[self.seat]
    }
}

pub fn decode(view: &View) -> Board {
    let mut request = view.request.clone();
    request.names = request_fields(&request.kind);
    let n = view.obs["num_players"].int() as usize;
    Board {
        players: (0..n).map(|p| player(view, p)).collect(),
        seat: view.seat,
        request,
    }
}
