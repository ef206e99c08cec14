"""Battle decks: the starter decks, user decks saved as TOML files, and the deck rules (§7.4).

A deck is ``{"hero": "brissa", "cards": {"fire_flask": 2, ...}}``. `problems` lists every
rule a deck breaks, one text each (a message key with its numbers), so a person sees all
that must change at once.

From a shell: ``python -m boardwright.plugins.signum.decks list``, ``check NAME``,
``save NAME HERO card=count ...``.
"""

from __future__ import annotations

import math
import re
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import platformdirs

from boardwright.framework import OptionError
from boardwright.framework.events import text

from .cards import (
    CARDS,
    CHARACTER,
    CONFIG,
    DECK_KINDS,
    FACTIONS,
    HEROES,
    MERCENARY,
    MESSAGES,
    hero_faction,
    name_of,
)

Deck = dict[str, Any]
Text = dict[str, Any]
MAX_COPIES = 2
NAME = re.compile(r"^[\w-]{1,40}$")


def user_decks_dir() -> Path:
    return platformdirs.user_data_path("boardwright") / "signum" / "decks"


def starter_ids() -> list[str]:
    folder = resources.files(__package__) / "data" / "decks"
    return sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir() if entry.name.endswith(".toml"))


def starter(deck_id: str) -> Deck:
    folder = resources.files(__package__) / "data" / "decks"
    return tomllib.loads((folder / f"{deck_id}.toml").read_text(encoding="utf-8"))


def user_deck_names(folder: Path | None = None) -> list[str]:
    folder = folder or user_decks_dir()
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def load(name: str, folder: Path | None = None) -> Deck:
    """A starter deck by id, else a user deck by file name; OptionError when there is none."""
    if name in starter_ids():
        return starter(name)
    if not NAME.match(name):
        raise OptionError(f"signum: {name!r} is not a deck name (letters, digits, - and _)")
    path = (folder or user_decks_dir()) / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(starter_ids() + user_deck_names(folder))
        raise OptionError(f"signum: no deck {name!r} (decks: {known})")
    try:
        deck = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"signum: {path}: {exc}") from None
    if not isinstance(deck.get("hero"), str) or not isinstance(deck.get("cards"), dict):
        raise OptionError(f'signum: {path}: a deck needs hero = "..." and a [cards] table')
    return deck


