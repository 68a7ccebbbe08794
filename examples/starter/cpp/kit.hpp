// Starter kit for Dynasty Arena bots in C++17 (standard library only; json.hpp beside it).
//
// The generic part: it speaks the JSON-lines protocol of docs/bot-protocol.md and calls your
// decide(view) once per decision. `view` holds the raw observation (view.obs), the game's
// static data (view.static_data), your seat, the legal actions, and the pending decision
// (view.request: the last `stack` entry; a game's decoder, kit_<game>.hpp, names its
// fields and builds per-seat objects from the flat arrays).
//
//   #include "kit.hpp"
//   int main() {
//     return kit::run([](const kit::View& view) -> kit::Choice {
//       kit::log("phase", view.phase, "with", view.legal_actions.size(), "choices");
//       return 0;  // an index into view.legal_actions, or an action (a json::Value)
//     });
//   }
//
// Log with kit::log (stderr; the harness keeps the end of it in the match record). stdout
// carries the answers only: never print anything else there.
#pragma once

#include <exception>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "json.hpp"

namespace kit {

constexpr int PROTOCOL = 1;

// One line on stderr, the parts separated by spaces.
template <class... Parts>
void log(const Parts&... parts) {
  std::ostringstream line;
  int n = 0;
  ((line << (n++ ? " " : "") << parts), ...);
  std::cerr << line.str() << std::endl;
}

// What `reset` said: game id, seat, player count, seed and the static data.
struct Game {
  std::string id;
  int seat = 0;
  int num_players = 0;
  int64_t seed = 0;
  json::Value static_data;
};

// A pending decision [type, seat, ...fields]; a decoder gives its fields names.
struct Request {
  std::string type;
  json::Value values;               // the whole array, type first
  std::vector<std::string> names;   // names of values[1], values[2]... (a decoder sets them)

  const json::Value& operator[](const std::string& name) const {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return values[i + 1];
    throw json::Error("request " + type + " has no field " + name);
  }
};

// One decision: the observation and what the kit knows about the game.
struct View {
  const Game& game;
  const json::Value& obs;  // every field as docs/games/<id>.md describes it
  const json::Value& static_data;
  int seat;
  std::string phase;
  const json::Value::Array& legal_actions;
  double time_left;  // seconds for this answer; negative: no time control
  Request request;

  View(const Game& g, const json::Value& observation, double left)
      : game(g),
        obs(observation),
        static_data(g.static_data),
        seat(static_cast<int>(observation["seat"].as_int())),
        phase(observation["phase"].is_string() ? observation["phase"].as_string() : ""),
        legal_actions(observation["legal_actions"].items()),
        time_left(left) {
    const json::Value& stack = observation["stack"];
    if (stack.size() > 0) {
      request.values = stack[stack.size() - 1];
      request.type = request.values[0].as_string();
    }
  }

  // (index, action) of every legal action of this type.
  std::vector<std::pair<int, const json::Value*>> actions_of(const std::string& type) const {
    std::vector<std::pair<int, const json::Value*>> out;
    for (size_t i = 0; i < legal_actions.size(); ++i)
      if (legal_actions[i]["type"].as_string() == type)
        out.emplace_back(static_cast<int>(i), &legal_actions[i]);
    return out;
  }
};

// What decide returns: an index into legal_actions, or one of the action objects.
struct Choice {
  Choice(int i) : index(i) {}
  Choice(json::Value a) : action(std::move(a)) {}
  int index = -1;
  json::Value action;
};

inline json::Value answer(const Choice& choice, const View& view) {
  if (!choice.action.is_null()) return choice.action;
  int n = static_cast<int>(view.legal_actions.size());
  if (choice.index < 0 || choice.index >= n)
    throw json::Error("index " + std::to_string(choice.index) + " out of range 0.." +
                      std::to_string(n - 1));
  return json::Value::object({{"index", choice.index}});
}

// The protocol loop: reset, act..., close. An exception ends the program with its message
// on stderr ("error: ...") and exit status 1, which the harness shows as the reason.
inline int run(const std::function<Choice(const View&)>& decide) {
  std::ios::sync_with_stdio(false);
  Game game;
  std::string line;
  try {
    while (std::getline(std::cin, line)) {
      json::Value msg = json::parse(line);
      const std::string& type = msg["type"].as_string();
      if (type == "reset") {
        if (msg["protocol"].as_int() != PROTOCOL)
          log("kit written for protocol", PROTOCOL, "the harness speaks", msg["protocol"].dump());
        game.id = msg["game"].as_string();
        game.seat = static_cast<int>(msg["seat"].as_int());
        game.num_players = static_cast<int>(msg["num_players"].as_int());
        game.seed = msg["seed"].is_null() ? 0 : msg["seed"].as_int();
        game.static_data = msg["static"];
      } else if (type == "act") {
        double left = msg["time_left"].is_null() ? -1.0 : msg["time_left"].as_double();
        View view(game, msg["observation"], left);
        // one line per answer, flushed: the harness reads it at once
        std::cout << answer(decide(view), view).dump() << '\n' << std::flush;
      } else if (type == "close") {
        break;
      }
    }
  } catch (const std::exception& e) {
    log("error:", e.what());
    return 1;
  }
  return 0;
}

}  // namespace kit
