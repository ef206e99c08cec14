"""The plugin host: entry points, each hook, broken plugins reported by name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import types

from boardwright.framework import BotKind, Game, GameSpec, PluginHost, Scenario, hookimpl


class Tiny(Game):
    spec = GameSpec(id="tiny", version="1", title_en="Tiny", title_ru="Крошка", players=(1,))


def _module(name, **hooks):
    module = types.ModuleType(name)
    for hook, function in hooks.items():
        setattr(module, hook, hookimpl(function))
    return module


def test_bundled_games_and_bots_come_through_entry_points():
    host = PluginHost()
    assert "connect_four" in host.games()
    assert "random" in host.bots()
    names = {name for name, _ in host.pm.list_name_plugin()}
    assert {"connect_four", "bots"} <= names


def test_each_hook_is_called_through_the_facade():
    host = PluginHost(load_entry_points=False)
    host.register(
        _module(
            "pack",
            boardwright_games=lambda: [Tiny()],
            boardwright_scenarios=lambda game_id: [Scenario("quick", "Quick")] if game_id == "tiny" else [],
            boardwright_bots=lambda: [BotKind("lazy", "Lazy", "Ленивый", lambda e, s, seed, level: None)],
            boardwright_board_painters=lambda: {"tiny-board": object},
        ),
        name="pack",
    )
    assert list(host.games()) == ["tiny"]
    assert [s.id for s in host.scenarios("tiny")] == ["quick"]
    assert host.scenarios("other") == []
    assert "quick" in host.engine("tiny").scenarios
    assert list(host.bots()) == ["lazy"]
    assert host.board_painters() == {"tiny-board": object}
    assert host.broken == []


def test_a_failing_plugin_is_reported_and_the_rest_still_load():
    host = PluginHost(load_entry_points=False)

    def explode():
        raise RuntimeError("data file missing")

    host.register(_module("bad", boardwright_games=explode), name="bad")
    host.register(_module("good", boardwright_games=lambda: [Tiny()]), name="good")
    host.register(_module("wrong", boardwright_games=lambda: ["not a game"]), name="wrong")
    host.register(_module("twin", boardwright_games=lambda: [Tiny()]), name="twin")
    assert list(host.games()) == ["tiny"]
    broken = {b.name: b.error for b in host.broken}
    assert broken["bad"] == "boardwright_games: RuntimeError: data file missing"
    assert "not a Game" in broken["wrong"]
    assert "taken already" in broken["twin"]


def test_the_plugin_named_as_a_game_keeps_its_id_whether_asked_first_or_with_all():
    """`game(id)` asks the plugin of that name alone; `games()` gives the id to the same one."""
    called = []

    def provider(name):
        def games():
            called.append(name)
            return [Tiny()]

        return _module(name, boardwright_games=games)

    def host_of_two():
        host = PluginHost(load_entry_points=False)
        host.register(provider("a_pack"), name="a_pack")  # first by name, not named as the game
        host.register(provider("tiny"), name="tiny")
        return host

    alone = host_of_two()
    chosen = alone.game("tiny")
    assert called == ["tiny"], "asked for one game, only its own plugin is asked"
    assert alone.games()["tiny"] is chosen, "the game found alone is the one of the whole list"
    assert called == ["tiny", "a_pack"], "each plugin is asked once"
    assert {b.name: b.error for b in alone.broken} == {"a_pack": "game id 'tiny' is taken already"}
    everything = host_of_two()
    assert everything.games()["tiny"] is everything.game("tiny")
    assert {b.name for b in everything.broken} == {"a_pack"}


def test_a_command_about_one_game_imports_no_other_game(tmp_path):
    """`boardwright simulate connect_four` imports Connect Four's rules and no other game's;
    the list of every game loads them all. (A scenario file in the user's folder is checked
    against every game, so the folder is an empty one here.)"""
    code = textwrap.dedent(
        """
        import sys
        from boardwright.framework import PluginHost, simulation
        rules = ("connect_four", "reliquium", "bestiary", "book_of_war", "heroes_cards", "signum")
        def loaded():
            return [name for name in rules if f"boardwright.plugins.{name}.rules" in sys.modules]
        host = PluginHost()
        config = simulation.Config("connect_four", 2, [simulation.SeatBot("random")] * 2, games=3, seed=1)
        simulation.run(host, config)
        print(loaded())
        host.games()
        print(loaded())
        """
    )
    env = {**os.environ, "BOARDWRIGHT_SCENARIOS": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    everything = "['connect_four', 'reliquium', 'bestiary', 'book_of_war', 'heroes_cards', 'signum']"
    assert result.stdout.split("\n")[:2] == ["['connect_four']", everything]


def test_a_misspelt_hook_is_caught():
    host = PluginHost(load_entry_points=False)
    host.register(_module("typo", boardwright_game=lambda: [Tiny()]), name="typo")
    assert [(b.name, b.error) for b in host.broken] == [("typo", "unknown hook boardwright_game")]
    assert host.games() == {}


def _run(args, cwd, extra_path=""):
    env = dict(os.environ)
    if extra_path:
        env["PYTHONPATH"] = extra_path + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_a_game_installed_with_pip_is_listed(tmp_path):
    """`new-plugin` writes a package; pip installs it; `boardwright list` shows it; its tests pass."""
    package = tmp_path / "src"
    made = _run(
        [
            sys.executable,
            "-m",
            "boardwright.cli.main",
            "new-plugin",
            "take_away",
            str(package),
            "--title-ru",
            "Забирай",
        ],
        tmp_path,
    )
    assert made.returncode == 0, made.stderr
    target = tmp_path / "site"
    installed = _run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(package),
        ],
        tmp_path,
    )
    assert installed.returncode == 0, installed.stderr
    listed = _run([sys.executable, "-m", "boardwright.cli.main", "list", "--json"], tmp_path, str(target))
    assert listed.returncode == 0, listed.stderr
    games = {g["id"]: g for g in json.loads(listed.stdout)["games"]}
    assert games["take_away"]["title_en"] == "Take away"
    assert games["take_away"]["title_ru"] == "Забирай"
    assert "connect_four" in games
    picture = tmp_path / "take_away.png"
    play = ["play", "take_away", "--seats", "human,random", "--screenshot", str(picture)]
    shown = _run(
        [sys.executable, "-m", "boardwright.cli.main", *play],
        tmp_path,
        str(target),
    )
    assert shown.returncode == 0, shown.stderr
    assert picture.stat().st_size > 10_000, "the client draws the new game from its board description"
    tested = _run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(package / "tests")], tmp_path, str(target)
    )
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "6 passed" in tested.stdout


def test_a_broken_installed_plugin_is_listed_with_its_error(tmp_path):
    dist = tmp_path / "site" / "broken_game-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[boardwright]\nbroken_game = broken_game.plugin\n")
    (tmp_path / "site" / "broken_game").mkdir()
    (tmp_path / "site" / "broken_game" / "__init__.py").write_text("")
    (tmp_path / "site" / "broken_game" / "plugin.py").write_text("raise ImportError('needs libfoo')\n")
    listed = _run([sys.executable, "-m", "boardwright.cli.main", "list", "--json"], tmp_path, str(tmp_path / "site"))
    assert listed.returncode == 0
    out = json.loads(listed.stdout)
    assert {"name": "broken_game", "kind": "plugin", "error": "ImportError: needs libfoo"} in out["broken"]
    assert "connect_four" in {g["id"] for g in out["games"]}


def test_the_kernel_and_games_import_no_qt_and_no_network_code():
    code = textwrap.dedent(
        """
        import sys
        from boardwright.framework import PluginHost
        host = PluginHost()
        for game_id in host.games():
            engine = host.engine(game_id)
            engine.new_game(seed=1)
        import boardwright.framework.simulation, boardwright.framework.match, boardwright.framework.replay
        bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'zeroconf', 'asyncio')
                     or m.startswith(('boardwright.client', 'boardwright.net')))
        print(','.join(bad))
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_a_run_that_reads_no_scenario_and_starts_no_process_loads_neither_machinery(tmp_path):
    """Every command starts by loading the plugins: the scenario checker (jsonschema) waits for
    the first scenario file read, the process pool for a run with workers."""
    code = textwrap.dedent(
        """
        import sys
        from boardwright.framework import PluginHost, simulation
        host = PluginHost()
        config = simulation.Config("connect_four", 2, [simulation.SeatBot("random")] * 2, games=3, seed=1)
        simulation.run(host, config)
        print(sorted(m for m in ("jsonschema", "concurrent.futures.process") if m in sys.modules))
        host.engine("bestiary")  # reads its scenario files
        print(sorted(m for m in ("jsonschema", "concurrent.futures.process") if m in sys.modules))
        """
    )
    env = {**os.environ, "BOARDWRIGHT_SCENARIOS": str(tmp_path)}  # an empty scenario folder
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["[]", "['jsonschema']"]


