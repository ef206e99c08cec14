"""Connect Four rules.

State (plain data): ``columns`` holds each column as a list of seats from the bottom up,
``bits`` holds one bitboard int per seat (bit ``column * (rows + 1) + height``), which
makes the four-in-a-row check a handful of shifts instead of a scan, and ``full`` is a
bitmask of the full columns, which picks the legal drops from a cached list.

The game has one move, `DROP`: a disc into a column that is not full.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, decided, kernel
from boardwright.framework.data import GameData
from boardwright.framework.events import text
from boardwright.framework.flow import Flow, Phase
from boardwright.framework.moves import Move, Part, action_parts
from boardwright.framework.spec import titled

_DATA = GameData(__package__)  # the package's data folder (framework/data.py)
_CONFIG = _DATA.toml("game.toml")
_MESSAGES = _DATA.messages()
HEURISTIC: dict[str, float] = _CONFIG["heuristic"]  # the bots' weights, read on each call so a tuned table counts


def _has_line(bits: int, height: int, connect: int) -> bool:
    """True when `bits` holds `connect` stones in a row in any of the four directions.

    Columns are `height + 1` bits apart, so the spare bit on top of each column keeps a
    run from wrapping into the next column.
    """
    if connect == 4:
        for shift in (1, height + 1, height + 2, height):  # vertical, horizontal, two diagonals
            pairs = bits & (bits >> shift)
            if pairs & (pairs >> 2 * shift):
                return True
        return False
    for shift in (1, height + 1, height + 2, height):
        run = bits
        for _ in range(connect - 1):
            run &= run >> shift
        if run:
            return True
    return False


# --- the move: a disc into a column

# (columns, full-column mask) -> the legal drops: shared, never-mutated action dicts
_DROPS: dict[tuple[int, int], list[dict[str, Any]]] = {}


def columns(state: dict[str, Any], seat: int) -> range:
    return range(len(state["columns"]))


def why_not_drop(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str | None:
    column = action["column"]
    if not 0 <= column < len(state["columns"]):
        return f"no column {column + 1} (the board has {len(state['columns'])})"
    if state["full"] >> column & 1:
        return f"column {column + 1} is full"
    return None


def drops(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The legal drops, from the full-column mask (playouts ask for them at every ply)."""
    key = (len(state["columns"]), state["full"])
    legal = _DROPS.get(key)
    if legal is None:
        count, full = key
        legal = [{"type": "drop", "column": c} for c in range(count) if not full >> c & 1]
        if len(_DROPS) < 10_000:
            _DROPS[key] = legal
    return legal


