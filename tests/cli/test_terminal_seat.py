"""A person at a terminal: `boardwright join` without `--bot` shows the board as text, the
seats by name and whose move it is, and reads a numbered move from standard input."""

from __future__ import annotations

import random
import re
import subprocess
import sys

from boardwright.cli.text_board import MOST, TextBoard, seats_line
from boardwright.net.live import LiveGame

BOARDWRIGHT = [sys.executable, "-m", "boardwright.cli.main"]


def _played(engine, plies, seed=3, players=None):
    game = LiveGame(engine, players, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
    return game


def test_a_connect_four_board_is_drawn_in_characters_with_its_colours_named(host):
    engine = host.engine("connect_four")
    game = LiveGame(engine, 2, {}, seed=1)
    for column in (0, 6, 0):
        game.commit(game.trial({"type": "drop", "column": column}, seat=game.to_move()))
    board = TextBoard(engine.game, engine.game.view(game.state, 1), 1, ["Anna", "Boris"])
    lines = board.lines(engine.game.board(game.state, 1))
    assert lines[0] == "Boris to move"
    assert lines[1:8] == ["1 2 3 4 5 6 7", *[". . . . . . ."] * 4, "X . . . . . .", "X . . . . . O"]
    assert lines[8] == "X = red (#d9342b), O = yellow (#f2c230)"


def test_the_viewer_sees_its_own_cards_by_name_and_the_others_by_count(host):
    engine = host.engine("signum")
    game = _played(engine, 0)
    seat = game.to_move()
    view = engine.game.view(game.state, seat)
    lines = TextBoard(engine.game, view, seat, ["Anna", "Boris"]).lines(engine.game.board(game.state, seat))
    mine = next(line for line in lines if line.startswith(f"Hand of {['Anna', 'Boris'][seat]} (yours): "))
    hand = view["zones"][f"hand:{seat}"]["items"]
    assert mine.count(",") == len(hand) - 1 and "@" not in mine  # card names, not ids
    other = next(line for line in lines if line.startswith(f"Hand of {['Anna', 'Boris'][1 - seat]}: "))
    assert other.endswith(f"{len(game.state['zones'][f'hand:{1 - seat}']['items'])} cards")
    assert "Anna" in "\n".join(lines) and "#1" not in "\n".join(lines)


def test_a_large_map_lists_its_first_pieces_and_says_how_many_more(host):
    engine = host.engine("reliquium")
    game = _played(engine, 10)
    seat = game.to_move()
    board = engine.game.board(game.state, seat)
    lines = TextBoard(engine.game, engine.game.view(game.state, seat), seat, ["A", "B", "C", "D"]).lines(board)
    pieces = len(board["elements"][0]["pieces"])
    assert pieces > MOST and f"  ... and {pieces - MOST} more" in lines
    assert all("\n" not in line for line in lines)


def test_the_seats_line_names_each_seat_and_says_which_is_yours():
    seats = [
        {"kind": "open", "name": "Anna", "connected": True},
        {"kind": "random", "name": "random", "connected": True},
        {"kind": "open", "name": "Boris", "connected": False},
        {"kind": "open", "name": "", "connected": False},
    ]
    assert seats_line(seats, 0) == "seats: 1 Anna (you), 2 random (bot), 3 Boris (away), 4 seat 4 (free)"


def test_a_person_plays_a_whole_game_from_a_terminal_by_typing_numbers():
    host = subprocess.Popen(
        [
            *BOARDWRIGHT,
            "host",
            "connect_four",
            "--bind",
            "127.0.0.1",
            "--no-advertise",
            "--seats",
            "open,random",
            "--max-seconds",
            "60",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        port = int(re.search(r"on 127\.0\.0\.1:(\d+)", host.stdout.readline()).group(1))
        typed = "9\nfour\n" + "1\n2\n3\n4\n5\n6\n7\n" * 3 + "1\n" * 42  # two wrong answers, then moves
        joined = subprocess.run(
            [*BOARDWRIGHT, "join", f"127.0.0.1:{port}", "--name", "Anna"],
            input=typed,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        host.kill()
        host.wait(timeout=10)
    out = joined.stdout
    assert joined.returncode == 0, joined.stderr
    assert "as seat 1;" in out and "seats: 1 Anna (you), 2 random (bot)" in out
    assert "ply 0: your move\n  1. Column 1\n" in out and "your move (1-7): choose 1 to 7" in out
    assert "1 2 3 4 5 6 7\n. . . . . . ." in out and "random drops a disc" in out and "#2" not in out
    assert re.search(r"game over(; winners: (Anna \(seat 1\)|random \(seat 2\))|: a draw)\n$", out)
