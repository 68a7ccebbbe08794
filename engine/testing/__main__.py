"""`python -m engine.testing GAME [GAME ...]`: the conformance kit on installed games (a
plug-in's too), one line per case and check; exit status 1 if any fails."""

from __future__ import annotations

import sys

import engine
from engine.protocol import ArenaError
from engine.testing.conformance import Case, ConformanceError, check_game


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    failed = False

    def show(case: Case, check: str, error: str | None) -> None:
        mark = "ok  " if error is None else "FAIL"
        line = f"{mark} {case.label}  {check}"
        print(line if error is None else f"{line}\n     {error.splitlines()[0]}", flush=True)

    for game_id in argv:
        try:
            engine.get_game(game_id)
        except ArenaError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        try:
            check_game(game_id, progress=show)
        except ConformanceError:
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
