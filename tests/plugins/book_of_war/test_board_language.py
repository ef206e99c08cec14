"""Every text of the board description reads in Russian when the client is switched to Russian.

Seeded random games are played; at several points the board of every seat (and of an
onlooker) is rendered in both languages the way the client does it (`localise`).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from boardwright.client.i18n import localise
from boardwright.framework import PluginHost, kernel
from boardwright.framework.conformance import board_texts

# A run of three or more Latin letters is an English word; a hex id ("a0", "g5") never is one.
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
NOT_WORDS: set[str] = set()  # nothing yet needs an exception


def check_board(board: dict[str, Any]) -> int:
    """Assert the Russian rendering has no English word and the English one is never empty."""
    checked = 0
    for where, value in board_texts(board):
        english = localise(value, "en")
        assert english.strip(), f"{where}: empty English text {value!r}"
        russian = localise(value, "ru")
        words = [w for w in LATIN_WORD.findall(russian) if w not in NOT_WORDS]
        assert not words, f"{where}: English in the Russian text {russian!r} (from {value!r})"
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 1), (2, {"bans": True}, 5), (4, {}, 2), (4, {}, 11)],
)
def test_every_board_text_is_russian_in_russian(players: int, options: dict[str, Any], seed: int) -> None:
    engine = PluginHost().engine("book_of_war")
    state = engine.new_game(players, options, seed)
    rng = random.Random(seed)
    phases: set[str] = set()
    checked = 0
    for step in range(400):
        if step % 25 == 0 or engine.is_over(state):
            phases.add(kernel.phase(state))
            for seat in [*range(players), None]:
                checked += check_board(engine.board(state, seat))
        if engine.is_over(state):
            break
        legal = engine.legal_actions(state)
        engine.apply_unchecked(state, legal[rng.randrange(len(legal))])
    phases.add(kernel.phase(state))
    for seat in [*range(players), None]:
        checked += check_board(engine.board(state, seat))
    # the games got past the set-up, so units, hands and libraries were on show
    assert "offensive" in phases and checked > 1000
