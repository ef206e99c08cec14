"""`boardwright simulate --report DIR`: the balance table, text and chart hold the run's numbers."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET

import pytest

from boardwright.cli.main import main
from boardwright.cli.simulate import _ProgressBar
from boardwright.framework import balance, report
from boardwright.framework.simulation import Config, SeatBot
from boardwright.framework.tally import summarise, wilson_interval

SVG = "{http://www.w3.org/2000/svg}"


def _simulate(capsys, *args):
    assert main(["simulate", "connect_four", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def _timeless(summary):
    return {k: v for k, v in summary.items() if k not in ("seconds", "play_seconds", "games_per_s", "actions_per_s")}


def _rows(path):
    with path.open(encoding="utf-8") as table:
        return list(csv.DictReader(table))


def test_a_run_of_different_bots_rotates_the_seats_and_tells_seat_and_bot_apart(capsys, tmp_path):
    summary = _simulate(capsys, "--bots", "mcts:easy,random", "--games", "12", "--seed", "4", "--report", str(tmp_path))
    assert summary["seatings"] == [["mcts:easy", "random"], ["random", "mcts:easy"]]
    results = summary["results"]
    assert [r["bots"] for r in results] == [["mcts:easy", "random"]] * 6 + [["random", "mcts:easy"]] * 6
    rows = {r["name"]: r for r in _rows(tmp_path / report.TABLE)}
    assert list(rows) == ["seat 1", "seat 2", "bot mcts:easy", "bot random"]
    for name, wins in [
        ("seat 1", sum(0 in r["winners"] for r in results)),
        ("bot mcts:easy", sum(r["bots"][w] == "mcts:easy" for r in results for w in r["winners"])),
    ]:
        low, high = wilson_interval(wins, 12)
        assert (int(rows[name]["games"]), int(rows[name]["wins"])) == (12, wins)
        assert float(rows[name]["ci95_low"]) == pytest.approx(low, abs=1e-4)
        assert float(rows[name]["ci95_high"]) == pytest.approx(high, abs=1e-4)
    assert int(rows["bot mcts:easy"]["wins"]) >= 10, "the search bot wins nearly all, from either seat"
    assert 3 <= int(rows["seat 1"]["wins"]) <= 9, "and so no seat does"
    text = (tmp_path / report.TEXT).read_text(encoding="utf-8")
    assert "Seats rotated: 2 seatings" in text and "- seating 2: random, mcts:easy" in text
    assert f"| bot mcts:easy | 12 | {rows['bot mcts:easy']['wins']} |" in text
    chart = ET.parse(tmp_path / report.CHART).getroot()
    bars = [r for r in chart.iter(f"{SVG}rect") if r.get("fill") != "#ffffff"]
    assert [float(b.get("width")) for b in bars] == [
        pytest.approx(float(r["win_rate"]) * 400, abs=0.1) for r in rows.values()
    ]


def test_game_length_is_a_distribution_with_a_histogram(capsys, tmp_path):
    summary = _simulate(capsys, "--bots", "random", "--games", "30", "--seed", "2", "--report", str(tmp_path))
    actions = sorted(r["actions"] for r in summary["results"])
    lengths = {int(r["actions"]): int(r["games"]) for r in _rows(tmp_path / report.LENGTHS)}
    assert lengths == {n: actions.count(n) for n in set(actions)}
    assert summary["length"]["min"] == actions[0] and summary["length"]["max"] == actions[-1]
    assert summary["length"]["median"] == actions[14], "the middle game of 30, counted from 0 at rank 14.5 down"
    chart = ET.parse(tmp_path / report.LENGTH_CHART).getroot()
    bars = [r for r in chart.iter(f"{SVG}rect") if r.get("fill") == "#3b6fb6"]
    assert (
        len(bars) == len(report.bins(summary["lengths"])) and sum(g for *_, g in report.bins(summary["lengths"])) == 30
    )
    assert "median" in (tmp_path / report.TEXT).read_text(encoding="utf-8")
    for chart_name in report.CHARTS:
        png = (tmp_path / chart_name).with_suffix(".png").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 5_000, "a PNG of each chart, drawn"


def test_no_rotate_keeps_the_seats_and_names_each_seat_with_its_bot(capsys):
    summary = _simulate(capsys, "--bots", "greedy,random", "--games", "6", "--no-rotate")
    assert summary["seatings"] == [["greedy", "random"]]
    assert [row.name for row in balance.rows(summary)] == [
        "seat 1 (greedy)",
        "seat 2 (random)",
        "bot greedy",
        "bot random",
    ]
    assert _simulate(capsys, "--bots", "random", "--games", "3")["seatings"] == [["random", "random"]]
    assert main(["simulate", "connect_four", "--bots", "greedy,random", "--games", "1"]) == 2
    assert "1 games cannot rotate 2 seatings" in capsys.readouterr().err


def _result(winners, factions, bots, actions=100, capped=False):
    return {
        "winners": winners,
        "factions": factions,
        "bots": bots,
        "actions": actions,
        "rounds": 10,
        "draw": not winners,
        "finished": True,
        "capped": capped,
    }


def test_factions_are_counted_by_seat_and_by_bot_across_seatings():
    greedy_first = Config("some_game", 2, [SeatBot("greedy"), SeatBot("random")], games=4)
    random_first = Config("some_game", 2, [SeatBot("random"), SeatBot("greedy")], games=4)
    one = summarise(
        greedy_first,
        [_result([0], ["order", "legion"], ["greedy", "random"])] * 3
        + [_result([1], ["legion", "order"], ["greedy", "random"])],
        seconds=1.0,
    )
    two = summarise(
        random_first,
        [_result([1], ["order", "legion"], ["random", "greedy"])] * 2
        + [_result([0], ["order", "legion"], ["random", "greedy"])] * 2,
        seconds=1.0,
    )
    summary = balance.combine([one, two])
    table = {row.name: row for row in balance.rows(summary)}
    assert (table["order"].games, table["order"].wins) == (8, 6)
    assert (table["order in seat 1"].games, table["order in seat 1"].wins) == (7, 5)
    assert (table["legion in seat 1"].games, table["legion in seat 1"].wins) == (1, 0)
    assert "order in seat 2" in table and "legion in seat 2" in table
    assert (table["greedy with order"].games, table["greedy with order"].wins) == (3, 3)
    assert (table["greedy with legion"].games, table["greedy with legion"].wins) == (5, 2)
    assert (table["random with order"].games, table["random with order"].wins) == (5, 3)
    assert (table["bot greedy"].games, table["bot greedy"].wins) == (8, 5)
    assert (table["seat 1"].games, table["seat 1"].wins) == (8, 5)
    assert (table["order"].low, table["order"].high) == wilson_interval(6, 8)
    text = report._markdown(summary, list(table.values()))
    assert "## Faction by seat" in text and "| legion | 0% (0%–79%), 1 |" in text
    assert "## Bot by faction" in text


def test_the_round_caps_games_say_who_they_went_to(tmp_path):
    config = Config("some_game", 2, [SeatBot("random")] * 2, games=5)
    results = [_result([1], [None, None], ["random"] * 2, capped=True)] * 2
    results += [_result([], [None, None], ["random"] * 2, capped=True), _result([0], [None, None], ["random"] * 2)]
    summary = balance.combine([summarise(config, results, seconds=1.0)])
    assert summary["capped_wins"] == {"0": 0, "1": 2} and summary["capped_draws"] == 1
    report.write(summary, tmp_path)
    text = (tmp_path / report.TEXT).read_text(encoding="utf-8")
    assert "Of the 3 games the round cap ended, the scores gave seat 2 2 and 1 no winner" in text


def test_compare_says_which_rates_moved_beyond_chance():
    config = Config("some_game", 2, [SeatBot("random")] * 2, games=200)

    def run(seat_one_wins):
        results = [_result([0], [None, None], ["random"] * 2)] * seat_one_wins
        results += [_result([1], [None, None], ["random"] * 2)] * (200 - seat_one_wins)
        return balance.combine([summarise(config, results, seconds=1.0)])

    changes, alone = balance.compare(run(100), run(140))
    assert [(c.name, c.moved) for c in changes] == [("seat 1", True), ("seat 2", True)]
    assert changes[0].before.rate == 0.5 and changes[0].after.rate == 0.7 and changes[0].p_value < 1e-4
    changes, _ = balance.compare(run(100), run(110))
    assert not any(c.moved for c in changes), "ten games in two hundred is chance"
    assert changes[0].adjusted == pytest.approx(min(1.0, 2 * changes[0].p_value)), "Holm over the two seats"
    assert alone == []


def test_compare_on_the_command_line_reads_two_report_folders(capsys, tmp_path):
    before, after = tmp_path / "before", tmp_path / "after"
    assert (
        main(
            [
                "simulate",
                "connect_four",
                "--bots",
                "greedy,random",
                "--no-rotate",
                "--games",
                "60",
                "--report",
                str(before),
            ]
        )
        == 0
    )
    assert main(["simulate", "connect_four", "--bots", "random", "--games", "60", "--report", str(after)]) == 0
    capsys.readouterr()
    assert main(["compare", str(before), str(after)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "connect_four: 60 games before, 60 after"
    assert out[1].startswith("  seat 1: ") and out[1].endswith(": moved")
    assert "  bot greedy (only in the first run)" in out
    assert out[-1].startswith("moved beyond chance (95%, Holm-corrected): seat 1, seat 2")
    assert main(["compare", str(before), str(tmp_path / "nowhere")]) == 2
    assert "No such file" in capsys.readouterr().err
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    assert main(["compare", str(before), str(tmp_path / "list.json")]) == 2
    assert (
        capsys.readouterr().err
        == f"boardwright: {tmp_path / 'list.json'}: not a run's summary (a list, not a table of numbers)\n"
    )


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


def _bestiary_creatures():
    import tomllib
    from pathlib import Path

    from boardwright.plugins import bestiary

    data = tomllib.loads((Path(bestiary.__file__).parent / "data" / "creatures.toml").read_text(encoding="utf-8"))
    return {creature["id"] for creature in data["creature"]}


def test_each_creature_in_play_gets_its_win_rate_over_the_games_a_seat_had_it(capsys, tmp_path):
    """Bestiary's short duel: each seat summons three creatures of the shared pool; a
    creature's games are the seat-games that had it, its wins those its seat won."""
    run = ["simulate", "bestiary", "--short", "--bots", "greedy,random", "--games", "16", "--seed", "5"]
    assert main([*run, "--json", "--report", str(tmp_path)]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert all(len(names) == 3 for result in results for names in result["in_play"]), "three creatures a seat"
    known = _bestiary_creatures()
    rows = {r["name"]: r for r in _rows(tmp_path / report.TABLE) if r["group"] == "in play"}
    assert set(rows) <= known and len(rows) >= 6
    for name, row in rows.items():
        had = [(seat, result) for result in results for seat, names in enumerate(result["in_play"]) if name in names]
        won = sum(seat in result["winners"] for seat, result in had)
        assert (int(row["games"]), int(row["wins"])) == (len(had), won), name
        assert float(row["ci95_low"]) == pytest.approx(wilson_interval(won, len(had))[0], abs=1e-4)
    assert sum(int(r["games"]) for r in rows.values()) == 16 * 2 * 3
    assert sum(int(r["wins"]) for r in rows.values()) == 3 * sum(bool(r["winners"]) for r in results)
    rates = [float(r["win_rate"]) for r in rows.values()]
    assert rates == sorted(rates, reverse=True), "the highest first"
    text = (tmp_path / report.TEXT).read_text(encoding="utf-8")
    first = next(iter(rows.values()))
    assert "## In play" in text and f"| {first['name']} | {first['games']} | {first['wins']} |" in text
    chart = ET.parse(tmp_path / report.IN_PLAY_CHART).getroot()
    labels = [t.text for t in chart.iter(f"{SVG}text") if t.get("text-anchor") == "end" and t.text in rows]
    assert labels == list(rows), "a bar for each, in the table's order"
    main_chart = ET.parse(tmp_path / report.CHART).getroot()
    assert not [t for t in main_chart.iter(f"{SVG}text") if t.text in rows], (
        "the win-rate chart keeps to seats and bots"
    )
    assert (tmp_path / report.IN_PLAY_CHART).with_suffix(".png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("game", ["book_of_war", "heroes_cards", "signum"])
def test_every_game_with_cards_or_creatures_names_what_each_seat_had_in_play(capsys, game):
    assert main(["simulate", game, "--short", "--bots", "random", "--games", "4", "--seed", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for result in summary["results"]:
        assert all(names and names == sorted(set(names)) for names in result["in_play"]), result["in_play"]
    assert sum(info["games"] for info in summary["in_play"].values()) == sum(
        len(names) for result in summary["results"] for names in result["in_play"]
    )


def test_compare_tells_a_card_whose_win_rate_moved():
    config = Config("some_game", 2, [SeatBot("random")] * 2, games=100)

    def run(strong_wins):
        results = [
            {**_result([0 if n < strong_wins else 1], [None, None], ["random"] * 2), "in_play": [["dragon"], ["imp"]]}
            for n in range(100)
        ]
        return balance.combine([summarise(config, results, seconds=1.0)])

    changes, _ = balance.compare(run(85), run(50))
    moved = {change.name: change.moved for change in changes if change.group == "in play"}
    assert moved == {"dragon": True, "imp": True}
    changes, _ = balance.compare(run(52), run(50))
    assert not any(change.moved for change in changes if change.group == "in play")
