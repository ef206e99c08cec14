"""The plugin host: finds games, scenarios, bots and painters through entry points.

Bundled games register exactly like a third party's: through the ``boardwright``
entry-point group. A plugin that fails to import or to register is recorded in
`PluginHost.broken` with its name and error, and everything else still loads.

Scenarios come from three places: a game's own hook (`boardwright_scenarios`), scenario
packs (data-only packages: an entry point in the ``boardwright.scenarios`` group names a
package whose TOML files, in any folder, are scenarios for any installed game), and the
user's scenario folder (`scenario_folder()`: TOML files, read again whenever they change).
A scenario file with an error is listed in `broken` with its file, line and field.
"""

from __future__ import annotations

import importlib.metadata
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import platformdirs
import pluggy

from .engine import Engine
from .errors import ScenarioError, UnknownGame
from .game import Game
from .hooks import PROJECT, BoardwrightSpecs
from .scenarios import parse_scenario
from .spec import Scenario

SCENARIO_PACKS = "boardwright.scenarios"  # entry points naming packages of scenario files


def scenario_folder() -> Path:
    """The user's own scenarios: `BOARDWRIGHT_SCENARIOS`, else `<user data>/scenarios`."""
    chosen = os.environ.get("BOARDWRIGHT_SCENARIOS")
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_data_dir("boardwright", appauthor=False)) / "scenarios"


@dataclass(frozen=True)
class BrokenPlugin:
    name: str
    error: str
    kind: str = "plugin"  # or "scenario file": one in a pack or in the user's scenario folder

    def line(self) -> str:
        """What failed and why, naming it once (a scenario file's error begins with where it is)."""
        return self.error if self.error.startswith(self.name) else f"{self.name}: {self.error}"


