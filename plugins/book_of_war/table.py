"""The table around the map: the war track, the cards of every seat as the zones show them
(hands of unit and land cards, the draft, a scout's look), the decks and piles, the
creatures a player may summon; and one side panel per seat.

Cards are `cards` elements bound to the kernel's zones (cards.py), so the client shows the
viewer's own cards face up and every other seat's as backs with their count; faces come
from faces.py. The viewer's cards lie below the map, everything else above it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from boardwright.framework import kernel, zones

from .cards import hand_zone, lands_zone, scout_zone, unit_deck
from .catalog import CONFIG, CREATURES, DRAWING, FACTIONS, UNITS, army_limit
from .setup import both_start_units
from .text import colour_name, land_name, name, unit_type_of
from .war_track import other_side, seats_of, winning_side

State = dict[str, Any]
Element = dict[str, Any]


def elements(
    state: State, seat: int | None, shared: dict[Any, list[Element]] | None = None
) -> tuple[list[Element], list[Element]]:
    """(the elements above the map, those below it) for the viewer `seat` (None: a spectator).
    What the elements above show is public (the piles' counts and backs), so
    boards drawn at once take them from `shared`, built for the first viewer: every board
    holds the same objects."""
    if shared is None:
        shared = {}
    top: list[Element] = []
    for other in _others(state, seat):
        top = top + _shared(shared, other, partial(_seat_piles, state, other))
    top = top + _shared(shared, "decks", lambda: _decks(state))
    bottom = [] if seat is None else _own_cards(state, seat)
    return top, bottom


def _shared(shared: dict[Any, list[Element]], key: Any, build: Callable[[], list[Element]]) -> list[Element]:
    found = shared.get(key)
    if found is None:
        found = shared[key] = build()
    return found


def _others(state: State, seat: int | None) -> list[int]:
    """Every other seat, clockwise from the viewer."""
    count = kernel.seats(state)
    start = 0 if seat is None else seat + 1
    return [(start + n) % count for n in range(count) if seat is None or (start + n) % count != seat]


def _count(state: State, zone: str) -> int:
    shown = state["zones"][zone]
    return len(shown["items"]) if "items" in shown else int(shown["count"])


def seat_colour(state: State, seat: int) -> str | None:
    """The army colour of `seat`'s side; None before the sides have chosen."""
    colour = state["colour"][kernel.side_of(state, seat)]
    return None if colour is None else str(CONFIG["colour_fill"][colour])


def side_fill(state: State, side: int | None) -> str:
    colours = state["colour"]
    if side is None or colours[side] is None:
        return str(DRAWING["neutral"])
    return str(CONFIG["colour_fill"][colours[side]])


# --- the war track


def war_track(state: State) -> Element:
    """Both war markers from 0 to the target; the one that lies on top is listed last."""
    vp, target, on_top = state["vp"], state["rules"]["target_vp"], state["on_top"]
    marks = []
    won = winning_side(state)
    for side in (other_side(on_top), on_top):
        key = "vp_tip_top" if side == on_top and vp[0] == vp[1] else "vp_tip"
        mark = {
            "at": min(vp[side], target),
            "fill": side_fill(state, side),
            "seat": seats_of(state, side)[0],  # its shape beside its colour, as in the seat list
            "tip": {"key": key, "seats": seats_of(state, side), "vp": vp[side]},
        }
        marks.append(mark | {"decided": True} if side == won else mark)
    title = {"key": "war_track", "score_a": vp[0], "score_b": vp[1], "target": target}
    # a side panel, beside the map: a track of a hundred boxes above it took a third of the board
    return {"title": title, "track": {"length": target + 1, "start": 0, "marks": marks}}


# --- cards


def _pile(zone: str, title: dict[str, Any] | None, back: str) -> Element:
    """A zone as a pile with its count. A pile is narrow: a title may run on over the pile
    beside it, whose blank title keeps its card level with the others."""
    return {"type": "cards", "zone": zone, "layout": "pile", "back": back, "place": "top", "title": title or " "}


def short_name(state: State, seat: int) -> dict[str, Any]:
    faction = state["faction"][seat]
    if faction is None:
        return {"key": "seat_default", "number": seat + 1}
    return {lang: FACTIONS[faction][f"short_{lang}"] for lang in ("en", "ru")}


def _seat_piles(state: State, seat: int) -> list[Element]:
    """Another seat's unit cards and land cards as two piles with their counts, and any
    cards it drafts or scouts while it does."""
    piles = [
        _pile(hand_zone(seat), {"key": "hand_of", "name": short_name(state, seat)}, _back(state, seat)),
        _pile(lands_zone(seat), None, DRAWING["land_back"]),
    ]
    for zone, key in _passing_zones(seat):
        if _count(state, zone):
            piles.append(_pile(zone, {"key": key}, DRAWING["land_back"]))
    return piles


def _back(state: State, seat: int) -> str:
    """Unit cards have backs of their army's colour."""
    return side_fill(state, kernel.side_of(state, seat))


def _passing_zones(seat: int) -> list[tuple[str, str]]:
    """Zones that hold land cards only for a moment: the draft, the kept card, a scout's look."""
    return [(f"draft:{seat}", "draft"), (f"kept:{seat}", "kept"), (scout_zone(seat), "scout_look")]


def _decks(state: State) -> list[Element]:
    """The unit deck of each side, the land deck, the discard pile and a running Planning's card."""
    piles = [
        _pile(unit_deck(side), None if side else {"key": "unit_decks"}, side_fill(state, side))
        for side in range(len(state["vp"]))
    ]
    piles.append(_pile("landdeck", {"key": "land_deck"}, DRAWING["land_back"]))
    piles.append(_pile("discard", None, DRAWING["land_back"]))
    if _count(state, "planned"):
        piles.append(_pile("planned", {"key": "planned"}, DRAWING["land_back"]))
    return piles


def _own_cards(state: State, seat: int) -> list[Element]:
    """The viewer's unit and land cards fanned out, what it drafts or scouts, and the
    creatures it may summon, below the map."""
    back = _back(state, seat)
    shown: list[Element] = []
    for zone, key in ((hand_zone(seat), "your_hand"), (lands_zone(seat), "your_lands")):
        if _count(state, zone):
            shown.append({"type": "cards", "zone": zone, "layout": "fan", "title": {"key": key}, "back": back})
    for zone, key in _passing_zones(seat):
        if _count(state, zone):
            shown.append({"type": "cards", "zone": zone, "layout": "row", "title": {"key": key}, "back": back})
    for element in shown:
        if element["zone"] != hand_zone(seat):
            # a land card chooses its land: the actions name the land, not the copy
            element["click_ids"] = {card: card[0] for card in zones.items(state, element["zone"])}
    ready = [creature for creature, slot in state["library"][seat].items() if slot == "in_hand"]
    if ready:
        shown.append({"type": "cards", "cards": ready, "layout": "row", "title": {"key": "creatures"}})
    shown += _starting_units(state, seat)
    for element in shown:
        element["place"] = "bottom"
    return shown


def _starting_units(state: State, seat: int) -> list[Element]:
    """While the seat chooses its starting unit (digest 3.2 step 6), its faction's units as
    cards to pick, each standing for its unit type in the actions, then the castle."""
    if kernel.phase(state) != "start_unit" or kernel.active(state) != seat or kernel.pending(state):
        return []
    colour = state["colour"][kernel.side_of(state, seat)]
    cards = [f"{colour}_{unit_type}" for unit_type in FACTIONS[state["faction"][seat]]["units"]]
    title = {"key": "starting_units_both" if both_start_units(state) else "starting_units"}
    return [
        {
            "type": "cards",
            "cards": cards,
            "layout": "row",
            "title": title,
            "click_ids": {c: unit_type_of(c) for c in cards},
            "offered": True,
        }
    ]


# --- panels


def panels(state: State) -> list[dict[str, Any]]:
    return [_seat_panel(state, seat) for seat in range(kernel.seats(state))] + [_lands_panel(state)]


def _seat_panel(state: State, seat: int) -> dict[str, Any]:
    """A player's VP and army, the cards on its rear and front lines, and its magic library."""
    side = kernel.side_of(state, seat)
    colour = state["colour"][side]
    title = (
        {"key": "seat_title", "seat": seat, "colour": colour_name(colour)}
        if colour
        else {"key": "seat_plain", "seat": seat}
    )
    own = sorted((uid, unit) for uid, unit in state["units"].items() if unit["owner"] == seat)
    general = [{"key": "general"}] if state["general"][side] else []
    rear = general + [name(UNITS, unit_type_of(uid)) for uid, unit in own if unit["ready"]]
    front = [name(UNITS, unit_type_of(uid)) for uid, unit in own if not unit["ready"]]
    front += [] if general else [{"key": "general"}]
    army = sum(1 for unit in state["units"].values() if unit["side"] == side)
    library = [
        {
            "key": "library_entry",
            "creature": name(CREATURES, c),
            "flag": CREATURES[c]["flag"],
            "slot": {"key": f"slot_{s}"},
        }
        for c, s in state["library"][seat].items()
    ]
    return {
        "title": title,
        "lines": [
            {"key": "line_vp", "vp": state["vp"][side], "army": army, "limit": army_limit(state["vp"][side])},
            {"key": "line_rear", "cards": rear or {"key": "nothing"}},
            {"key": "line_front", "cards": front or {"key": "nothing"}},
            {"key": "line_library", "creatures": library or {"key": "nothing"}},
        ],
    }


def _lands_panel(state: State) -> dict[str, Any]:
    """The discard pile in order: the land deck is rebuilt from it without shuffling."""
    lands = [land_name(card[0]) for card in state["zones"]["discard"]["items"]]
    return {"title": {"key": "lands_title"}, "lines": [{"key": "line_discard", "lands": lands or {"key": "nothing"}}]}
