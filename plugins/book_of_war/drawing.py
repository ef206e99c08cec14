"""The board description for clients (client/README.md): hexes, castles, units, panels.

Everything here reads a view, so a seat is only ever shown what it may know. Every text is
``{"en": ..., "ru": ...}`` (names from data/*.toml, terms from the rulebook digest).
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from . import units
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

Text = dict[str, str]

TERRAIN_RU = {"plain": "равнина", "mountain": "гора", "forest": "лес", "water": "вода", "protorp": "прототорп"}
CASTLE_KIND_RU = {"outer": "внешний", "inner": "внутренний"}
CLASS_RU = {"melee": "ближний бой", "ranged": "дальний бой"}
# creature card slots in a magic library; English shows the state's own name
SLOT_RU = {"locked": "закрыта", "in_hand": "в руке", "front": "на передовой", "spent": "использована"}
PHASE_RU = {
    "": "подготовка",
    "ban": "запрет фракций",
    "pick": "выбор фракций",
    "colour": "выбор цвета",
    "castle": "выбор замков",
    "start_unit": "стартовый отряд",
    "start_land": "стартовая земля",
    "draft_keep": "драфт земель",
    "draft_receive": "драфт земель: получение",
    "split": "раздел карт земель",
    "lead": "выбор первого хода",
    "offensive": "наступление",
    "supply": "снабжение",
    "hire": "найм",
    "rest": "отдых",
}


def _text(en: str, ru: str) -> Text:
    return {"en": en, "ru": ru}


def _name(table: dict[str, Any], key: str) -> Text:
    return _text(str(table[key]["name_en"]), str(table[key]["name_ru"]))


def _land(letter: str) -> Text:
    return _text(str(CONFIG["land_names_en"][letter]), str(CONFIG["land_names_ru"][letter]))


def _join(parts: list[Text], sep: str = ", ") -> Text:
    return _text(sep.join(p["en"] for p in parts), sep.join(p["ru"] for p in parts))


GENERAL = _text("General", "Полководец")


def _xy(board: Any, hex_id: str) -> list[float]:
    x, y = board.pixel(hex_id, HEX_SIZE)
    return [round(ORIGIN[0] + x, 1), round(ORIGIN[1] + y, 1)]


def describe(game: Any, state: State, seat: int | None) -> dict[str, Any]:
    view = game.view(state, seat)
    items = hex_items() + castle_items(view) + unit_items(view)
    vp = view["vp"]
    items.append(
        {"shape": "text", "at": [120, 40], "text": _text(f"VP {vp[0]} : {vp[1]}", f"ПО {vp[0]} : {vp[1]}"), "size": 24}
    )
    track_marks = [
        {"at": min(vp[side], 100), "label": str(vp[side]), "fill": side_fill(view, side)}
        for side in ((1 - view["on_top"], view["on_top"]))
    ]
    panels: list[dict[str, Any]] = [
        {"title": {"en": "War track", "ru": "Шкала войны"}, "track": {"length": 101, "marks": track_marks}}
    ]
    panels.extend(seat_panel(view, s) for s in range(kernel.seats(view)))
    panels.append(lands_panel(view))
    return {
        "kind": "hex",
        "size": [1000, 900],
        "background": "#20242c",
        "items": items,
        "panels": panels,
        "status": status(game, view),
    }


def side_fill(view: State, side: int | None) -> str:
    colours = view["colour"]
    if side is None or colours[side] is None:
        return NEUTRAL
    return str(CONFIG["colour_fill"][colours[side]])


def hex_items() -> list[dict[str, Any]]:
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
                "tip": _text(
                    f"{h}: {terrain}" + (f", {CONFIG['land_names_en'][land]}" if land else ""),
                    f"{h}: {TERRAIN_RU[terrain]}" + (f", {CONFIG['land_names_ru'][land]}" if land else ""),
                ),
            }
        )
        x, y = _xy(BOARD, h)
        items.append(
            {"shape": "text", "at": [x, round(y + HEX_SIZE * 0.62, 1)], "text": h, "size": 13, "layer": "board"}
        )
    return items


def castle_items(view: State) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for castle, owner in view["castles"].items():
        x, y = _xy(BOARD, castle)
        items.append(
            {
                "shape": "rect",
                "id": castle,
                "rect": [x - 14, y - HEX_SIZE + 6, 28, 16],
                "fill": side_fill(view, owner) if units.controllable(view, castle) else "#55555580",
                "stroke": "#000000",
                "layer": "marker",
                "tip": _text(
                    f"castle {castle} ({BOARD.castle_kind[castle]})",
                    f"замок {castle} ({CASTLE_KIND_RU[BOARD.castle_kind[castle]]})",
                ),
            }
        )
    return items


def unit_items(view: State) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for uid, unit in sorted(view["units"].items()):
        info = UNITS[unit["type"]]
        upgraded = unit["upgraded"]
        marks = ("★" if upgraded else "") + ("✚" * unit["wounds"]) + ("⛨" * unit["shields"])
        items.append(
            {
                "shape": "circle",
                "id": uid,
                "center": _xy(BOARD, unit["hex"]),
                "radius": HEX_SIZE * 0.6,
                "fill": side_fill(view, unit["side"]) + ("" if unit["ready"] else "80"),
                "stroke": "#ffffff" if upgraded else "#202020",
                "width": 3 if upgraded else 1,
                "layer": "piece",
                "label": _text(info["name_en"][:4] + marks, info["name_ru"][:4] + marks),
                "label_colour": "#ffffff",
                "tip": {
                    "en": f"{info['name_en']} ({info['class']}), wounds {unit['wounds']}, shields {unit['shields']}"
                    + (", upgraded" if upgraded else "")
                    + ("" if unit["ready"] else ", exhausted"),
                    "ru": f"{info['name_ru']} ({CLASS_RU[info['class']]}), ранения {unit['wounds']}, "
                    f"защита {unit['shields']}"
                    + (", улучшен" if upgraded else "")
                    + ("" if unit["ready"] else ", устал"),
                },
            }
        )
    return items


def seat_panel(view: State, s: int) -> dict[str, Any]:
    """A player's VP, army, card lines, library, hand (or counts) and unit deck."""
    side = kernel.side_of(view, s)
    faction = view["faction"][s]
    vp = view["vp"]
    title = _name(FACTIONS, faction) if faction else _text(f"Player {s + 1}", f"Игрок {s + 1}")
    own = sorted((u, d) for u, d in view["units"].items() if d["owner"] == s)
    general = view["general"][side]
    army = sum(1 for d in view["units"].values() if d["side"] == side)
    limit = army_limit(vp[side])
    rear_names = _join(([GENERAL] if general else []) + [_name(UNITS, d["type"]) for _, d in own if d["ready"]])
    front_names = _join([_name(UNITS, d["type"]) for _, d in own if not d["ready"]] + ([] if general else [GENERAL]))
    library = _join(
        [
            _text(
                f"{CREATURES[c]['name_en']} ({CREATURES[c]['flag']}): {slot}",
                f"{CREATURES[c]['name_ru']} ({CREATURES[c]['flag']}): {SLOT_RU.get(slot, slot)}",
            )
            for c, slot in view["library"][s].items()
        ]
    )
    lines: list[Text] = [
        _text(f"VP {vp[side]}  army {army}/{limit}", f"ПО {vp[side]}  армия {army}/{limit}"),
        _text("Rear: " + rear_names["en"], "Тыл: " + rear_names["ru"]),
        _text("Front: " + front_names["en"], "Передовая: " + front_names["ru"]),
        _text("Library: " + library["en"], "Библиотека: " + library["ru"]),
    ]
    cards = hand_cards(view, s, side, lines)
    cards.extend(
        {"id": c, "label": _name(CREATURES, c), "fill": "#8040a0"}
        for c, slot in view["library"][s].items()
        if slot == "in_hand"
    )
    deck = view["zones"][f"units:{side}"]
    count = deck["count"] if "count" in deck else len(deck["items"])
    lines.append(_text(f"Unit deck: {count}", f"Колода отрядов: {count}"))
    return {"title": title, "lines": lines, "cards": cards}


