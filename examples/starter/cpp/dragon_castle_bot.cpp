// Dragon Castle bot, one move ahead: it scores every legal action by its immediate effect
// (the VP of a merge it completes, the shrines it lets you build, the group it grows) from
// the observation and the static data, and plays the best. Built on the starter kit.
//
//   make                     # or: g++ -std=c++17 -O2 -static -o dragon_castle_bot dragon_castle_bot.cpp
//   arena play --game dragon_castle --players 2 --bot "cmd:./dragon_castle_bot" --bot random
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "kit.hpp"
#include "kit_dragon_castle.hpp"

using dragon_castle::Board;
using dragon_castle::RealmCell;

namespace {

constexpr double GROW = 0.6;         // worth of each stone in a group that does not merge yet
constexpr double STACK = 0.15;       // worth of each stone under a placed one (higher shrines)
constexpr double POOL_SHRINE = 0.8;  // worth of a shrine moved to your pool (Stone and shrine)
constexpr double NONE = -std::numeric_limits<double>::infinity();

using Realm = std::vector<RealmCell>;

// The game's static data, read once per decision.
struct Rules {
  const json::Value& s;
  int type_of(int stone) const { return static_cast<int>(s["stones"][stone]["type"].as_int()); }
  bool special(int stone) const { return s["stones"][stone]["special"].as_bool(); }
  double merge_vp(int n) const {  // a set of n >= 8 stones scores n
    const json::Value& vp = s["scoring"]["merge_points"][std::to_string(n)];
    return n >= 8 ? n : vp.is_null() ? 0 : vp.as_double();
  }
  double shrine_vp(int height) const {
    return s["scoring"]["shrine_value_by_height"][std::min(height, 3)].as_double();
  }
};

bool can_place(const RealmCell& cell) { return cell.height == 0 || (!cell.up && !cell.shrine); }

// The face-up cells of one type connected to cell i (i included).
std::vector<int> group_at(const Rules& rules, const Realm& realm, int i) {
  int type = rules.type_of(realm[i].top);
  std::vector<int> seen{i}, todo{i};
  while (!todo.empty()) {
    int j = todo.back();
    todo.pop_back();
    for (const json::Value& k : rules.s["realm"]["neighbours"][j].items()) {
      const RealmCell& c = realm[k.as_int()];
      if (std::find(seen.begin(), seen.end(), c.index) == seen.end() && c.up && c.top >= 0 &&
          rules.type_of(c.top) == type) {
        seen.push_back(c.index);
        todo.push_back(c.index);
      }
    }
  }
  return seen;
}

// The realm after putting `stone` face up on cell i.
Realm placed(Realm realm, int i, int stone) {
  realm[i].height += 1;
  realm[i].top = stone;
  realm[i].up = true;
  return realm;
}

// Immediate worth of putting `stone` on cell i: a completed merge scores its VP and the
// shrines it lets you build from your pool; a smaller group is worth GROW per stone.
double place_value(const Rules& rules, const Realm& realm, int i, int stone, int pool) {
  Realm after = placed(realm, i, stone);
  std::vector<int> group = group_at(rules, after, i);
  int size = static_cast<int>(group.size());
  double stack = STACK * realm[i].height;
  const json::Value& scoring = rules.s["scoring"];
  if (size < scoring["min_set"].as_int()) return GROW * size + stack;
  double vp = rules.merge_vp(size);
  if (rules.s["stone_types"][rules.type_of(stone)].as_string() == "dragon")
    vp += scoring["dragon_set_bonus"].as_double();
  int allowance = static_cast<int>(
      scoring["shrine_allowance"][rules.special(stone) ? "special" : "faction"].as_int());
  std::vector<int> heights;
  for (int j : group) heights.push_back(after[j].height);
  std::sort(heights.rbegin(), heights.rend());
  for (int k = 0; k < std::min({pool, allowance, size}); ++k) vp += rules.shrine_vp(heights[k]);
  return vp + stack;
}

// The best cell for `stone`: its value, and the realm after it (no cell: the stone is lost).
std::pair<double, Realm> best_placement(const Rules& rules, const Realm& realm, int stone,
                                        int pool) {
  std::pair<double, Realm> best{0.0, realm};
  for (const RealmCell& cell : realm) {
    if (!can_place(cell)) continue;
    double v = place_value(rules, realm, cell.index, stone, pool);
    if (v > best.first) best = {v, placed(realm, cell.index, stone)};
  }
  return best;
}

// Is another available stone identical to `stone` left once cell `taken` lost its top?
bool has_pair(const Board& board, int taken, int stone) {
  std::vector<int> h;
  for (const auto& c : board.castle) h.push_back(c.height);
  h[taken] -= 1;
  for (const auto& c : board.castle) {
    if (c.index == taken || c.top != stone || c.height == 0) continue;
    int west = c.x > 0 ? h[c.index - 1] : 0;
    int east = c.x < dragon_castle::COLS - 1 ? h[c.index + 1] : 0;
    if (west < c.height || east < c.height) return true;
  }
  return false;
}

// Worth of the three ways to finish a turn whose first stone is `stone`.
struct Finish {
  double pair, stone_and_shrine, discard;
  double best() const { return std::max({pair, stone_and_shrine, discard}); }
};

Finish finish_values(const Rules& rules, const kit::View& view, const Board& board, int stone,
                     bool pair_possible) {
  const auto& me = board.me();
  auto [one, after] = best_placement(rules, me.realm, stone, me.pool);
  return {pair_possible ? one + best_placement(rules, after, stone, me.pool).first : NONE,
          view.obs["supply"].as_int() > 0 ? one + POOL_SHRINE : NONE,
          rules.s["scoring"]["discard_vp"].as_double()};
}

double value(const Rules& rules, const kit::View& view, const Board& board,
             const json::Value& action) {
  const std::string& type = action["type"].as_string();
  const auto& me = board.me();
  auto cell = [&](const char* r, const char* c) {
    return static_cast<int>(action[r].as_int() * dragon_castle::SIDE + action[c].as_int());
  };
  if (type == "TakeStone") {
    const auto& c = board.castle[action["y"].as_int() * dragon_castle::COLS + action["x"].as_int()];
    return finish_values(rules, view, board, c.top, has_pair(board, c.index, c.top)).best();
  }
  if (type == "SummonDragon") return rules.s["scoring"]["countdown_token_vp"].as_double();
  if (type == "Pair" || type == "StoneAndShrine" || type == "DiscardStone") {
    Finish f = finish_values(rules, view, board,
                             static_cast<int>(board.request["stone"].as_int()), true);
    return type == "Pair" ? f.pair : type == "StoneAndShrine" ? f.stone_and_shrine : f.discard;
  }
  if (type == "Place")
    return place_value(rules, me.realm, cell("r", "c"),
                       static_cast<int>(board.request["stone"].as_int()), me.pool);
  if (type == "BuildShrine") return rules.shrine_vp(me.realm[cell("r", "c")].height);
  return 0;  // spirit powers and the rest: not evaluated (the first such action is played)
}

kit::Choice decide(const kit::View& view) {
  Rules rules{view.static_data};
  Board board = dragon_castle::decode(view);
  int best = 0;
  double best_value = NONE;
  for (size_t i = 0; i < view.legal_actions.size(); ++i) {
    double v = value(rules, view, board, view.legal_actions[i]);
    if (v > best_value) {
      best = static_cast<int>(i);
      best_value = v;
    }
  }
  return best;
}

}  // namespace

int main() { return kit::run(decide); }
