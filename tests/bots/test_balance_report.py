"""`boardwright simulate --report DIR`: the balance table, text and chart hold the run's numbers."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET

import pytest

from boardwright.cli.main import _ProgressBar, main
from boardwright.framework import report
from boardwright.framework.simulation import Config, SeatBot, summarise, wilson_interval

SVG = "{http://www.w3.org/2000/svg}"


def _simulate(capsys, *args):
    assert main(["simulate", "connect_four", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def _timeless(summary):
    return {k: v for k, v in summary.items() if k not in ("seconds", "play_seconds", "games_per_s", "actions_per_s")}


def test_report_files_hold_the_win_rates_and_game_length(capsys, tmp_path):
    summary = _simulate(capsys, "--bots", "mcts:easy,random", "--games", "12", "--seed", "4", "--report", str(tmp_path))
    with (tmp_path / report.TABLE).open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert [r["name"] for r in rows] == ["seat 1 (mcts:easy)", "seat 2 (random)"]
    for seat, row in enumerate(rows):
        wins = summary["wins"][str(seat)]
        low, high = wilson_interval(wins, 12)
        assert (int(row["games"]), int(row["wins"])) == (12, wins)
        assert float(row["win_rate"]) == pytest.approx(wins / 12, abs=1e-4)
        assert (float(row["ci95_low"]), float(row["ci95_high"])) == (
            pytest.approx(low, abs=1e-4),
            pytest.approx(high, abs=1e-4),
        )
    assert int(rows[0]["wins"]) >= 10  # the search bot wins nearly all
    text = (tmp_path / report.TEXT).read_text(encoding="utf-8")
    assert f"Mean game length: {summary['mean_actions']:.1f} actions" in text
    assert f"| seat 1 (mcts:easy) | 12 | {summary['wins']['0']} |" in text
    chart = ET.parse(tmp_path / report.CHART).getroot()
    bars = [r for r in chart.iter(f"{SVG}rect") if r.get("fill") != "#ffffff"]
    assert [float(b.get("width")) for b in bars] == [pytest.approx(float(r["win_rate"]) * 400, abs=0.1) for r in rows]
    labels = [t.text for t in chart.iter(f"{SVG}text")]
    assert "seat 2 (random)" in labels


def test_report_counts_wins_per_faction():
    config = Config("some_game", 2, [SeatBot("random")] * 2, games=10)
    results = [
        {
            "winners": [i % 2] if i < 8 else [],  # seat 1 and seat 2 take turns winning; two draws
            "factions": ["order", "legion"] if i % 3 else ["legion", "order"],
            "actions": 100 + i,
            "rounds": 10,
            "draw": i >= 8,
            "finished": True,
            "capped": False,
        }
        for i in range(10)
    ]
    summary = summarise(config, results, seconds=1.0)
    table = {row.name: row for row in report.rows(summary)}
    order_wins = sum(1 for r in results if r["winners"] and r["factions"][r["winners"][0]] == "order")
    assert table["order"].games == table["legion"].games == 10
    assert table["order"].wins == order_wins
    assert (table["order"].low, table["order"].high) == wilson_interval(order_wins, 10)
    assert table["seat 1 (random)"].wins == 4


def test_workers_do_not_change_results(capsys):
    one = _simulate(capsys, "--bots", "mcts:easy,greedy", "--games", "6", "--seed", "9")
    two = _simulate(capsys, "--bots", "mcts:easy,greedy", "--games", "6", "--seed", "9", "--workers", "2")
    assert _timeless(one) == _timeless(two)


def test_progress_bar_shows_games_done_and_time_left(capsys):
    bar = _ProgressBar()
    bar(3, 10)
    assert "[#########.....................] 3/10 games, 0s left" in capsys.readouterr().err
    bar(10, 10)
    last = capsys.readouterr().err
    assert "[##############################] 10/10 games in 0s" in last
    assert last.endswith("\n")
