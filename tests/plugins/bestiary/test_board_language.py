"""Every text a person reads on the Bestiary board (labels, tips, panels, the status, card
faces and move labels) is made for people in both languages: Russian with no English words
in it, and no internal ids (snake_case, raw axial coordinates, map keys) in either.

These tests play seeded random games of several modes and read every text of
`engine.board(state, seat)` as the client shows it, resolved from the message files.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardwright.framework import PluginHost, conformance, kernel
from boardwright.framework.conformance import board_texts
from boardwright.framework.events import resolve_texts
from boardwright.plugins.bestiary.board_view import stage
from boardwright.plugins.bestiary.catalogue import CREATURES

ENGINE = PluginHost().engine("bestiary")
GAME = ENGINE.game

# An English word: three or more Latin letters in a row.
WORD = re.compile(r"[A-Za-z]{3,}")
# Latin letters in Russian: only the X of an X cooldown formula.
LATIN_RUN = re.compile(r"[A-Za-z]+")
NOT_WORDS = frozenset({"X"})

SINGULAR = {
    "elements": "element",
    "panels": "panel",
    "cells": "cell",
    "pieces": "piece",
    "lines": "line",
    "marks": "mark",
}

CASES = [
    ("duel", 2, 1),
    ("duel", 2, 7),
    ("crossroads_duel", 2, 4),
    ("crossroads_teams", 4, 2),
    ("crossroads_teams", 4, 5),
    ("protorp_ffa", 3, 3),
    ("protorp_ffa", 3, 11),
]


def _texts(state: dict[str, Any], seat: int | None, lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of the board in `lang`, card faces and move labels included."""
    names = [GAME.seat_name(state, s, lang) for s in range(kernel.seats(state))]
    board = ENGINE.board(state, seat)
    for where, text in board_texts(resolve_texts(board, GAME.messages, lang, names)):
        yield where, str(text or "")
    for element in board["elements"]:
        for card in element.get("cards", []):
            face = resolve_texts(GAME.card_face(card), GAME.messages, lang)
            for where, text in board_texts(face):
                if where != "status":
                    yield f"card {card} {where}", str(text or "")
    if seat == kernel.to_move(state):
        for action in ENGINE.legal_actions(state):
            yield f"move {action}", GAME.describe_action(state, action, lang)


def _problems(state: dict[str, Any], seat: int | None) -> list[str]:
    problems = []
    for where, text in _texts(state, seat, "ru"):
        if WORD.search(text):
            problems.append(f"{where}: English in Russian: {text!r}")
            continue
        odd = [t for t in LATIN_RUN.findall(text) if t not in NOT_WORDS]
        if odd:
            problems.append(f"{where}: Latin letters {odd} in Russian: {text!r}")
    for lang in ("en", "ru"):
        for where, text in _texts(state, seat, lang):
            bad = conformance.INTERNAL_ID.search(text)
            if bad:
                problems.append(f"{where}: the internal id {bad.group(0)!r} in {lang}: {text!r}")
            if "{" in text:
                problems.append(f"{where}: an unfilled field in {lang}: {text!r}")
    return problems


def _play(scenario: str, players: int, seed: int, steps: int = 260, every: int = 9) -> Iterator[dict[str, Any]]:
    """Snapshots of a seeded random game: the start, every few actions, and the end."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, {}, seed, scenario)
    yield state
    for n in range(1, steps + 1):
        legal = ENGINE.legal_actions(state)
        if not legal or kernel.is_over(state):
            break
        ENGINE.apply_unchecked(state, rng.choice(legal))
        if n % every == 0:
            yield state
    yield state


@pytest.mark.parametrize(("scenario", "players", "seed"), CASES)
def test_every_board_text_reads_in_both_languages(scenario: str, players: int, seed: int) -> None:
    problems: dict[str, None] = {}
    stages = set()
    for state in _play(scenario, players, seed):
        stages.add(stage(state))
        for seat in [*range(players), None]:
            for problem in _problems(state, seat):
                problems.setdefault(f"{stage(state)}: {problem}")
    assert "play" in stages  # the games got past the draft
    assert not problems, "\n".join(list(problems)[:40])


@pytest.mark.parametrize(("scenario", "players"), [("duel", 2), ("crossroads_teams", 4), ("protorp_ffa", 3)])
def test_the_conformance_check_of_board_language_passes(scenario: str, players: int) -> None:
    conformance.check_board_language(ENGINE, players, scenario)


def test_every_card_face_reads_in_both_languages() -> None:
    for creature in CREATURES:
        for lang in ("en", "ru"):
            face = resolve_texts(GAME.card_face(creature), GAME.messages, lang)
            for where, text in board_texts(face):
                line = str(text or "")
                assert "{" not in line, f"{creature} {where}: {line!r}"
                assert conformance.INTERNAL_ID.search(line) is None, f"{creature} {where}: {line!r}"
                if lang == "ru":
                    assert not WORD.search(line), f"{creature} {where}: {line!r}"
                else:
                    assert not conformance.CYRILLIC.search(line), f"{creature} {where}: {line!r}"


def test_the_walk_reads_every_kind_of_text() -> None:
    """The snapshots hold piece labels, creature tips, disc lines and cards, so the walk sees them."""
    seen: set[str] = set()
    for state in _play("protorp_ffa", 3, 3):
        for where, _ in board_texts(ENGINE.board(state, 0)):
            # "elements 0 (hexgrid) pieces 3 (saxum) tip" -> "element piece tip": one name per kind
            words = re.sub(r"\(.*?\)|\d+", "", where).split()
            seen.add(" ".join(SINGULAR.get(word, word) for word in words))
    assert {"status", "element cell tip", "element piece label", "element piece tip", "element title"} <= seen
    assert {"panel title", "panel line", "panel track mark label"} <= seen


def test_the_first_sides_castle_track_says_why_it_starts_damaged() -> None:
    """Digest §3.5: the first player's castle starts with 2 damage, the price of the
    initiative; its track says so, the other side's does not."""
    from boardwright.framework import PluginHost, kernel
    from boardwright.framework.events import text
    from boardwright.framework.match import Match

    match = Match(PluginHost().engine("bestiary"), 2, {}, 3)
    state = match.state
    first = kernel.side_of(state, state["first_player"])
    messages = match.game.messages
    tracks = [panel for panel in match.board(0)["panels"] if panel.get("track")]
    lines = [[text(line, messages, "en") for line in panel["lines"]] for panel in tracks]
    assert lines[first] == ["Damage 2 of 10: at 10 the castle falls", "It started with 2: the price of the first move"]
    assert lines[1 - first] == ["Damage 0 of 10: at 10 the castle falls"]
