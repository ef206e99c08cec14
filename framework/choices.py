"""Open actions: an action with a part that a person fills in, checked by the kernel.

Some choices are too many to list: k cards of n, an amount, a point on a free field. A
game offers them through `Game.open_actions(state)` as actions with one or more *open*
values, made here::

    {"type": "discard", "cards": choices.choose(hand, 2)}
    {"type": "bid", "amount": choices.number(1, 10)}
    {"type": "move", "unit": "u1", "to": choices.point(snaps)}

A person (or a peer) sends the action filled in: ``{"type": "discard", "cards": ["c3",
"c7"]}``. The engine accepts it when it fills an open action exactly: the fixed fields
equal and of the same types, `count` distinct items of the offered ones (put in the offered
order), a whole number in the range, a point [x, y] of numbers that is one of the offered
snaps or that `Game.check_action` accepts. What it applies and records is the filled
action built from the template, never the received object.

Bots and playouts keep to `Game.legal_actions`, which lists concrete actions (a game
lists there the fills its bots should consider: the snap points, a few subsets).
"""

from __future__ import annotations

import math
from typing import Any

Action = dict[str, Any]

CHOOSE = "$choose"
NUMBER = "$number"
POINT = "$point"
OPEN_KEYS = (CHOOSE, NUMBER, POINT)


def choose(items: list[Any], count: int, at_least: int | None = None) -> dict[str, Any]:
    """`count` distinct items of `items` (or `at_least` to `count` of them)."""
    if not 0 <= count <= len(items):
        raise ValueError(f"cannot choose {count} of {len(items)} items")
    low = count if at_least is None else at_least
    if not 0 <= low <= count:
        raise ValueError(f"at_least {low} must lie between 0 and {count}")
    return {CHOOSE: list(items), "count": count, "at_least": low}


def number(low: int, high: int) -> dict[str, Any]:
    """A whole number from `low` to `high`, both included."""
    if low > high:
        raise ValueError(f"an empty range {low}..{high}")
    return {NUMBER: [low, high]}


def point(snaps: list[list[float]]) -> dict[str, Any]:
    """A point [x, y] on a free field; `snaps` are the points offered to snap to (a reachable
    grid, contact points, cover); any other point is checked by `Game.check_action`."""
    return {POINT: [list(p) for p in snaps]}


def is_open_value(value: Any) -> bool:
    return type(value) is dict and any(key in value for key in OPEN_KEYS)


def open_fields(action: Action) -> list[str]:
    """The fields of `action` that a person fills in."""
    return [key for key, value in action.items() if is_open_value(value)]


def _is_number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def fill(template: Action, received: Action) -> tuple[Action | None, str | None, bool]:
    """(the filled action, the reason it is refused, whether a point needs the game's check).

    The filled action is None when `received` does not fill `template`; the reason then
    says why when `received` is of the template's type and fields.
    """
    if received.get("type") != template["type"] or set(received) != set(template):
        return None, None, False
    filled: Action = {}
    needs_check = False
    for key, want in template.items():
        got = received[key]
        if not is_open_value(want):
            if got != want or type(got) is not type(want):
                return None, None, False
            filled[key] = want
            continue
        if CHOOSE in want:
            offered = want[CHOOSE]
            if type(got) is not list:
                return None, f"{key} is a list of chosen items", False
            picked = []
            for item in got:
                index = next((i for i, o in enumerate(offered) if o == item and type(o) is type(item)), None)
                if index is None:
                    return None, f"{item!r} is not among the items to choose from", False
                picked.append(index)
            if len(set(picked)) != len(picked):
                return None, f"{key} names an item twice", False
            if not want["at_least"] <= len(picked) <= want["count"]:
                wanted = (
                    str(want["count"])
                    if want["at_least"] == want["count"]
                    else f"{want['at_least']} to {want['count']}"
                )
                return None, f"choose {wanted} for {key}, not {len(picked)}", False
            filled[key] = [offered[i] for i in sorted(picked)]
        elif NUMBER in want:
            low, high = want[NUMBER]
            if type(got) is not int:
                return None, f"{key} is a whole number", False
            if not low <= got <= high:
                return None, f"{key} is from {low} to {high}, not {got}", False
            filled[key] = got
        else:
            if type(got) is not list or len(got) != 2 or not all(_is_number(v) for v in got):
                return None, f"{key} is a point [x, y] of two numbers", False
            spot = [float(got[0]), float(got[1])]
            filled[key] = spot
            if spot not in ([float(x), float(y)] for x, y in want[POINT]):
                needs_check = True
    return filled, None, needs_check
