"""Boardwright's checks as a pytest plugin, for a game's own tests (entry point `pytest11`).

Installed with Boardwright, it is found by pytest on its own: a plugin author's test file
needs no import from the framework to check a game.

```python
def test_my_game_conforms(boardwright_check):
    boardwright_check(MyGame())  # every check the bundled games pass


def test_bots_finish_it(boardwright_playouts):
    boardwright_playouts("my_game", games=20)  # seeded random games, each to its end
```

Fixtures:
- `boardwright_host`: the installed games, bots and scenarios (`PluginHost`), for the session;
- `boardwright_check(game, players=None, scenario=None)`: the conformance suite
  (`framework/conformance.py`) on a `Game`, an `Engine` or an installed game's id;
- `boardwright_playouts(game, games=10, players=None, seed=0, max_actions=100_000)`: seeded
  random playouts through the kernel's checked path; returns the outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from . import kernel
from .engine import Engine
from .game import Game
from .plugins import PluginHost


def _engine(host: PluginHost, game: Game | Engine | str) -> Engine:
    if isinstance(game, Engine):
        return game
    if isinstance(game, str):
        return host.engine(game)
    return Engine(game, host.scenarios(game.spec.id))


@pytest.fixture(scope="session")
def boardwright_host() -> PluginHost:
    """The installed games, bots and scenarios, as `boardwright list` sees them."""
    return PluginHost()


@pytest.fixture
def boardwright_check(boardwright_host: PluginHost) -> Callable[..., None]:
    """check(game, players=None, scenario=None): every check the bundled games pass."""
    from . import conformance

    def check(game: Game | Engine | str, players: int | None = None, scenario: str | None = None) -> None:
        conformance.check_game(_engine(boardwright_host, game), players, scenario)

    return check


@pytest.fixture
def boardwright_playouts(boardwright_host: PluginHost) -> Callable[..., list[dict[str, Any]]]:
    """playouts(game, games=10, ...): seeded random games to their end; their outcomes."""

    def playouts(
        game: Game | Engine | str,
        games: int = 10,
        players: int | None = None,
        seed: int = 0,
        max_actions: int = 100_000,
    ) -> list[dict[str, Any]]:
        engine = _engine(boardwright_host, game)
        outcomes = []
        for number in range(games):
            state = engine.new_game(players, dict(engine.game.simulation_options), seed=seed + number)
            pick = random.Random(seed + number)
            for _ in range(max_actions):
                if kernel.is_over(state):
                    break
                legal = engine.legal_actions(state)
                assert legal, f"{engine.spec.id}: seed {seed + number}: no legal action and the game is not over"
                engine.apply(state, legal[pick.randrange(len(legal))])
            assert kernel.is_over(state), (
                f"{engine.spec.id}: seed {seed + number}: not over after {max_actions} actions"
            )
            outcome = kernel.outcome(state)
            assert outcome is not None
            outcomes.append(outcome)
        return outcomes

    return playouts
