"""Every player-visible text of the Reliquium board reads in Russian when the client is in Russian.

The desktop client shows each text of a board description through `localise(value, lang)`; a plain
string is shown as it is in both languages, so an English plain string stays English for a Russian
player. These tests walk whole board descriptions met in seeded random games.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardwright.client.i18n import localise
from boardwright.framework import PluginHost, kernel
from boardwright.framework.conformance import board_texts

ENGINE = PluginHost().engine("reliquium")

# three or more Latin letters in a row: an English word left in a Russian text
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
# not words: map node ids (junctions "J38", edge points "E07") are the same in both languages
ALLOWED = re.compile(r"\b[JE]\d{2}\b")
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _piece_labels(board: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The letters drawn on pieces and tokens: units, castles, order and creature tokens, track marks."""
    for n, item in enumerate(board.get("items", [])):
        if item.get("layer") in ("piece", "marker") and "label" in item:
            yield f"item {n} ({item.get('id')})", item["label"]
    for p, panel in enumerate(board.get("panels", [])):
        for mark in panel.get("track", {}).get("marks", []):
            yield f"panel {p} track mark {mark.get('at')}", mark.get("label")
        for card in panel.get("cards", []):
            yield f"panel {p} card {card.get('id')}", card.get("label")


def _problems(board: dict[str, Any]) -> list[str]:
    problems = []
    for where, text in board_texts(board):
        ru, en = localise(text, "ru"), localise(text, "en")
        if LATIN.search(ru) or CYRILLIC.search(ru):
            # a text with letters must carry both languages
            if not (isinstance(text, dict) and text.get("en") and text.get("ru")):
                problems.append(f"{where}: not bilingual: {text!r}")
        words = ENGLISH_WORD.findall(ALLOWED.sub("", ru))
        if words:
            problems.append(f"{where}: English in Russian: {ru!r}")
        if CYRILLIC.search(en):
            problems.append(f"{where}: Russian in English: {en!r}")
    for where, label in _piece_labels(board):
        ru = localise(label, "ru")
        if LATIN.search(ALLOWED.sub("", ru)):
            problems.append(f"{where}: Latin letter on a piece in Russian: {ru!r}")
        if not localise(label, "en"):
            problems.append(f"{where}: empty label")
    return problems


def _boards_of_random_game(
    players: int, seed: int, options: dict[str, Any], actions: int = 400
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Boards for every seat and a spectator: every 20 plies, at every ply of a war phase, and at the end."""
    state = ENGINE.new_game(players, {"round_cap": 30, **options}, seed)
    rnd = random.Random(seed)
    seats: list[int | None] = [*range(players), None]
    for ply in range(actions + 1):
        if ply % 20 == 0 or state["battle"] is not None or kernel.is_over(state):
            for seat in seats:
                yield ply, ENGINE.board(state, seat)
        if kernel.is_over(state):
            return
        legal = ENGINE.legal_actions(state)
        ENGINE.apply_unchecked(state, legal[rnd.randrange(len(legal))])


OPTIONAL_RULES = {"militia": True, "allies": True}


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (2, 4, OPTIONAL_RULES), (4, 3, {}), (4, 5, OPTIONAL_RULES)],
)
def test_every_board_text_reads_in_russian(players, seed, options):
    battles = 0
    boards = 0
    for ply, board in _boards_of_random_game(players, seed, options):
        boards += 1
        battles += any(localise(panel.get("title"), "en") == "Battle" for panel in board.get("panels", []))
        problems = _problems(board)
        assert not problems, f"ply {ply}:\n" + "\n".join(problems[:20])
    assert boards > 10
    # the walk met the battle panel too (if a rules change avoids it, pick another seed)
    assert battles, "no battle in this game"


def test_units_and_castles_have_russian_letters():
    state = ENGINE.new_game(4, {"round_cap": 30}, 5)
    board = ENGINE.board(state, 0)
    units = [i for i in board["items"] if i.get("layer") == "piece" and i["shape"] == "circle"]
    castles = [i for i in board["items"] if i.get("layer") == "piece" and i["shape"] == "rect"]
    assert {localise(u["label"], "ru") for u in units} == {"В", "З", "М"}
    assert {localise(u["label"], "en") for u in units} == {"W", "D", "M"}
    assert {localise(c["label"], "ru") for c in castles} == {"Р", "Г", "Л"}
    assert {localise(c["label"], "en") for c in castles} == {"P", "M", "F"}
    cards = [c for p in board["panels"] for c in p.get("cards", [])]
    assert "Аквус" in {localise(c["label"], "ru") for c in cards}
    assert "Aquus" in {localise(c["label"], "en") for c in cards}
