"""The plugin host: finds games, scenarios, bots and painters through entry points.

Bundled games register exactly like a third party's: through the ``boardwright``
entry-point group. A plugin that fails to import or to register is recorded in
`PluginHost.broken` with its name and error, and everything else still loads.
"""

from __future__ import annotations

import importlib.metadata
from dataclasses import dataclass
from typing import Any

import pluggy

from .engine import Engine
from .errors import UnknownGame
from .game import Game
from .hooks import PROJECT, BoardwrightSpecs
from .spec import Scenario


@dataclass(frozen=True)
class BrokenPlugin:
    name: str
    error: str


class PluginHost:
    """A small typed facade over the pluggy plugin manager."""

    def __init__(self, load_entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(BoardwrightSpecs)
        self.broken: list[BrokenPlugin] = []
        self._games: dict[str, Game] | None = None
        self._bots: dict[str, Any] | None = None
        if load_entry_points:
            self.load_entry_points()

    # --- loading ---

    def load_entry_points(self) -> None:
        for ep in sorted(importlib.metadata.entry_points(group=PROJECT), key=lambda e: e.name):
            if self.pm.get_plugin(ep.name) is not None:
                continue
            try:
                plugin = ep.load()
                self.pm.register(plugin, name=ep.name)
            except Exception as exc:  # a broken plugin must not stop the others
                self.broken.append(BrokenPlugin(ep.name, _describe(exc)))
        self._check_pending()

    def register(self, plugin: Any, name: str | None = None) -> None:
        """Register an object or module directly (tests, embedded use)."""
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:
            self.broken.append(BrokenPlugin(name or repr(plugin), _describe(exc)))
        self._check_pending()
        self._games = None
        self._bots = None

    def _check_pending(self) -> None:
        # a hook implementation with a misspelt name is a broken plugin, not a silent no-op
        for name in list(self.pm.hook.__dict__):
            hook = getattr(self.pm.hook, name)
            if hook.spec is None:
                for impl in hook.get_hookimpls():
                    plugin_name = self.pm.get_name(impl.plugin) or repr(impl.plugin)
                    self.broken.append(BrokenPlugin(plugin_name, f"unknown hook {name}"))
                    self.pm.unregister(impl.plugin)

    def _call_each(self, hook_name: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """Call every implementation on its own, so one failing plugin is reported alone."""
        results = []
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():
            name = self.pm.get_name(impl.plugin) or repr(impl.plugin)
            try:
                result = impl.function(**{arg: kwargs[arg] for arg in impl.argnames})
            except Exception as exc:
                self.broken.append(BrokenPlugin(name, f"{hook_name}: {_describe(exc)}"))
                continue
            if result is not None:
                results.append((name, result))
        return results

    # --- what plugins provide ---

    def games(self) -> dict[str, Game]:
        if self._games is None:
            found: dict[str, Game] = {}
            for name, games in self._call_each("boardwright_games"):
                for game in games:
                    spec = getattr(game, "spec", None)
                    if spec is None or not isinstance(game, Game):
                        self.broken.append(BrokenPlugin(name, f"boardwright_games returned {game!r}, not a Game"))
                    elif spec.id in found:
                        self.broken.append(BrokenPlugin(name, f"game id {spec.id!r} is taken already"))
                    else:
                        found[spec.id] = game
            self._games = dict(sorted(found.items()))
        return self._games

    def game(self, game_id: str) -> Game:
        games = self.games()
        if game_id not in games:
            known = ", ".join(games) or "none"
            raise UnknownGame(f"unknown game {game_id!r} (installed: {known})")
        return games[game_id]

    def scenarios(self, game_id: str) -> list[Scenario]:
        out: list[Scenario] = []
        for _name, scenarios in self._call_each("boardwright_scenarios", game_id=game_id):
            out.extend(scenarios)
        return out

    def engine(self, game_id: str) -> Engine:
        return Engine(self.game(game_id), self.scenarios(game_id))

    def bots(self) -> dict[str, Any]:
        if self._bots is None:
            found: dict[str, Any] = {}
            for name, kinds in self._call_each("boardwright_bots"):
                for kind in kinds:
                    if kind.name in found:
                        self.broken.append(BrokenPlugin(name, f"bot kind {kind.name!r} is taken already"))
                    else:
                        found[kind.name] = kind
            self._bots = found
        return self._bots

    def board_painters(self) -> dict[str, Any]:
        painters: dict[str, Any] = {}
        for _name, found in self._call_each("boardwright_board_painters"):
            painters.update(found)
        return painters


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"