class PluginHost:
    """A small typed facade over the pluggy plugin manager."""

    def __init__(self, load_entry_points: bool = True, scenario_folders: list[Path] | None = None) -> None:
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(BoardwrightSpecs)
        self.broken: list[BrokenPlugin] = []
        self._games: dict[str, Game] | None = None
        self._provided: dict[str, list[Any] | None] = {}  # each plugin's `boardwright_games`, once
        self._bots: dict[str, Any] | None = None
        # folders of scenario files read on every `scenarios()` call (the user's by default)
        if scenario_folders is None:
            scenario_folders = [scenario_folder()] if load_entry_points else []
        self.scenario_folders = list(scenario_folders)
        self._packs: list[tuple[str, Any]] = []  # (entry point name, package files root)
        self._parsed: dict[tuple[str, float, int], Scenario | str] = {}  # (path, mtime, size) -> it, or its error
        self._scenario_files: set[str] = set()  # scenario files listed in `broken` by the last reading
        if load_entry_points:
            self.load_entry_points()

    # --- loading ---

    def load_entry_points(self) -> None:
        installed = importlib.metadata.entry_points()  # every package's, read once for both groups
        owners: dict[str, str] = {}  # plugin name -> the distribution that gave it
        # by name, Boardwright's own first: another package cannot take a bundled game's name
        for ep in sorted(installed.select(group=PROJECT), key=lambda e: (e.name, _distribution(e) != "boardwright")):
            given_by = _distribution(ep)
            if ep.name in owners:  # two packages name one game: the second would be ignored
                if owners[ep.name] != given_by:
                    self.broken.append(
                        BrokenPlugin(
                            f"{ep.name} (from {given_by})",
                            f"the plugin name {ep.name!r} is taken by {owners[ep.name]}: give this game another id",
                        )
                    )
                continue
            owners[ep.name] = given_by
            if self.pm.get_plugin(ep.name) is not None:
                continue
            try:
                plugin = ep.load()
                self.pm.register(plugin, name=ep.name)
            except Exception as exc:  # a broken plugin must not stop the others
                self.broken.append(BrokenPlugin(ep.name, _describe(exc)))
        for ep in sorted(installed.select(group=SCENARIO_PACKS), key=lambda e: e.name):
            try:
                self._packs.append((ep.name, resources.files(ep.value)))
            except Exception as exc:
                self.broken.append(BrokenPlugin(ep.name, f"scenario pack: {_describe(exc)}"))
        self._check_pending()

    def register(self, plugin: Any, name: str | None = None) -> None:
        """Register an object or module directly (tests, embedded use)."""
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:
            self.broken.append(BrokenPlugin(name or repr(plugin), _describe(exc)))
        self._check_pending()
        self._games = None
        self._provided = {}
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
        """Every plugin's games by id. Two plugins that give one id: the plugin named as the
        game keeps it (as `game` finds it), else the first by name; the other is listed in
        `broken`."""
        if self._games is None:
            found: dict[str, Game] = {}
            owner: dict[str, str] = {}
            for name, impl in self._game_hooks():
                for game in self._games_of(name, impl) or ():
                    spec = getattr(game, "spec", None)
                    if spec is None or not isinstance(game, Game):
                        self.broken.append(BrokenPlugin(name, f"boardwright_games returned {game!r}, not a Game"))
                    elif spec.id not in found:
                        found[spec.id], owner[spec.id] = game, name
                    elif name == spec.id and owner[spec.id] != spec.id:
                        self.broken.append(BrokenPlugin(owner[spec.id], f"game id {spec.id!r} is taken already"))
                        found[spec.id], owner[spec.id] = game, name
                    else:
                        self.broken.append(BrokenPlugin(name, f"game id {spec.id!r} is taken already"))
            self._games = dict(sorted(found.items()))
        return self._games

    def game(self, game_id: str) -> Game:
        """One game. A plugin named as the game (every bundled one, and what `new-plugin`
        makes) is asked alone first: a command about one game imports no other game's rules
        (`boardwright simulate connect_four` starts in about half the time)."""
        if self._games is None:
            own = self._own_game(game_id)
            if own is not None:
                return own
        games = self.games()
        if game_id not in games:
            known = ", ".join(games) or "none"
            raise UnknownGame(f"unknown game {game_id!r} (installed: {known})")
        return games[game_id]

    def _game_hooks(self) -> list[tuple[str, Any]]:
        return [
            (self.pm.get_name(impl.plugin) or repr(impl.plugin), impl)
            for impl in self.pm.hook.boardwright_games.get_hookimpls()
        ]

    def _games_of(self, name: str, impl: Any) -> list[Any] | None:
        """What one plugin's `boardwright_games` gave (None: it failed, and is in `broken`), asked once."""
        if name not in self._provided:
            try:
                given = impl.function()
                self._provided[name] = [] if given is None else list(given)
            except Exception as exc:
                self.broken.append(BrokenPlugin(name, f"boardwright_games: {_describe(exc)}"))
                self._provided[name] = None
        return self._provided[name]

    def _own_game(self, game_id: str) -> Game | None:
        """The game `game_id` of the plugin of that name, if it gives one."""
        for name, impl in self._game_hooks():
            if name == game_id:
                for game in self._games_of(name, impl) or ():
                    if isinstance(game, Game) and getattr(game, "spec", None) is not None and game.spec.id == game_id:
                        return game
        return None

    def scenarios(self, game_id: str) -> list[Scenario]:
        """Every scenario of the game beside its own: the hooks', then the packs', then the
        user folder's. A file with an error, and one whose id another scenario of its game
        has already (the game's own first), is reported in `broken` and left out."""
        return self._hook_scenarios(game_id) + [s for s in self._data_scenarios() if s.game == game_id]

    def _hook_scenarios(self, game_id: str) -> list[Scenario]:
        try:
            taken = {scenario.id: scenario for scenario in self.game(game_id).scenarios()}
        except UnknownGame:  # a scenario hook may answer for a game that is not installed
            taken = {}
        out: list[Scenario] = []
        for name, scenarios in self._call_each("boardwright_scenarios", game_id=game_id):
            for scenario in scenarios:
                if scenario.id in taken:
                    broken = BrokenPlugin(name, _shadowing(scenario, taken[scenario.id], game_id))
                    if broken not in self.broken:
                        self.broken.append(broken)
                else:
                    taken[scenario.id] = scenario
                    out.append(scenario)
        return out

    def shadowed(self, scenario: Scenario) -> str | None:
        """Why `scenario` (read from a file, say one being validated) would be left out: an
        installed scenario of its game from another place has its id already. None if not,
        also when that one is the file itself or its copy of the same name in a scenario
        folder (a modder edits a file and copies it in again)."""
        for other in [*self.game(scenario.game).scenarios(), *self.scenarios(scenario.game)]:
            if other.id == scenario.id and not self._copy_of(other.source, scenario.source):
                return _shadowing(scenario, other, scenario.game)
        return None

    def _copy_of(self, installed: str, given: str) -> bool:
        if not installed:
            return False
        path = Path(installed)
        if any(path.is_relative_to(folder) for folder in self.scenario_folders):
            return path.name == Path(given).name
        return _same_file(installed, given)

    def add_scenario_pack(self, name: str, package: str) -> None:
        """A package of scenario files, as the ``boardwright.scenarios`` entry point gives it."""
        self._packs.append((name, resources.files(package)))

    def _data_scenarios(self) -> list[Scenario]:
        # the files are read again: their errors are those of this reading (a mended file drops out)
        self.broken = [entry for entry in self.broken if entry.name not in self._scenario_files]
        self._scenario_files = set()
        found: list[Scenario] = []
        for name, root in self._packs:
            for entry in _toml_files(root):
                found.extend(self._parse(f"{name}:{entry.name}", entry, None))
        for folder in self.scenario_folders:
            if folder.is_dir():
                for path in sorted(folder.rglob("*.toml")):
                    found.extend(self._parse(str(path), path, path))
        taken: dict[str, dict[str, Scenario]] = {}  # game -> its scenarios by id, so far
        kept = []
        for scenario in found:
            if scenario.game not in taken:
                given = [*self.game(scenario.game).scenarios(), *self._hook_scenarios(scenario.game)]
                taken[scenario.game] = {other.id: other for other in given}
            ids = taken[scenario.game]
            if scenario.id in ids:
                self._broken_scenario(scenario.source, _shadowing(scenario, ids[scenario.id], scenario.game))
            else:
                ids[scenario.id] = scenario
                kept.append(scenario)
        return kept

    def _parse(self, where: str, entry: Any, path: Path | None) -> list[Scenario]:
        """One scenario file, parsed once while it is unchanged; an error goes to `broken` once."""
        try:
            stat = path.stat() if path is not None else None
            key = (where, stat.st_mtime if stat else 0.0, stat.st_size if stat else 0)
            if key not in self._parsed:
                try:
                    text = entry.read_bytes().decode("utf-8")
                    self._parsed[key] = parse_scenario(text, where, self.games())
                except ScenarioError as exc:
                    self._parsed[key] = str(exc)
                except UnicodeDecodeError as exc:
                    self._parsed[key] = f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        except OSError as exc:  # a file gone while reading: it is simply not there
            return [] if path is not None else self._broken_scenario(where, exc.strerror or str(exc))
        parsed = self._parsed[key]
        if isinstance(parsed, str):
            return self._broken_scenario(where, parsed)
        return [parsed]

    def _broken_scenario(self, where: str, message: str) -> list[Scenario]:
        self._scenario_files.add(where)
        broken = BrokenPlugin(where, message, "scenario file")
        if broken not in self.broken:
            self.broken.append(broken)
        return []

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


def _shadowing(scenario: Scenario, other: Scenario, game_id: str) -> str:
    where = f"{scenario.source}: " if scenario.source else ""
    owner = other.source or f"{game_id} itself"
    return f"{where}scenario id {scenario.id!r} of {game_id} is taken by {owner}: give this one another id"


def _same_file(source: str, path: str) -> bool:
    """Whether a scenario's `source` (a file, or `package/folder/name` for a game's own,
    `package_scenarios`) is the file at `path`."""
    try:
        given = Path(path).resolve()
        if Path(source).resolve() == given:
            return True
        package, _, inside = source.partition("/")
        shipped = resources.files(package).joinpath(inside) if inside else None
        return isinstance(shipped, Path) and shipped.resolve() == given
    except (OSError, ImportError, ValueError):
        return False


def _toml_files(root: Any) -> list[Any]:
    """Every `.toml` file under a package's files root, in name order."""
    found = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.is_dir() and not entry.name.startswith(("_", ".")):
            found.extend(_toml_files(entry))
        elif entry.name.endswith(".toml"):
            found.append(entry)
    return found


def _distribution(ep: importlib.metadata.EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return str(dist.name) if dist is not None else ep.value


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"
