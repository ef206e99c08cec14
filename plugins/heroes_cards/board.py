"""The board for clients (client/README.md), laid out as a seat at the table sees it: the
week/day and VP tracks on top with the other seats' hands as backs; the battle line during a
battle; the capitals side by side, each a 3×4 grid with its domain under it in rows of four;
the travel deck or piles and the objects on the table; the viewer's hand fanned at the bottom.
Hands are bound to the kernel's zones, so the client hides what the viewer may not see."""

from __future__ import annotations

from functools import cache
from typing import Any

from boardwright.framework import decided, kernel, zones

from . import capital, scoring
from .catalog import CAPITAL, CONFIG, PLOTS, travel
from .text import KIND_COLOURS, MESSAGES, RACE_COLOURS, name_of, size_text, sizes_text
from .week import day_of_week

State = dict[str, Any]
SEAT_COLOURS = ["#b91c1c", "#1d4ed8", "#15803d", "#a16207"]
# card backs differ by kind (digest 2), so a rival's hand shows how many of each kind it holds
BACKS = {"creatures": "#6b3a2a", "heroes": "#3a4f7a", "chests": "#8a6a1a", "travel": "#2f5a3a", "school": "#4b3a6b"}
# a plot's width in board units (its height is 100): a building's name in two lines at the
# small font, even with a full hand below the capitals at 1280x800
CELL_WIDTH = 215.0
CELL_WIDTH_MANY = 265.0  # with three or four capitals (two lines of two) the table is taller: wider plots read
CELL_LABEL_WIDTH = CELL_WIDTH * 0.82  # the room for a label on a plot
CHAR_EM = 0.62  # the mean width of a bold letter against the font size
CAPITALS_A_LINE = 2  # capitals side by side; a third and fourth player's in a line below
DOMAIN_ROW = 4  # digest 7.6: domain cards lie under the capital in rows of four


