"""The engine kernel: one decision mechanism and declared visibility for every game
(docs/architecture.md, "A turn is a stack of small decisions", "Who sees each zone is declared").

A game writes:

- its `Request` types (frozen structs with `seat`), and a `Rules` registry that maps each
  request type to a `Handler`: the options it offers, how a chosen option is applied, an
  optional fast legality test, and optionally an automatic step (`auto`);
- a state class deriving from `GameState` whose fields each carry their visibility and
  description with their type (`Annotated[T, Public("...")]`, `Owner(...)`, `Hidden(...)`,
  `GENERATOR`, `DERIVED`, `Custom(...)`), and the observation type generated from them
  (`observation_type`);
- `redraw(fields, obs, rng)`: how hidden fields are redrawn in `sample_state`, consistently
  with the observation.

From that the kernel derives `apply` / `apply_legal` (one template), `current_player`,
`legal_actions`, `random_steps` (a uniformly random playout in one loop, for search),
`clone` (generated once per class), `observation(seat)` and the copying of public and own
fields in `sample_state`.

One module per part, each read on its own: decisions.py (requests, handlers, the rules
registry and its apply template), visibility.py (the declarations and the observation type
generated from them), copies.py (the generated struct copier), generated.py (each state
class's plan, observation and sampler), gamestate.py (`GameState`). Games and plug-ins
import every name from here: `from engine.kernel import Request`, `kernel.GameState`.
"""

from __future__ import annotations

from engine.kernel.copies import struct_copier
from engine.kernel.decisions import (
    Apply,
    Ask,
    Auto,
    Handler,
    Legal,
    Options,
    Request,
    Rules,
    Say,
    Words,
)
from engine.kernel.gamestate import GameState
from engine.kernel.visibility import (
    CUSTOM,
    DERIVED,
    GENERATOR,
    STACK_DOC,
    Custom,
    Derived,
    Hidden,
    Owner,
    Public,
    Seen,
    Visibility,
    declarations,
    observation_type,
)

__all__ = [
    "CUSTOM", "DERIVED", "GENERATOR", "STACK_DOC", "Apply", "Ask", "Auto", "Custom",
    "Derived", "GameState", "Handler", "Hidden", "Legal", "Options", "Owner", "Public",
    "Request", "Rules", "Say", "Seen", "Visibility", "Words", "declarations",
    "observation_type", "struct_copier",
]
