"""The `boardwright` command line.

Exit status 0 on success; 2 on bad input (a flag, an unknown game, a damaged file, a
replay that does not verify) with one clear line on stderr.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardwright.cli import learn
from boardwright.cli.arguments import Parser, UsageError, option_pairs
from boardwright.framework import BoardwrightError, OptionError, PluginHost, kernel, simulation
from boardwright.framework import replay as replay_files
from boardwright.framework.plugins import scenario_folder
from boardwright.framework.scenarios import file_schema, load_scenario


def _port(text: str) -> int:
    """A TCP port: 0 (any free one) to 65535. The event loop would take 70000 as 4464."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {text!r}")
    return int(text)


def _at_least(least: int) -> Callable[[str], int]:
    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least:
            raise argparse.ArgumentTypeError(f"a whole number of at least {least}, not {text!r}")
        return value

    return whole


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"seconds, 0 or more, not {text!r}")
    return value


def _address(text: str) -> str:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"an IP address such as 127.0.0.1, not {text!r}") from None
    return text


# --- commands ---


def cmd_list(host: PluginHost, args: argparse.Namespace) -> int:
    games = host.games()
    rows = []
    for game_id, game in games.items():
        spec = game.spec
        scenarios = host.engine(game_id).scenarios
        rows.append(
            {
                "id": game_id,
                "version": spec.version,
                "title_en": spec.title_en,
                "title_ru": spec.title_ru,
                "players": list(spec.players),
                "scenarios": sorted(scenarios),
                "options": {o.key: o.default for o in spec.all_options()},
            }
        )
    broken = [{"name": b.name, "kind": b.kind, "error": b.error} for b in host.broken]
    if args.json:
        print(json.dumps({"games": rows, "bots": sorted(host.bots()), "broken": broken}, ensure_ascii=False, indent=2))
        return 0
    for row in rows:
        players = ", ".join(map(str, row["players"]))
        print(f"{row['id']:<14} {row['version']:<8} {row['title_en']} / {row['title_ru']}  ({players} players)")
        if row["scenarios"]:
            print(f"{'':<23} scenarios: {', '.join(row['scenarios'])}")
    print(f"bots: {', '.join(sorted(host.bots()))}")
    for b in host.broken:
        print(f"broken {b.kind} {b.line()}")
    return 0


def cmd_replay(host: PluginHost, args: argparse.Namespace) -> int:
    path = Path(args.file)
    journal = _is_journal(path)
    if journal:  # a LAN table's game so far, as the host journalled it
        from boardwright.net.journal import read_journal

        record = read_journal(path)[0]
    else:
        record = replay_files.load(args.file)
    engine = host.engine(record.game)
    result = replay_files.replay(engine, record, verify=args.verify, where=args.file)
    outcome = kernel.outcome(result.state)
    status = "unfinished"
    if outcome:
        status = "draw" if outcome["draw"] else "winners " + ",".join(str(s + 1) for s in outcome["winners"])
    verified = f", {result.checked} hashes verified" if args.verify else ""
    kind = " (a LAN table's journal)" if journal else ""
    print(f"{args.file}{kind}: {record.game} {record.game_version}, {len(record.actions)} actions, {status}{verified}")
    return 0


