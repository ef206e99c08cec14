"""The board description for clients (client/README.md): hexes, castles, units, panels.

Everything here reads a view, so a seat is only ever shown what it may know.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .catalog import BOARD, CONFIG, CREATURES, FACTIONS, UNITS, army_limit

State = dict[str, Any]

HEX_SIZE = 58
ORIGIN = (470, 450)
TERRAIN_FILL = {
    "plain": "#d8c98a",
    "mountain": "#9c8f84",
    "forest": "#4f7d3a",
    "water": "#5f95c8",
    "protorp": "#15121a",
}
LAND_STROKE = {"N": "#e8e8f0", "E": "#f0c040", "S": "#e07030", "W": "#70c070"}
NEUTRAL = "#b0b0b0"


def _xy(board: Any, hex_id: str) -> list[float]:
    x, y = board.pixel(hex_id, HEX_SIZE)
    return [round(ORIGIN[0] + x, 1), round(ORIGIN[1] + y, 1)]


def describe(game: Any, state: State, seat: int | None) -> dict[str, Any]:
    view = game.view(state, seat)
    colours = view["colour"]
    fills = CONFIG["colour_fill"]

    def side_fill(side: int | None) -> str:
        if side is None or colours[side] is None:
            return NEUTRAL
        return str(fills[colours[side]])

    items: list[dict[str, Any]] = []
    for h in BOARD.ids:
        terrain = BOARD.terrain[h]
        land = BOARD.land[h]
        items.append(
            {
                "shape": "hex",
                "id": h,
                "center": _xy(BOARD, h),
                "radius": HEX_SIZE - 2,
                "fill": TERRAIN_FILL[terrain],
                "stroke": LAND_STROKE.get(land or "", "#000000"),
                "width": 3,
                "layer": "board",
                "tip": f"{h}: {terrain}" + (f", {CONFIG['land_names_en'][land]}" if land else ""),
            }
        )
        x, y = _xy(BOARD, h)
        items.append(
            {"shape": "text", "at": [x, round(y + HEX_SIZE * 0.62, 1)], "text": h, "size": 13, "layer": "board"}
        )
    for castle, owner in view["castles"].items():
        x, y = _xy(BOARD, castle)
        controllable = game._controllable(view, castle)
        items.append(
            {
                "shape": "rect",
                "id": castle,
                "rect": [x - 14, y - HEX_SIZE + 6, 28, 16],
                "fill": side_fill(owner) if controllable else "#55555580",
                "stroke": "#000000",
                "layer": "marker",
                "tip": {"en": f"castle {castle} ({BOARD.castle_kind[castle]})", "ru": f"замок {castle}"},
            }
        )
    for uid, unit in sorted(view["units"].items()):
        info = UNITS[unit["type"]]
        marks = ("★" if unit["up"] else "") + ("✚" * unit["wounds"]) + ("⛨" * unit["shields"])
        fill = side_fill(unit["side"]) + ("" if unit["ready"] else "80")
        items.append(
            {
                "shape": "circle",
                "id": uid,
                "center": _xy(BOARD, unit["hex"]),
                "radius": HEX_SIZE * 0.6,
                "fill": fill,
                "stroke": "#ffffff" if unit["up"] else "#202020",
                "width": 3 if unit["up"] else 1,
                "layer": "piece",
                "label": info["name_en"][:4] + marks,
                "label_colour": "#ffffff",
                "tip": {
                    "en": f"{info['name_en']} ({info['class']}), wounds {unit['wounds']}, shields {unit['shields']}"
                    + (", upgraded" if unit["up"] else "")
                    + ("" if unit["ready"] else ", exhausted"),
                    "ru": f"{info['name_ru']}, ранения {unit['wounds']}, защита {unit['shields']}"
                    + (", улучшен" if unit["up"] else "")
                    + ("" if unit["ready"] else ", устал"),
                },
            }
        )
    vp = view["vp"]
    items.append({"shape": "text", "at": [120, 40], "text": f"VP {vp[0]} : {vp[1]}", "size": 24})

    panels: list[dict[str, Any]] = []
    track_marks = [
        {"at": min(vp[side], 100), "label": str(vp[side]), "fill": side_fill(side)}
        for side in ((1 - view["on_top"], view["on_top"]))
    ]
    panels.append({"title": {"en": "War track", "ru": "Шкала войны"}, "track": {"length": 101, "marks": track_marks}})
    n = kernel.seats(view)
    zones = view["zones"]
    for s in range(n):
        side = view["side_of"][s]
        faction = view["faction"][s]
        title = FACTIONS[faction]["name_en"] if faction else f"Player {s + 1}"
        rear = [u for u, d in sorted(view["units"].items()) if d["owner"] == s and d["ready"]]
        front = [u for u, d in sorted(view["units"].items()) if d["owner"] == s and not d["ready"]]
        lines = [
            f"VP {vp[side]}  army {sum(1 for d in view['units'].values() if d['side'] == side)}/{army_limit(vp[side])}",
            "Rear: "
            + ", ".join(
                (["General"] if view["general"][side] else [])
                + [UNITS[view["units"][u]["type"]]["name_en"] for u in rear]
            ),
            "Front: "
            + ", ".join(
                [UNITS[view["units"][u]["type"]]["name_en"] for u in front]
                + ([] if view["general"][side] else ["General"])
            ),
            "Library: "
            + ", ".join(
                f"{CREATURES[c]['name_en']} ({CREATURES[c]['flag']}): {slot}" for c, slot in view["library"][s].items()
            ),
        ]
        cards: list[dict[str, Any]] = []
        hand = zones[f"hand:{s}"]
        lands = zones[f"lands:{s}"]
        if "items" in hand:
            cards.extend(
                {"id": c, "label": UNITS[c.split("_", 1)[1]]["name_en"], "fill": side_fill(side)} for c in hand["items"]
            )
        else:
            lines.append(f"Unit cards in hand: {hand['count']}")
        if "items" in lands:
            cards.extend(
                {"id": c[0], "label": CONFIG["land_names_en"][c[0]], "fill": LAND_STROKE[c[0]]} for c in lands["items"]
            )
        else:
            known = sorted(c[0] for c in lands["revealed"] + lands.get("known", []))
            lines.append(f"Land cards in hand: {lands['count']}" + (f" (known: {', '.join(known)})" if known else ""))
        cards.extend(
            {"id": c, "label": CREATURES[c]["name_en"], "fill": "#8040a0"}
            for c, slot in view["library"][s].items()
            if slot == "in_hand"
        )
        deck = zones[f"units:{side}"]
        lines.append(f"Unit deck: {deck['count'] if 'count' in deck else len(deck['items'])}")
        panels.append({"title": title, "lines": lines, "cards": cards})
    deck = zones["landdeck"]
    discard = zones["discard"]["items"]
    panels.append(
        {
            "title": {"en": "Lands", "ru": "Земли"},
            "lines": [
                f"Land deck: {deck['count'] if 'count' in deck else len(deck['items'])}",
                "Discard (oldest first): " + " ".join(c[0] for c in discard),
            ],
        }
    )
    phase = kernel.phase(view)
    mover = kernel.to_move(view)
    status = {
        "en": f"Round {kernel.round_number(view)} - {phase} - {game.seat_name(view, mover)} to act",
        "ru": f"Раунд {kernel.round_number(view)} - {phase} - ходит {game.seat_name(view, mover, 'ru')}",
    }
    return {
        "kind": "hex",
        "size": [1000, 900],
        "background": "#20242c",
        "items": items,
        "panels": panels,
        "status": status,
    }
