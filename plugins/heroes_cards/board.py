"""The board for clients (client/README.md): each capital as a grid with its domain under
it, the hands (the viewer's face up, the others' as backs, by the zones), the travel piles,
the battle line during a battle, the table, the week/day counter and the VP track."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones

from . import capital, scoring
from .catalog import CAPITAL, PLOTS, travel
from .text import RACE_COLOURS

State = dict[str, Any]
SEAT_COLOURS = ["#b91c1c", "#1d4ed8", "#15803d", "#a16207"]


def capital_grid(state: State, seat: int) -> dict[str, Any]:
    cells = []
    open_plots = set(capital.buildable(state, seat))
    for plot in PLOTS:
        row, column = capital.PLOT_AT[plot]
        if capital.built(state, seat, plot):
            level = capital.upgrades(state, seat, plot)
            fill = RACE_COLOURS.get(state["race"][seat], "#cccccc")
            label: Any = {"key": "plot_built", "name": capital.building_text(state, seat, plot), "level": level}
        else:
            fill = "#3f4a3a" if plot in open_plots else "#2a2a2a"
            label = {"key": "plot_empty", "name": capital.building_text(state, seat, plot)}
        cells.append(
            {
                "at": [column, row],
                "id": plot,
                "fill": fill,
                "label": label,
                "tip": capital.building_text(state, seat, plot),
                "highlight": state["fresh"][seat] == plot,
            }
        )
    return {
        "type": "grid",
        "columns": CAPITAL["columns"],
        "rows": CAPITAL["rows"],
        "frame": SEAT_COLOURS[seat],
        "cells": cells,
        "title": {"key": "capital_of", "seat": seat},
        "place": "main",
    }


def seat_lines(state: State, seat: int) -> list[Any]:
    lines: list[Any] = [
        {"key": "line_vp", "vp": scoring.total(state, seat)},
        {"key": "line_gold", "gold": capital.gold(state, seat), "creatures": capital.creatures_at_dawn(state, seat)},
        {
            "key": "line_tier",
            "centre": {"key": f"tier_{capital.tier(state, seat)}"},
            "heroes": capital.hero_limit(state, seat),
        },
        {"key": "line_luck", "luck": _luck(state, seat), "spy": state["spy"][seat]},
        {"key": "line_tower", "level": state["tower"][seat]},
    ]
    for machine in state["machines"][seat]:
        lines.append({"key": "line_machine", "machine": {"key": f"machine_{machine}"}})
    for hero_card in state["policies"][seat]:
        lines.append({"key": "line_policy", "hero": {"key": f"hero_{hero_card.split(':')[2]}"}})
    for war in state["wars"]:
        if seat == war["attacker"]:
            lines.append({"key": "line_war", "target_seat": war["defender"]})
    return lines


def _luck(state: State, seat: int) -> int:
    from .battle import kingdom_luck

    return kingdom_luck(state, seat)


def hand_elements(state: State, seat: int, viewer: int | None) -> list[dict[str, Any]]:
    mine = seat == viewer
    place = "bottom" if mine else "top"
    out = []
    for zone in ("creatures", "heroes", "chests", "travel"):
        element = {
            "type": "cards",
            "zone": f"{zone}:{seat}",
            "layout": "fan" if mine else "row",
            "title": {"key": f"zone_{zone}", "seat": seat},
            "place": place,
        }
        out.append(element)
    return out


def battle_elements(state: State) -> list[dict[str, Any]]:
    battle = state["battle"]
    if battle is None:
        return []
    out: list[dict[str, Any]] = []
    for side in battle["sides"]:
        if side["seat"] is None:
            if side["cards"] or zones.count(state, "army"):
                out.append(
                    {
                        "type": "cards",
                        "zone": "army",
                        "layout": "row",
                        "title": {"key": "zone_army", "total": side["total"]},
                    }
                )
            else:
                out.append(
                    {
                        "type": "cards",
                        "cards": [battle["card"]] if battle["card"] else [],
                        "layout": "row",
                        "title": {"key": "zone_strength", "total": side["total"]},
                    }
                )
        else:
            s = side["seat"]
            out.append(
                {
                    "type": "cards",
                    "zone": f"line:{s}",
                    "layout": "row",
                    "title": {"key": "zone_line", "seat": s, "total": side["total"]},
                }
            )
            out.append(
                {"type": "cards", "zone": f"strikes:{s}", "layout": "row", "title": {"key": "zone_strikes", "seat": s}}
            )
    return out


def board(state: State, viewer: int | None) -> dict[str, Any]:
    players = kernel.seats(state)
    elements: list[dict[str, Any]] = [
        {
            "type": "track",
            "length": max(30, *(scoring.total(state, s) + 1 for s in range(players))),
            "start": 0,
            "title": {"key": "vp_track"},
            "place": "top",
            "marks": [
                {"at": scoring.total(state, s), "fill": SEAT_COLOURS[s], "tip": {"key": "vp_of", "seat": s}}
                for s in range(players)
            ],
        },
    ]
    elements.extend(battle_elements(state))
    for seat in range(players):
        elements.append(capital_grid(state, seat))
        elements.append(
            {
                "type": "cards",
                "zone": f"domain:{seat}",
                "layout": "grid",
                "columns": 4,
                "title": {"key": "zone_domain", "seat": seat},
            }
        )
    piles = [
        {
            "type": "cards",
            "zone": f"pile:{p}",
            "layout": "pile",
            "id": p,
            "title": {"key": "zone_pile", "pile": p + 1, "back": _top_back(state, p)},
        }
        for p in range(3)
        if zones.count(state, f"pile:{p}")
    ]
    elements.extend(piles)
    elements.append({"type": "cards", "zone": "travel_deck", "layout": "pile", "title": {"key": "zone_travel_deck"}})
    elements.append({"type": "cards", "zone": "table", "layout": "row", "title": {"key": "zone_table"}})
    for seat in range(players):
        elements.extend(hand_elements(state, seat, viewer))
    panels = [
        {"title": {"key": "panel_seat", "seat": seat}, "lines": seat_lines(state, seat)} for seat in range(players)
    ]
    return {
        "kind": "heroes_cards",
        "background": "#1e2420",
        "status": status(state),
        "elements": elements,
        "panels": panels,
    }


def _top_back(state: State, pile: int) -> str:
    """The back of a pile's top card shows its size (public, digest 2)."""
    items = zones.items(state, f"pile:{pile}")
    return str(travel(items[-1])["back"]) if items else "—"


def status(state: State) -> dict[str, Any]:
    if kernel.is_over(state):
        return {"key": "status_over"}
    return {
        "key": "status_day" if kernel.phase(state) == "day" else "status_travel",
        "week": state["week"],
        "day": max(1, state["day"]),
        "seat": kernel.to_move(state),
        "watchman_seat": state["watchman"],
    }
