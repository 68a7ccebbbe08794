"""The kit's checks that a game reads to a person: words for every decision and action,
renders at every step, a final breakdown that adds up."""

from __future__ import annotations

from engine.testing.playouts import SEEDS, Case, positions, require


def check_words(case: Case) -> None:
    """`describe_pending()` and every legal action's `describe_action` are non-empty, on one
    line, and distinct actions read differently (a person choosing by name must be able to
    tell them apart)."""
    game_id, n, preset = case
    for state, _ in positions(game_id, n, preset, SEEDS[0]):
        require(state.describe_pending().strip(), "the pending decision has no words")
        if state.is_terminal():
            continue
        words = [state.describe_action(a) for a in state.legal_actions()]
        require(all(w.strip() for w in words), "an action has no words")
        require(all("\n" not in w for w in words), "an action's words span lines")
        dupes = sorted({w for w in words if words.count(w) > 1})
        require(not dupes, f"distinct legal actions read the same: {dupes[:3]}")


def check_renders(case: Case) -> None:
    """`render()` and `render(p)` give text at every checkpoint; the final breakdown adds up
    to `scores()` and the final render names every part."""
    game_id, n, preset = case
    final = None
    for state, _ in positions(game_id, n, preset, SEEDS[0]):
        require(state.render().strip(), "render() is empty")
        for p in range(n):
            require(state.render(p).strip(), f"render({p}) is empty")
        final = state
    require(final is not None, "no positions")
    assert final is not None  # for the type checker
    parts = final.score_breakdown()
    require(parts, "no score breakdown")
    scores = list(final.scores())
    adds_up = [sum(v[p] for v in parts.values()) for p in range(n)] == scores
    require(adds_up or parts.get("total") == scores,
            f"the breakdown {parts} does not add up to {scores}")
    text = final.render()
    for category in parts:
        require(category in text, f"the final render omits the score part {category!r}")
