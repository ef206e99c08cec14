"""The `boardwright` command line: output people read, JSON machines read, exit codes."""

from __future__ import annotations

import json
import re
import socket

import pytest

from boardwright.cli.main import main

VALUE_HINT = 'after "=" comes a value: a number, true or false, "quoted text", a [list] or an {inline = table}'
LOCAL_HOST = ["host", "connect_four", "--bind", "127.0.0.1", "--no-advertise", "--max-seconds", "1"]


def _run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_shows_games_and_bots(capsys):
    code, out, _ = _run(capsys, "list")
    assert code == 0
    assert "connect_four" in out and "Четыре в ряд" in out
    assert "bots: " in out and "random" in out
    code, out, _ = _run(capsys, "list", "--json")
    data = json.loads(out)
    four = next(g for g in data["games"] if g["id"] == "connect_four")
    assert four["players"] == [2] and four["options"]["rows"] == 6


def test_simulate_json_is_reproducible(capsys):
    code, out, _ = _run(capsys, "simulate", "connect_four", "--games", "6", "--seed", "5", "--json")
    assert code == 0
    first = json.loads(out)
    assert first["game"] == "connect_four" and first["games"] == 6 and first["seed"] == 5
    assert len(first["results"]) == 6
    for result in first["results"]:
        assert result["finished"] and len(result["hash"]) == 32 and result["actions"] >= 7
        assert result["draw"] or len(result["winners"]) == 1
    assert sum(first["wins"].values()) + first["draws"] == 6
    assert first["actions_per_s"] > 0 and first["games_per_s"] > 0
    _, again, _ = _run(capsys, "simulate", "connect_four", "--games", "6", "--seed", "5", "--json")
    assert json.loads(again)["results"] == first["results"]
    _, other, _ = _run(capsys, "simulate", "connect_four", "--games", "6", "--seed", "6", "--json")
    assert json.loads(other)["results"] != first["results"]


def test_simulate_with_workers_gives_the_same_results(capsys):
    """Enough short games that the workers get many a task once the first are timed."""
    _, one, _ = _run(capsys, "simulate", "connect_four", "--games", "600", "--seed", "2", "--json")
    _, two, _ = _run(capsys, "simulate", "connect_four", "--games", "600", "--seed", "2", "--workers", "2", "--json")
    assert json.loads(one)["results"] == json.loads(two)["results"]
    assert [r["index"] for r in json.loads(two)["results"]] == list(range(600))


def test_simulate_options_change_the_game(capsys):
    _, out, _ = _run(capsys, "simulate", "connect_four", "--games", "3", "--option", "connect=3", "--json")
    short = json.loads(out)
    assert all(r["actions"] < 42 for r in short["results"])
    assert short["options"] == {"connect": "3"}


def test_simulate_short_plays_the_games_short_variant(capsys):
    _, out, _ = _run(capsys, "simulate", "reliquium", "--games", "2", "--seed", "3", "--short", "--json")
    short = json.loads(out)
    assert short["scenario"] == "seven_castles"
    _, out, _ = _run(capsys, "simulate", "book_of_war", "--games", "2", "--short", "--option", "bans=true", "--json")
    short = json.loads(out)
    assert short["options"] == {"target_vp": 25, "bans": "true"}
    assert all(r["finished"] for r in short["results"])


