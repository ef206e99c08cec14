"""`boardwright host` and `boardwright join`: headless LAN tables for servers and tests."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path
from typing import Any

from boardwright.framework import BoardwrightError, PluginHost, Turn, kernel
from boardwright.framework.simulation import SeatBot
from boardwright.net import loop

from .terminal_seat import TerminalSeat
from .text_board import seat_names


def _set_up_otherwise(engine: Any, args: argparse.Namespace, options: dict[str, str], table: Any) -> list[str]:
    """How the flags' set-up differs from the resumed game's: the same command line that
    started a table resumes it, and one that asks for another game is refused, not half obeyed."""
    record = table.match.record
    differences = []
    if args.players is not None and args.players != record.players:
        differences.append(f"{record.players} players, not {args.players}")
    kinds = [kind for kind in args.seats.split(",") if kind] if args.seats else []
    kinds = kinds * record.players if len(kinds) == 1 else kinds
    held = [seat.kind for seat in table.seats]
    if kinds and kinds != held:
        differences.append(f"seats {','.join(held)}, not {','.join(kinds)}")
    resolved = engine.spec.resolve_options(options)
    for key in options:
        if resolved[key] != record.options.get(key):
            differences.append(f"{key}={record.options.get(key)}, not {resolved[key]}")
    if args.scenario is not None:
        held_scenario = engine.scenario(record.scenario)  # no scenario named: the game's default
        if engine.scenario(args.scenario) is not held_scenario:
            differences.append(f"scenario {held_scenario.id if held_scenario else 'none'}, not {args.scenario}")
    if args.seed is not None and args.seed != record.seed:
        differences.append("another seed")  # never which: the journal's seed may be the table's secret
    return differences


async def _host(host: PluginHost, args: argparse.Namespace, options: dict[str, str]) -> int:
    from boardwright.net.discovery import Advertiser, local_addresses
    from boardwright.net.host import OPEN, Limits, Table

    engine = host.engine(args.game)
    journal = Path(args.journal) if args.journal else None
    limits = Limits(max_connections=args.max_connections, max_spectators=args.max_spectators)
    settings: dict[str, Any] = {
        "name": args.name,
        "bot_delay": args.bot_delay,
        "limits": limits,
        "on_drop": args.on_drop,
        "ready_step": not args.no_ready,
    }
    if journal is not None and journal.exists():
        table = Table.resume(engine, journal, host.bots(), **settings)
        differences = _set_up_otherwise(engine, args, options, table)
        if differences:
            raise BoardwrightError(
                f"--journal {journal} holds a game set up otherwise ({'; '.join(differences)}): give the flags"
                " it was started with, or none",
                "resume",
            )
        print(f"resumed {journal} at action {len(table.match.record.actions)}", flush=True)
    else:
        seats = [s for s in args.seats.split(",") if s] if args.seats else []
        players = args.players if args.players is not None else (len(seats) if seats else None)
        count = kernel.seats(engine.new_game(players, options, 1, args.scenario))
        kinds = seats if seats else [OPEN] * count
        if len(kinds) == 1:
            kinds = kinds * count
        if args.seed is not None:
            print("a fixed --seed: whoever knows it can compute every hidden card", file=sys.stderr, flush=True)
        table = Table.new(
            engine, players, options, args.scenario, kinds, host.bots(), seed=args.seed, journal=journal, **settings
        )
    try:
        port = await table.start(args.bind, args.port)
    except OSError as exc:  # the address, the port (taken, not allowed) or the journal's folder
        await table.close()
        why = exc.strerror or str(exc)
        if exc.filename is not None:
            raise BoardwrightError(f"cannot write the journal {exc.filename}: {why}", "journal") from None
        raise BoardwrightError(f"cannot listen on {args.bind}:{args.port}: {why}", "listen") from None
    print(f"table {args.name!r} for {args.game} on {args.bind}:{port}", flush=True)
    advertiser = None
    if not args.no_advertise:
        address = args.bind if args.bind != "0.0.0.0" else local_addresses()[0]
        advertiser = Advertiser(port, address=address)
        await advertiser.start(table.info())
    try:
        deadline = asyncio.get_running_loop().time() + args.max_seconds if args.max_seconds else None
        while not table.match.is_over():
            try:
                async with asyncio.timeout_at(deadline):  # None: no limit; no task made per action
                    await table.changed.wait()
            except TimeoutError:
                print("stopped: --max-seconds reached", file=sys.stderr)
                return 1
            if advertiser is not None:
                await advertiser.update(table.info())
        await asyncio.sleep(0.2)  # let the last updates reach the peers
        outcome = table.match.outcome() or {}
        winners = ",".join(str(s + 1) for s in outcome.get("winners", [])) or "none (draw)"
        print(f"game over after {len(table.match.record.actions)} actions; winners: {winners}", flush=True)
        return 0
    finally:
        if advertiser is not None:
            await advertiser.close()
        await table.close()


async def _join(host: PluginHost, args: argparse.Namespace) -> int:
    from boardwright.net.discovery import browse
    from boardwright.net.peer import Peer, Refused, play_with_bot

    wanted_bot = SeatBot.parse(args.bot, host.bots()) if args.bot else None  # refused before taking a seat

    if args.table and ":" in args.table:
        address, _, port_text = args.table.rpartition(":")
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise BoardwrightError(f"bad table address {args.table!r} (use HOST:PORT or a table name)", "bad-table")
        port = int(port_text)
    else:
        tables = await asyncio.get_running_loop().run_in_executor(None, browse, args.browse_seconds, [args.interface])
        wanted = [t for t in tables if (args.table is None or t.name == args.table) and t.free > 0]
        if not wanted:
            names = ", ".join(f"{t.name} ({t.game}, {t.free} free)" for t in tables) or "none"
            raise BoardwrightError(f"no table with a free seat found (tables heard: {names})", "no-table")
        address, port = wanted[0].address, wanted[0].port
    # --seat counts from 1, as this command prints a seat; the protocol counts from 0
    peer = Peer(address, port, args.name, seat=None if args.seat is None else args.seat - 1, token=args.token)
    try:
        welcome = await peer.connect()
    except (OSError, TimeoutError) as exc:
        raise BoardwrightError(
            f"cannot reach the table at {address}:{port} ({exc.strerror or type(exc).__name__})", "unreachable"
        ) from None
    except Refused as exc:
        if exc.code == "seat":
            raise BoardwrightError(f"this table has no seat {args.seat}", "seat") from None
        raise
    game = host.game(welcome["game"])
    print(
        f"joined {welcome['table']!r} ({welcome['game']}) as seat {welcome['seat'] + 1}; token {welcome['token']}"
        f" (to come back: --seat {welcome['seat'] + 1} --token {welcome['token']})",
        flush=True,
    )
    try:
        if wanted_bot is None:
            terminal = TerminalSeat(peer, game)
            peer.listener = terminal.heard
            outcome = await terminal.play()
        else:
            engine = host.engine(welcome["game"])
            kind = host.bots()[wanted_bot.kind]
            bot = kind.make(engine, peer.seat, random.Random(args.seed).randrange(1 << 30), wanted_bot.level)

            def choose(update: dict[str, Any]) -> dict[str, Any]:
                # the bot sees only the view the host sent: it determinizes from it
                state = game.determinize(update["view"], peer.seat, args.seed)
                return bot.choose(Turn(engine, state, peer.seat, update["legal"]))

            outcome = await play_with_bot(peer, choose, timeout=None)
        if outcome is None:
            print("boardwright: the table closed before its game ended", file=sys.stderr, flush=True)
            return 1
        called = seat_names(peer.update["seats"]) if peer.update else []
        winners = ", ".join(
            f"{called[s]} (seat {s + 1})" if s < len(called) else f"seat {s + 1}" for s in outcome.get("winners", [])
        )
        print(f"game over; winners: {winners}" if winners else "game over: a draw", flush=True)
        return 0
    finally:
        await peer.close()


def run_host(host: PluginHost, args: argparse.Namespace, options: dict[str, str]) -> int:
    return loop.run(_host(host, args, options))  # uvloop's loop when installed (net/loop.py)


def run_join(host: PluginHost, args: argparse.Namespace) -> int:
    return loop.run(_join(host, args))
