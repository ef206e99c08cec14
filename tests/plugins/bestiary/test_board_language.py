"""Every player-visible text of the Bestiary board description reads in Russian as well.

The client shows each text through `localise(value, lang)`; a plain string is shown as is in
every language, so an English string left in the board description shows English to a
player who chose Russian. These tests play seeded random games of several modes and read
every text of `engine.board(state, seat)` the way the client does.
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
from boardwright.plugins.bestiary.board_view import stage

ENGINE = PluginHost().engine("bestiary")

# An English word: three or more Latin letters in a row.
WORD = re.compile(r"[A-Za-z]{3,}")
# Shorter runs of Latin letters are allowed in Russian only when they are not words: the
# land ids (N, E, S, W: the ids the land actions and the event log use as well), the X of
# an X cooldown formula, and the Protorp hex ids (a letter and a digit, e.g. "c4").
NOT_WORDS = frozenset({"N", "E", "S", "W", "X"})
HEX_ID = re.compile(r"^[a-z]\d+$")
LATIN_RUN = re.compile(r"[A-Za-z]+\d*")

SINGULAR = {"items": "item", "panels": "panel", "cards": "card", "lines": "line", "marks": "mark"}

CASES = [
    ("duel", 2, 1),
    ("duel", 2, 7),
    ("crossroads_teams", 4, 2),
    ("crossroads_teams", 4, 5),
    ("protorp_ffa", 3, 3),
    ("protorp_ffa", 3, 11),
]


def _problems(board: dict[str, Any]) -> list[str]:
    problems = []
    for where, value in board_texts(board):
        en, ru = localise(value, "en"), localise(value, "ru")
        if not en.strip():
            problems.append(f"{where}: empty English text {value!r}")
        if WORD.search(ru):
            problems.append(f"{where}: English in Russian: {ru!r}")
            continue
        odd = [t for t in LATIN_RUN.findall(ru) if t not in NOT_WORDS and not HEX_ID.match(t)]
        if odd:
            problems.append(f"{where}: Latin letters {odd} in Russian: {ru!r}")
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
def test_every_board_text_reads_in_russian(scenario: str, players: int, seed: int) -> None:
    problems: dict[str, None] = {}
    stages = set()
    for state in _play(scenario, players, seed):
        stages.add(stage(state))
        for seat in [*range(players), None]:
            for problem in _problems(ENGINE.board(state, seat)):
                problems.setdefault(f"{stage(state)}: {problem}")
    assert "play" in stages  # the games got past the draft
    assert not problems, "\n".join(list(problems)[:40])


def test_the_walk_reads_every_kind_of_text() -> None:
    """The snapshots hold piece labels, creature tips, disc lines and cards, so the walk sees them."""
    seen: set[str] = set()
    for state in _play("protorp_ffa", 3, 3):
        for where, _ in board_texts(ENGINE.board(state, 0)):
            # "items 3 (id) tip" -> "item tip": one name per kind of text, in the singular
            words = re.sub(r"\(.*?\)|\d+", "", where).split()
            seen.add(" ".join(SINGULAR.get(word, word) for word in words))
    assert {"status", "item label", "item tip", "item text", "panel title", "panel line"} <= seen
    assert {"panel card label", "panel card tip", "panel track mark label"} <= seen
