"""The supply phase (digest 8.1) and the rest phase (8.2).

Supply: castle VP (the first side first), the victory check, then hiring: the first
side completes all its hires, then the other [D-4]; hiring is a must while the army is
below its limit and a unit card is in hand. With four players the team chooses who hires
(a player may let the team-mate hire), and the two players' unit counts stay within one.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones
from boardwright.framework.moves import Move, Part

from . import cards, creatures, units
from .catalog import BOARD, CONFIG, UNITS, army_limit
from .text import hex_text, name, unit_type_of
from .war_track import first_seat, first_side, from_first_player, gain, other_side, seats_of

State = dict[str, Any]
Action = dict[str, Any]


def scores(state: State) -> list[float]:
    """Each seat's side's VP."""
    return [float(state["vp"][kernel.side_of(state, seat)]) for seat in range(kernel.seats(state))]


def begin_supply(state: State, log: Any) -> None:
    """Castle VP, then the game ends if a side reached the target (digest 9.1)."""
    state["leader"] = first_seat(state)  # fixed at the start of the phase (digest 4)
    first = first_side(state)
    for side in (first, other_side(first)):
        held = sum(1 for owner in state["castles"].values() if owner == side)
        gain(state, side, held * CONFIG["vp_castle"], log, "castles")
    vp = state["vp"]
    if max(vp) >= state["rules"]["target_vp"]:
        winners = [] if vp[0] == vp[1] else seats_of(state, 0 if vp[0] > vp[1] else 1)
        log.emit("game_over", score_a=vp[0], score_b=vp[1])
        kernel.finish(state, winners=winners, reason="target reached", scores=scores(state))
        return
    kernel.end_phase(state)


# --- hiring


def hire_order(state: State) -> list[int]:
    """The supply phase's first side hires first."""
    first = kernel.side_of(state, state["leader"])
    return seats_of(state, first) + seats_of(state, other_side(first))


def begin_hiring(state: State, log: Any) -> None:
    state["hire_deferred"] = False


def hirers(state: State, side: int) -> list[int]:
    """Seats of `side` that may hire now (four players: the counts stay within one)."""
    owned = dict.fromkeys(seats_of(state, side), 0)
    for unit in state["units"].values():
        if unit["side"] == side:
            owned[unit["owner"]] += 1
    if sum(owned.values()) >= army_limit(state["vp"][side]):
        return []
    out = []
    for seat, count in owned.items():
        if not zones.count(state, cards.hand_zone(seat)):
            continue
        if all(abs(count + 1 - other) <= 1 for mate, other in owned.items() if mate != seat):
            out.append(seat)
    return out


def cannot_hire(state: State, seat: int) -> bool:
    return seat not in hirers(state, kernel.side_of(state, seat))


def hire_hexes(state: State, seat: int) -> list[str]:
    """A free own castle, else a free edge hex of a starting land, else any free edge hex
    [D-12]; scenario "Protorp": next to the protorp in a land with an own castle [D-30]."""
    side = kernel.side_of(state, seat)
    occupants = state["occupants"]
    if state["rules"]["hire_location"] == "protorp":
        out = protorp_hexes(state, side)
    else:
        out = [c for c, owner in state["castles"].items() if owner == side and c not in occupants]
        if not out:
            out = [h for h in BOARD.edge if h not in occupants and BOARD.land[h] in state["start_lands"][seat]]
    return out or [h for h in BOARD.edge if h not in occupants]


def protorp_hexes(state: State, side: int) -> list[str]:
    occupants = state["occupants"]
    out: list[str] = []
    from_centre = BOARD.distance[BOARD.protorp]
    for land in sorted({str(BOARD.land[c]) for c, owner in state["castles"].items() if owner == side}):
        free = [h for h in BOARD.land_hexes[land] if h not in occupants]
        if not free:
            continue
        ring = [h for h in free if h in BOARD.ring1]
        if ring:
            out.extend(ring)
        else:
            best = min(from_centre[h] for h in free)
            out.extend(h for h in free if from_centre[h] == best)
    return out


def hand(state: State, seat: int) -> list[str]:
    return sorted(zones.items(state, cards.hand_zone(seat)))


def cells(state: State, seat: int) -> list[str]:
    return BOARD.cells


def hires(state: State, seat: int) -> list[Action]:
    """Every card of the hand on every hex a unit may be hired on (what `why_not_hire` allows)."""
    hexes = hire_hexes(state, seat)
    return [{"type": "hire", "card": card, "hex": h} for card in hand(state, seat) for h in hexes]


def why_not_hire(state: State, seat: int, action: Action) -> str | None:
    if action["card"] not in zones.items(state, cards.hand_zone(seat)):
        return "no such unit card in hand"
    if action["hex"] not in hire_hexes(state, seat):
        return "a unit is hired on a free own castle, else a free edge hex (of a starting land)"
    return None


def why_not_defer(state: State, seat: int, action: Action) -> str | None:
    if state["hire_deferred"]:
        return "the team-mate let you hire: the hire cannot go back"
    if not any(other != seat for other in hirers(state, kernel.side_of(state, seat))):
        return "no team-mate may hire now"
    return None


def apply_defer(state: State, action: Action, log: Any) -> None:
    """Let the team-mate hire; it cannot hand the hire back."""
    seat = kernel.active(state)
    mate = next(m for m in hirers(state, kernel.side_of(state, seat)) if m != seat)
    state["hire_deferred"] = True
    log.emit("defer", seat=seat, other_seat=mate)
    kernel.set_active(state, mate)


def apply_hire(state: State, action: Action, log: Any) -> None:
    """The card goes to the front line, its unit onto the hex, exhausted."""
    seat = kernel.active(state)
    state["hire_deferred"] = False
    card = action["card"]
    zones.items(state, cards.hand_zone(seat)).remove(card)
    unit_type = unit_type_of(card)
    unit_id = units.place(state, seat, unit_type, action["hex"], ready=False)
    side = kernel.side_of(state, seat)
    army = units.army(state, side)
    log.emit(
        "hire",
        seat=seat,
        unit=name(UNITS, unit_type),
        hex=hex_text(action["hex"]),
        army=army,
        at=[unit_id, action["hex"]],
    )

    creatures.gain_creatures(state, side, army, log)
    still = hirers(state, side)
    if still:
        kernel.set_active(state, still[0])  # the side goes on hiring until it is done


# --- the rest phase


def rest(state: State, log: Any) -> None:
    """Cards back to the rear line, shields off, hands drawn up, creatures refreshed."""
    for unit in state["units"].values():
        unit["ready"] = True
        unit["shields"] = 0
    state["general"] = [True] * len(state["general"])
    order = from_first_player(state)  # team-mates draw clockwise from the first player [D-24]
    for seat in order:
        cards.draw_units(state, seat, log)
    for seat in order:
        cards.draw_lands(state, seat, log)
    creatures.refresh_libraries(state)
    kernel.end_phase(state)


HIRE = Move(
    "hire",
    parts={"card": Part("source", values=hand, kind=str), "hex": Part("target", values=cells, kind=str)},
    refuse=why_not_hire,
    generate=hires,
    effect=apply_hire,
)
DEFER = Move("defer", refuse=why_not_defer, effect=apply_defer)