def hand_cards(view: State, s: int, side: int, lines: list[Text]) -> list[dict[str, Any]]:
    """The seat's unit and land cards when the viewer sees them, else counts (and the land
    cards it knows) as lines. Drafted cards a drafter holds until the split count as lands."""
    zones = view["zones"]
    hand = zones[f"hand:{s}"]
    cards: list[dict[str, Any]] = []
    if "items" in hand:
        cards.extend(
            {"id": c, "label": _name(UNITS, c.split("_", 1)[1]), "fill": side_fill(view, side)} for c in hand["items"]
        )
    else:
        lines.append(_text(f"Unit cards in hand: {hand['count']}", f"Карт отрядов в руке: {hand['count']}"))
    lands, kept = zones[f"lands:{s}"], zones[f"kept:{s}"]
    if "items" in lands:
        held = lands["items"] + kept["items"]
        cards.extend({"id": c[0], "label": _land(c[0]), "fill": LAND_STROKE[c[0]]} for c in held)
        return cards
    known = sorted(c[0] for _, c in lands["known"] + kept["known"])
    count = lands["count"] + kept["count"]
    known_ru = ", ".join(CONFIG["land_names_ru"][x] for x in known)
    lines.append(
        _text(
            f"Land cards in hand: {count}" + (f" (known: {', '.join(known)})" if known else ""),
            f"Карт земель в руке: {count}" + (f" (известны: {known_ru})" if known else ""),
        )
    )
    return cards


def lands_panel(view: State) -> dict[str, Any]:
    deck = view["zones"]["landdeck"]
    discard = view["zones"]["discard"]["items"]
    count = deck["count"] if "count" in deck else len(deck["items"])
    return {
        "title": {"en": "Lands", "ru": "Земли"},
        "lines": [
            _text(f"Land deck: {count}", f"Колода земель: {count}"),
            # oldest first, one letter a card: N S E W / С Ю В З
            _text(
                "Discard (oldest first): " + " ".join(c[0] for c in discard),
                "Сброс (сначала старые): " + " ".join(CONFIG["land_names_ru"][c[0]][0] for c in discard),
            ),
        ],
    }


def status(game: Any, view: State) -> Text:
    phase = kernel.phase(view)
    mover = kernel.to_move(view)
    return {
        "en": f"Round {kernel.round_number(view)} - {phase} - {game.seat_name(view, mover)} to act",
        "ru": f"Раунд {kernel.round_number(view)} - {PHASE_RU.get(phase, phase)} - "
        f"ходит {game.seat_name(view, mover, 'ru')}",
    }
