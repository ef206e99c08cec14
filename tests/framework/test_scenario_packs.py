"""Scenarios as data: a folder of TOML files in the user's data directory, read again when
they change, and data-only packages found through the `boardwright.scenarios` entry point.
A file with an error is listed with its file, line and field, and everything else loads."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from boardwright.framework import PluginHost
from boardwright.framework.plugins import scenario_folder

SCENARIO = """[scenario]
game = "connect_four"
id = "{id}"
title_en = "{title}"
title_ru = "Узкая доска"
players = [2]

[data]
"""


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    later = time.time() + 2  # a changed file is noticed even within the file system's time resolution
    os.utime(path, (later, later))


def test_the_user_folder_adds_scenarios_and_changes_are_read_again(tmp_path: Path) -> None:
    host = PluginHost(scenario_folders=[tmp_path])
    assert [s.id for s in host.scenarios("connect_four")] == []
    _write(tmp_path / "mine" / "narrow.toml", SCENARIO.format(id="narrow", title="Narrow board"))
    (scenario,) = host.scenarios("connect_four")
    assert (scenario.id, scenario.title_en, scenario.game) == ("narrow", "Narrow board", "connect_four")
    state = host.engine("connect_four").new_game(2, scenario="narrow")
    assert state["columns"] == [[] for _ in range(7)]
    _write(tmp_path / "mine" / "narrow.toml", SCENARIO.format(id="narrow", title="Narrower board"))
    assert host.scenarios("connect_four")[0].title_en == "Narrower board"
    assert "narrow" not in [s.id for s in host.scenarios("reliquium")], "a scenario is for its own game only"


def test_a_broken_file_is_listed_with_file_line_and_field_and_drops_out_when_mended(tmp_path: Path) -> None:
    host = PluginHost(scenario_folders=[tmp_path])
    bad = tmp_path / "bad.toml"
    _write(bad, SCENARIO.format(id="bad", title="Bad").replace("players = [2]", "players = [3]"))
    _write(tmp_path / "good.toml", SCENARIO.format(id="good", title="Good"))
    assert [s.id for s in host.scenarios("connect_four")] == ["good"], "the good file still loads"
    (broken,) = [b for b in host.broken if b.name == str(bad)]
    assert broken.error == f"{bad}:6: scenario.players: connect_four is not for 3 players"
    _write(bad, SCENARIO.format(id="bad", title="Bad"))
    assert sorted(s.id for s in host.scenarios("connect_four")) == ["bad", "good"]
    assert not [b for b in host.broken if b.name == str(bad)]


def test_a_data_only_package_adds_scenarios_through_its_entry_point(tmp_path: Path, monkeypatch) -> None:
    """What `pip install` leaves for a scenario pack: a package of TOML files and an entry point."""
    package = tmp_path / "cf_pack"
    _write(package / "__init__.py", "")
    _write(package / "boards" / "wide.toml", SCENARIO.format(id="wide", title="Wide board"))
    info = tmp_path / "cf_pack-1.0.dist-info"
    _write(info / "METADATA", "Metadata-Version: 2.1\nName: cf-pack\nVersion: 1.0\n")
    _write(info / "entry_points.txt", "[boardwright.scenarios]\ncf_pack = cf_pack\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("cf_pack", None)
    host = PluginHost(scenario_folders=[])
    ids = [s.id for s in host.scenarios("connect_four")]
    assert ids == ["wide"]
    assert host.scenarios("connect_four")[0].source == "cf_pack:wide.toml"


def test_the_user_folder_is_in_the_data_directory_unless_set(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BOARDWRIGHT_SCENARIOS", str(tmp_path))
    assert scenario_folder() == tmp_path
    monkeypatch.delenv("BOARDWRIGHT_SCENARIOS")
    assert scenario_folder().parts[-2:] == ("boardwright", "scenarios")


@pytest.mark.parametrize("text", ["[scenario\n", "\xff\xfe"])
def test_unreadable_files_are_one_line_each(tmp_path: Path, text: str) -> None:
    (tmp_path / "x.toml").write_bytes(text.encode("latin-1"))
    host = PluginHost(scenario_folders=[tmp_path])
    assert host.scenarios("connect_four") == []
    (broken,) = [b for b in host.broken if b.name.endswith("x.toml")]
    assert "\n" not in broken.error and str(tmp_path / "x.toml") in broken.error


def test_a_user_scenario_with_the_id_of_another_is_refused_by_name(tmp_path: Path) -> None:
    """What a modder gets by copying a bundled file and changing it: a line in `broken` that
    says which one has the id, not a scenario that silently is not there."""
    copy = tmp_path / "my_standard.toml"
    _write(
        copy,
        SCENARIO.format(id="x", title="Mine")
        .replace("connect_four", "reliquium")
        .replace('id = "x"', 'id = "standard"'),
    )
    _write(tmp_path / "a.toml", SCENARIO.format(id="narrow", title="A"))
    _write(tmp_path / "b.toml", SCENARIO.format(id="narrow", title="B"))
    host = PluginHost(scenario_folders=[tmp_path])
    standard = host.engine("reliquium").scenarios["standard"]
    assert standard.source.endswith("reliquium/data/scenarios/standard.toml"), "the bundled one keeps its id"
    assert [s.title_en for s in host.scenarios("connect_four")] == ["A"]
    broken = {b.name: b.error for b in host.broken}
    assert broken[str(copy)] == (
        f"{copy}: scenario id 'standard' of reliquium is taken by {standard.source}: give this one another id"
    )
    b_file = tmp_path / "b.toml"
    assert broken[str(b_file)].startswith(
        f"{b_file}: scenario id 'narrow' of connect_four is taken by {tmp_path / 'a.toml'}"
    )
    assert host.shadowed(host.scenarios("connect_four")[0]) is None, "a file does not shadow itself"


def test_a_scenarios_options_win_over_the_games_defaults_for_bot_games(tmp_path: Path) -> None:
    """Reliquium's bot games have a round cap of their own (`simulation_options`); a scenario
    that sets one is played with it, and a run's own --option wins over both."""
    from boardwright.framework.simulation import Config, SeatBot, run

    quick = '[scenario]\ngame = "reliquium"\nid = "quick"\ntitle_en = "Quick"\n\n[options]\nround_cap = 2\n'
    _write(tmp_path / "quick.toml", quick)
    host = PluginHost(scenario_folders=[tmp_path])
    records: list = []
    bots = [SeatBot("random")] * 2
    summary = run(
        host,
        Config("reliquium", 2, bots, games=2, scenario="quick", keep_records=True),
        on_game=lambda result, record: records.append(record),
    )
    assert [record.options["round_cap"] for record in records] == [2, 2]
    assert summary["capped"] == 2
    run(
        host,
        Config("reliquium", 2, bots, games=1, scenario="quick", options={"round_cap": 3}, keep_records=True),
        on_game=lambda result, record: records.append(record),
    )
    assert records[-1].options["round_cap"] == 3