def drop(state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
    seat = kernel.active(state)
    column = action["column"]
    col = state["columns"][column]
    rows = state["rows"]
    bits = state["bits"]
    mine = bits[seat] | 1 << (column * (rows + 1) + len(col))
    bits[seat] = mine
    col.append(seat)
    if len(col) == rows:
        state["full"] |= 1 << column
    state["moves"] += 1
    if log.recording:  # playouts and search skip building the event (framework/events.py)
        log.emit("drop", seat=seat, column=column + 1, at=[column])  # `at`: the board ids it is about
    if _has_line(mine, rows, state["connect"]):
        log.emit("win", seat=seat)
        kernel.finish(state, winners=[seat], reason="four in a row")
    elif state["full"] == (1 << len(state["columns"])) - 1:
        log.emit("draw")
        kernel.finish(state, winners=[], reason="board full")


DROP = Move(
    "drop",
    parts={"column": Part("target", values=columns, kind=int)},
    refuse=why_not_drop,
    generate=drops,
    effect=drop,
)


@cache
def _cells(columns: int, rows: int) -> int:
    """The bits of a board's holes (not the spare bit on top of each column)."""
    column = (1 << rows) - 1
    return sum(column << c * (rows + 1) for c in range(columns))


def _threats(bits: int, height: int) -> int:
    """The bits where one more stone of `bits` would make four in a row (filled or not)."""
    found = 0
    for shift in (1, height + 1, height + 2, height):
        up, down = bits << shift, bits >> shift
        up2, down2 = bits << 2 * shift, bits >> 2 * shift
        found |= (
            up & up2 & (bits << 3 * shift) | down & down2 & (bits >> 3 * shift) | up & up2 & down | down & down2 & up
        )
    return found


def _parity_threats(mine: int, theirs: int, cells: int, columns: int, rows: int, seat: int) -> int:
    """Empty holes that would make a four on the rows where its maker is the one to fill them
    once the rest of the board fills (odd rows from the bottom for the first seat, even for
    the second), the seat's own against the rival's."""
    odd_rows = 0b01010101010101 & ((1 << rows) - 1)  # rows 1, 3, 5... of a column, from the bottom
    odd = sum(odd_rows << c * (rows + 1) for c in range(columns))
    own_rows, rival_rows = (odd, cells & ~odd) if seat == 0 else (cells & ~odd, odd)
    own = _threats(mine, rows) & cells & own_rows
    rival = _threats(theirs, rows) & cells & rival_rows
    return own.bit_count() - rival.bit_count()


class ConnectFour(Game):
    spec = GameSpec(
        id="connect_four",
        version="1.1.0",
        **titled(_MESSAGES, "game_title"),
        players=(2,),
        options=(
            Option("columns", _CONFIG["columns"], minimum=4, maximum=12, **titled(_MESSAGES, "option_columns")),
            Option("rows", _CONFIG["rows"], minimum=4, maximum=10, **titled(_MESSAGES, "option_rows")),
            Option("connect", _CONFIG["connect"], minimum=3, maximum=6, **titled(_MESSAGES, "option_connect")),
        ),
        **titled(_MESSAGES, "game_summary", "summary"),
    )
    messages = _MESSAGES
    action_parts: ClassVar[dict[str, dict[str, str]]] = action_parts([DROP])
    heuristic_table: ClassVar[dict[str, Any] | None] = HEURISTIC

    def flow(self) -> Flow:
        # one phase: the two seats take turns, one drop each, until the game is won or drawn
        return Flow(start="play", phases=(Phase("play", moves_per_turn=1, moves=(DROP,)),))

    def setup(self, state: dict[str, Any], setup: Setup) -> None:
        opts = setup.options
        state["rows"] = opts["rows"]
        state["connect"] = opts["connect"]
        state["columns"] = [[] for _ in range(opts["columns"])]
        state["bits"] = [0, 0]
        state["full"] = 0
        state["moves"] = 0

    def heuristic(self, state: dict[str, Any], seat: int, weights: dict[str, Any] | None = None) -> float:
        """Lines of three and holes that would make a four, own against the rival's: a cheap
        positional estimate in [-1, 1]; the weights are game.toml's [heuristic], or `weights`
        (a table of the same numbers, the `learned` bot's)."""
        w = HEURISTIC if weights is None else weights
        rows = state["rows"]
        mine, theirs = state["bits"][seat], state["bits"][1 - seat]
        own = rival = 0
        for shift in (1, rows + 1, rows + 2, rows):
            own += bin(mine & (mine >> shift) & (mine >> 2 * shift)).count("1")
            rival += bin(theirs & (theirs >> shift) & (theirs >> 2 * shift)).count("1")
        score = w["own_three"] * own - w["rival_three"] * rival
        if state["connect"] == 4 and (w["own_threat"] or w["rival_threat"] or w["parity_threat"]):
            cells = _cells(len(state["columns"]), rows) & ~(mine | theirs)
            score += w["own_threat"] * (_threats(mine, rows) & cells).bit_count()
            score -= w["rival_threat"] * (_threats(theirs, rows) & cells).bit_count()
            if w["parity_threat"]:
                score += w["parity_threat"] * _parity_threats(mine, theirs, cells, len(state["columns"]), rows, seat)
        if w["centre"]:
            middle = ((1 << rows) - 1) << len(state["columns"]) // 2 * (rows + 1)
            score += w["centre"] * ((mine & middle).bit_count() - (theirs & middle).bit_count())
        return max(-1.0, min(1.0, score / w["lead_scale"]))

    def describe_action(self, state: dict[str, Any], action: dict[str, Any], lang: str = "en") -> str:
        return text({"key": "action_drop", "column": action["column"] + 1}, self.messages, lang)

    def seat_name(self, state: dict[str, Any], seat: int, lang: str = "en") -> str:
        return text({"key": f"seat_{seat}"}, self.messages, lang)

    def boards(self, state: dict[str, Any], seats: list[int | None]) -> list[dict[str, Any]]:
        """No secrets, and the picture is the same from either side: built once for all."""
        if not seats:
            return []
        board = self.board(state, None)
        return [board] * len(seats)

    def seat_colours(self, state: dict[str, Any]) -> list[str | None]:
        return list(_CONFIG["colours"])

    def board(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A grid of holes, each a click on its column; discs in the seats' colours."""
        rows = state["rows"]
        cells = [
            _cell(column, rows - 1 - row, discs[row] if row < len(discs) else None, row == len(discs))
            for column, discs in enumerate(state["columns"])
            for row in range(rows)
        ]
        line = _winning_line(state)
        if line:  # the four that won, marked as what decided the game
            cells = decided.mark(cells, lambda cell: tuple(cell["at"]) in line)
        grid = {"type": "grid", "columns": len(state["columns"]), "rows": rows, "frame": "#1f4fa8", "cells": cells}
        if kernel.is_over(state):
            status: dict[str, Any] = {"key": "status_over"}
        else:
            status = {"key": "status_to_move", "seat": kernel.active(state)}
        return {"kind": "grid", "elements": [grid], "panels": [], "status": status}


def _winning_line(state: dict[str, Any]) -> set[tuple[int, int]]:
    """The holes ([column, row from the top]) of the winner's line, once a seat has won."""
    outcome = kernel.outcome(state)
    winners = (outcome or {}).get("winners") or []
    if len(winners) != 1:
        return set()
    rows, need, columns = state["rows"], state["connect"], state["columns"]

    def owner(column: int, row: int) -> int | None:  # row counted from the bottom
        if 0 <= column < len(columns) and 0 <= row < len(columns[column]):
            return int(columns[column][row])
        return None

    line: set[tuple[int, int]] = set()
    for column in range(len(columns)):
        for row in range(len(columns[column])):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                run = [(column + dc * n, row + dr * n) for n in range(need)]
                if all(owner(c, r) == winners[0] for c, r in run):
                    line.update((c, rows - 1 - r) for c, r in run)
    return line


@cache
def _cell(column: int, row: int, owner: int | None, lands: bool = False) -> dict[str, Any]:
    """One hole of the grid (`row` counted from the top), empty or with a disc; a click on
    any hole of a column drops a disc into it, and the lowest empty hole is where it `lands`
    (the one outlined under the mouse). Boards are read-only data, so every board holds the
    same object for the same hole: the host's merge with what a seat was sent last finds an
    unchanged hole by identity."""
    if owner is None:
        hole = {
            "at": [column, row],
            "shape": "circle",
            "id": column,
            "fill": "#10213f",
            "tip": {"key": "hole", "column": column + 1},
        }
        return hole | {"lands": True} if lands else hole
    return {
        "at": [column, row],
        "shape": "circle",
        "id": column,
        "fill": _CONFIG["colours"][owner],
        "stroke": "#00000080",
        "layer": "piece",
    }
