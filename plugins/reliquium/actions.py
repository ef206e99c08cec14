"""Reliquium's action dicts: builders for scripts, bots and tests, readers of their fields for
the rules' reasons, and `refusing`, a move's predicate from such a rule.

Each builder returns exactly the dict that `legal_actions` offers for that choice, so a script
can write `engine.apply(state, march("wasteland", "saxum_ridges", "WD"))`. Units are given as
a string of class letters (the data's English letters): "WDM" is a warrior, a defender and a mage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]
# a rule over the faction that makes the move: the reason it refuses an action, or None
Why = Callable[[State, int, Action], "str | None"]


def march(origin: str, target: str, units: str, via: str | None = None) -> Action:
    """March `units` from region `origin` to `target` (`via`: the middle region of a Single march)."""
    action: Action = {
        "type": "march",
        "from": origin,
        "to": target,
        "units": [units.count(letter) for letter in WORLD.class_letters["en"]],
    }
    if via:
        action["via"] = via
    return action


def melee(origin: str, target: str, value: int = 1) -> Action:
    """Place a melee order token of `value` on the border from `origin` towards `target`."""
    return {"type": "melee", "from": origin, "to": target, "value": value}


def ranged(origin: str, target: str, value: int = 1) -> Action:
    """Place a ranged order token of `value` on the border from `origin` towards `target`."""
    return {"type": "ranged", "from": origin, "to": target, "value": value}


def summon(creature: str, junction: str) -> Action:
    """Summon `creature` onto the map node `junction` (e.g. "J30")."""
    return {"type": "summon", "creature": creature, "junction": junction}


# --- reading fields, for the reasons an action is refused ---


class Refusal(Exception):
    """An action names something that does not exist; the message says what."""


def region_of(action: Action, key: str) -> int:
    name = action.get(key)
    region = WORLD.region_index.get(name) if type(name) is str else None
    if region is None:
        raise Refusal(f"{key}: there is no region {name!r}")
    return region


def unit_class_of(action: Action, key: str = "unit") -> int:
    name = action.get(key)
    unit_class = WORLD.class_index.get(name) if type(name) is str else None
    if unit_class is None:
        raise Refusal(f"{key}: there is no unit class {name!r} (classes: {', '.join(WORLD.classes)})")
    return unit_class


def counts_of(action: Action, key: str = "units") -> list[int]:
    counts = action.get(key)
    if type(counts) is not list or len(counts) != len(WORLD.classes) or any(type(n) is not int for n in counts):
        raise Refusal(f"{key}: a whole number of units for each class ({', '.join(WORLD.classes)})")
    return counts


def refusing(why: Why) -> Callable[[State, int, Action], str | None]:
    """A move's predicate from a rule over the acting faction; a field naming nothing that
    exists is refused with the `Refusal`'s words."""

    def refuse(state: State, by: int, action: Action) -> str | None:
        try:
            return why(state, state["faction_of"][by], action)
        except Refusal as refusal:
            return str(refusal)

    return refuse
