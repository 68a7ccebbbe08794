"""What a ladder keeps as its games finish (schema 6) equals a recount from the games
(tests/storage/recount.py) through a ladder's whole life: games, a bot failing until it is
retired, a retirement by hand, a new version, a reactivation, a failed and a pending game,
a deletion; the pages read by index; the runner's live table drawn from its memory.
Played in-process on the test kit game (no Ray)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from harness.ladders import lifecycle
from harness.ladders import runner as ladder_runner
from harness.ladders.data import games_doc, history_doc, show_doc
from harness.ladders.service import create, submit
from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.views.ladders import live_standings
from tests.storage.recount import check


def _ladder(store: Store, name: str, players: int = 2) -> ls.Ladder:
    return create(store, name, ls.LadderSpec(game="kit", num_players=players,
                                             modules=("tests.kitgame",), seed=7), "ann")


def _play(store: Store, name: str, games: int) -> ladder_runner.LadderState:
    return ladder_runner.run(store, name, games=games, inline=True, allow_unsandboxed=True)


def test_aggregates_equal_a_recount_through_a_ladders_life(tmp_path: Path) -> None:
    with Store(tmp_path / "a.sqlite") as store:
        lad = _ladder(store, "life")
        for spec, name in (("random", "rnd"), ("mcts:iters=4", "m4"), ("mcts:iters=2", "m2")):
            assert submit(store, "life", spec, name, author="joe").entrant is not None
        ls.add_entrant(store, lad.id, "flaky", "cmd:false", "cmd:/bin/false", "h", None,
                       "passed", author="eve")  # crashes in every game: retired at 6
        _play(store, "life", 24)
        flaky = next(e for e in ls.entrants(store, lad.id) if e.name == "flaky")
        assert flaky.retired and flaky.failures == {"crash": 6} and len(flaky.recent) == 6
        check(store, lad.id)
        lifecycle.retire(store, "life", "m2", "joe")
        _play(store, "life", 6)
        check(store, lad.id)
        assert submit(store, "life", "mcts:iters=6", "m4", author="joe").entrant is not None
        _play(store, "life", 6)
        lifecycle.reactivate(store, "life", "m4", 1, "joe")  # v1 back, v2 leaves
        lifecycle.reactivate(store, "life", "flaky", None, "eve")  # a clean slate
        assert next(e for e in ls.entrants(store, lad.id) if e.name == "flaky").recent == []
        _play(store, "life", 8)
        check(store, lad.id)
        state = ladder_runner.LadderState(store, "life")
        state.next_game()  # left pending, as a killed run leaves it
        failed = state.next_game()
        ls.fail_game(store, lad.id, failed.idx, "RuntimeError: the engine raised")
        check(store, lad.id)
        lifecycle.delete_entrant(store, "life", "m4", "joe")  # its pending games cancelled
        check(store, lad.id)
        lifecycle.reactivate(store, "life", "m2", None, "joe")
        _play(store, "life", 6)
        check(store, lad.id)
        doc = show_doc(store, "life", all_versions=True)
    assert doc["games"] == 50 and {r["bot"] for r in doc["standings"]} == {"rnd", "m2",
                                                                           "flaky"}
    assert sum(s["win_rate"] for s in doc["seats"]) == pytest.approx(1.0, abs=0.05)


def test_three_seats_and_an_entrant_holding_two(tmp_path: Path) -> None:
    with Store(tmp_path / "b.sqlite") as store:
        lad = _ladder(store, "three", players=3)
        for spec, name in (("random", "r"), ("mcts:iters=4", "m")):
            submit(store, "three", spec, name)
        _play(store, "three", 10)  # two entrants, three seats: one holds two of each game
        check(store, lad.id)
        assert all(len(set(g.entrants)) == 2 for g in ls.games(store, lad.id))
        assert {e.games for e in ls.entrants(store, lad.id)} <= set(range(10, 21))
        assert sum(e.games for e in ls.entrants(store, lad.id)) == 30


def test_the_runner_reads_no_games_and_only_changed_entrants(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The live table comes from the driver's memory and equals `show`'s; during the run
    the ladder's games and history are never read whole, and entrants are read again only
    when one changed (here: a bot submitted midway)."""
    with Store(tmp_path / "c.sqlite") as store:
        lad = _ladder(store, "live")
        for spec, name in (("random", "r"), ("mcts:iters=4", "m")):
            submit(store, "live", spec, name)
        reads: list[str] = []
        store.db.set_trace_callback(lambda sql: reads.append(sql)
                                    if "FROM entrants WHERE ladder_id" in sql else None)
        for whole in ("games", "history"):
            monkeypatch.setattr(ls, whole, _refuse(whole))
        shown: list[dict[str, object]] = []

        def update(state: ladder_runner.LadderState) -> None:
            shown.append(state.standings_doc())
            if len(shown) == 10:
                with Store(store.path) as other:  # a bot submitted while it runs
                    assert submit(other, "live", "mcts:iters=2", "late").entrant is not None

        state = ladder_runner.run(store, "live", games=30, inline=True, on_update=update)
        store.db.set_trace_callback(None)
        monkeypatch.undo()
        assert len([s for s in reads if "rev>" in s]) == 2  # at the start, after the submit
        assert "late" in {r["bot"] for r in shown[-1]["standings"]}  # type: ignore[union-attr]
        live, stored = state.standings_doc(), show_doc(store, "live")
        check(store, lad.id)
    for doc in (live, stored):
        for row in doc["standings"]:
            row.pop("ml_elo")
            row.pop("last_played")
        doc.pop("ml_fit")
    assert live == stored


