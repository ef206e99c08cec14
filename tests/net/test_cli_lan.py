"""`boardwright host` and `boardwright join` as separate processes on 127.0.0.1."""

from __future__ import annotations

import re
import subprocess
import sys

BOARDWRIGHT = [sys.executable, "-m", "boardwright.cli.main"]


def _start_host(*extra):
    host = subprocess.Popen(
        [
            *BOARDWRIGHT,
            "host",
            "connect_four",
            "--bind",
            "127.0.0.1",
            "--seats",
            "open,random",
            "--max-seconds",
            "60",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = host.stdout.readline()
    match = re.search(r"on 127\.0\.0\.1:(\d+)", line)
    assert match, line + host.stderr.read()
    return host, int(match.group(1))


def test_a_bot_joins_by_address_and_the_game_ends(tmp_path):
    journal = tmp_path / "t.bwr"
    host, port = _start_host("--no-advertise", "--journal", str(journal))
    try:
        joined = subprocess.run(
            [*BOARDWRIGHT, "join", f"127.0.0.1:{port}", "--bot", "random"], capture_output=True, text=True, timeout=60
        )
        assert joined.returncode == 0, joined.stderr
        assert "as seat 1" in joined.stdout and "game over; winners:" in joined.stdout
        out, _ = host.communicate(timeout=30)
        assert host.returncode == 0
        assert "game over after" in out
    finally:
        host.kill()
    replayed = subprocess.run(
        [*BOARDWRIGHT, "replay", str(journal), "--verify"], capture_output=True, text=True, timeout=60
    )
    assert replayed.returncode == 0 and "hashes verified" in replayed.stdout


def test_a_table_is_found_by_name_with_zeroconf_on_loopback():
    host, _ = _start_host("--name", "Loopback table")
    try:
        joined = subprocess.run(
            [
                *BOARDWRIGHT,
                "join",
                "Loopback table",
                "--bot",
                "random",
                "--interface",
                "127.0.0.1",
                "--browse-seconds",
                "4",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert joined.returncode == 0, joined.stderr
        assert "joined 'Loopback table'" in joined.stdout
        host.communicate(timeout=30)
        assert host.returncode == 0
    finally:
        host.kill()


def test_join_with_a_bad_address_is_one_clear_line():
    joined = subprocess.run([*BOARDWRIGHT, "join", "127.0.0.1:notaport"], capture_output=True, text=True, timeout=60)
    assert joined.returncode == 2
    assert (
        joined.stderr.strip() == "boardwright: bad table address '127.0.0.1:notaport' (use HOST:PORT or a table name)"
    )


def test_join_to_a_closed_port_is_one_clear_line():
    joined = subprocess.run([*BOARDWRIGHT, "join", "127.0.0.1:9"], capture_output=True, text=True, timeout=60)
    assert joined.returncode == 2
    assert joined.stderr.startswith("boardwright: cannot reach the table at 127.0.0.1:9")
    assert "Traceback" not in joined.stderr


def test_a_table_nobody_joins_stops_at_max_seconds():
    host = subprocess.Popen(
        [*BOARDWRIGHT, "host", "connect_four", "--bind", "127.0.0.1", "--no-advertise", "--max-seconds", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert host.returncode == 1 and "connect_four on 127.0.0.1:" in out
    assert err.strip().splitlines()[-1] == "stopped: --max-seconds reached" and "Traceback" not in err


def _joined_line(*args):
    """The first line a terminal seat's `join` prints; then it is stopped (it would wait for its turn)."""
    joining = subprocess.Popen([*BOARDWRIGHT, "join", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        return joining.stdout.readline()
    finally:
        joining.kill()
        joining.communicate()


def test_a_person_comes_back_with_the_seat_and_token_joining_printed():
    """`join` prints the seat counting from 1 and how to come back; that is what --seat takes.
    A bot with a level it has not is refused before a seat is taken."""
    host, port = _start_host("--no-advertise", "--seats", "open,open")
    try:
        table = f"127.0.0.1:{port}"
        refused = subprocess.run(
            [*BOARDWRIGHT, "join", table, "--bot", "mcts:ultra"], capture_output=True, text=True, timeout=60
        )
        assert refused.returncode == 2
        assert refused.stderr == "boardwright: bot mcts has no level 'ultra' (levels: easy, normal, hard)\n"
        first = _joined_line(table)
        come_back = re.search(r"as seat 1; token (\w+) \(to come back: --seat 1 --token (\w+)\)", first)
        assert come_back and come_back.group(1) == come_back.group(2), first
        again = _joined_line(table, "--seat", "1", "--token", come_back.group(1))
        assert f"as seat 1; token {come_back.group(1)}" in again, again
        nowhere = subprocess.run(
            [*BOARDWRIGHT, "join", table, "--seat", "3"], capture_output=True, text=True, timeout=60, input=""
        )
        assert nowhere.returncode == 2 and nowhere.stderr == "boardwright: this table has no seat 3\n"
    finally:
        host.kill()
        host.communicate()


def test_a_table_that_closes_before_its_game_ended_is_said_so_not_called_a_game_over():
    host, port = _start_host("--no-advertise", "--seats", "open,open", "--max-seconds", "3")
    try:
        # the bot's seat waits for the second player (however long), until the host stops
        joined = subprocess.run(
            [*BOARDWRIGHT, "join", f"127.0.0.1:{port}", "--bot", "random"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert joined.returncode == 1 and "game over" not in joined.stdout
        assert joined.stderr == "boardwright: the table closed before its game ended\n"
    finally:
        host.kill()
        host.communicate()
