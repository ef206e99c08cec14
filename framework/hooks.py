"""The hooks a Boardwright plugin may implement (pluggy project name ``boardwright``).

A package makes itself known through the entry-point group ``boardwright``::

    [project.entry-points.boardwright]
    my_game = "my_game.plugin"

and implements any of the hooks below in that module (or object) with ``@hookimpl``.
Each hook is named for what it returns. Callers use `PluginHost`, never ``pm.hook``.
"""

from __future__ import annotations

from typing import Any

import pluggy

PROJECT = "boardwright"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class BoardwrightSpecs:
    @hookspec
    def boardwright_games(self) -> list[Any]:
        """Return the games (``Game`` instances, each with a ``spec``) this package provides."""
        raise NotImplementedError

    @hookspec
    def boardwright_scenarios(self, game_id: str) -> list[Any]:
        """Return extra ``Scenario`` objects for ``game_id`` (data-only scenario packs)."""
        raise NotImplementedError

    @hookspec
    def boardwright_bots(self) -> list[Any]:
        """Return ``BotKind`` objects: named bot factories usable in any game."""
        raise NotImplementedError

    @hookspec
    def boardwright_board_painters(self) -> dict[str, Any]:
        """Return {board kind: painter factory}: optional client painters for a board kind.

        A painter factory is called by the client with the board description and must
        return an object the client can draw; the kernel never imports it.
        """
        raise NotImplementedError
