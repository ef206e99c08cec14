"""zones.move's cheap path for the common moves gives exactly what its general rule gives."""

from __future__ import annotations

import random
from typing import Any

from boardwright.framework import kernel, zones


def _reference_move(state: dict[str, Any], source: str, target: str, item: Any, observed: bool) -> None:
    """zones.move's general rule, seat by seat, for moves without `show`."""
    src = state["zones"][source]
    dst = state["zones"][target]
    src["items"].remove(item)
    dst["items"].append(item)
    if src["vis"] == zones.PUBLIC and dst["vis"] == zones.PUBLIC:
        return
    for seat in [*range(kernel.seats(state)), None]:
        sees_source = zones.can_see(src, seat)
        knew = sees_source or item in src["known"].get(zones._key(seat), ())
        zones._forget(src, seat, item)
        sees_target = zones.can_see(dst, seat)
        if knew and (observed or sees_source):
            zones._learn(dst, seat, item)
        elif not sees_target and not sees_source and not observed:
            src["known"].pop(zones._key(seat), None)


def _random_state(rng: random.Random) -> dict[str, Any]:
    seats = rng.choice((2, 3, 4))
    state: dict[str, Any] = {"k": kernel.new_kernel_state(seats, 1, None)}
    items = list(range(30))
    rng.shuffle(items)
    for index, vis in enumerate((zones.PUBLIC, zones.OWNER, zones.OWNER, zones.HIDDEN, zones.HIDDEN)):
        owner = rng.randrange(seats) if vis == zones.OWNER else None
        shared = [rng.randrange(seats)] if vis == zones.OWNER and rng.random() < 0.5 else None
        zone = zones.add_zone(state, f"z{index}", vis, owner, [items.pop() for _ in range(5)], shared)
        for seat in [*range(seats), None]:
            if not zones.can_see(zone, seat) and rng.random() < 0.6:
                zone["known"][zones._key(seat)] = rng.sample(zone["items"], rng.randrange(1, 4))
    return state


def test_the_cheap_path_gives_what_the_general_rule_gives():
    rng = random.Random(4)
    for _ in range(3000):
        state = _random_state(rng)
        source, target = rng.sample(sorted(state["zones"]), 2)
        item = rng.choice(state["zones"][source]["items"])
        observed = rng.random() < 0.5
        expected = kernel.clone(state)
        _reference_move(expected, source, target, item, observed)
        zones.move(state, source, target, item, observed=observed)
        # the same data, and the same key order (state hashes depend on it)
        assert kernel.pack(state) == kernel.pack(expected), (source, target, item, observed)
