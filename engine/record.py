"""Match records: everything needed to replay and audit one game."""

from __future__ import annotations

from typing import Any

import msgspec


class MatchConfig(msgspec.Struct, kw_only=True):
    game: str
    num_players: int
    seed: int
    options: dict[str, Any] = {}


class Move(msgspec.Struct, kw_only=True):
    """One decision: who took it, the action (tagged JSON form and stable id), seconds used.
    `by_substitute` marks decisions taken by the random bot that replaced a failed bot."""

    seat: int
    action: dict[str, Any]
    id: int
    time: float = 0.0
    by_substitute: bool = False


class Failure(msgspec.Struct, kw_only=True):
    """A bot failure: kind is one of crash, timeout, illegal, malformed, memory,
    output flood, forbidden (the last three from sandboxed and external bots)."""

    seat: int
    bot: str
    kind: str
    decision: int
    detail: str


class MatchRecord(msgspec.Struct, kw_only=True):
    config: MatchConfig
    bots: list[str]
    moves: list[Move] = []
    failures: list[Failure] = []
    scores: list[int] = []
    ranking: list[int] = []
    #: "normal"; "no_winner" (protocol.NO_WINNER) when the game ended normally and its rules
    #: say nobody wins (`State.no_winner()`); the kind of the first failure; or "stall" if a
    #: step bound was hit
    outcome: str = "normal"
    #: blake2b of the final state's bytes, to verify replays
    final_digest: str = ""
    seconds: float = 0.0
    version: int = 1
    #: what the harness wants a reader to know, e.g. a sandbox that could not isolate a bot
    notes: list[str] = []
    #: per seat, the end of an external bot's stderr ("" for in-process bots)
    logs: list[str] = []


def encode_json(record: MatchRecord) -> bytes:
    return msgspec.json.encode(record)


def decode_json(data: bytes | str) -> MatchRecord:
    return msgspec.json.decode(data, type=MatchRecord)
