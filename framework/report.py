"""Balance reports for modders: `boardwright simulate GAME --report DIR`.

From a combined simulation summary (`balance.combine`) this writes:
``balance.csv`` (one row per win rate: seat, bot, faction, faction in seat, bot with
faction, each with games, wins and its 95% confidence interval), ``lengths.csv`` (how
many games took each number of actions), ``balance.md`` (the tables, the seatings, the
spread of game length, and who the drawn and round-capped games went to, for reading),
``balance.svg`` (the win rates as bars with their intervals and the fair share marked),
``lengths.svg`` (a histogram of game length), in games whose seats have cards, creatures or
units in play (`Game.in_play`) ``in_play.svg`` (each one's win rate, the highest first),
and ``summary.json`` (the numbers, for `boardwright compare`). Plain text and SVG: no plotting library and no Qt; the command
line adds a PNG of each chart.
"""

from __future__ import annotations

import csv
import json
from html import escape
from pathlib import Path
from typing import Any

from .balance import Row, rows

TABLE = "balance.csv"
LENGTHS = "lengths.csv"
TEXT = "balance.md"
CHART = "balance.svg"
LENGTH_CHART = "lengths.svg"
IN_PLAY_CHART = "in_play.svg"
SUMMARY = "summary.json"
CHARTS = (CHART, LENGTH_CHART)  # in every report; IN_PLAY_CHART where something was in play
COLOURS = {
    "seat": "#3b6fb6",
    "bot": "#3f8f4f",
    "faction": "#d07a2d",
    "faction in seat": "#e0a867",
    "bot with faction": "#8a5bb0",
    "in play": "#2a9d8f",
}
HISTOGRAM_BARS = 30  # at most: longer games share a bar of several lengths
IN_PLAY_BARS = 40  # at most: of more, the chart shows the highest and the lowest half as many


