"""Balance reports for modders: `boardwright simulate GAME --report DIR`.

From a simulation summary (see `simulation.summarise`) this writes three files:
``balance.csv`` (one row per seat and per faction: games, wins, win rate and its 95%
confidence interval), ``balance.md`` (the same table with the run's settings, mean game
length and draws, for reading) and ``balance.svg`` (a bar chart of the win rates with
their intervals and the fair share of 1/players marked). Plain text and SVG only: no
plotting library and no Qt.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

TABLE = "balance.csv"
TEXT = "balance.md"
CHART = "balance.svg"


@dataclass(frozen=True)
class Row:
    group: str  # "seat" or "faction"
    name: str
    games: int
    wins: int
    rate: float
    low: float
    high: float


def rows(summary: dict[str, Any]) -> list[Row]:
    """Win rates per seat, then per faction, as the summary gives them."""
    table = []
    games = int(summary["games"])
    bots = summary["bots"]
    for seat, info in summary["win_rate"].items():
        low, high = info["ci95"]
        name = f"seat {int(seat) + 1} ({bots[int(seat)]})"
        table.append(Row("seat", name, games, int(summary["wins"][seat]), float(info["rate"]), low, high))
    for faction, info in summary["faction_win_rate"].items():
        low, high = info["ci95"]
        wins = int(summary["wins_by_faction"][faction])
        table.append(Row("faction", faction, int(info["games"]), wins, float(info["rate"]), low, high))
    return table


def write(summary: dict[str, Any], directory: Path) -> list[Path]:
    """Write the table, the text report and the chart into `directory`; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    table = rows(summary)
    paths = [directory / TABLE, directory / TEXT, directory / CHART]
    _write_csv(table, paths[0])
    paths[1].write_text(_markdown(summary, table), encoding="utf-8")
    paths[2].write_text(_svg(summary, table), encoding="utf-8")
    return paths


def _write_csv(table: list[Row], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["group", "name", "games", "wins", "win_rate", "ci95_low", "ci95_high"])
        for row in table:
            writer.writerow(
                [row.group, row.name, row.games, row.wins, f"{row.rate:.4f}", f"{row.low:.4f}", f"{row.high:.4f}"]
            )


def _markdown(summary: dict[str, Any], table: list[Row]) -> str:
    lines = [
        f"# Balance report: {summary['game']}",
        "",
        f"{summary['games']} games, {summary['players']} players, bots {', '.join(summary['bots'])}, "
        f"seed {summary['seed']}" + (f", scenario {summary['scenario']}" if summary["scenario"] else "") + ".",
        "",
        "| | games | wins | win rate | 95% CI |",
        "|---|---:|---:|---:|---|",
    ]
    for row in table:
        lines.append(f"| {row.name} | {row.games} | {row.wins} | {row.rate:.1%} | {row.low:.1%} – {row.high:.1%} |")
    lines += [
        "",
        f"Mean game length: {summary['mean_actions']:.1f} actions"
        + (f", {summary['mean_rounds']:.1f} rounds" if summary.get("mean_rounds", 0) > 1 else "")
        + ".",
        f"Draws: {summary['draws']}; ended by the round cap: {summary['capped']}; unfinished: {summary['unfinished']}.",
        f"Fair share of wins: {1 / summary['players']:.1%} per seat.",
        "",
    ]
    return "\n".join(lines)


def _svg(summary: dict[str, Any], table: list[Row]) -> str:
    """Horizontal bars (win rate) with whiskers (95% CI) and a dashed line at the fair share."""
    label_width, bar_width, row_height, top, margin = 220, 400, 26, 48, 16
    width = label_width + bar_width + 70
    height = top + row_height * max(1, len(table)) + 36

    def x(rate: float) -> float:
        return label_width + rate * bar_width

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{margin}" y="22" font-size="15" font-weight="bold">'
        f"{escape(str(summary['game']))}: win rate with 95% CI ({summary['games']} games)</text>",
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{x(tick):.1f}" y1="{top - 6}" x2="{x(tick):.1f}" y2="{height - 30}" stroke="#dddddd"/>'
        )
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 14}" text-anchor="middle" fill="#555555">{tick:.0%}</text>')
    for i, row in enumerate(table):
        y = top + i * row_height
        colour = "#3b6fb6" if row.group == "seat" else "#d07a2d"
        parts.append(f'<text x="{label_width - 8}" y="{y + 17}" text-anchor="end">{escape(row.name)}</text>')
        parts.append(
            f'<rect x="{label_width}" y="{y + 5}" width="{row.rate * bar_width:.1f}" height="{row_height - 10}" fill="{colour}"/>'
        )
        mid = y + row_height / 2
        parts.append(f'<line x1="{x(row.low):.1f}" y1="{mid}" x2="{x(row.high):.1f}" y2="{mid}" stroke="#000000"/>')
        for end in (row.low, row.high):
            parts.append(f'<line x1="{x(end):.1f}" y1="{mid - 5}" x2="{x(end):.1f}" y2="{mid + 5}" stroke="#000000"/>')
        parts.append(f'<text x="{x(1.0) + 8}" y="{y + 17}">{row.rate:.0%}</text>')
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
