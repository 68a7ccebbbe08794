"""The kit's checks of the state machine: results, determinism, illegal actions, bytes,
action ids, observations, replays."""

from __future__ import annotations

import msgspec

import engine
from engine.kernel import GameState
from engine.protocol import IllegalActionError
from engine.record import MatchConfig, MatchRecord, Move
from engine.testing.playouts import (
    SEEDS,
    Case,
    ConformanceError,
    positions,
    require,
    trajectory,
)


def check_results(case: Case) -> None:
    """Random playouts end; `scores()` are ints and `ranking()` agrees with them (a place is
    the number of seats strictly ahead)."""
    game_id, n, preset = case
    for seed in SEEDS:
        state = engine.make(game_id, n, seed, **preset)
        for a in trajectory(game_id, n, preset, seed):
            state.apply(a)
        scores, ranking = state.scores(), state.ranking()
        require(len(scores) == n and all(isinstance(s, int) for s in scores),
                f"scores() is not one int per seat: {scores}")
        require(len(ranking) == n and min(ranking) == 0, f"ranking() is not places: {ranking}")
        for p in range(n):
            ahead = sum(1 for q in range(n) if ranking[q] < ranking[p])
            require(ranking[p] == ahead, f"ranking {ranking}: seat {p}'s place is not the "
                    "number of seats ahead of it")
            for q in range(n):
                require(not (scores[p] > scores[q] and ranking[p] > ranking[q]),
                        f"seat {p} scored more than seat {q} but is ranked below it")


def check_determinism(case: Case) -> None:
    """The same seed and actions give identical bytes; `apply_legal` (the searches'
    unchecked path) does what `apply` does."""
    game_id, n, preset = case
    a = engine.make(game_id, n, SEEDS[0], **preset)
    b = engine.make(game_id, n, SEEDS[0], **preset)
    require(a.to_bytes() == b.to_bytes(), "two states made with one seed differ")
    for act in trajectory(game_id, n, preset, SEEDS[0]):
        a.apply(act)
        b.apply_legal(act)
        require(a.decision == b.decision, f"apply and apply_legal disagree after {act!r}")
    require(a.to_bytes() == b.to_bytes(), "the same actions led to different bytes")


def check_illegal_actions(case: Case) -> None:
    """Actions of the action space that are not legal, a string and None raise
    IllegalActionError and leave the state's bytes as they were."""
    game_id, n, preset = case
    for state, _ in positions(game_id, n, preset, SEEDS[0]):
        before = state.to_bytes()
        legal = set(state.legal_actions())
        illegal = [a for a in state.action_space().actions if a not in legal][:5]
        for bad in [*illegal, "not an action", None]:
            try:
                state.apply(bad)  # type: ignore[arg-type]
            except IllegalActionError:
                pass
            else:
                raise ConformanceError(f"illegal {bad!r} was applied")
            require(state.to_bytes() == before, f"illegal {bad!r} changed the state")


def check_bytes_and_clones(case: Case) -> None:
    """`from_bytes(to_bytes(s))` is identical; applying to a clone leaves the original."""
    game_id, n, preset = case
    for state, nxt in positions(game_id, n, preset, SEEDS[0]):
        data = state.to_bytes()
        back = type(state).from_bytes(data)
        require(back.to_bytes() == data, "from_bytes(to_bytes(s)) differs from s")
        require(back.legal_actions() == state.legal_actions(),
                "a state read back from its bytes offers other actions")
        twin = state.clone()
        require(twin.to_bytes() == data, "a clone differs from its original")
        if nxt is not None:
            twin.apply(nxt)
            require(state.to_bytes() == data, "applying to a clone changed the original")


def check_action_ids(case: Case) -> None:
    """Every legal action has its own id in range that maps back to it; the mask counts them."""
    game_id, n, preset = case
    for state, _ in positions(game_id, n, preset, SEEDS[0]):
        legal = state.legal_actions()
        ids = [state.action_id(a) for a in legal]
        require(len(set(ids)) == len(ids), "two legal actions share an id")
        require(all(0 <= i < state.num_distinct_actions() for i in ids), "an id out of range")
        require([state.action_from_id(i) for i in ids] == legal,
                "action_from_id does not give back the legal actions")
        require(int(state.legal_action_mask().sum()) == len(legal),
                "the legal action mask does not count the legal actions")


def check_observations(case: Case) -> None:
    """Observations are the game's type, name the seat, list options only for the seat to
    move, and survive JSON and MessagePack round trips."""
    game_id, n, preset = case
    game = engine.get_game(game_id)
    for state, _ in positions(game_id, n, preset, SEEDS[0]):
        for p in range(n):
            obs = state.observation(p)
            require(isinstance(obs, game.observation_type), "an observation of another type")
            require(obs.game == game_id and obs.seat == p, f"seat {p}'s observation names "
                    f"game {obs.game!r}, seat {obs.seat}")
            require(obs.current_player == state.current_player(),
                    "an observation names another player to move")
            mine = state.legal_actions() if state.current_player() == p else []
            require(obs.legal_actions == mine,
                    f"seat {p}'s observation lists options it does not have")
            for codec in (msgspec.json, msgspec.msgpack):
                back = codec.decode(codec.encode(obs), type=game.observation_type)
                require(back == obs, f"an observation does not survive {codec.__name__}")


def check_kernel(case: Case) -> None:
    """The state type is on the engine kernel (one decision mechanism, declared visibility)."""
    require(issubclass(engine.get_game(case.game_id).state_type, GameState),
            f"{case.game_id}'s state type is not a kernel.GameState")


def check_replay(case: Case) -> None:
    """A recorded game (its seed and actions as a match record) replays to the same final
    digest, scores and ranking."""
    game_id, n, preset = case
    state = engine.make(game_id, n, SEEDS[1], **preset)
    moves = []
    for a in trajectory(game_id, n, preset, SEEDS[1]):
        moves.append(Move(seat=state.current_player(), action=msgspec.to_builtins(a),
                          id=state.action_id(a)))
        state.apply(a)
    record = MatchRecord(
        config=MatchConfig(game=game_id, num_players=n, seed=SEEDS[1], options=dict(preset)),
        bots=["random"] * n, moves=moves, scores=list(state.scores()),
        ranking=list(state.ranking()), final_digest=engine.digest(state))
    back = msgspec.json.decode(msgspec.json.encode(record), type=MatchRecord)
    final = engine.replay(back)
    require(final.is_terminal(), "the replayed game did not end")
    require(engine.digest(final) == record.final_digest, "the replay ends in another state")
    require(final.scores() == record.scores and final.ranking() == record.ranking,
            "the replay ends with other scores or places")
