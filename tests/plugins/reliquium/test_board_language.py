"""Every text a person reads on the Reliquium board is made for people, in the language the
client is in: region, faction and creature names rather than ids, Russian in the Russian board.

The board gives its texts as message keys or {"en", "ru"} names from the data; the client
fills them in (`events.resolve_texts`). These tests walk whole board descriptions met in
seeded random games, and run the conformance suite's language check.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardwright.framework import PluginHost, conformance, kernel
from boardwright.framework.conformance import board_texts
from boardwright.framework.events import resolve_texts, text

ENGINE = PluginHost().engine("reliquium")
GAME = ENGINE.game

# three or more Latin letters in a row: an English word left in a Russian text
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
OPTIONAL_RULES = {"militia": True, "allies": True}


def _names(state: dict[str, Any], lang: str) -> list[str]:
    return [GAME.seat_name(state, seat, lang) for seat in range(kernel.seats(state))]


def _piece_labels(board: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The letters drawn on pieces and on the track's marks."""
    for element in board["elements"]:
        for n, piece in enumerate(element.get("pieces", []) + element.get("marks", [])):
            yield f"{element['type']} {n} ({piece.get('id', piece.get('at'))})", piece.get("label")


def _problems(state: dict[str, Any], board: dict[str, Any]) -> list[str]:
    problems = []
    shown = {lang: resolve_texts(board, GAME.messages, lang, _names(state, lang)) for lang in ("en", "ru")}
    for (where, ru), (_, en) in zip(board_texts(shown["ru"]), board_texts(shown["en"]), strict=True):
        if ENGLISH_WORD.search(str(ru or "")):
            problems.append(f"{where}: English in Russian: {ru!r}")
        if CYRILLIC.search(str(en or "")):
            problems.append(f"{where}: Russian in English: {en!r}")
    for where, label in _piece_labels(board):
        ru = text(label, GAME.messages, "ru")
        if LATIN.search(ru):
            problems.append(f"{where}: Latin letter on a piece in Russian: {ru!r}")
        if not text(label, GAME.messages, "en"):
            problems.append(f"{where}: empty label")
    return problems


def _boards_of_random_game(
    players: int, seed: int, options: dict[str, Any], actions: int = 400
) -> Iterator[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Boards for every seat and a spectator: every 20 plies, at every ply of a war phase, and at the end."""
    state = ENGINE.new_game(players, {"round_cap": 30, **options}, seed)
    rnd = random.Random(seed)
    seats: list[int | None] = [*range(players), None]
    for ply in range(actions + 1):
        if ply % 20 == 0 or state["battle"] is not None or kernel.is_over(state):
            for seat in seats:
                yield ply, state, ENGINE.board(state, seat)
        if kernel.is_over(state):
            return
        legal = ENGINE.legal_actions(state)
        ENGINE.apply_unchecked(state, legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (2, 4, OPTIONAL_RULES), (4, 3, {}), (4, 5, OPTIONAL_RULES)],
)
def test_every_board_text_reads_in_russian(players, seed, options):
    battles = 0
    boards = 0
    for ply, state, board in _boards_of_random_game(players, seed, options):
        boards += 1
        battles += any(panel["title"] == {"key": "battle_title"} for panel in board["panels"])
        problems = _problems(state, board)
        assert not problems, f"ply {ply}:\n" + "\n".join(problems[:20])
    assert boards > 10
    # the walk met the battle panel too (if a rules change avoids it, pick another seed)
    assert battles, "no battle in this game"


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, OPTIONAL_RULES)])
def test_no_internal_ids_on_the_board_or_in_move_labels(players, options, monkeypatch):
    monkeypatch.setattr(GAME, "simulation_options", {**GAME.simulation_options, **options})
    conformance.check_board_language(ENGINE, players)


def test_units_castles_and_creature_cards_read_in_both_languages():
    state = ENGINE.new_game(4, {"round_cap": 30, "factions": "initiative"}, 5)
    board = ENGINE.board(state, 1)
    pieces = board["elements"][0]["pieces"]
    units = [p for p in pieces if p.get("tip", {}).get("key") == "unit_tip"]
    castles = [p for p in pieces if p.get("tip", {}).get("key") == "castle_tip"]
    assert {text(u["label"], GAME.messages, "ru") for u in units} == {"В", "З", "М"}
    assert {text(u["label"], GAME.messages, "en") for u in units} == {"W", "D", "M"}
    assert {c["label"] for c in castles} == {"♜"}
    assert {text(c["tip"], GAME.messages, "ru") for c in castles} >= {"Замок: Альянс природы (равнины)"}
    cards = next(e for e in board["elements"] if e["type"] == "cards")["cards"]
    assert cards == ["aquus", "cornibus", "arborus"]
    face = GAME.card_face("aquus")
    assert text(face["title"], GAME.messages, "ru") == "Аквус" and text(face["title"], GAME.messages) == "Aquus"
    assert text(face["keywords"][0], GAME.messages) == "+1 to warriors"
    assert text(face["keywords"][0], GAME.messages, "ru") == "+1: воины"
    assert text(face["text"], GAME.messages).startswith("Undertow:")


def test_a_neutral_factions_panel_says_what_its_castles_do():
    """Digest 8.1: a faction nobody leads keeps castles on its lands to the end, and nobody
    builds there; its panel says so with their number, instead of standing empty."""
    state = ENGINE.new_game(2, {}, seed=4)
    panels = GAME.board(state, 0)["panels"]
    neutral = [p for p in panels if p.get("title", {}).get("key") == "faction_neutral_title"]
    assert len(neutral) == 2
    counts = sorted(p["lines"][0]["castles"] for p in neutral)
    assert all(count in (5, 6) for count in counts)
    shown = text(neutral[0]["lines"][0], GAME.messages, "en")
    assert str(neutral[0]["lines"][0]["castles"]) in shown and "build" in shown
