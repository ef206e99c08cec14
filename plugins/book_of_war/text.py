"""Names and labels in English and Russian: factions, units, creatures, lands, actions."""

from __future__ import annotations

from typing import Any

from .catalog import ACTION_WORDS, CONFIG, CREATURES, MESSAGES, UNITS

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


# built once: events carry these texts for every action, also in playouts without a log
UNIT_TEXTS = _unit_texts()
REASONS: dict[str, Text] = {}


def unit_text(unit_id: str) -> Text:
    """A unit with its army's colour: "Cavalry (red)" (shared, never mutated)."""
    return UNIT_TEXTS[unit_id]


def reason(why: str) -> Text:
    """Why victory points were gained, for the "vp" event (shared, never mutated)."""
    text = REASONS.get(why)
    if text is None:
        text = REASONS[why] = {lang: MESSAGES[lang].get("why_" + why, why) for lang in ("en", "ru")}
    return text


def describe_action(action: dict[str, Any], lang: str = "en") -> str:
    """A short label for an action, for menus and logs."""
    ru = lang == "ru"
    words = ACTION_WORDS["ru" if ru else "en"]
    kind = action["type"]
    parts = [words.get(kind, kind)]
    unit = action.get("unit")
    if unit is not None:
        parts.append(UNITS[unit_type_of(unit)]["name_ru" if ru else "name_en"])
    if kind == "summon":
        parts.append(CREATURES[action["creature"]]["name_ru" if ru else "name_en"])
    if action.get("land"):
        parts.append("[" + land_name(action["land"])["ru" if ru else "en"] + "]")
    for key in ("via", "to", "hex", "castle", "faction", "colour", "unit_type", "card", "seat"):
        if action.get(key) is not None:
            parts.append(str(action[key]))
    targets = action.get("targets")
    if targets:
        parts.append("→ " + ", ".join(targets))
    elif kind == "summon" and targets is None:
        parts.append(words["no_effect"])
    if action.get("improved"):
        parts.append(words["improved"])
    return " ".join(parts)