def write(summary: dict[str, Any], directory: Path) -> list[Path]:
    """Write the tables, the text, the charts and the summary into `directory`; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    table = rows(summary)
    in_play = [row for row in table if row.group == "in play"]
    paths = [directory / name for name in (TABLE, LENGTHS, TEXT, CHART, LENGTH_CHART, SUMMARY)]
    _write_csv(table, paths[0])
    with paths[1].open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["actions", "games"])
        writer.writerows([int(n), count] for n, count in summary["lengths"].items())
    paths[2].write_text(_markdown(summary, table), encoding="utf-8")
    title = f"{summary['game']}: win rate with 95% CI ({summary['games']} games)"
    paths[3].write_text(_svg(summary, [row for row in table if row.group != "in play"], title), encoding="utf-8")
    paths[4].write_text(_histogram(summary), encoding="utf-8")
    kept = {key: value for key, value in summary.items() if key != "results"}
    paths[5].write_text(json.dumps(kept, ensure_ascii=False, indent=1), encoding="utf-8")
    if in_play:
        shown = in_play
        if len(in_play) > IN_PLAY_BARS:
            shown = in_play[: IN_PLAY_BARS // 2] + in_play[-IN_PLAY_BARS // 2 :]
        title = f"{summary['game']}: win rate when in play, 95% CI"
        if len(shown) < len(in_play):
            title += f" (the {IN_PLAY_BARS // 2} highest and lowest of {len(in_play)})"
        paths.append(directory / IN_PLAY_CHART)
        paths[-1].write_text(_svg(summary, shown, title), encoding="utf-8")
    return paths


def read(directory: Path) -> dict[str, Any]:
    """The summary a report folder holds (`summary.json`), or a `simulate --json` file."""
    path = directory / SUMMARY if directory.is_dir() else directory
    summary = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(summary, dict):
        raise ValueError(f"a {type(summary).__name__}, not a table of numbers")
    return summary


def _write_csv(table: list[Row], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["group", "name", "games", "wins", "win_rate", "ci95_low", "ci95_high"])
        for row in table:
            writer.writerow(
                [row.group, row.name, row.games, row.wins, f"{row.rate:.4f}", f"{row.low:.4f}", f"{row.high:.4f}"]
            )


def _cell(info: dict[str, Any]) -> str:
    if not info["games"]:
        return "–"
    low, high = info["ci95"]
    return f"{info['rate']:.0%} ({low:.0%}–{high:.0%}), {info['games']}"


def _matrix(title: str, corner: str, table: dict[str, dict[str, Any]], columns: list[str], named: Any) -> list[str]:
    """A table of win rates: one row per key of `table`, one column per entry of `columns`."""
    lines = [
        f"## {title}",
        "",
        "Win rate (95% CI), games.",
        "",
        f"| {corner} | " + " | ".join(map(named, columns)) + " |",
    ]
    lines.append("|---|" + "---:|" * len(columns))
    for name, by_column in table.items():
        cells = [_cell(by_column[c]) if c in by_column else "–" for c in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def _markdown(summary: dict[str, Any], table: list[Row]) -> str:
    seatings = summary.get("seatings", [summary["bots"]])
    lines = [
        f"# Balance report: {summary['game']}",
        "",
        f"{summary['games']} games, {summary['players']} players, seed {summary['seed']}"
        + (f", scenario {summary['scenario']}" if summary["scenario"] else "")
        + (f", options {', '.join(f'{k}={v}' for k, v in summary['options'].items())}" if summary["options"] else "")
        + ".",
        "",
    ]
    if len(seatings) > 1:
        lines += [
            f"Seats rotated: {len(seatings)} seatings, each bot in each seat equally often, so that the seat,"
            " the bot and the faction are told apart.",
            "",
            *(f"- seating {n + 1}: {', '.join(seating)}" for n, seating in enumerate(seatings)),
            "",
        ]
    else:
        lines += [f"One seating: {', '.join(seatings[0])}. A seat's rate is also its bot's.", ""]
    lines += ["## Win rates", "", "| | games | wins | win rate | 95% CI |", "|---|---:|---:|---:|---|"]
    for row in table:
        if row.group in ("seat", "bot", "faction"):
            lines.append(f"| {row.name} | {row.games} | {row.wins} | {row.rate:.1%} | {row.low:.1%} – {row.high:.1%} |")
    lines += ["", f"Fair share of wins: {1 / summary['players']:.1%} per seat.", "", f"![win rates]({CHART})", ""]
    seats = [str(seat) for seat in range(summary["players"])]
    if summary.get("faction_seat"):
        lines += _matrix("Faction by seat", "faction", summary["faction_seat"], seats, lambda s: f"seat {int(s) + 1}")
    factions = list(summary.get("faction_win_rate", {}))
    if factions and len(summary.get("bot_win_rate", {})) > 1:
        lines += _matrix("Bot by faction", "bot", summary["bot_faction"], factions, str)
    lines += _in_play_text(summary, [row for row in table if row.group == "in play"])
    lines += _length_text(summary)
    lines += _endings_text(summary)
    return "\n".join(lines)


def _in_play_text(summary: dict[str, Any], in_play: list[Row]) -> list[str]:
    """Each card, creature or unit's win rate in the games a seat had it in play."""
    if not in_play:
        return []
    fair = 1 / summary["players"]
    lines = [
        "## In play",
        "",
        "Each card, creature or unit a seat had in play, with the share of those games that seat"
        f" won (95% CI), the highest first. Fair share: {fair:.1%}. One whose whole interval lies"
        " above the fair share wins more often than chance allows: a candidate for being too strong;"
        " one whose interval lies below it, for being too weak. One that only some factions (or bots)"
        " can have shares their rate: set it beside theirs in the tables above.",
        "",
        "| | games | wins | win rate | 95% CI | |",
        "|---|---:|---:|---:|---|---|",
    ]
    for row in in_play:
        verdict = "above" if row.low > fair else "below" if row.high < fair else ""
        lines.append(
            f"| {row.name} | {row.games} | {row.wins} | {row.rate:.1%} | {row.low:.1%} – {row.high:.1%} | {verdict} |"
        )
    return [*lines, "", f"![win rate in play]({IN_PLAY_CHART})", ""]


def _length_text(summary: dict[str, Any]) -> list[str]:
    length = summary.get("length") or {}
    rounds = f" ({summary['mean_rounds']:.1f} rounds)" if summary.get("mean_rounds", 0) > 1 else ""
    lines = ["## Game length", "", f"Mean game length: {summary['mean_actions']:.1f} actions{rounds}."]
    if length:
        lines.append(
            f"Shortest {length['min']:.0f}, 10th percentile {length['p10']:.0f}, median {length['median']:.0f},"
            f" 90th percentile {length['p90']:.0f}, longest {length['max']:.0f} actions."
        )
    return [*lines, "", f"![game length]({LENGTH_CHART})", ""]


def _endings_text(summary: dict[str, Any]) -> list[str]:
    capped = summary["capped"]
    lines = [
        "## Draws and the round cap",
        "",
        f"Draws: {summary['draws']}; ended by the round cap: {capped}; unfinished: {summary['unfinished']}.",
    ]
    if capped:
        won = ", ".join(f"seat {int(seat) + 1} {n}" for seat, n in summary.get("capped_wins", {}).items() if n)
        lines.append(
            f"Of the {capped} games the round cap ended, the scores gave {won or 'no seat a win'}"
            f" and {summary.get('capped_draws', 0)} no winner: a game that often reaches the cap may be"
            " decided by its tie-break, not by its play."
        )
    return [*lines, ""]


def _svg_open(width: int, height: int, title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="16" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]


