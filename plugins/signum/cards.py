"""The game's data files: numbers, factions, heroes and every card (digest §11).

A card in a zone is an item ``"<card id>@<seat>.<copy>"``: the card id names its data, the
rest keeps two copies of one spell apart.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework.data import GameData

DATA = GameData(__package__)
_load = DATA.toml


CONFIG = _load("game.toml")
MESSAGES = _load("messages.toml")
FACTIONS = _load("factions.toml")
HEROES = _load("heroes.toml")
BUILDINGS = _load("buildings.toml")
TERRAIN = _load("terrain.toml")

CHARACTER = "character"
SPELL = "spell"
RELIC = "relic"
TACTIC = "tactic"
DECK_KINDS = (CHARACTER, SPELL, RELIC, TACTIC)
MERCENARY = "mercenary"
ANY = "any"

# every battle-deck card by id, with its kind
CARDS: dict[str, dict[str, Any]] = {}
for _kind, _file in (
    (CHARACTER, "characters.toml"),
    (SPELL, "spells.toml"),
    (RELIC, "relics.toml"),
    (TACTIC, "tactics.toml"),
):
    for _id, _card in _load(_file).items():
        CARDS[_id] = {**_card, "kind": _kind, "id": _id}

RELICS_BY_ID = {i: c for i, c in CARDS.items() if c["kind"] == RELIC}
RULERS: dict[str, float] = {k: float(v) for k, v in CONFIG["rulers"].items()}
CONTACT = float(CONFIG["contact_cm"])
FIELD = (float(CONFIG["field_cm"][0]), float(CONFIG["field_cm"][1]))
FACES: list[str] = list(CONFIG["dice"]["faces"])
BASIC_BUILDINGS = [b for b, data in BUILDINGS.items() if "faction" not in data]


def ruler(name: str) -> float:
    return RULERS[name]


def item_card(item: str) -> str:
    return item.split("@", 1)[0]


def card_of(item: str) -> dict[str, Any]:
    return CARDS[item_card(item)]


def make_item(card: str, seat: int, copy: int) -> str:
    return f"{card}@{seat}.{copy}"


def name_of(card_id: str) -> dict[str, str]:
    """A card, hero, building or terrain name as {"en", "ru"}."""
    for table in (CARDS, HEROES, BUILDINGS, TERRAIN):
        if card_id in table:
            return dict(table[card_id]["name"])
    raise KeyError(card_id)


def hero_faction(hero: str) -> str:
    return str(HEROES[hero]["faction"])