def test_saved_replays_verify(capsys, tmp_path):
    code, out, _ = _run(
        capsys, "simulate", "connect_four", "--games", "3", "--seed", "8", "--save-replays", str(tmp_path)
    )
    assert code == 0
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3
    code, out, _ = _run(capsys, "replay", str(files[1]), "--verify")
    assert code == 0 and "hashes verified" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "connect_four", "--games", "0"], "--games must be at least 1"),
        (["simulate", "connect_four", "--games", "many"], "invalid int value"),
        (["simulate", "connect_four", "--players", "3"], "not 3"),
        (["simulate", "connect_four", "--players", "99999999999999999999"], "not 99999999999999999999"),
        (["play", "connect_four", "--players", "99999999999999999999"], "not 99999999999999999999"),
        (["play", "connect_four", "--players", "0"], "connect_four is for 2 players, not 0"),
        (["play", "connect_four", "--players", "2", "--seats", "human"], "1 seat for 2 players"),
        (["play", "connect_four", "--players", "2", "--seats", "human,random,random"], "3 seats for 2 players"),
        (["simulate", "connect_four", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "connect_four", "--bots", "random,random,random"], "3 bots for 2 players"),
        (["simulate", "connect_four", "--option", "rows"], "KEY=VALUE"),
        (["simulate", "connect_four", "--option", "rows=99"], "above 10"),
        (["simulate", "connect_four", "--scenario", "nope"], "no scenario 'nope'"),
        (["frobnicate"], "invalid choice"),
        (["replay", "/nonexistent/file.bwr"], "No such file"),
        (["scenario", "validate", "/nonexistent/s.toml"], "No such file"),
        # a LAN table's flags (each host here would listen on 127.0.0.1 only, unannounced, for 1 s)
        ([*LOCAL_HOST, "--port", "70000"], "a port is a whole number from 0 to 65535, not '70000'"),
        ([*LOCAL_HOST, "--port", "-1"], "a port is a whole number from 0 to 65535"),
        ([*LOCAL_HOST, "--max-connections", "0"], "--max-connections: a whole number of at least 1"),
        ([*LOCAL_HOST, "--max-spectators", "-1"], "--max-spectators: a whole number of at least 0"),
        ([*LOCAL_HOST, "--bot-delay", "-1"], "--bot-delay: seconds, 0 or more"),
        ([*LOCAL_HOST, "--max-seconds", "nan"], "--max-seconds: seconds, 0 or more"),
        ([*LOCAL_HOST, "--players", "0"], "connect_four is for 2 players, not 0"),
        ([*LOCAL_HOST, "--bind", "999.1.1.1"], "cannot listen on 999.1.1.1:0"),
        ([*LOCAL_HOST, "--seats", "human,random"], "'human' is neither open nor a bot (greedy, learned, mcts, random)"),
        ([*LOCAL_HOST, "--seats", "open,mcts:ultra"], "bot mcts has no level 'ultra' (levels: easy, normal, hard)"),
        ([*LOCAL_HOST, "--on-drop", "mcts:ultra"], "bot mcts has no level 'ultra'"),
        ([*LOCAL_HOST, "--on-drop", "open"], "'open' is neither pause nor a bot (greedy, learned, mcts, random)"),
        (
            ["play", "connect_four", "--seats", "open,random"],
            "'open' is neither human nor a bot (greedy, learned, mcts, random)",
        ),
        (["join", "127.0.0.1:70000"], "bad table address '127.0.0.1:70000'"),
        (["join", "--interface", "garbage"], "--interface: an IP address such as 127.0.0.1, not 'garbage'"),
        (["join", "--browse-seconds", "-1"], "--browse-seconds: seconds, 0 or more"),
        (["new-plugin", "x"], "'x' is not a plugin name: 2 to 41 lower-case letters"),
        (["new-plugin", "random"], "'random' is a module of Python's standard library: choose another name"),
        (["new-plugin", "connect_four"], "'connect_four' is the name of an installed game or plugin"),
        (["new-plugin", "pluggy"], "'pluggy' is the name of an installed module: choose another name"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(capsys, args, message):
    code, _, err = _run(capsys, *args)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and err.startswith("boardwright")
    assert "Traceback" not in err


@pytest.mark.parametrize("flag", ["--save-replays", "--report"])
def test_a_folder_flag_naming_a_file_is_refused_before_any_game(capsys, tmp_path, flag):
    taken = tmp_path / "notes.txt"
    taken.write_text("mine", encoding="utf-8")
    code, out, err = _run(capsys, "simulate", "connect_four", "--games", "3", flag, str(taken))
    assert code == 2 and err == f"boardwright: {flag} {taken}: a file, not a folder\n"
    assert out == "" and taken.read_text(encoding="utf-8") == "mine"


def test_a_host_on_a_taken_port_or_with_an_unwritable_journal_is_one_line(capsys, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = _run(capsys, *LOCAL_HOST, "--port", str(port))
    assert code == 2 and err.startswith(f"boardwright: cannot listen on 127.0.0.1:{port}: ")
    assert err.count("\n") == 1
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, _, err = _run(capsys, *LOCAL_HOST, "--journal", str(blocker / "table.bwr"))
    assert code == 2 and err.startswith(f"boardwright: cannot write the journal {blocker}") and err.count("\n") == 1


def test_new_plugin_refuses_a_file_and_leaves_nothing_when_a_write_fails(capsys, tmp_path, monkeypatch):
    taken = tmp_path / "taken"
    taken.write_text("", encoding="utf-8")
    code, _, err = _run(capsys, "new-plugin", "my_game", str(taken))
    assert code == 2 and err == f"boardwright: {taken} is a file, not a folder\n"

    from pathlib import Path

    written = []
    real_write = Path.write_text

    def write_text(self, *args, **kwargs):
        if len(written) == 3:  # the disk fills up after three files
            raise OSError(28, "No space left on device")
        written.append(self)
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    target = tmp_path / "games" / "my_game"
    code, _, err = _run(capsys, "new-plugin", "my_game", str(target))
    assert code == 2 and err == f"boardwright: cannot write {target}: No space left on device\n"
    assert len(written) == 3 and list((tmp_path / "games").iterdir()) == []  # no package, no half of one


def test_a_replay_that_cannot_be_saved_mid_run_is_one_line_after_the_games_played(capsys, tmp_path, monkeypatch):
    from boardwright.framework import replay

    saved = []

    def save(path, record):
        if saved:
            raise OSError(28, "No space left on device", str(path))
        saved.append(path)

    monkeypatch.setattr(replay, "save", save)
    code, out, err = _run(capsys, "simulate", "connect_four", "--games", "3", "--save-replays", str(tmp_path))
    assert code == 2 and err == f"boardwright: {tmp_path / 'connect_four-0001.bwr'}: No space left on device\n"
    assert out.startswith("game 1: ") and out.count("\n") == 1  # the game that was saved, then the stop


def test_replay_of_a_damaged_file(capsys, tmp_path):
    path = tmp_path / "x.bwr"
    path.write_bytes(b"\x85garbage")
    code, _, err = _run(capsys, "replay", str(path))
    assert code == 2 and "damaged or truncated" in err


def test_scenario_folder_list_and_validate_as_a_modder_runs_them(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDWRIGHT_SCENARIOS", str(tmp_path / "mine"))
    code, out, _err = _run(capsys, "scenario", "folder")
    assert code == 0 and out.strip() == str(tmp_path / "mine") and (tmp_path / "mine").is_dir()
    scenario = tmp_path / "mine" / "narrow.toml"
    scenario.write_text(
        '[scenario]\ngame = "connect_four"\nid = "narrow"\ntitle_en = "Narrow board"\n', encoding="utf-8"
    )
    code, out, _err = _run(capsys, "scenario", "validate", str(scenario))
    assert code == 0 and out.strip() == f"{scenario}: ok (narrow: Narrow board)"
    code, out, _err = _run(capsys, "scenario", "list", "connect_four")
    assert code == 0 and out.strip() == f"connect_four\tnarrow\tNarrow board\t{scenario}"
    scenario.write_text('[scenario]\ngame = "connect_four"\nid = "narrow"\n', encoding="utf-8")
    code, _out, err = _run(capsys, "scenario", "list", "connect_four")
    assert code == 1 and err == f"error: {scenario}: scenario.title_en: is missing\n"


def test_scenario_validate_takes_files_and_folders_and_says_each_result(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDWRIGHT_SCENARIOS", str(tmp_path / "mine"))
    folder = tmp_path / "work"
    (folder / "more").mkdir(parents=True)
    good = folder / "more" / "small.toml"
    good.write_text(
        '[scenario]\ngame = "connect_four"\nid = "small"\ntitle_en = "Small"\n[options]\ncolumns = 5\n',
        encoding="utf-8",
    )
    copied = folder / "standard.toml"  # a bundled scenario copied to start from, its id unchanged
    copied.write_text('[scenario]\ngame = "reliquium"\nid = "standard"\ntitle_en = "Mine"\n', encoding="utf-8")
    lone = tmp_path / "lone.toml"
    lone.write_text('[scenario]\ngame = "connect_four"\nid = "lone"\ntitle_en = "Lone"\n', encoding="utf-8")
    code, out, err = _run(capsys, "scenario", "validate", str(folder), str(lone))
    assert code == 2
    assert out.splitlines() == [f"{good}: ok (small: Small)", f"{lone}: ok (lone: Lone)"]
    (line,) = err.splitlines()
    assert line.startswith(f"boardwright: {copied}: scenario id 'standard' of reliquium is taken by ")
    assert line.endswith("reliquium/data/scenarios/standard.toml: give this one another id")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "small.toml").write_bytes(good.read_bytes())
    code, out, _err = _run(capsys, "scenario", "validate", str(good))
    assert code == 0, "a file copied into the scenario folder does not shadow the one it was copied from"
    (tmp_path / "mine" / "also_small.toml").write_bytes(good.read_bytes())
    code, out, err = _run(capsys, "scenario", "validate", str(good))
    assert code == 2 and f"is taken by {tmp_path / 'mine' / 'also_small.toml'}" in err
    (tmp_path / "empty").mkdir()
    code, out, err = _run(capsys, "scenario", "validate", str(lone), str(tmp_path / "empty"))
    assert (code, out) == (2, "") and err == f"boardwright: {tmp_path / 'empty'}: a folder with no .toml file\n"


def test_scenario_schema_is_the_games_file_as_json_schema(capsys):
    code, out, _err = _run(capsys, "scenario", "schema", "connect_four")
    schema = json.loads(out)
    assert code == 0 and schema["$schema"].endswith("2020-12/schema")
    assert schema["properties"]["scenario"]["properties"]["game"] == {"const": "connect_four"}
    assert schema["properties"]["options"]["properties"]["columns"] == {
        "type": "integer",
        "default": 7,
        "title": "Columns",
        "minimum": 4,
        "maximum": 12,
    }
    assert schema["properties"]["data"] == {"type": "object", "additionalProperties": False}
    code, _out, err = _run(capsys, "scenario", "schema", "chess")
    assert code == 2 and "unknown game 'chess'" in err


def test_list_names_a_broken_scenario_file_as_one_and_its_path_once(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDWRIGHT_SCENARIOS", str(tmp_path))
    broken = tmp_path / "half.toml"
    broken.write_text("garbage = [\n", encoding="utf-8")
    code, out, _err = _run(capsys, "list")
    assert code == 0
    assert (
        out.splitlines()[-1]
        == f"broken scenario file {broken}: (syntax): not valid TOML, at the end: Invalid value ({VALUE_HINT})"
    )
    code, out, _err = _run(capsys, "list", "--json")
    assert json.loads(out)["broken"] == [
        {
            "name": str(broken),
            "kind": "scenario file",
            "error": f"{broken}: (syntax): not valid TOML, at the end: Invalid value ({VALUE_HINT})",
        }
    ]


def test_simulate_prints_a_line_for_every_game_in_order_then_the_summary(capsys):
    """Per-game lines are written in batches; every game still has its line, in order, and
    they agree with the JSON results of the same run."""
    _, out, _ = _run(capsys, "simulate", "connect_four", "--games", "300", "--seed", "8")
    lines = out.splitlines()
    games = [line for line in lines if line.startswith("game ")]
    assert [int(line.split(":")[0].split()[1]) for line in games] == list(range(1, 301))
    assert lines.index(games[-1]) < lines.index("300 games of connect_four, 2 players, bots random, random")
    _, again, _ = _run(capsys, "simulate", "connect_four", "--games", "300", "--seed", "8", "--json")
    hashes = [r["hash"][:12] for r in json.loads(again)["results"]]
    assert [line.rsplit("hash ", 1)[1] for line in games] == hashes


def test_simulate_without_json_keeps_no_game_results(capsys, monkeypatch):
    """The text output needs the counts only, so a long run's memory stays flat; --json
    prints every result and keeps them."""
    from boardwright.framework import simulation

    kept = []
    real = simulation.Tally.__init__

    def spy(self, config, keep=True):
        real(self, config, keep)
        kept.append(self)

    monkeypatch.setattr(simulation.Tally, "__init__", spy)
    _run(capsys, "simulate", "connect_four", "--games", "40")
    _run(capsys, "simulate", "connect_four", "--games", "40", "--json")
    assert [len(tally.results) for tally in kept] == [0, 40]


def test_the_progress_bar_redraws_at_most_ten_times_a_second_and_always_at_the_end(capsys):
    from boardwright.cli.simulate import _ProgressBar

    bar = _ProgressBar()
    for done in range(1, 2001):  # thousands of short games finishing at once
        bar(done, 2000)
    err = capsys.readouterr().err
    assert err.count("\r") <= 3, "a redraw for each game would spend the run on the terminal"
    assert re.search(r"2000/2000 games in \d+s\x1b\[K\n$", err), err[-80:]


class _FailingBots:
    """A bot that raises and one that answers with an action that is not legal."""

    @staticmethod
    def kinds():
        from boardwright.framework import BotKind

        class Raises:
            def choose(self, turn):
                raise ValueError("a sampled world the rules did not expect")

        class Illegal:
            def choose(self, turn):
                return {"type": "drop", "column": 99}

        class Inexact:
            """Equal to a legal action by ==, but its column is a float: refused, as from a peer."""

            def choose(self, turn):
                return {**turn.legal[0], "column": float(turn.legal[0]["column"])}

        return [
            BotKind("raises", "Raises", "Падает", lambda engine, seat, seed, level="normal": Raises()),
            BotKind("illegal", "Illegal", "Нарушает", lambda engine, seat, seed, level="normal": Illegal()),
            BotKind("inexact", "Inexact", "Неточен", lambda engine, seat, seed, level="normal": Inexact()),
        ]


@pytest.mark.parametrize(
    ("bots", "said"),
    [
        ("random,raises", "the bot of seat 2 (raises) failed: ValueError: a sampled world the rules did not expect"),
        ("illegal,random", "the bot of seat 1 (illegal) chose an illegal action {'type': 'drop', 'column': 99}"),
        ("inexact,random", "the bot of seat 1 (inexact) chose an illegal action {'type': 'drop', 'column': 0.0}"),
    ],
)
def test_a_bot_that_fails_in_simulate_is_one_line_naming_the_game_and_the_seat(capsys, monkeypatch, bots, said):
    from boardwright.cli import main as cli
    from boardwright.framework import PluginHost, hookimpl

    class Plugin:
        @hookimpl
        def boardwright_bots(self):
            return _FailingBots.kinds()

    def host_with_them():
        host = PluginHost()
        host.register(Plugin(), name="failing_bots")
        return host

    monkeypatch.setattr(cli, "PluginHost", host_with_them)
    code, _out, err = _run(capsys, "simulate", "connect_four", "--bots", bots, "--games", "3", "--seed", "4")
    assert code == 2 and "Traceback" not in err
    assert err == f"boardwright: game 1 of the series (series seed 4) stopped: {said}\n"


def test_a_failed_game_of_a_series_keeps_its_cause_for_library_users():
    from boardwright.framework import GameFailed, PluginHost, hookimpl, simulation

    class Plugin:
        @hookimpl
        def boardwright_bots(self):
            return _FailingBots.kinds()

    mine = PluginHost()
    mine.register(Plugin(), name="failing_bots")
    config = simulation.Config("connect_four", 2, [simulation.SeatBot("random"), simulation.SeatBot("raises")])
    with pytest.raises(GameFailed, match="seat 2 \\(raises\\) failed") as failed:
        simulation.run(mine, config)
    assert isinstance(failed.value.__cause__, ValueError) and failed.value.code == "game-failed"


def _children(pid: int) -> list[int]:
    from pathlib import Path

    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_a_simulate_run_with_workers_at_once(tmp_path):
    """Ctrl-C (SIGINT to the terminal's process group) in a run of long bot games on two
    workers: one line and exit 130 within seconds, no traceback, no worker left behind. The
    workers used to play every task handed out ahead first: minutes with these bots."""
    import os
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "boardwright.cli.main", "simulate", "reliquium", "--players", "4"]
    command += ["--bots", "mcts:easy", "--games", "40", "--workers", "2"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        start_new_session=True,  # a group of its own, as a terminal's job
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # not ignored as a background job's
    )
    try:
        for _ in range(300):  # until both workers run (at most 30 s)
            if len(_children(process.pid)) >= 2:
                break
            time.sleep(0.1)
        assert len(_children(process.pid)) >= 2
        time.sleep(1.0)  # the workers are in their first games
        os.killpg(process.pid, signal.SIGINT)
        _out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130
    assert err == "boardwright: interrupted\n"
    for _ in range(50):  # the workers end with it (at most 5 s)
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="reads /proc")
def test_a_worker_killed_in_a_simulate_run_is_one_line(tmp_path):
    """A worker process that dies (killed, or by the memory killer) ends the run with one
    line saying so and which game was waited for, exit 2, no traceback."""
    import os
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "boardwright.cli.main", "simulate", "reliquium", "--players", "4"]
    command += ["--bots", "greedy", "--games", "200", "--workers", "2"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        for _ in range(300):  # until both workers run (at most 30 s)
            if len(_children(process.pid)) >= 2:
                break
            time.sleep(0.1)
        workers = _children(process.pid)
        assert len(workers) >= 2
        time.sleep(1.0)
        os.kill(workers[0], signal.SIGKILL)
        _out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 2
    assert re.fullmatch(
        r"boardwright: a worker process stopped without a word \(killed, or out of memory\?\) before game \d+ of "
        r"the series was played; the games before it were counted\n",
        err,
    ), err
