"""Card faces (client/README.md, "Card faces"): unit cards, land cards and creature cards,
all from the data files, so that the client draws real cards with a large preview.

A unit card is named by its colour and type (``"red_archers"``), a land card by its land
and number (``"N3"``, or the land alone, ``"N"``), a creature card by the creature.
"""

from __future__ import annotations

from typing import Any

from .catalog import CONFIG, CREATURES, DRAWING, UNITS
from .text import UNIT_TEXTS, land_name, name, unit_type_of

Face = dict[str, Any]


def card_face(item: Any) -> Face | None:
    if not isinstance(item, str):
        return None
    if item in UNIT_TEXTS:
        return unit_face(item)
    if item[:1] in CONFIG["land_names_en"] and (item[1:] == "" or item[1:].isdigit()):
        return land_face(item[0])
    if item in CREATURES:
        return creature_face(item)
    return None


def _texts(info: dict[str, Any], field: str) -> dict[str, str]:
    return {"en": info[f"{field}_en"], "ru": info[f"{field}_ru"]}


def unit_face(card: str) -> Face:
    """The unit's class (melee units flee at their second wound, ranged at their first), its
    basic (I) and improved (II) ability and an upgraded unit's trait, in its army's colour."""
    info = UNITS[unit_type_of(card)]
    text: dict[str, Any] = {
        "key": "unit_card_text_upgraded" if "upgraded_en" in info else "unit_card_text",
        "basic": _texts(info, "basic"),
        "improved": _texts(info, "improved"),
    }
    if "upgraded_en" in info:
        text["upgraded"] = _texts(info, "upgraded")
    colour = card.split("_", 1)[0]
    return {
        "title": name(UNITS, unit_type_of(card)),
        "keywords": [{"key": f"keyword_{info['class']}"}],
        "text": text,
        "art": DRAWING["unit_art"][unit_type_of(card)],
        "colour": CONFIG["colour_fill"][colour],
    }


def land_face(land: str) -> Face:
    """A land card: the terrain its March enters, and the land it pays for."""
    terrain = CONFIG["land_terrain"][land]
    return {
        "title": land_name(land),
        "text": {"key": "land_card_text", "terrain": {"key": f"march_onto_{terrain}"}, "land": land_name(land)},
        "art": DRAWING["land_art"][land],
        "colour": DRAWING["land_colour"][land],
    }


def creature_face(creature: str) -> Face:
    """A legendary creature: its ability, what it does and the army size (flag) that earns it."""
    info = CREATURES[creature]
    return {
        "title": name(CREATURES, creature),
        "keywords": [_texts(info, "ability")],
        "text": _texts(info, "text"),
        "stats": [[DRAWING["flag_mark"], info["flag"]]],
        "art": DRAWING["creature_art"],
        "colour": DRAWING["creature_colour"],
    }
