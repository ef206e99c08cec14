"""What people read: names from the data files as ``{"en": ..., "ru": ...}`` (factions, units,
creatures, lands, colours) and action labels as message keys with their fields named the way
people name them (never by ids)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework.events import place
from boardwright.framework.events import text as render

from .catalog import BOARD, CONFIG, CREATURES, FACTIONS, MESSAGES, UNITS

State = dict[str, Any]
Text = dict[str, str]


def name(table: dict[str, Any], key: str) -> Text:
    """A faction's, unit type's or creature's name from its data table."""
    return {"en": table[key]["name_en"], "ru": table[key]["name_ru"]}


def land_name(land: str) -> Text:
    return {"en": CONFIG["land_names_en"][land], "ru": CONFIG["land_names_ru"][land]}


def colour_name(colour: str) -> Text:
    return {"en": CONFIG["colour_names_en"][colour], "ru": CONFIG["colour_names_ru"][colour]}


def unit_type_of(card: str) -> str:
    """The unit type of a unit card (or unit) id: "red_cavalry" -> "cavalry"."""
    return card.split("_", 1)[1]


def _unit_texts() -> dict[str, Text]:
    texts = {}
    for colour in CONFIG["colours"]:
        for unit_type, info in UNITS.items():
            texts[f"{colour}_{unit_type}"] = {
                "en": f"{info['name_en']} ({CONFIG['colour_names_en'][colour]})",
                "ru": f"{info['name_ru']} ({CONFIG['colour_names_ru'][colour]})",
            }
    return texts


def _hex_texts() -> dict[str, Text]:
    """Each hex as people name it, never by its coordinate: "forest (North)", "outer castle
    (South)", "the protorp"; the coordinate is read beside it only where it was asked for."""
    texts = {}
    for h in BOARD.ids:
        land = BOARD.land[h]
        if land is None:
            message: dict[str, Any] = {"key": "place_protorp"}
        elif h in BOARD.castle_kind:
            message = {
                "key": "place_castle",
                "kind": {"key": f"castle_kind_{BOARD.castle_kind[h]}"},
                "land": land_name(land),
            }
        else:
            message = {"key": "place_hex", "terrain": {"key": f"terrain_{BOARD.terrain[h]}"}, "land": land_name(land)}
        texts[h] = place({lang: render(message, MESSAGES, lang) for lang in ("en", "ru")}, h)
    return texts


# built once: events carry these texts for every action, also in playouts without a log
UNIT_TEXTS = _unit_texts()
HEX_TEXTS = _hex_texts()
REASONS: dict[str, Text] = {}


def hex_text(h: str) -> Text:
    """A hex by its name, with its coordinate only for a person who asked to see coordinates."""
    return HEX_TEXTS[h]


def unit_text(unit_id: str) -> Text:
    """A unit with its army's colour: "Cavalry (red)" (shared, never mutated)."""
    return UNIT_TEXTS[unit_id]


def reason(why: str) -> Text:
    """Why victory points were gained, for the "vp" event (shared, never mutated)."""
    text = REASONS.get(why)
    if text is None:
        text = REASONS[why] = {lang: MESSAGES[lang].get("why_" + why, why) for lang in ("en", "ru")}
    return text


def target_text(target: str) -> Any:
    """An ability's or creature's target as people read it: a unit, a castle or a land."""
    if target in UNIT_TEXTS:
        return UNIT_TEXTS[target]
    if target in CONFIG["land_names_en"]:
        return {"key": "target_land", "land": land_name(target)}
    return {"key": "target_castle", "hex": HEX_TEXTS[target]}


def targets_text(targets: list[str]) -> Any:
    """Several targets are read joined by commas; none at all means everything in reach."""
    return [target_text(t) for t in targets] if targets else {"key": "targets_all"}


# how each action field reads: a name from the data, a unit with its colour, or a hex name
FIELDS: dict[str, Callable[[Any], Any]] = {
    "land": land_name,
    "faction": lambda faction: name(FACTIONS, faction),
    "colour": colour_name,
    "creature": lambda creature: name(CREATURES, creature),
    "unit_type": lambda unit_type: name(UNITS, unit_type),
    "targets": targets_text,
    "hex": hex_text,
    "to": hex_text,
    "via": hex_text,
    "castle": hex_text,
}


def _key(action: dict[str, Any]) -> str:
    """The message key of an action's label: some action types read differently by their fields."""
    kind = str(action["type"])
    if kind == "ability":
        if action["land"] is not None:
            return "action_ability_land"
        return "action_ability_improved" if action["improved"] else "action_ability"
    if kind == "summon":
        idle = "_idle" if action["targets"] is None else ""
        return f"action_summon{idle}" + ("_land" if action["land"] is not None else "")
    return f"action_{kind}"


def action_text(action: dict[str, Any]) -> dict[str, Any]:
    """An action's label as a message key with its fields as people read them."""
    params: dict[str, Any] = {}
    for field, value in action.items():
        if field == "type" or value is None:
            continue
        if field == "unit":
            # the acting unit is one's own: its type says which; another unit carries its colour
            params[field] = UNIT_TEXTS[value] if action["type"] == "attack_next" else name(UNITS, unit_type_of(value))
        elif field == "card":
            params["unit"] = name(UNITS, unit_type_of(value))
        elif field == "unit_type":
            params["unit"] = FIELDS[field](value)
        else:
            params[field] = FIELDS[field](value) if field in FIELDS else value
    return {"key": _key(action), **params}


def describe_action(action: dict[str, Any], lang: str, seat_names: list[str]) -> str:
    """A short label for an action, for menus and logs."""
    return render(action_text(action), MESSAGES, lang, seat_names)