def capital_grid(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    """`seat`'s capital. Its plots' ids are `capital.plot_id` (events name them), and in the
    viewer's own capital the plain plot names the build actions hold, so a click there builds
    and a click on a rival's capital never does."""
    cells = []
    open_plots = set(capital.buildable(state, seat))
    for plot in PLOTS:
        row, column = capital.PLOT_AT[plot]
        name = capital.building_text(state, seat, plot)
        label: dict[str, Any] = {"key": "cell_" + name["key"].removeprefix("building_")}
        fill = "#4b5a3c" if plot in open_plots else "#343434"
        extra = 0
        if capital.built(state, seat, plot):
            fill = RACE_COLOURS.get(state["race"][seat], "#cccccc")
            level = capital.upgrades(state, seat, plot)
            if level:
                label, extra = {"key": "cell_upgraded", "name": label, "level": level}, 3
        cells.append(
            {
                "at": [column, row],
                "id": plot if seat == viewer else capital.plot_id(seat, plot),
                **({"also": [capital.plot_id(seat, plot)]} if seat == viewer else {}),
                "fill": fill,
                "label": label,
                "label_size": cell_label_size(name["key"].replace("building_", "cell_", 1), extra),
                "tip": name,
                "highlight": state["fresh"][seat] == plot,
            }
        )
    return {
        "type": "grid",
        "columns": CAPITAL["columns"],
        "rows": CAPITAL["rows"],
        "frame": SEAT_COLOURS[seat],
        "cell": [CELL_WIDTH if kernel.seats(state) <= 2 else CELL_WIDTH_MANY, 100],
        "cells": cells,
        "title": {"key": "capital_title", "seat": seat, "vp": scoring.total(state, seat)},
    }


@cache
def cell_label_size(key: str, extra: int = 0) -> float:
    """A building's name on its plot, on one or two lines: as large as the longest line fits
    (in either language), since the client sizes a label by its whole length."""
    lines = [line for lang in ("en", "ru") for line in MESSAGES[lang][key].split("\n")]
    two = any("\n" in MESSAGES[lang][key] for lang in ("en", "ru"))
    longest = max(len(line) for line in lines) + extra
    return round(min(CELL_LABEL_WIDTH / (CHAR_EM * longest), 24.0 if two else 34.0), 1)


def domain_grid(state: State, seat: int) -> dict[str, Any]:
    """The domain under the capital, four to a row; a captured card leaves its place empty,
    a garrison is outlined with the cards it covers."""
    guarded = {card for covered in state["covers"].values() for card in covered} | set(state["covers"])
    slots = state["domain"][seat]
    cells = []
    for index, card in enumerate(slots):
        row, column = divmod(index, DOMAIN_ROW)
        cell: dict[str, Any] = {"at": [column, row]}
        if card is None:
            cell["fill"] = "#262626"
        else:
            cell.update(
                id=card,
                fill=KIND_COLOURS[travel(card)["kind"]],
                label=name_of(card),
                tip={"key": "domain_tip", "card": name_of(card), "effect": {"key": f"effect_{travel(card)['kind']}"}},
            )
            if card in guarded:
                cell.update(stroke="#f97316", width=4)
        cells.append(cell)
    return {
        "type": "grid",
        "columns": DOMAIN_ROW,
        "rows": -(-len(slots) // DOMAIN_ROW),
        "cells": cells,
        "title": {"key": "domain_title", "count": len(capital.domain_cards(state, seat))},
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
        {"key": "line_chests", "chests": zones.count(state, f"chests:{seat}")},
        {"key": "line_travel_backs", "sizes": sizes_text(travel_backs(state, seat))},
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


def own_hand(state: State, seat: int) -> list[dict[str, Any]]:
    """The viewer's hand at the bottom: creatures, heroes and travel cards fanned, chests and
    the school tablet as piles."""
    out: list[dict[str, Any]] = []
    for zone in ("creatures", "heroes", "travel"):
        if zone == "creatures" or zones.count(state, f"{zone}:{seat}"):
            out.append(
                {
                    "type": "cards",
                    "zone": f"{zone}:{seat}",
                    "layout": "fan",
                    "title": {"key": f"hand_{zone}"},
                    "back": BACKS[zone],
                    "place": "bottom",
                    "row": "hand",
                }
            )
    for zone in ("chests", "school"):
        if zones.count(state, f"{zone}:{seat}"):
            out.append(
                {
                    "type": "cards",
                    "zone": f"{zone}:{seat}",
                    "layout": "pile",
                    "title": {"key": f"hand_{zone}"},
                    "back": BACKS[zone],
                    "place": "bottom",
                    "row": "hand",
                }
            )
    return out


def rival_hand(state: State, seat: int) -> list[dict[str, Any]]:
    """Another seat's hand as backs, one pile per kind (the count of each kind is public); its
    chests, public anyway, are counted in its panel, so three rivals fit one strip."""
    out = []
    for zone in ("creatures", "heroes", "travel"):
        title = {"key": f"rival_{zone}", "seat": seat}
        pile = {
            "type": "cards",
            "zone": f"{zone}:{seat}",
            "layout": "pile",
            "title": title,
            "back": BACKS[zone],
            "place": "top",
        }
        if zone == "travel" and zones.count(state, f"travel:{seat}"):
            pile["back_label"] = sizes_text(travel_backs(state, seat))  # the sizes on the backs
        out.append(pile)
    return out


def travel_backs(state: State, seat: int) -> list[str]:
    """The size marks on the backs of a seat's travel cards (public, digest 2)."""
    return [str(travel(card)["back"]) for card in zones.items(state, f"travel:{seat}")]


def battle_elements(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """The two armies as card rows with their totals, the viewer's side nearer the bottom."""
    battle = state["battle"]
    if battle is None:
        return []
    sides = list(enumerate(battle["sides"]))
    if viewer is not None and battle["sides"][1]["seat"] == viewer:
        sides.reverse()
    else:
        sides = [sides[1], sides[0]]
    out: list[dict[str, Any]] = []
    for index, side in sides:
        row = f"battle_{index}"
        if side["seat"] is None:
            neutral = bool(side["cards"]) or zones.count(state, "army") > 0
            element: dict[str, Any] = {
                "type": "cards",
                "layout": "row",
                "title": {"key": "battle_army" if neutral else "battle_strength", "total": side["total"]},
                "row": row,
            }
            if neutral:
                element["zone"] = "army"
            else:
                element["cards"] = [battle["card"]] if battle["card"] else []
            out.append(element)
            continue
        seat = side["seat"]
        if zones.count(state, f"strikes:{seat}"):
            out.append(
                {
                    "type": "cards",
                    "zone": f"strikes:{seat}",
                    "layout": "row",
                    "title": {"key": "battle_strikes"},
                    "row": row,
                }
            )
        out.append(
            {
                "type": "cards",
                "zone": f"line:{seat}",
                "layout": "row",
                "title": {"key": "battle_line", "seat": seat, "total": side["total"]},
                "row": row,
            }
        )
    return out


def battle_panel(state: State) -> list[dict[str, Any]]:
    battle = state["battle"]
    if battle is None:
        return []
    panels = []
    for side in battle["sides"]:
        who: Any = (
            {"key": "battle_side_neutral"} if side["seat"] is None else {"key": "battle_side", "seat": side["seat"]}
        )
        lines: list[Any] = [{"key": f"ledger_{what.split('_')[0]}", "value": value} for what, value in side["ledger"]]
        lines.append({"key": "ledger_total", "total": side["total"]})
        panels.append({"title": who, "lines": lines})
    return panels


def table_strip(state: State) -> list[dict[str, Any]]:
    """The travel deck (or the piles of the travel phase), its discard and the objects on the
    table, in one row across the middle of the table."""
    out: list[dict[str, Any]] = []
    piles = [p for p in range(CONFIG["max_piles"]) if zones.count(state, f"pile:{p}")]
    for p in piles:
        out.append(
            {
                "type": "cards",
                "zone": f"pile:{p}",
                "layout": "pile",
                "id": p,
                "back": BACKS["travel"],
                "title": {"key": "zone_pile", "pile": p + 1, "back": _top_back(state, p)},
                "place": "top",
            }
        )
    if not piles:
        out.append(
            {
                "type": "cards",
                "zone": "travel_deck",
                "layout": "pile",
                "id": -1,
                "back": BACKS["travel"],
                "title": {"key": "zone_travel_deck"},
                "place": "top",
            }
        )
    out.append(
        {
            "type": "cards",
            "zone": "travel_discard",
            "layout": "pile",
            "title": {"key": "zone_travel_discard"},
            "place": "top",
            "select": False,
        }
    )
    out.append({"type": "cards", "zone": "table", "layout": "row", "title": {"key": "zone_table"}, "place": "top"})
    return out


def tracks(state: State) -> list[dict[str, Any]]:
    """The day of the week and the victory points, as side panels beside the table: two
    tracks side by side above it made the board wide and its cards small."""
    players = kernel.seats(state)
    vps = [scoring.total(state, s) for s in range(players)]
    days = int(CONFIG["days_per_week"])
    day = day_of_week(state)
    end = decided.end(state)
    won = end[1] if end else []  # the last week over: the winners' VP decided the game
    return [
        {
            "title": {
                "key": "day_track" if day else "day_track_travel",
                "week": state["week"],
                "weeks": state["weeks"],
                "day": day,
            },
            "track": {
                "length": days,
                "start": 1,
                "marks": [{"at": max(1, day), "fill": "#facc15" if day else "#6b7280", "tip": {"key": "day_mark"}}],
            },
        },
        {
            "title": {"key": "vp_track"},
            "track": {
                "length": max(20, max(vps) + 4),
                "start": 0,
                "marks": [
                    {"at": vps[s], "fill": SEAT_COLOURS[s], "seat": s, "tip": {"key": "vp_of", "seat": s, "vp": vps[s]}}
                    | ({"decided": True} if s in won else {})
                    for s in range(players)
                ],
            },
        },
    ]


def board(state: State, viewer: int | None) -> dict[str, Any]:
    return boards(state, [viewer])[0]


def boards(state: State, viewers: list[int | None]) -> list[dict[str, Any]]:
    """Each viewer's board. What every viewer sees alike (a rival's hand as
    backs, the domains, the table, the panels, the status) is built once and the same
    objects go in every board (boards are read-only); the battle, the capitals and the
    viewer's own hand are built for each viewer."""
    if not viewers:
        return []
    players = kernel.seats(state)
    rivals: dict[int, list[dict[str, Any]]] = {}
    capitals: dict[tuple[int, bool, int], dict[str, Any]] = {}  # as its owner sees it or anyone else, by line
    domains: dict[tuple[int, int], dict[str, Any]] = {}
    strip = table_strip(state)
    panels = tracks(state) + battle_panel(state)
    panels += [
        {"title": {"key": "panel_seat", "seat": seat}, "lines": seat_lines(state, seat)} for seat in range(players)
    ]
    shown_status = status(state)
    made = []
    for viewer in viewers:
        elements: list[dict[str, Any]] = []
        for seat in range(players):
            if seat != viewer:
                if seat not in rivals:
                    rivals[seat] = rival_hand(state, seat)
                elements.extend(rivals[seat])
        elements.extend(battle_elements(state, viewer))
        order = list(range(players)) if viewer is None else [(viewer + n) % players for n in range(players)]
        # two capitals to a line, each line's domains under it: four in one line were too small to read
        for line in range(0, players, CAPITALS_A_LINE):
            seats = order[line : line + CAPITALS_A_LINE]
            for seat in seats:
                if (seat, seat == viewer, line) not in capitals:
                    capitals[seat, seat == viewer, line] = {
                        **capital_grid(state, seat, viewer),
                        "row": f"capitals{line}",
                    }
                elements.append(capitals[seat, seat == viewer, line])
            for seat in seats:
                if (seat, line) not in domains:
                    domains[seat, line] = {**domain_grid(state, seat), "row": f"domains{line}"}
                elements.append(domains[seat, line])
        elements.extend(strip)
        if viewer is not None:
            elements.extend(own_hand(state, viewer))
        made.append(
            {
                "kind": "heroes_cards",
                "background": "#1e2420",
                "status": shown_status,
                "elements": elements,
                "panels": panels,
            }
        )
    return made


def _top_back(state: State, pile: int) -> dict[str, Any]:
    """The back of a pile's top card shows its size (public, digest 2)."""
    items = zones.items(state, f"pile:{pile}")
    return size_text(str(travel(items[-1])["back"])) if items else {"key": "sizes_none"}


def status(state: State) -> dict[str, Any]:
    if kernel.is_over(state):
        return {"key": "status_over"}
    return {
        "key": "status_day" if kernel.phase(state) == "day" else "status_travel",
        "week": state["week"],
        "day": max(1, day_of_week(state)),
        "seat": kernel.to_move(state),
        "watchman_seat": state["watchman"],
    }