def save(name: str, deck: Deck, folder: Path | None = None) -> Path:
    """Write a user deck as TOML (atomically); refuses a deck that breaks a rule."""
    if not NAME.match(name) or name in starter_ids():
        raise OptionError(f"signum: {name!r} cannot name a user deck")
    broken = problems(deck)
    if broken:
        raise OptionError(describe(broken))
    folder = folder or user_decks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f'hero = "{deck["hero"]}"', "[cards]"]
    lines += [f"{card} = {count}" for card, count in sorted(deck["cards"].items())]
    path = folder / f"{name}.toml"
    temporary = path.with_suffix(".tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    temporary.replace(path)
    return path


def deck_format(size: int) -> str | None:
    """`starter` or `standard` (DECISION 6), or None when the size fits neither."""
    for name, fmt in CONFIG["formats"].items():
        if fmt["min_cards"] <= size <= fmt["max_cards"]:
            return str(name)
    return None


def size(deck: Deck) -> int:
    return sum(int(n) for n in deck["cards"].values())


def problems(deck: Deck) -> list[Text]:
    """Every deck rule `deck` breaks (§7.4), one text each; empty for a legal deck."""
    hero = deck.get("hero")
    if hero not in HEROES:
        return [{"key": "deck_unknown_hero", "hero": str(hero)}]
    faction = hero_faction(str(hero))
    found: list[Text] = []
    known: dict[str, int] = {}
    for card, count in deck["cards"].items():
        if type(count) is not int or count < 1:
            found.append({"key": "deck_bad_count", "card": str(card)})
        elif card not in CARDS:
            found.append({"key": "deck_not_deck_card", "card": str(card)})
        else:
            known[card] = count
    total = sum(n for n in deck["cards"].values() if type(n) is int and n > 0)
    if deck_format(total) is None:
        found.append({"key": "deck_size", "count": total})
    characters = {c: n for c, n in known.items() if CARDS[c]["kind"] == CHARACTER}
    need = math.ceil(total / 2)
    if sum(characters.values()) < need:
        found.append({"key": "deck_too_few_characters", "count": sum(characters.values()), "need": need})
    mercenaries = sum(n for c, n in characters.items() if CARDS[c]["faction"] == MERCENARY)
    own = sum(n for c, n in characters.items() if CARDS[c]["faction"] == faction)
    if mercenaries > own:
        found.append({"key": "deck_too_many_mercenaries", "count": mercenaries, "own": own})
    for card, count in known.items():
        data = CARDS[card]
        allowed = (faction, MERCENARY) if data["kind"] == CHARACTER else (faction,)
        if data["faction"] not in allowed:
            found.append({"key": "deck_wrong_faction", "card": name_of(card), "faction": name_of_faction(faction)})
        if data["kind"] == CHARACTER and count > 1:
            found.append({"key": "deck_duplicate_character", "card": name_of(card)})
        elif count > MAX_COPIES:
            found.append({"key": "deck_too_many_copies", "card": name_of(card), "count": count, "most": MAX_COPIES})
        if data.get("hero", hero) != hero:
            found.append({"key": "deck_other_hero", "card": name_of(card), "hero": name_of(data["hero"])})
    return found


def name_of_faction(faction: str) -> dict[str, str]:
    return dict(FACTIONS[faction]["name"])


def describe(found: list[Text], lang: str = "en") -> str:
    return "; ".join(text(problem, MESSAGES, lang) for problem in found)


def checked(name: str, folder: Path | None = None) -> Deck:
    """The deck `name`, or OptionError naming every rule it breaks."""
    deck = load(name, folder)
    broken = problems(deck)
    if broken:
        raise OptionError(f"signum deck {name!r}: {describe(broken)}")
    return deck


# --- the client's deck builder (Game.deck_pool, check_deck, save_deck) ---


def allowed_heroes(card: str) -> list[str]:
    """The heroes whose decks may hold the card (§7.4: faction, mercenaries, hero-named cards)."""
    data = CARDS[card]
    return [
        hero
        for hero in HEROES
        if data["faction"] in ((hero_faction(hero), MERCENARY) if data["kind"] == CHARACTER else (hero_faction(hero),))
        and data.get("hero", hero) == hero
    ]


def pool(folder: Path | None = None) -> dict[str, Any]:
    """The heroes, every deck card with its most copies and the heroes that may take it, and
    the decks a deck option may name (a user deck file that no longer loads is left out)."""
    decks: dict[str, Deck] = {}
    for name in starter_ids() + user_deck_names(folder):
        try:
            deck = load(name, folder)
        except OptionError:
            continue
        decks[name] = {"leader": deck["hero"], "cards": dict(deck["cards"])}
        if isinstance(deck.get("name"), dict):  # a starter's name as players read it
            decks[name]["name"] = dict(deck["name"])
    kinds = {kind: {lang: MESSAGES[lang][f"kind_{kind}"] for lang in ("en", "ru")} for kind in DECK_KINDS}
    return {
        "leaders": [{"id": hero, "name": name_of(hero)} for hero in HEROES],
        "cards": [
            {
                "id": card,
                "name": name_of(card),
                "kind": kinds[data["kind"]],
                "limit": 1 if data["kind"] == CHARACTER else MAX_COPIES,
                "leaders": allowed_heroes(card),
            }
            for card, data in CARDS.items()
        ],
        "decks": decks,
        "options": ["deck_a", "deck_b"],
    }


def as_signum(deck: dict[str, Any]) -> Deck:
    """A builder's deck ({"leader", "cards"}) as this game's ({"hero", "cards"})."""
    cards = deck.get("cards")
    return {"hero": deck.get("leader"), "cards": dict(cards) if isinstance(cards, dict) else {}}


def main(argv: list[str]) -> int:
    if not argv or argv[0] == "list":
        print("\n".join(starter_ids() + user_deck_names()))
        return 0
    try:
        if argv[0] == "check" and len(argv) == 2:
            checked(argv[1])
            print(f"{argv[1]}: a legal deck")
            return 0
        if argv[0] == "save" and len(argv) >= 3:
            cards = {card: int(count) for card, count in (arg.split("=", 1) for arg in argv[3:])}
            print(save(argv[1], {"hero": argv[2], "cards": cards}))
            return 0
    except (OptionError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    print("usage: decks list | check NAME | save NAME HERO card=count ...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
