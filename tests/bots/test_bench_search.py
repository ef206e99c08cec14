"""`benchmarks/bench_search.py`, as a modder runs it to try `[search.LEVEL]` settings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_search.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=120)


def test_two_settings_play_whole_games_in_both_seat_orders():
    done = _run("connect_four", "--a", "easy,trees=3,iterations=60", "--b", "easy", "--games", "1", "--workers", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "a: easy {'trees': 3, 'iterations': 60}: 60 iterations, rollouts of 10, exploration 0.7, 3 trees" in lines[1]
    assert lines[3].startswith("  a won ") and " of 2 games: score " in lines[3]


def test_a_setting_the_search_cannot_take_is_one_clear_error():
    for side, said in [
        ("easy,tree=3", "[search.side-a] tree is no search setting"),
        ("easy,trees=1.5", "[search.side-a] trees must be a whole number"),
        ("expert", "no level 'expert'"),
        ("easy,trees", "a setting is NAME=VALUE"),
    ]:
        done = _run("connect_four", "--a", side, "--b", "easy")
        assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
