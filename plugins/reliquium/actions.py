"""Builders for Reliquium's action dicts, for scripts, bots and tests.

Each returns exactly the dict that `legal_actions` offers for that choice, so a script
can write `engine.apply(state, march("wasteland", "saxum_ridges", "WD"))`. Units are
given as a string of class letters: "WDM" is a warrior, a defender and a mage.
"""

from __future__ import annotations

from typing import Any

Action = dict[str, Any]


def march(origin: str, target: str, units: str, via: str | None = None) -> Action:
    """March `units` from region `origin` to `target` (`via`: the middle region of a Single march)."""
    action: Action = {
        "type": "march",
        "from": origin,
        "to": target,
        "units": [units.count("W"), units.count("D"), units.count("M")],
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