def _svg(summary: dict[str, Any], table: list[Row], title: str) -> str:
    """Horizontal bars (win rate) with whiskers (95% CI) and a dashed line at the fair share."""
    label_width, bar_width, row_height, top, margin = 240, 400, 26, 48, 16
    width = label_width + bar_width + 110
    height = top + row_height * max(1, len(table)) + 36

    def x(rate: float) -> float:
        return label_width + rate * bar_width

    parts = _svg_open(width, height, title)
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{x(tick):.1f}" y1="{top - 6}" x2="{x(tick):.1f}" y2="{height - 30}" stroke="#dddddd"/>'
        )
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 14}" text-anchor="middle" fill="#555555">{tick:.0%}</text>')
    for i, row in enumerate(table):
        y = top + i * row_height
        parts.append(f'<text x="{label_width - 8}" y="{y + 17}" text-anchor="end">{escape(row.name)}</text>')
        parts.append(
            f'<rect x="{label_width}" y="{y + 5}" width="{row.rate * bar_width:.1f}" height="{row_height - 10}" '
            f'fill="{COLOURS[row.group]}"/>'
        )
        mid = y + row_height / 2
        parts.append(f'<line x1="{x(row.low):.1f}" y1="{mid}" x2="{x(row.high):.1f}" y2="{mid}" stroke="#000000"/>')
        for end in (row.low, row.high):
            parts.append(f'<line x1="{x(end):.1f}" y1="{mid - 5}" x2="{x(end):.1f}" y2="{mid + 5}" stroke="#000000"/>')
        parts.append(f'<text x="{x(1.0) + 8}" y="{y + 17}">{row.rate:.0%} of {row.games}</text>')
    fair = 1 / summary["players"]
    parts.append(
        f'<line x1="{x(fair):.1f}" y1="{top - 6}" x2="{x(fair):.1f}" y2="{height - 30}" '
        'stroke="#c0392b" stroke-dasharray="5,4"/>'
    )
    parts.append(
        f'<text x="{width - margin}" y="22" text-anchor="end" fill="#c0392b" font-size="12">'
        f"dashed: fair share {fair:.0%}</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def bins(lengths: dict[str, int]) -> list[tuple[int, int, int]]:
    """(first length, last length, games) of each bar: one length a bar, or equal spans of
    lengths when there are more than `HISTOGRAM_BARS` of them."""
    counts = {int(n): c for n, c in lengths.items()}
    if not counts:
        return []
    least, most = min(counts), max(counts)
    span = max(1, -(-(most - least + 1) // HISTOGRAM_BARS))
    out = []
    for start in range(least, most + 1, span):
        out.append((start, start + span - 1, sum(counts.get(n, 0) for n in range(start, start + span))))
    return out


def _histogram(summary: dict[str, Any]) -> str:
    """Games per length (actions) as bars, the median marked."""
    bars = bins(summary["lengths"])
    left, top, plot_width, plot_height = 56, 44, 600, 240
    width, height = left + plot_width + 24, top + plot_height + 56
    parts = _svg_open(width, height, f"{summary['game']}: game length ({summary['games']} games)")
    tallest = max((games for _, _, games in bars), default=1)
    bar_width = plot_width / max(1, len(bars))
    for i, (first, last, games) in enumerate(bars):
        bar_height = plot_height * games / tallest
        x, y = left + i * bar_width, top + plot_height - bar_height
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{y:.1f}" width="{bar_width - 2:.1f}" height="{bar_height:.1f}" fill="#3b6fb6">'
            f"<title>{first}{'' if first == last else f'–{last}'} actions: {games} games</title></rect>"
        )
        if i % max(1, len(bars) // 10) == 0:
            parts.append(
                f'<text x="{x + bar_width / 2:.1f}" y="{top + plot_height + 16}" text-anchor="middle" '
                f'fill="#555555">{first}</text>'
            )
    for tick in (0, tallest):
        y = top + plot_height - plot_height * tick / tallest
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#555555">{tick}</text>')
    parts.append(
        f'<line x1="{left}" y1="{top + plot_height}" x2="{left + plot_width}" y2="{top + plot_height}" stroke="#000000"/>'
    )
    median = (summary.get("length") or {}).get("median")
    if median is not None and bars:
        first_length = bars[0][0]
        span = bars[0][1] - bars[0][0] + 1
        x = left + (median - first_length + 0.5) / span * bar_width
        parts.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + plot_height}" stroke="#c0392b" stroke-dasharray="5,4"/>'
        )
        parts.append(f'<text x="{x + 4:.1f}" y="{top + 12}" fill="#c0392b" font-size="12">median {median:.0f}</text>')
    parts.append(f'<text x="{left + plot_width / 2}" y="{height - 12}" text-anchor="middle">actions in a game</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