def _is_journal(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(len(replay_files.JOURNAL_MAGIC)) in replay_files.JOURNAL_MAGICS
    except OSError:
        return False  # `load` says why, as for any file


def _scenario_files(paths: list[str]) -> list[Path]:
    """The files named, and every `.toml` file under the folders named, in order."""
    files: list[Path] = []
    for given in map(Path, paths):
        if given.is_dir():
            found = sorted(given.rglob("*.toml"))
            if not found:
                raise UsageError(f"{given}: a folder with no .toml file")
            files += found
        else:
            files.append(given)
    return files


def cmd_scenario_validate(host: PluginHost, args: argparse.Namespace) -> int:
    """Each file: "ok" on stdout, or its one error line on stderr; 2 if any file failed."""
    games = host.games()
    failed = 0
    for path in _scenario_files(args.paths):
        try:
            scenario = load_scenario(path, games)
            shadowed = host.shadowed(scenario)
            if shadowed:
                raise BoardwrightError(shadowed)
        except BoardwrightError as exc:
            print(f"boardwright: {exc.message}", file=sys.stderr)
            failed += 1
            continue
        print(f"{path}: ok ({scenario.id}: {scenario.title_en})")
    return 2 if failed else 0


def cmd_scenario_schema(host: PluginHost, args: argparse.Namespace) -> int:
    print(json.dumps(file_schema(host.game(args.game)), ensure_ascii=False, indent=2))
    return 0


def cmd_scenario_list(host: PluginHost, args: argparse.Namespace) -> int:
    games = [host.game(args.game).spec.id] if args.game else list(host.games())
    for game_id in games:
        for scenario in host.engine(game_id).scenarios.values():
            where = scenario.source or "built in"
            print(f"{game_id}\t{scenario.id}\t{scenario.title_en}\t{where}")
    for broken in host.broken:
        print(f"error: {broken.error}", file=sys.stderr)
    return 1 if host.broken else 0


def cmd_scenario_folder(host: PluginHost, args: argparse.Namespace) -> int:
    folder = scenario_folder()
    folder.mkdir(parents=True, exist_ok=True)
    print(folder)
    return 0


def _play_start(host: PluginHost, args: argparse.Namespace) -> Any:
    """What `play` opens at once: a game set up from the flags, a loaded file, or nothing
    (the library, or the new-game dialog for a named game). Bad flags raise OptionError."""
    from boardwright.client.new_game import GameConfig
    from boardwright.framework.match import Match

    if args.load:
        if args.game or args.players is not None or args.seats or args.scenario or args.option:
            raise OptionError("--load opens a saved game as it is; give no game, players, seats, scenario or options")
        record = replay_files.load(args.load)
        Match.load(host.engine(record.game), args.load)  # refuses a damaged or tampered file here
        return Path(args.load)
    setup_given = args.players is not None or args.seats or args.scenario or args.option or args.seed is not None
    if not args.game:
        if setup_given or args.screenshot:
            raise OptionError("name a game (or --load a file) to set one up")
        return None
    engine = host.engine(args.game)
    if not (setup_given or args.screenshot):
        return None
    seats = [kind for kind in args.seats.split(",") if kind] if args.seats else []
    players = args.players
    if players is None:
        scenario = engine.scenario(args.scenario)
        players = len(seats) or (scenario.players[0] if scenario and scenario.players else engine.spec.players[0])
    engine.prepare(players, scenario=args.scenario)  # a player count the game has not is refused first
    if not seats:
        seats = ["human"] + ["random"] * (players - 1)
    if len(seats) != players:
        given = f"{len(seats)} seat" + ("" if len(seats) == 1 else "s")
        raise OptionError(f"{given} for {players} players: give one seat kind per player")
    for kind in seats:
        if kind != "human":
            simulation.SeatBot.parse(kind, host.bots(), "human")  # "open", as a LAN host says, is refused here
    options = option_pairs(args.option)
    seed = args.seed if args.seed is not None else 0
    Match(engine, players, options, seed, args.scenario, seats)  # refuses bad options and player counts here
    return GameConfig(args.game, players, seats, options=options, scenario=args.scenario, seed=seed)


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if (
        not sep
        or not width.isdigit()
        or not height.isdigit()
        or not (200 <= int(width) <= 8000)
        or not (200 <= int(height) <= 8000)
    ):
        raise OptionError(f"--size is WIDTHxHEIGHT in pixels, each 200 to 8000, not {text!r}")
    return int(width), int(height)


def cmd_play(host: PluginHost, args: argparse.Namespace) -> int:
    start = _play_start(host, args)
    size = _size(args.size) if args.size else None
    if size and not args.screenshot:
        raise OptionError("--size goes with --screenshot")
    from boardwright.client.launch import run_client

    def lan() -> object:
        from boardwright.net.service import LanService

        return LanService(host)

    if args.screenshot:
        from boardwright.client.launch import screenshot

        return screenshot(host, start, Path(args.screenshot), size or (1200, 800), args.lang, args.theme)
    return run_client(host, args.game, lan, start, args.lang, args.theme)


def cmd_host(host: PluginHost, args: argparse.Namespace) -> int:
    from boardwright.cli.lan import run_host

    engine = host.engine(args.game)
    options = option_pairs(args.option)
    engine.spec.resolve_options(options)
    return run_host(host, args, options)


def cmd_join(host: PluginHost, args: argparse.Namespace) -> int:
    from boardwright.cli.lan import run_join

    return run_join(host, args)


def cmd_new_plugin(host: PluginHost, args: argparse.Namespace) -> int:
    from boardwright.cli.new_plugin import create, install_command

    target = Path(args.dir) if args.dir else Path.cwd() / f"boardwright-{args.name.replace('_', '-')}"
    taken = [*host.games(), *(b.name for b in host.broken), *(host.pm.get_name(p) for p in host.pm.get_plugins())]
    created = create(args.name, target, args.title, args.title_ru, [name for name in taken if name])
    print(f"created {created}; install it with: {install_command(created)}, then run its tests with pytest")
    return 0


def _simulate_command(name: str) -> Any:
    """`simulate` and `compare`, imported when one runs: the balance machinery costs every
    other command (a window's start among them) a tenth of a second."""

    def run(host: PluginHost, args: argparse.Namespace) -> int:
        from boardwright.cli import simulate

        return int(getattr(simulate, name)(host, args))

    return run


def _versus(host: PluginHost, args: argparse.Namespace) -> int:
    """`versus`, imported when it runs (as `simulate`)."""
    from boardwright.cli import versus

    return versus.cmd_versus(host, args)


def build_parser() -> Parser:
    parser = Parser(
        prog="boardwright", description="Play tabletop games on a desktop and on a LAN, against people or bots."
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    p = sub.add_parser("list", help="installed games, versions, player counts, scenarios, broken plugins")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("play", help="the desktop client")
    p.add_argument("game", nargs="?")
    p.add_argument("--players", type=int)
    p.add_argument("--seats", default="", help="one seat kind per player: human,random,mcts:hard")
    p.add_argument("--scenario")
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    p.add_argument("--seed", type=int)
    p.add_argument("--load", metavar="FILE", help="open a saved game or replay")
    p.add_argument("--screenshot", metavar="FILE", help="render the first frame to a PNG and exit")
    p.add_argument("--size", metavar="WxH", help="the window size for --screenshot (default 1200x800)")
    p.add_argument("--lang", choices=("en", "ru"), help="the language of the window (default: as last chosen)")
    p.add_argument("--theme", choices=("light", "dark"), help="the window's theme (default: as last chosen)")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("simulate", help="bots play games headless")
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--bots", default="", help="bot kinds, one for all seats or one per seat: random,mcts:hard")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes, or Ray tasks (a cluster at RAY_ADDRESS, else a local Ray with --workers CPUs)",
    )
    p.add_argument("--verbose", action="store_true", help="with --backend ray: Ray's own log lines as well")
    p.add_argument("--json", action="store_true")
    p.add_argument("--save-replays", metavar="DIR")
    p.add_argument("--report", metavar="DIR", help="write a balance report (tables, charts as SVG and PNG)")
    p.add_argument(
        "--rotate",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="rotate the bots over the seats, the games spread over every seating (default: when the bots differ)",
    )
    p.add_argument(
        "--short", action="store_true", help="the game's short variant (its own options and scenario), for quick series"
    )
    p.set_defaults(run=_simulate_command("cmd_simulate"))

    p = sub.add_parser("compare", help="which win rates of two balance runs moved beyond chance")
    p.add_argument("before", help="a --report folder, or a file of simulate --json")
    p.add_argument("after")
    p.set_defaults(run=_simulate_command("cmd_compare"))

    p = sub.add_parser("versus", help="one bot against another, in every seat in turn: which is stronger, at 95%%")
    p.add_argument("game")
    p.add_argument("first", metavar="A", help="a bot: KIND or KIND:LEVEL, e.g. mcts:hard")
    p.add_argument("second", metavar="B", help="the bot in every other seat, e.g. mcts:normal")
    p.add_argument("--games", type=int, default=10, help="games in each seating (default 10)")
    p.add_argument("--players", type=int, help="default: the game's smallest player count")
    p.add_argument("--seed", type=int, default=100, help="the first seating's series seed (the next: +1, ...)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--short", action="store_true", help="the game's short variant")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_versus)

    learn.add_parser(sub)

    p = sub.add_parser("replay", help="re-apply a saved game")
    p.add_argument("file")
    p.add_argument("--verify", action="store_true", help="check every stored state hash")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("scenario", help="scenario files")
    scenario_sub = p.add_subparsers(dest="scenario_command", required=True, parser_class=Parser)
    v = scenario_sub.add_parser("validate", help="check scenario files (a folder: every .toml file in it)")
    v.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
    v.set_defaults(run=cmd_scenario_validate)
    v = scenario_sub.add_parser("schema", help="a game's scenario file as JSON Schema, for editors")
    v.add_argument("game")
    v.set_defaults(run=cmd_scenario_schema)
    v = scenario_sub.add_parser("list", help="every scenario of a game (or of every game), with where it comes from")
    v.add_argument("game", nargs="?")
    v.set_defaults(run=cmd_scenario_list)
    v = scenario_sub.add_parser("folder", help="the folder whose scenario files every game reads (made if missing)")
    v.set_defaults(run=cmd_scenario_folder)

    p = sub.add_parser("host", help="host a LAN table (headless): people join open seats, bots fill the rest")
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--seats", default="", help="one per seat: open (a person joins) or a bot, e.g. open,open,random")
    p.add_argument(
        "--seed", type=int, help="a fixed seed, for tests only (default: a secret one that no peer can compute)"
    )
    p.add_argument("--scenario")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--name", default="Boardwright table")
    p.add_argument(
        "--max-connections", type=_at_least(1), default=64, help="sockets at once, joined or not (default 64)"
    )
    p.add_argument("--max-spectators", type=_at_least(0), default=16)
    p.add_argument(
        "--on-drop", default="pause", help="a dropped person's seat: pause (wait for them) or a bot label that holds it"
    )
    p.add_argument("--no-ready", action="store_true", help="start at once, without every person saying ready")
    p.add_argument("--bind", default="0.0.0.0", help="the address to listen on (127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=0, help="0 (default): any free port")
    p.add_argument("--journal", help="a save file kept current after every action; an existing one resumes the table")
    p.add_argument("--no-advertise", action="store_true", help="do not announce the table with zeroconf")
    p.add_argument("--bot-delay", type=_seconds, default=0.0)
    p.add_argument("--max-seconds", type=_seconds, default=0.0, help="stop after this long (0: when the game ends)")
    p.set_defaults(run=cmd_host)

    p = sub.add_parser("join", help="join a LAN table with a bot or as a terminal seat")
    p.add_argument("table", nargs="?", help="HOST:PORT, or a table name to look for")
    p.add_argument("--bot", help="let a bot play this seat, e.g. random or mcts:easy")
    p.add_argument("--name", default="guest")
    p.add_argument("--seat", type=_at_least(1), help="the seat to take or rejoin: 1 for the first, as joining prints")
    p.add_argument("--token", help="rejoin a seat with the token the host gave")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--interface", type=_address, default="127.0.0.1", help="where to look for tables")
    p.add_argument("--browse-seconds", type=_seconds, default=2.0)
    p.set_defaults(run=cmd_join)

    p = sub.add_parser("new-plugin", help="a pip-installable game package skeleton with tests")
    p.add_argument("name")
    p.add_argument("dir", nargs="?")
    p.add_argument("--title", help="the game's English title (default: from the name)")
    p.add_argument("--title-ru", help="the game's Russian title")
    p.set_defaults(run=cmd_new_plugin)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        host = PluginHost()
        return int(args.run(host, args))
    except UsageError as exc:
        print(f"boardwright: {exc}".replace("boardwright: boardwright", "boardwright"), file=sys.stderr)
        return 2
    except BoardwrightError as exc:
        print(f"boardwright: {exc.message}", file=sys.stderr)
        return 2
    except OSError as exc:  # the machine refused a file or folder (a full disk, no permission): one line
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"boardwright: {where}{exc.strerror or str(exc) or type(exc).__name__}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("boardwright: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
