"""Board descriptions and repaints, for every installed game.

For each game: positions from a seeded random game; per position and seat, the time to
build the board description (`Engine.board`), the time the client takes to make it
drawable (texts in a language, card faces, layout: `client.layout.shown_board`), and the
time to repaint the largest board after one action (`BoardView.show_board` and a paint
into an image of the window's board size), offscreen.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_boards.py [--positions 40] [--seed 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from boardwright.client.board_view import BoardView
from boardwright.client.layout import shown_board
from boardwright.framework import Engine, PluginHost, kernel


def positions(engine: Engine, count: int, seed: int) -> list[dict[str, Any]]:
    """`count` states spread over seeded random games (each kept as it was)."""
    pick = random.Random(seed)
    found: list[dict[str, Any]] = []
    game = 0
    while len(found) < count:
        state = engine.new_game(None, dict(engine.game.simulation_options), seed + game)
        game += 1
        step = 0
        while not engine.is_over(state) and len(found) < count:
            legal = engine.legal_actions(state)
            engine.apply_unchecked(state, legal[pick.randrange(len(legal))])
            step += 1
            if step % 7 == 0:
                found.append(kernel.clone(state))
    return found


def timed(call: Any, repeat: int = 5) -> float:
    """The median seconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(engine: Engine, states: list[dict[str, Any]], view: BoardView) -> dict[str, float]:
    game = engine.game
    build, shown, paint = [], [], []
    largest = None
    largest_state: dict[str, Any] = states[0]
    for state in states:
        seats = [*range(kernel.seats(state)), None]
        for seat in seats:
            build.append(timed(lambda state=state, seat=seat: engine.board(state, seat)))
            board = engine.board(state, seat)
            names = [game.seat_name(state, s, "en") for s in range(kernel.seats(state))]
            seen = engine.view(state, seat)
            shown.append(timed(lambda board=board, seen=seen, names=names: shown_board(game, board, seen, "en", names)))
            drawn = shown_board(game, board, seen, "en", names)
            if largest is None or len(drawn.get("items", [])) > len(largest.get("items", [])):
                largest, largest_state = drawn, state
    # the largest board, and the same board one action later (as the table redraws it)
    after = kernel.clone(largest_state)
    engine.apply_unchecked(after, engine.legal_actions(after)[0])
    names = [game.seat_name(after, s, "en") for s in range(kernel.seats(after))]
    following = shown_board(game, engine.board(after, 0), engine.view(after, 0), "en", names)
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)

    def draw(board: dict[str, Any]) -> None:
        view.show_board(board, "en")
        painter = QPainter(image)
        view.render(painter)
        painter.end()

    for _ in range(7):
        assert largest is not None
        draw(largest)
        start = time.perf_counter()
        draw(following)
        paint.append(time.perf_counter() - start)
    return {
        "build_ms": statistics.mean(build) * 1000,
        "build_max_ms": max(build) * 1000,
        "shown_ms": statistics.mean(shown) * 1000,
        "repaint_ms": statistics.median(paint) * 1000,  # after one action
        "items": float(len(largest.get("items", [])) if largest else 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    view = BoardView()
    view.resize(800, 760)
    host = PluginHost()
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}"
    )
    print(
        "| game | board description, mean (max) | client layout, mean | repaint after one action (largest board) | items |"
    )
    print("| --- | ---: | ---: | ---: | ---: |")
    for game_id in sorted(host.games()):
        engine = host.engine(game_id)
        figures = measure(engine, positions(engine, args.positions, args.seed), view)
        print(
            f"| {game_id} | {figures['build_ms']:.3f} ms ({figures['build_max_ms']:.3f}) | "
            f"{figures['shown_ms']:.3f} ms | {figures['repaint_ms']:.2f} ms | {figures['items']:.0f} |"
        )
    del app


if __name__ == "__main__":
    main()
