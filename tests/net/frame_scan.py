"""A byte scan of what a LAN seat was sent: no frame may name an item that lay, at that
ply, in another seat's secret zones without the seat's view showing or knowing it."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel
from boardwright.net.delta import unpack_delta


def hidden_from(engine: Any, state: dict[str, Any], seat: int, zone_names: tuple[str, ...]) -> set[str]:
    """The items in the other seats' zones `<name>:<seat>` that `seat`'s view neither shows nor knows."""
    view = engine.view(state, seat)["zones"]
    hidden: set[str] = set()
    for owner in range(kernel.seats(state)):
        if owner == seat:
            continue
        for name in zone_names:
            zone_id = f"{name}:{owner}"
            known = {item for _index, item in view[zone_id].get("known", [])} | set(view[zone_id].get("items", []))
            hidden.update(item for item in state["zones"][zone_id]["items"] if item not in known)
    return hidden


def names(frame: Any) -> set[str]:
    """Every string a frame holds, keys and values, at any depth (inside a delta's bytes too)."""
    if isinstance(frame, bytes):
        return names(unpack_delta(frame))
    if isinstance(frame, dict):
        return {n for key, value in frame.items() for n in names(key) | names(value)}
    if isinstance(frame, list | tuple):
        return {n for value in frame for n in names(value)}
    return {frame} if isinstance(frame, str) else set()


def assert_frames_hide_secrets(
    engine: Any,
    options: dict[str, Any],
    seed: int,
    match: Any,
    frames: dict[int, list[dict[str, Any]]],
    zone_names: tuple[str, ...],
) -> None:
    """Replay the host's record and check every update each of the two seats received."""
    state = engine.new_game(2, options, seed)
    hidden = {seat: {-1: hidden_from(engine, state, seat, zone_names)} for seat in (0, 1)}
    for ply, action in enumerate(match.record.actions):
        engine.apply_unchecked(state, action)
        for seat in (0, 1):
            hidden[seat][ply] = hidden_from(engine, state, seat, zone_names)
    assert kernel.state_hash(state) == kernel.state_hash(match.state)
    checked = 0
    shown_own = 0
    for seat in (0, 1):
        assert frames[seat], f"seat {seat} received no frame"
        for frame in frames[seat]:
            if frame.get("t") != "update":
                continue
            ply = frame["ply"] - 1
            leaked = names(frame) & hidden[seat][ply]
            assert not leaked, f"seat {seat} was sent {sorted(leaked)} at ply {frame['ply']}"
            # the same frame names cards of this seat's own hand that the other may not see
            shown_own += bool(names(frame) & hidden[1 - seat][ply])
            checked += 1
    assert checked >= len(match.record.actions)
    assert shown_own, "no frame named a card of the seat's own hidden hand: the check would be empty"
