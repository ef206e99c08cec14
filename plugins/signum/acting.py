"""What every move of Legends of Signum shares: the mark of who acted (and with which
creature) for the board, a point on the free field and the open actions that offer many, and
the rule of one activation at a time (§4.3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import choices, kernel

from .units import units

State = dict[str, Any]
Action = dict[str, Any]
Log = Any
Refuse = Callable[[State, int, Action], "str | None"]
NUMBER = (int, float)


def marked(effect: Callable[[State, int, Action, Log], None]) -> Callable[[State, Action, Log], None]:
    """A move's effect, after which the board marks who acted and with which creature; never
    the cards, which may be secret (those put back at the mulligan, a tactic set face down)."""

    def carried_out(state: State, action: Action, log: Log) -> None:
        seat = kernel.active(state)
        effect(state, seat, action, log)
        state["last"] = {"type": action["type"], "seat": seat, "unit": action.get("unit")}

    return carried_out


def point_problem(to: list[Any]) -> str | None:
    if len(to) != 2 or any(type(value) not in NUMBER for value in to):
        return "a point is two numbers: [x, y] in centimetres"
    return None


def points(offered: list[Action]) -> list[Action]:
    """The moves with a point among `offered`, as open actions: one per move with the same
    other fields, its point free, the offered points as its snaps."""
    found: list[Action] = []
    for action in offered:
        if "to" in action:
            template = {**action, "to": None}
            if template not in found:
                found.append(template)
    for template in found:
        template["to"] = choices.point([a["to"] for a in offered if {**a, "to": None} == template])
    return found


def current(state: State) -> str | None:
    current = state["turn"]["current"]
    return current if current is not None and current in units(state) else None


def between_activations(state: State, seat: int, action: Action) -> str | None:
    return "finish the current activation first" if current(state) is not None else None


def hand(state: State, seat: int) -> list[str]:
    return list(state["zones"][f"hand:{seat}"]["items"])