def test_no_kernel_or_game_module_imports_qt_or_sockets():
    """The standard library loads `socket` for entry points itself; our own code never imports it."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    forbidden = {"PySide6", "shiboken6", "zeroconf", "socket", "asyncio", "selectors"}
    offenders = []
    for folder in ("framework", "plugins", "bots"):
        for path in (root / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                for name in names:
                    if name.split(".")[0] in forbidden or name.startswith(("boardwright.client", "boardwright.net")):
                        offenders.append(f"{path.relative_to(root)}: {name}")
    assert offenders == []


def test_a_second_package_with_a_bundled_game_id_is_listed_as_broken(tmp_path):
    """`new-plugin connect_four` would make one: the second plugin of a name was ignored silently."""
    dist = tmp_path / "site" / "boardwright_connect_four-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: boardwright-connect-four\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[boardwright]\nconnect_four = my_connect_four.plugin\n")
    listed = _run([sys.executable, "-m", "boardwright.cli.main", "list", "--json"], tmp_path, str(tmp_path / "site"))
    assert listed.returncode == 0, listed.stderr
    broken = json.loads(listed.stdout)["broken"]
    assert broken == [
        {
            "name": "connect_four (from boardwright-connect-four)",
            "kind": "plugin",
            "error": "the plugin name 'connect_four' is taken by boardwright: give this game another id",
        }
    ]
