"""The journal: killed hosts and peers lose no acknowledged action; bad files give one line.

Hosts run as `boardwright host` processes on 127.0.0.1 and are killed with SIGKILL; every
wait is bounded.
"""

from __future__ import annotations

import asyncio
import random
import re
import signal
import subprocess
import sys

import msgpack

from boardwright.framework import replay as replay_files
from boardwright.net.host import OPEN, Table
from boardwright.net.journal import read_journal
from boardwright.net.peer import Peer

BOARDWRIGHT = [sys.executable, "-m", "boardwright.cli.main"]
LOCAL = "127.0.0.1"


def _start_host(journal, *extra):
    host = subprocess.Popen(
        [
            *BOARDWRIGHT,
            "host",
            "connect_four",
            "--bind",
            LOCAL,
            "--seats",
            "open,open",
            "--no-advertise",
            "--journal",
            str(journal),
            "--max-seconds",
            "60",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    for _ in range(3):
        line = host.stdout.readline()
        found = re.search(r"on 127\.0\.0\.1:(\d+)", line)
        if found:
            return host, int(found.group(1))
    host.kill()
    raise AssertionError(host.stderr.read())


async def _play_until_killed(port, tokens, acknowledged, kill_after, rng):
    """Two peers (rejoining with their tokens) play until `kill_after` more actions were
    acknowledged to both, or the game ends; returns True when it ended."""
    peers = [Peer(LOCAL, port, f"P{i}", seat=tokens[i][0], token=tokens[i][1]) for i in range(2)]
    try:
        for number, peer in enumerate(peers):
            await peer.connect()
            tokens[number] = (peer.seat, peer.token)
        for _ in range(kill_after):
            update = await peers[0].wait_for(lambda u: u["started"])
            if update["outcome"] is not None:
                return True
            mover = peers[update["to_move"]]
            mine = await mover.wait_for(lambda u, p=update["ply"]: u["ply"] == p and u["legal"])
            await mover.act(rng.choice(mine["legal"]))
            done = await peers[0].wait_for(lambda u, p=update["ply"]: u["ply"] == p + 1)
            acknowledged.append(done["ply"])
        update = peers[0].update
        if rng.random() < 0.5 and update["outcome"] is None:  # one more in flight when the host dies
            mover = peers[update["to_move"]]
            if mover.update["ply"] == update["ply"] and mover.update["legal"]:
                await mover.act(rng.choice(mover.update["legal"]))
        return False
    finally:
        for peer in peers:
            peer._writer.transport.abort()  # the peers die too: no bye
            await peer.close()


def test_hosts_killed_at_random_points_lose_no_acknowledged_action(tmp_path):
    journal = tmp_path / "table.bwr"
    rng = random.Random(3)
    tokens: list[tuple] = [(None, None), (None, None)]
    acknowledged: list[int] = []
    ended = False
    for round_number in range(30):
        host, port = _start_host(journal)
        try:
            playing = _play_until_killed(port, tokens, acknowledged, rng.randint(1, 3), rng)
            ended = asyncio.run(asyncio.wait_for(playing, 60))
            if ended:
                _out, err = host.communicate(timeout=30)
                assert host.returncode == 0, err
                assert "Traceback" not in err and "CancelledError" not in err
                break
            host.send_signal(signal.SIGKILL)
            host.wait(timeout=10)
        finally:
            host.kill()
            host.wait(timeout=10)
        record = read_journal(journal).record
        assert len(record.actions) >= acknowledged[-1], f"round {round_number}: an acknowledged action was lost"
    assert ended and round_number >= 2  # the host was killed at least twice on the way
    assert not list(tmp_path.glob(".*.tmp"))
    replayed = subprocess.run([*BOARDWRIGHT, "replay", str(journal), "--verify"], capture_output=True, text=True)
    assert replayed.returncode == 0 and "hashes verified" in replayed.stdout, replayed.stderr


def test_temporary_files_of_a_killed_host_are_cleaned_at_start(tmp_path, host):
    journal = tmp_path / "t.bwr"
    left = [tmp_path / ".t.bwr.abc123.tmp", tmp_path / ".t.bwr.seats.def456.tmp"]
    for path in left:
        path.write_bytes(b"half a save")

    async def scenario():
        table = Table.new(host.engine("connect_four"), 2, {}, None, [OPEN, OPEN], {}, journal=journal)
        await table.start(LOCAL)
        await table.close()

    asyncio.run(asyncio.wait_for(scenario(), 30))
    assert not any(path.exists() for path in left)
    assert journal.exists()


def _old_style_journal(tmp_path, host, seats, strip_hashes=False):
    """A journal as hosts wrote it before: a normal save and FILE.seats."""
    engine = host.engine("connect_four")
    table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {})
    for column in (0, 1, 0):
        table.match.commit(table.match.trial({"type": "drop", "column": column}))
    record = table.match.record
    if strip_hashes:
        record.hashes = []
    journal = tmp_path / "old.bwr"
    replay_files.save(journal, record)
    (tmp_path / "old.bwr.seats").write_bytes(msgpack.packb(seats))
    return journal


def _host_once(journal):
    return subprocess.run(
        [
            *BOARDWRIGHT,
            "host",
            "connect_four",
            "--bind",
            LOCAL,
            "--no-advertise",
            "--journal",
            str(journal),
            "--max-seconds",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_seats_entry_without_a_token_is_one_clear_line(tmp_path, host):
    journal = _old_style_journal(tmp_path, host, [{"kind": "open", "token": "a" * 32}, {"kind": "open"}])
    result = _host_once(journal)
    assert result.returncode == 2
    assert result.stderr.strip() == f"boardwright: {journal}.seats: seat 2 has no token"


def test_a_journal_whose_hashes_were_stripped_is_refused_with_one_line(tmp_path, host):
    seats = [{"kind": "open", "token": "a" * 32}, {"kind": "open", "token": "b" * 32}]
    journal = _old_style_journal(tmp_path, host, seats, strip_hashes=True)
    result = _host_once(journal)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "state hashes are missing (0 for 3 actions)" in result.stderr


def test_an_old_style_journal_resumes_verified(tmp_path, host):
    seats = [{"kind": "open", "token": "a" * 32}, {"kind": "open", "token": "b" * 32}]
    journal = _old_style_journal(tmp_path, host, seats)
    result = _host_once(journal)
    assert "resumed" in result.stdout and "at action 3" in result.stdout, result.stderr
    record, saved, _size, current = read_journal(journal)  # rewritten in the checked, append-only form
    assert current and len(record.actions) == 3 and [s["token"] for s in saved] == ["a" * 32, "b" * 32]


def test_a_journal_whose_last_action_ended_the_game_becomes_its_save_when_resumed(tmp_path, host):
    """A host stopped after journalling the winning action but before the journal became a
    save file: the next host that opens it finishes the job (else `replay` cannot read it)."""
    from boardwright.net.journal import MAGIC, Journal
    from boardwright.net.live import LiveGame

    engine = host.engine("connect_four")
    game = LiveGame(engine, 2, {}, seed=9)
    rng = random.Random(2)
    while not game.is_over():
        game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
    path = tmp_path / "t.bwr"

    async def scenario():
        journal = Journal(path)
        journal.create(game.record, [{"kind": OPEN, "token": "a" * 32, "name": "A"}] * 2)
        await journal.close()  # and no finish: the host died here
        assert path.read_bytes().startswith(MAGIC)
        table = Table.resume(engine, path, {})
        await table.start(LOCAL)
        await table.close()

    asyncio.run(asyncio.wait_for(scenario(), 30))
    assert not path.read_bytes().startswith(MAGIC)
    assert replay_files.load(path).actions == game.record.actions
    assert read_journal(path)[1] == [{"kind": OPEN, "token": "a" * 32, "name": "A"}] * 2  # the seats, beside it
    replayed = subprocess.run([*BOARDWRIGHT, "replay", str(path), "--verify"], capture_output=True, text=True)
    assert replayed.returncode == 0 and "hashes verified" in replayed.stdout, replayed.stderr


def test_a_host_started_again_on_a_finished_game_shows_it_to_the_players_who_rejoin(tmp_path):
    """The winning action ends the game and the journal becomes its save, the seats beside
    it: a host started again on that file (as after a crash just after the end) serves the
    final position to the seats that come back with their tokens."""
    journal = tmp_path / "table.bwr"

    async def play(port, tokens):
        peers = [Peer(LOCAL, port, f"P{i}", seat=tokens[i][0], token=tokens[i][1]) for i in range(2)]
        try:
            for number, peer in enumerate(peers):
                await peer.connect()
                tokens[number] = (peer.seat, peer.token)
            for _ in range(20):  # seat 1 in column 0, seat 2 in column 1: seat 1 wins at its fourth
                update = await peers[0].wait_for(lambda u: u["started"])
                if update["outcome"] is not None:
                    return update["outcome"]
                mover = peers[update["to_move"]]
                mine = await mover.wait_for(lambda u, p=update["ply"]: u["ply"] == p and u["legal"])
                await mover.act(mine["legal"][update["to_move"]])
                await peers[0].wait_for(lambda u, p=update["ply"]: u["ply"] == p + 1)
            return None
        finally:
            for peer in peers:
                await peer.close()

    tokens: list[tuple] = [(None, None), (None, None)]
    for attempt in range(2):  # the game, then the host started again on its save
        host, port = _start_host(journal)
        try:
            outcome = asyncio.run(asyncio.wait_for(play(port, tokens), 60))
            assert outcome is not None and outcome["winners"] == [0], (attempt, outcome)
            if attempt == 0:
                _out, err = host.communicate(timeout=30)  # a finished table closes once its players left
                assert host.returncode == 0 and "Traceback" not in err, err
                assert journal.with_name("table.bwr.seats").exists()
                assert len(replay_files.load(journal).actions) == 7
        finally:
            host.kill()
            host.wait(timeout=10)


def test_the_command_that_started_a_table_resumes_it_and_one_for_another_game_is_refused(tmp_path):
    journal = tmp_path / "table.bwr"
    started = ["host", "connect_four", "--bind", LOCAL, "--no-advertise", "--journal", str(journal)]
    started += ["--seats", "open,open", "--option", "rows=7", "--max-seconds", "0.5"]

    def host(*flags):
        return subprocess.run([*BOARDWRIGHT, *flags], capture_output=True, text=True, timeout=60)

    first = host(*started)
    assert first.returncode == 1 and "stopped: --max-seconds reached" in first.stderr  # nobody joined
    kept = journal.read_bytes()
    again = host(*started)
    assert again.stdout.startswith(f"resumed {journal} at action 0\n"), again.stdout + again.stderr
    for other, said in [
        (["--players", "3"], "2 players, not 3"),
        (["--seats", "open,random"], "seats open,open, not open,random"),
        (["--option", "rows=8", "--seed", "4"], "rows=7, not 8; another seed"),
    ]:
        flags = ["host", "connect_four", "--bind", LOCAL, "--no-advertise", "--journal", str(journal)]
        refused = host(*flags, "--max-seconds", "0.5", *other)
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr == (
            f"boardwright: --journal {journal} holds a game set up otherwise ({said}):"
            " give the flags it was started with, or none\n"
        )
    assert read_journal(journal)[0].options["rows"] == 7 and journal.read_bytes() == kept


def test_an_unfinished_tables_journal_is_checked_by_replay_and_named_by_play(tmp_path, capsys):
    """A table stopped before its end leaves its journal: `replay --verify` checks it; `play
    --load` says what it is and how to go on, never that a sound file is damaged."""
    from boardwright.cli.main import main

    journal = tmp_path / "table.bwr"
    # at most 4 moves in 1.2 s: no Connect Four game can end so soon
    flags = ["--seats", "random,random", "--bot-delay", "0.3", "--journal", str(journal), "--max-seconds", "1.2"]
    stopped = subprocess.run(
        [*BOARDWRIGHT, "host", "connect_four", "--bind", LOCAL, "--no-advertise", *flags],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert stopped.returncode == 1 and "stopped: --max-seconds reached" in stopped.stderr
    plies = len(read_journal(journal)[0].actions)
    assert 0 < plies <= 4
    assert main(["replay", str(journal), "--verify"]) == 0
    out, _ = capsys.readouterr()
    said = f"{journal} (a LAN table's journal): connect_four 1.1.0, {plies} actions, unfinished, {plies + 1} hashes"
    assert out == said + " verified\n"
    assert main(["play", "--load", str(journal), "--screenshot", str(tmp_path / "shot.png")]) == 2
    _, err = capsys.readouterr()
    assert err == (
        f"boardwright: {journal}: the journal of a LAN table whose game has not ended, not a save:"
        f" `boardwright host GAME --journal {journal}` resumes the table, `boardwright replay {journal} --verify`"
        " checks it\n"
    )


def test_resuming_with_the_games_default_scenario_named_is_the_same_game(tmp_path):
    journal = tmp_path / "castles.bwr"
    flags = ["host", "reliquium", "--bind", LOCAL, "--no-advertise", "--journal", str(journal), "--max-seconds", "0.5"]

    def host(*extra):
        return subprocess.run([*BOARDWRIGHT, *flags, *extra], capture_output=True, text=True, timeout=60)

    assert host().returncode == 1  # started without --scenario: the game's default, standard
    assert host("--scenario", "standard").stdout.startswith(f"resumed {journal} at action 0\n")
    refused = host("--scenario", "seven_castles")
    assert refused.returncode == 2 and "(scenario standard, not seven_castles)" in refused.stderr