def _refuse(what: str) -> object:
    def refused(*_: object, **__: object) -> None:
        raise AssertionError(f"the whole {what} read while the ladder runs")
    return refused


def test_games_and_history_come_in_pages(tmp_path: Path) -> None:
    with Store(tmp_path / "d.sqlite") as store:
        lad = _ladder(store, "pages")
        for spec, name in (("random", "r"), ("mcts:iters=4", "m"), ("mcts:iters=2", "n")):
            submit(store, "pages", spec, name)
        _play(store, "pages", 30)
        me = next(e for e in ls.entrants(store, lad.id) if e.name == "r")
        mine = [g.idx for g in reversed(ls.games(store, lad.id)) if me.id in g.entrants]
        pages, before = [], None
        while True:
            page = games_doc(store, "pages", "r", limit=4, before=before)
            if not page["games"]:
                break
            pages.append([g["idx"] for g in page["games"]])
            before = pages[-1][-1]
        assert [i for p in pages for i in p] == mine and all(len(p) <= 4 for p in pages)
        assert page["total"] == len(mine)
        newer = games_doc(store, "pages", "r", limit=100, since=mine[3])
        assert [g["idx"] for g in newer["games"]] == mine[:3]
        rated = mine[::-1]  # played in order, one at a time: rated in order
        latest = history_doc(store, "pages", "r", limit=5)["series"][0]["points"]
        assert [p[0] for p in latest] == rated[-5:]
        after = history_doc(store, "pages", "r", since=rated[2], limit=3)["series"][0]["points"]
        assert [p[0] for p in after] == rated[3:6]
        full = show_doc(store, "pages")["standings"]
        assert show_doc(store, "pages", offset=1, limit=1)["standings"] == full[1:2]
        assert show_doc(store, "pages", offset=1, limit=1)["total"] == 3
        top = history_doc(store, "pages")
        assert [s["bot"] for s in top["series"]] == [r["bot"] for r in full]


def test_the_ml_elo_is_cached_with_its_age(tmp_path: Path) -> None:
    with Store(tmp_path / "e.sqlite") as store:
        lad = _ladder(store, "ml")
        for spec, name in (("random", "r"), ("mcts:iters=8", "m")):
            submit(store, "ml", spec, name)
        _play(store, "ml", 12)
        lad = ls.ladder(store, "ml")
        assert lad.ml_seq == lad.games == 12 and lad.ml_at  # the run ends with a fresh fit
        cached = {r["bot"]: r["ml_elo"] for r in show_doc(store, "ml")["standings"]}
        ls.set_ml(store, lad.id, 3, {})  # an old fit: a small ladder is fitted afresh
        doc = show_doc(store, "ml")
    assert doc["ml_fit"] == {"after_game": 12, "at": None, "games_since": 0}
    fresh = {r["bot"]: r["ml_elo"] for r in doc["standings"]}
    assert fresh == {k: pytest.approx(v) for k, v in cached.items()}
    assert all(v is not None for v in fresh.values())


def test_the_live_table_draws_from_memory_as_many_rows_as_fit(tmp_path: Path) -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, color_system=None, width=100,
                      height=16)
    with Store(tmp_path / "f.sqlite") as store:
        _ladder(store, "shown")
        for i in range(6):
            submit(store, "shown", f"mcts:iters={i + 1}", f"bot{i}")
        with live_standings("shown", console) as update:
            ladder_runner.run(store, "shown", games=4, inline=True, on_update=update)
    drawn = screen.getvalue()
    assert "shown: 0 games" in drawn  # drawn once at the start (then at most twice a second)
    assert "bot0 v1" in drawn and "bots 1 to 4 of 6" in drawn  # 16 rows: 4 fit
