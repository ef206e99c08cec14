"""What people read, as texts of the board vocabulary (client/README.md): names from the data
files as ``{"en": ..., "ru": ...}``, everything else as keys of the message files with their
parameters. Junctions, borders and units are named the way people name them (by their
regions, by class and count), never by their ids."""

from __future__ import annotations

from typing import Any

from boardwright.framework.events import text as render_text

from .world import WORLD, load_toml

Action = dict[str, Any]
Text = dict[str, Any]

MESSAGES: dict[str, dict[str, str]] = load_toml("messages.toml")
LANGUAGES = ("en", "ru")


def _names(entry: dict[str, Any]) -> Text:
    return {lang: entry[lang] for lang in LANGUAGES}


REGION_NAMES: list[Text] = [_names(region) for region in WORLD.regions]


def region_ids(*regions: int) -> list[str]:
    """The board ids of regions (by index), for an event's `at`."""
    return [WORLD.region_ids[region] for region in regions]


FACTION_NAMES: list[Text] = [_names(faction) for faction in WORLD.factions]
for _faction in WORLD.factions:  # the new-game dialog names each seat's faction as the map does
    for _lang in LANGUAGES:
        MESSAGES[_lang][f"option_factions_{_faction['id']}"] = _faction[_lang]
CREATURE_NAMES: list[list[Text]] = [[_names(card) for card in cards] for cards in WORLD.creatures]
MILITIA_TEXT: Text = {"key": "militia_unit"}


def class_text(unit_class: int) -> Text:
    return {lang: WORLD.class_names[lang][unit_class] for lang in LANGUAGES}


def class_plural(unit_class: int) -> Text:
    return {lang: WORLD.class_plurals[lang][unit_class] for lang in LANGUAGES}


def class_letter(unit_class: int) -> Text:
    """The letter drawn on a unit piece: W, D, M in English."""
    return {lang: WORLD.class_letters[lang][unit_class] for lang in LANGUAGES}


def unit_text(counts: list[int]) -> Text | list[Text]:
    """Units as people read them: "2 warriors, 1 mage" (a list of texts, read joined by commas)."""
    parts: list[Text] = []
    for unit_class, count in enumerate(counts):
        if count:
            key = "unit_one" if count == 1 else "unit_many"
            parts.append(
                {"key": key, "count": count, "name": class_text(unit_class), "plural": class_plural(unit_class)}
            )
    return parts or {"key": "no_units"}


def terrain_text(terrain: str) -> Text:
    return {"key": f"terrain_{terrain}"}


def junction_text(junction: int) -> Text:
    """A junction named by the regions that meet there."""
    return {"key": "junction_name", "regions": [REGION_NAMES[r] for r in WORLD.junction_regions[junction]]}


def border_text(border: int) -> Text:
    """A border named by the two regions it separates."""
    a, b = WORLD.borders[border]
    return {"key": "border_name", "a": REGION_NAMES[a], "b": REGION_NAMES[b]}


_REGION_FIELDS = ("from", "to", "via", "region", "enemy_region")


def _field(name: str, value: Any) -> Any:
    """One action field as a person reads it: a region, class, faction or creature name, not an id."""
    w = WORLD
    if isinstance(value, bool):
        return {"key": "yes" if value else "no"}
    if name in _REGION_FIELDS and value in w.region_index:
        return REGION_NAMES[w.region_index[value]]
    if name in ("unit", "enemy_unit"):
        return class_text(w.class_index[value]) if value in w.class_index else MILITIA_TEXT
    if name == "units" and isinstance(value, list):
        return unit_text(value)
    if name == "faction" and value in w.faction_index:
        return FACTION_NAMES[w.faction_index[value]]
    if name == "creature" and value in w.creature_ref:
        faction, unit_class = w.creature_ref[value]
        return CREATURE_NAMES[faction][unit_class]
    if name == "border" and value in w.border_index:
        return border_text(w.border_index[value])
    if name == "junction" and value in w.junction_index:
        return junction_text(w.junction_index[value])
    if name == "supporting":
        return [supporting_text(entry) for entry in value]
    return value


def supporting_text(entry: dict[str, Any]) -> Text:
    """Units that leave a ranged token, named by the token's border."""
    return {"key": "supporting_units", "units": unit_text(entry["units"]), "border": _field("border", entry["border"])}


def _label_key(action: Action) -> str:
    """A march or raid through a middle region has a label of its own, and so have units
    picked among supporters (with them, or with none of them)."""
    kind = str(action.get("type"))
    if "via" in action and f"action_{kind}_via" in MESSAGES["en"]:
        return f"action_{kind}_via"
    if "supporting" in action:
        return f"action_{kind}_supporting" if action["supporting"] else f"action_{kind}_unassigned"
    return f"action_{kind}"


def action_text(action: Action) -> Text:
    """An action's label as a message key with its fields."""
    kind = str(action.get("type"))
    key = _label_key(action)
    if key not in MESSAGES["en"]:
        return {"key": "action_other", "type": kind}
    return {"key": key, **{name: _field(name, value) for name, value in action.items() if name != "type"}}


def describe(action: Action, lang: str = "en") -> str:
    """A short label for an action, for menus and logs."""
    return render_text(action_text(action), MESSAGES, lang)
