"""Heroes' table in players' words: the travel cards' back sizes are read as sizes ("Medium"),
never as their marks ("M"), and a hero card carries no bare class number, in both languages."""

from __future__ import annotations

import random
import re

import pytest

from boardwright.framework import PluginHost
from boardwright.framework.events import resolve_texts
from boardwright.plugins.heroes_cards import catalog
from boardwright.plugins.heroes_cards.text import MESSAGES, card_face

ENGINE = PluginHost().engine("heroes_cards")
MARK = re.compile(r"(?<![\w-])(XS|S|M|L|XL|XXL)(?![\w-])")


def strings(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value


def boards_with_piles_and_hands():
    """Boards of a seeded game from the deal into the first days: piles, travel hands, heroes."""
    state = ENGINE.new_game(2, {}, 4)
    rng = random.Random(4)
    for _ in range(160):
        yield ENGINE.board(state, 0)
        legal = ENGINE.legal_actions(state)
        if not legal:
            break
        ENGINE.apply_unchecked(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_back_size_mark_is_read_on_the_board(lang):
    seen_pile = seen_backs = False
    for board in boards_with_piles_and_hands():
        for line in strings(resolve_texts(board, MESSAGES, lang, ["A", "B"])):
            assert not MARK.search(line), line
            assert "None" not in line and "{" not in line, line
        texts = resolve_texts(board, MESSAGES, "en", ["A", "B"])
        seen_pile |= any(re.match(r"Pile \d, top: [A-Z]", line) for line in strings(texts))
        seen_backs |= any(
            line.startswith("Sizes on travel card backs: ") and "none" not in line for line in strings(texts)
        )
    assert seen_pile and seen_backs, "the walk reached the piles and a hand of travel cards"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_card_faces_read_sizes_as_words_and_heroes_without_a_number(lang):
    cards = catalog.travel_deck(1) + catalog.neutral_deck()
    for race in catalog.RACE_IDS:
        cards += catalog.hero_cards(0, race) + catalog.creature_deck(0, race)
    faces = [face for face in map(card_face, cards) if face]
    assert len(faces) == len(cards)
    sizes = {"en": "Size: ", "ru": "Размер: "}[lang]
    read = [resolve_texts(face, MESSAGES, lang) for face in faces]
    assert sum(any(word.startswith(sizes) for word in face.get("keywords", [])) for face in read) == len(
        catalog.travel_deck(1)
    )
    for face in read:
        for line in strings(face):
            assert not MARK.search(line), line
        assert all(stat[0] != "№" for stat in face.get("stats", [])), face
