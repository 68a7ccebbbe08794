"""Standings from stored games and the tables that show them."""

from __future__ import annotations

from rich.console import Console

from harness.storage.database import GameRow
from harness.tournaments.standings import (
    LiveStandings,
    SprtStatus,
    counted,
    outcome_counts,
    standings,
)
from harness.views.tournaments import final_table, live_table, sprt_line
from ratings.elo import Elo


def _row(idx: int, bots: list[str], ranking: list[int], scores: list[int], **kw: object) -> GameRow:
    return GameRow(idx=idx, block=idx, seed=0, bots=bots, status=str(kw.pop("status", "done")),
                   outcome=str(kw.pop("outcome", "normal")), ranking=ranking, scores=scores,
                   **kw)  # type: ignore[arg-type]


ROWS = [
    _row(0, ["a", "b"], [0, 1], [10, 4]),
    _row(1, ["b", "a"], [1, 0], [2, 8]),
    _row(2, ["a", "b"], [0, 0], [5, 5]),
    _row(3, ["b", "a"], [0, 1], [9, 0], outcome="crash", failures=[(1, "crash")]),
    _row(4, ["a", "b"], [1, 0], [0, 1], outcome="stall"),
    _row(5, ["a", "b"], [0, 1], [1, 0], status="pending"),
]


def test_per_bot_games_wins_places_scores_seats_and_failures() -> None:
    stats = {s.bot: s for s in standings(counted(ROWS), 2, ["a", "b"])}
    a, b = stats["a"], stats["b"]
    assert (a.games, a.wins, b.wins) == (5, 2.5, 2.5)  # a shared first place: half each
    assert a.avg_place == 1 + 2 / 5
    assert a.avg_score == (10 + 8 + 5 + 0 + 0) / 5
    assert (a.seat_games, a.seat_wins) == ([3, 2], [1.5, 1])
    assert a.failures == {"crash": 1, "stall": 1}
    assert b.failures == {"stall": 1}
    assert a.elo is not None and b.elo is not None
    assert a.elo.elo == b.elo.elo  # 2.5 : 2.5 pairwise


def test_counted_drops_unfinished_games_and_blocks_after_an_sprt_stop() -> None:
    assert [r.idx for r in counted(ROWS)] == [0, 1, 2, 3, 4]
    assert [r.idx for r in counted(ROWS, stop_block=2)] == [0, 1]
    assert outcome_counts(counted(ROWS)) == {"normal": 3, "crash": 1, "stall": 1}


def test_live_standings_count_game_by_game_as_the_final_table_does() -> None:
    live = LiveStandings(2, ["a", "b", "c"], ROWS[:2])  # c has not played yet
    for r in ROWS[2:]:
        if r.status == "done":
            live.add(r)
    final = {s.bot: s for s in standings(counted(ROWS), 2)}
    online = Elo()
    for r in counted(ROWS):
        online.update(r.bots, r.ranking)  # type: ignore[arg-type]
    rows = {r.bot: r for r in live.rows()}
    for bot in ("a", "b"):
        assert (rows[bot].games, rows[bot].wins, rows[bot].avg_place, rows[bot].elo) == (
            final[bot].games, final[bot].wins, final[bot].avg_place, online.rating(bot))
    assert (rows["c"].games, rows["c"].elo) == (0, 1500.0)
    elos = [r.elo for r in live.rows()]
    assert elos == sorted(elos, reverse=True) and elos[0] != elos[-1]


def test_live_standings_recount_after_an_sprt_stop() -> None:
    live = LiveStandings(2, ["a", "b"], ROWS)
    live.recount(ROWS, stop_block=2)
    assert {r.bot: r.games for r in live.rows()} == {"a": 2, "b": 2}


def test_tables_show_every_column() -> None:
    stats = standings(counted(ROWS), 2)
    console = Console(record=True, width=200)
    console.print(final_table("final", stats, "caption"))
    live = LiveStandings(2, ["a", "b"], ROWS).rows()
    console.print(live_table(live))
    console.print(sprt_line(SprtStatus(0, 5, 1.234, -2.94, 2.94, 7, "H1")))
    text = console.export_text()
    for word in ("seat win%", "place", "Elo ±95%", "crash 1, stall 1", "50/50", "1500 ±151",
                 "Elo (online)", "avg place", f"{live[0].elo:.0f}", "caption",
                 "SPRT [0, 5]: LLR 1.23 (-2.94, 2.94) after 7 blocks -> H1"):
        assert word in text
