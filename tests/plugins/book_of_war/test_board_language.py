"""Every text a person reads on the Book of War board is made for people, in the language the
client is in: faction, unit, creature and land names rather than ids, Russian in the Russian
board, English in the English one; card faces and move labels too.

The board gives its texts as message keys or {"en", "ru"} names from the data; the client
fills them in (`events.resolve_texts`). Seeded random games are played; at several points
the board of every seat (and of an onlooker) is read in both languages. The conformance
suite's language check runs as well.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from boardwright.framework import PluginHost, conformance, kernel
from boardwright.framework.conformance import board_texts
from boardwright.framework.events import resolve_texts

ENGINE = PluginHost().engine("book_of_war")
GAME = ENGINE.game

# A run of three or more Latin letters is an English word; a hex name ("a0", "g5") never is
# one, nor an action level in Roman numerals ("III", as in the Russian rulebook).
LATIN_WORD = re.compile(r"\b(?![IVX]+\b)[A-Za-z]{3,}")
CYRILLIC = re.compile("[\u0400-\u04ff]")
BLANK_TITLE = " "  # a pile whose neighbour's title runs on over it (table.py)


def _names(state: dict[str, Any], lang: str) -> list[str]:
    return [GAME.seat_name(state, seat, lang) for seat in range(kernel.seats(state))]


def _texts(state: dict[str, Any], seat: int | None, lang: str) -> list[tuple[str, str]]:
    """(where, text) for the board, the faces of the cards the seat sees, and its move labels."""
    board = resolve_texts(ENGINE.board(state, seat), GAME.messages, lang, _names(state, lang))
    found = [(where, str(text)) for where, text in board_texts(board)]
    for zone_id, zone in ENGINE.view(state, seat)["zones"].items():
        known = zone.get("known")
        for item in zone.get("items", []) + (known if isinstance(known, list) else []):
            card = item[1] if isinstance(item, list) else item
            face = resolve_texts(GAME.card_face(card), GAME.messages, lang)
            found.extend((f"{zone_id} {card} {name}", str(face[name])) for name in ("title", "text"))
    if seat == kernel.to_move(state):
        found.extend(("move", GAME.describe_action(state, a, lang)) for a in ENGINE.legal_actions(state))
    return found


def check_board(state: dict[str, Any], seat: int | None) -> int:
    """Assert the Russian reading has no English word and the English one no Russian and no blanks."""
    checked = 0
    for where, english in _texts(state, seat, "en"):
        assert english.strip() or english == BLANK_TITLE, f"{where}: empty English text"
        assert not CYRILLIC.search(english), f"{where}: Russian in the English text {english!r}"
        checked += 1
    for where, russian in _texts(state, seat, "ru"):
        assert not LATIN_WORD.search(russian), f"{where}: English in the Russian text {russian!r}"
    return checked


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 1), (2, {"bans": True}, 5), (4, {}, 2), (4, {}, 11)],
)
def test_every_board_text_is_russian_in_russian(players: int, options: dict[str, Any], seed: int) -> None:
    state = ENGINE.new_game(players, options, seed)
    rng = random.Random(seed)
    phases: set[str] = set()
    checked = 0
    for step in range(400):
        if step % 25 == 0 or ENGINE.is_over(state):
            phases.add(kernel.phase(state))
            for seat in [*range(players), None]:
                checked += check_board(state, seat)
        if ENGINE.is_over(state):
            break
        legal = ENGINE.legal_actions(state)
        ENGINE.apply_unchecked(state, legal[rng.randrange(len(legal))])
    phases.add(kernel.phase(state))
    for seat in [*range(players), None]:
        checked += check_board(state, seat)
    # the games got past the set-up, so units, hands and libraries were on show
    assert "offensive" in phases and checked > 1000


class _ListedKnowledge:
    """The engine with each zone's `known` as a list of [index, item] in views.

    `conformance.check_board_language` reads `known` that way, but a zone the seat can see
    keeps the zone model's own map of who knows what (seat -> items); its items are all
    listed anyway, so the list form loses nothing the check looks at."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        view = self._engine.view(state, seat)
        zones = {
            zone_id: {**zone, "known": []} if isinstance(zone.get("known"), dict) else zone
            for zone_id, zone in view.get("zones", {}).items()
        }
        return {**view, "zones": zones}


@pytest.mark.parametrize("players", [2, 4])
def test_no_internal_ids_on_the_board_or_in_move_labels(players: int) -> None:
    conformance.check_board_language(_ListedKnowledge(ENGINE), players)  # type: ignore[arg-type]


def test_status_names_the_phase_as_people_do() -> None:
    state = ENGINE.new_game(2, {}, 3)
    status = ENGINE.board(state, 0)["status"]
    names = _names(state, "ru")
    assert (
        resolve_texts({"status": status}, GAME.messages, "ru", names)["status"]
        == "Подготовка: Игрок 1 выбирает фракцию"
    )
    assert resolve_texts({"status": status}, GAME.messages, "en", _names(state, "en"))["status"] == (
        "Set-up: Player 1 picks a faction"
    )
