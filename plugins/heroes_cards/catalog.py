"""The data files, read once: races, creatures, heroes, travel cards, neutrals, schools, the
capital. Card ids name what a card is, so a card's face never depends on the state:

- creature ``"<seat>:<creature>:<n>"``, hero ``"<seat>:hero:<hero>"``;
- travel card ``"t:<card>:<n>"``, neutral ``"n:<card>:<n>"``, chest ``"chest:<n>"``;
- school tablet ``"school:<school>:<n>"``.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework.data import GameData

DATA = GameData(__package__)
load_toml = DATA.toml


CONFIG = load_toml("game.toml")
BATTLE = CONFIG["battle"]
CAPITAL = CONFIG["capital"]
BUILDINGS: dict[str, dict[str, Any]] = CONFIG["buildings"]
MACHINES: dict[str, dict[str, Any]] = CONFIG["machines"]
RACES: dict[str, dict[str, Any]] = load_toml("races.toml")
RACE_IDS = list(RACES)
TRAVEL: dict[str, dict[str, Any]] = load_toml("travel.toml")
NEUTRALS: dict[str, dict[str, Any]] = {card["key"]: card for card in load_toml("neutrals.toml")["cards"]}
SCHOOLS: dict[str, dict[str, Any]] = load_toml("schools.toml")
SPELLS: dict[str, dict[str, Any]] = {
    spell["key"]: {**spell, "school": school} for school, data in SCHOOLS.items() for spell in data["spells"]
}

CREATURES: dict[str, dict[str, Any]] = {}
HEROES: dict[str, dict[str, Any]] = {}
for _race, _data in RACES.items():
    for _creature in _data["creatures"]:
        CREATURES[_creature["key"]] = {"race": _race, **_creature}
    for _hero in _data["heroes"]:
        HEROES[_hero["key"]] = {"race": _race, "skill": 0, "mage": False, **_hero}

PLOTS: list[str] = [plot for row in CAPITAL["layout"] for plot in row]
PLOT_AT: dict[str, tuple[int, int]] = {
    plot: (r, c) for r, row in enumerate(CAPITAL["layout"]) for c, plot in enumerate(row)
}
BARRACKS_OF_LEVEL: dict[int, str] = {b["level"]: plot for plot, b in BUILDINGS.items() if "level" in b}


def kind(card: str) -> str:
    """creature, hero, travel, neutral, chest or school."""
    head, _, rest = card.partition(":")
    if head == "t":
        return "travel"
    if head == "n":
        return "neutral"
    if head in ("chest", "school"):
        return head
    return "hero" if rest.startswith("hero:") else "creature"


def key_of(card: str) -> str:
    """The data key: the creature, hero, travel card, neutral or school it is."""
    parts = card.split(":")
    return parts[1] if parts[0] in ("t", "n", "school") else parts[-1] if parts[1] == "hero" else parts[1]


def owner_of(card: str) -> int:
    return int(card.split(":", 1)[0])


def creature(card: str) -> dict[str, Any]:
    return CREATURES[card.split(":")[1]]


def hero(card: str) -> dict[str, Any]:
    return HEROES[card.split(":")[2]]


def travel(card: str) -> dict[str, Any]:
    return TRAVEL[card.split(":")[1]]


def neutral(card: str) -> dict[str, Any]:
    return NEUTRALS[card.split(":")[1]]


def creature_deck(seat: int, race: str) -> list[str]:
    """The race's 42 creature cards, each copy numbered, for one seat."""
    return [f"{seat}:{c['key']}:{n}" for c in RACES[race]["creatures"] for n in range(len(c["marks"]))]


def mark(card: str) -> int:
    """The strike mark of a creature card (0 = blank)."""
    _, key, n = card.split(":")
    return int(CREATURES[key]["marks"][int(n)])


def hero_cards(seat: int, race: str) -> list[str]:
    return [f"{seat}:hero:{h['key']}" for h in RACES[race]["heroes"]]


def travel_deck(copies: int) -> list[str]:
    cards: list[str] = []
    for key, data in TRAVEL.items():
        per_deck = data.get("copies", 1)
        cards.extend(f"t:{key}:{n}" for n in range(per_deck * copies))
    return cards


def neutral_deck() -> list[str]:
    return [f"n:{key}:{n}" for key, data in NEUTRALS.items() for n in range(data["copies"])]


def school_tablets(players: int) -> list[str]:
    return [f"school:{school}:{n}" for school in SCHOOLS for n in range(players)]


def strength(card: str, week: int) -> int:
    """A siege or dungeon card's printed strength in `week` (digest 11.6)."""
    base, per_week = travel(card)["strength"]
    return int(base + per_week * week)
