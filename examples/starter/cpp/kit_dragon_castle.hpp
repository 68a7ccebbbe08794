// Dragon Castle decoding for kit.hpp: named objects from the flat arrays of the observation.
//
// Layouts as docs/games/dragon_castle.md states them:
// - castle: 96 cells, index = y * 12 + x; castle_heights, castle_tops (stone id, -1 empty);
// - realms: 36 cells per seat, seat-major: index = seat * 36 + r * 6 + c; height, top, up,
//   shrine;
// - per seat: vp, pool, tokens;
// - stack: pending decisions [type, seat, ...fields], the last one is asked now.
//
// dragon_castle::decode(view) gives a Board: castle (96 cells), players (one per seat),
// me() (yours), request (the pending decision, fields by name: board.request["stone"]).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "kit.hpp"

namespace dragon_castle {

constexpr int COLS = 12, ROWS = 8, SIDE = 6;

struct CastleCell {
  int index, x, y, height, top;
  bool available;  // its top stone may be taken: the west or east side is lower (§4.1)
};

struct RealmCell {
  int index, r, c, height, top;  // index = r * 6 + c; top: stone id, -1 empty or unknown
  bool up, shrine;
};

struct Player {
  int seat, vp, pool, tokens;
  std::vector<RealmCell> realm;  // 36 cells
};

struct Board {
  std::vector<CastleCell> castle;
  std::vector<Player> players;
  int seat = 0;
  kit::Request request;

  const Player& me() const { return players[seat]; }
};

// field names of each pending decision after its type (docs: "Pending decisions")
inline const std::map<std::string, std::vector<std::string>>& request_fields() {
  static const std::map<std::string, std::vector<std::string>> fields = {
      {"FinishAction", {"seat", "stone", "must_pair"}},
      {"PlaceTaken", {"seat", "stone"}},
      {"BuildShrines", {"seat", "cells", "allowance"}},
      {"SpiritWindow", {"seat", "window"}},
      {"StrengthFrom", {"seat", "moved", "locked"}},
      {"StrengthTo", {"seat", "moved", "src", "stone", "up", "merged", "locked"}},
      {"WindShrineTo", {"seat", "src"}},
  };
  return fields;
}

inline Board decode(const kit::View& view) {
  const json::Value& obs = view.obs;
  Board board;
  std::vector<int> h = obs["castle_heights"].ints(), tops = obs["castle_tops"].ints();
  for (int i = 0; i < COLS * ROWS; ++i) {
    int x = i % COLS;
    int west = x > 0 ? h[i - 1] : 0, east = x < COLS - 1 ? h[i + 1] : 0;
    board.castle.push_back({i, x, i / COLS, h[i], tops[i], h[i] > 0 && (west < h[i] || east < h[i])});
  }
  std::vector<int> height = obs["height"].ints(), top = obs["top"].ints(), up = obs["up"].ints(),
                   shrine = obs["shrine"].ints();
  int n = static_cast<int>(obs["num_players"].as_int());
  for (int p = 0; p < n; ++p) {
    Player player{p, static_cast<int>(obs["vp"][p].as_int()),
                  static_cast<int>(obs["pool"][p].as_int()),
                  static_cast<int>(obs["tokens"][p].as_int()), {}};
    for (int i = 0; i < SIDE * SIDE; ++i) {
      int k = p * SIDE * SIDE + i;
      player.realm.push_back({i, i / SIDE, i % SIDE, height[k], top[k], up[k] == 1, shrine[k] == 1});
    }
    board.players.push_back(std::move(player));
  }
  board.seat = view.seat;
  board.request = view.request;
  auto named = request_fields().find(board.request.type);
  board.request.names = named != request_fields().end() ? named->second
                                                       : std::vector<std::string>{"seat"};
  return board;
}

}  // namespace dragon_castle
