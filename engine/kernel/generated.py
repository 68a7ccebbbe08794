"""The code generated once per state class from its declared visibility
(engine/kernel/visibility.py): its `Plan` (which fields are public, owner-only, sized,
the generator, custom), its `observation(seat)` (one constructor call of the observation
type) and the `sample_state` that starts from an observation (the public fields copied,
the seat's own entries, a fresh generator; the game's `redraw` fills the rest).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from engine.common.rng import Rng
from engine.kernel.copies import copy_expr
from engine.kernel.visibility import (
    GENERATOR,
    Custom,
    Derived,
    Hidden,
    Owner,
    Public,
    declarations,
)


@dataclass
class Plan:
    """A state class's fields by what a seat sees of them: public, owner-only, hidden with a
    public size, the generator; and whether custom views add fields."""

    public: list[str]
    owner: list[tuple[str, Owner]]
    sized: list[tuple[str, Hidden]]
    generator: list[str]
    custom: bool


PLANS: dict[type, Plan] = {}


def plan_of(cls: type) -> Plan:
    """The plan of state class `cls` (made once, then kept)."""
    plan = PLANS.get(cls)
    if plan is None:
        plan = PLANS[cls] = make_plan(cls)
    return plan


def make_plan(cls: type) -> Plan:
    """`cls`'s plan from its declarations; a field without one, or of a type the kernel
    cannot copy, fails here, when the class is first used."""
    info = msgspec.inspect.type_info(cls)
    declared = declarations(cls)
    names = {f.name for f in info.fields}
    missing = sorted(names - set(declared))
    extra = sorted(set(declared) - names)
    if missing or extra:
        raise TypeError(f"{cls.__name__} must declare every field's visibility: "
                        f"undeclared {missing}, unknown {extra}")
    plan = Plan([], [], [], [], False)
    for f in info.fields:
        vis = declared[f.name]
        if isinstance(vis, Public):
            copy_expr(f.type, "x", 0, {})  # fails early on a type it cannot copy
            plan.public.append(f.name)
        elif isinstance(vis, Owner):
            plan.owner.append((f.name, vis))
        elif isinstance(vis, Hidden):
            if vis.size:
                plan.sized.append((f.name, vis))
        elif vis is GENERATOR:
            plan.generator.append(f.name)
        elif isinstance(vis, Custom):
            plan.custom = True
        elif not isinstance(vis, Derived):
            raise TypeError(f"{cls.__name__}.{f.name}: unknown visibility {vis!r}")
    return plan


def make_sampler(cls: type, redraws: bool) -> Callable[[Any, Any, Rng], Any]:
    """A generated `sample(cls, obs, rng)` for `cls`: the public fields copied from `obs`,
    the seat's own owner-only entries, the generator; then the game's `redraw` on the field
    dict (`redraws`: the game has one), or the state built directly."""
    plan = plan_of(cls)
    types = {f.name: f.type for f in msgspec.inspect.type_info(cls).fields}
    helpers: dict[str, Any] = {}
    items = [(name, copy_expr(types[name], f"obs.{name}", 0, helpers))
             for name in plan.public]
    items.append(("decision", "obs.decision"))
    for k, (name, vis) in enumerate(plan.owner):
        helpers[f"_own{k}"] = vis
        items.append((name, f"_own{k}.blank(obs.num_players, obs.seat, obs.{vis.own})"))
    items += [(name, "rng") for name in plan.generator]
    if not redraws:
        body = "    return cls(" + ", ".join(f"{k}={v}" for k, v in items) + ")"
    else:
        body = ("    f = {" + ", ".join(f"{k!r}: {v}" for k, v in items) + "}\n"
                "    cls.redraw(f, obs, rng)\n    return cls(**f)")
    exec("def sample(cls, obs, rng):\n" + body, helpers)  # noqa: S102 - from the declarations
    return helpers["sample"]  # type: ignore[no-any-return]


def make_observer(cls: type) -> Callable[[Any, int], Any]:
    """A generated `observation(self, seat)` for `cls`, following its plan: one constructor
    call with the public copies, the seat's own entries, the sizes and the custom fields."""
    plan = plan_of(cls)
    types = {f.name: f.type for f in msgspec.inspect.type_info(cls).fields}
    helpers: dict[str, Any] = {"_OBS": cls.OBSERVATION}  # type: ignore[attr-defined]
    args = ["game=self.game_id", "seat=seat", "decision=self.decision", "phase=self.phase()",
            "current_player=cp", "legal_actions=self.legal_actions() if cp == seat else []"]
    for name in plan.public:
        args.append(f"{name}={copy_expr(types[name], f'self.{name}', 0, helpers)}")
    for k, (name, vis) in enumerate(plan.owner):
        helpers[f"_own{k}"] = vis
        x, st = f"self.{name}", vis.stride
        args.append(f"{vis.own}={x}[seat * {st}:(seat + 1) * {st}]" if st
                    else f"{vis.own}=_own{k}.entry({x}, seat)")
        if vis.sizes:
            agg = "sum" if vis.measure == "sum" else "len"
            args.append(f"{vis.sizes}=[{agg}({x}[i:i + {st}]) for i in range(0, n * {st}, {st})]"
                        if st else f"{vis.sizes}=[{agg}({x}[p]) for p in range(n)]")
    for name, vis in plan.sized:
        args.append(f"{vis.size}={'sum' if vis.measure == 'sum' else 'len'}(self.{name})")
    lines = ["def observation(self, seat):", "    cp = self.current_player()",
             "    n = self.num_players" if plan.owner else "    pass"]
    if plan.custom:
        lines += ["    kw = dict(" + ", ".join(args) + ")",
                  "    kw.update(self.observe_custom(seat))", "    return _OBS(**kw)"]
    else:
        lines.append("    return _OBS(" + ", ".join(args) + ")")
    exec("\n".join(lines), helpers)  # noqa: S102 - generated from the declarations
    return helpers["observation"]  # type: ignore[no-any-return]
