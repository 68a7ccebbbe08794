"""Look-alike names are one name (Unicode TR39 skeletons) wherever a name's uniqueness is
decided (ladders, bots, authors); a game's record read by someone else keeps a failure's
kind but not what the failing bot printed."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import Failure, MatchConfig, MatchRecord, decode_json, encode_json
from harness.cli.main import main
from harness.ladders.data import redacted
from harness.ladders.names import skeleton, taken_by
from harness.ladders.service import LadderError, create, submit
from harness.server import auth
from harness.storage import ladders as ls
from harness.storage.database import Store

ALIKE = [("paypal", "p\u0430yp\u0430l"),  # Cyrillic а
         ("rules", "ruIes"), ("IOI", "lol"), ("l0l", "LOL"), ("arnold", "amold"),
         ("Bob", "bob"), ("\U0001d52d\U0001d4b6\u1eff\U0001d561\U0001d552\u2113", "paypal")]
APART = [("alice", "bob"), ("bot1", "bot2"), ("ann", "anna"), ("黄", "黃"), ("v1", "v2")]


@pytest.mark.parametrize("a,b", ALIKE)
def test_names_that_look_alike_are_one(a: str, b: str) -> None:
    assert taken_by([b], a) == b and taken_by([a], b) == a


@pytest.mark.parametrize("a,b", APART)
def test_names_that_differ_stay_two(a: str, b: str) -> None:
    assert taken_by([b], a) is None and taken_by([a], b) is None


def test_the_skeleton_is_tr39s() -> None:
    assert skeleton("\u0430") == "a" and skeleton("m") == "rn" and skeleton("0") == "O"
    assert skeleton("1") == skeleton("I") == skeleton("l") == "l"


def _store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "db.sqlite")
    create(store, "kl", ls.LadderSpec(game="kit", num_players=2, modules=("tests.kitgame",)),
           "ann")
    return store


def test_ladders_bots_and_authors_refuse_a_look_alike(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        with pytest.raises(LadderError, match="looks the same as the existing 'kl'"):
            create(store, "k\u217c", ls.LadderSpec(game="kit", num_players=2,
                                                   modules=("tests.kitgame",)))
        assert submit(store, "kl", "random", "rnd", author="ann").entrant is not None
        with pytest.raises(LadderError, match="ann's bot 'rnd' is the same name spelled "
                                              "another way .its characters look the same"):
            submit(store, "kl", "random", "\u0433nd", author="bob")  # Cyrillic ghe
        auth.add(store, "ann")
        with pytest.raises(LadderError, match="existing author 'ann'"):
            auth.add(store, "\u0430nn")


def test_arena_author_add_refuses_a_look_alike_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _store(tmp_path).close()
    db = str(tmp_path / "db.sqlite")
    with pytest.raises(SystemExit) as done:
        main(["ladder", "author", "add", "ann", "--db", db])
    assert done.value.code == 0
    with pytest.raises(SystemExit) as done:
        main(["ladder", "author", "add", "\u0430nn", "--db", db])
    err = " ".join(capsys.readouterr().err.split())  # one error, however wide the screen
    assert done.value.code == 2 and err.count("error:") == 1
    assert "looks the same as the existing author 'ann'" in err


def test_a_record_shows_failure_details_to_their_author_only() -> None:
    rec = MatchRecord(config=MatchConfig(game="kit", num_players=2, seed=1), bots=["a", "b"],
                      failures=[Failure(seat=1, bot="b", kind="crash", decision=3,
                                        detail="ValueError: eve's secret")],
                      logs=["", "eve's secret\n"])
    entrants = {7: _entrant(7, "ann"), 8: _entrant(8, "eve")}
    data = encode_json(rec)
    for reader in (None, "ann", "bob"):
        seen = decode_json(redacted(data, [7, 8], entrants, reader))
        assert [(f.seat, f.kind, f.decision, f.detail) for f in seen.failures] == [
            (1, "crash", 3, "")]
        assert "secret" not in redacted(data, [7, 8], entrants, reader).decode()
    mine = decode_json(redacted(data, [7, 8], entrants, "eve"))
    assert mine.failures[0].detail == "ValueError: eve's secret"


def _entrant(eid: int, author: str) -> ls.Entrant:
    return ls.Entrant(id=eid, name=f"bot{eid}", version=1, spec="random", run_spec="random",
                      hash="h", snapshot=None, active=True, submitted="", report=None,
                      mu=25.0, sigma=8.3, elo=1500.0, games=0, last_played=None,
                      author=author)
