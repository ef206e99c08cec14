"""The conformance checks every game must pass, usable from any game package's tests.

    from boardwright.framework.conformance import check_game
    def test_my_game_conforms():
        check_game(MyGame())

Each check plays seeded random games and raises AssertionError with a message a game
author can act on: playouts end with legal actions always on offer; illegal, mutated
and out-of-turn actions are refused with the state unchanged; replays reproduce every
hash; states survive msgpack; views hide what a seat may not see; determinized states
agree with the view they came from; boards and event text are complete; what a game
tells of its heuristic after an action is what applying it gives; a game's moves agree
with their predicates.
"""

from __future__ import annotations

import ast
import inspect
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import kernel, zones
from .engine import Engine, find_exact
from .errors import IllegalAction, OptionError
from .events import TEXT_FIELDS, EventLog, render, resolve_texts
from .game import Game

State = dict[str, Any]
MAX_ACTIONS = 20_000
SHAPES = {"polygon", "hex", "circle", "rect", "line", "text"}
ELEMENTS = {"hexgrid", "grid", "areas", "cards", "track", "field"}


def _new(engine: Engine, players: int | None, scenario: str | None, seed: int, log: Any = None) -> State:
    options = dict(engine.game.simulation_options)
    if log is None:
        return engine.new_game(players, options, seed, scenario)
    return engine.new_game(players, options, seed, scenario, log=log)


def _playout(engine: Engine, state: State, seed: int, visit: Any = None, log: Any = None) -> list[dict[str, Any]]:
    """A random legal playout; calls visit(state, step) before each action."""
    rng = random.Random(seed)
    actions: list[dict[str, Any]] = []
    while not kernel.is_over(state):
        legal = engine.legal_actions(state)
        assert legal, f"no legal action while the game runs (after {len(actions)} actions)"
        assert 0 <= kernel.to_move(state) < kernel.seats(state), "the seat to move is not a seat"
        if visit:
            visit(state, len(actions))
        action = legal[rng.randrange(len(legal))]
        if log is not None:
            engine.apply(state, action, log=log)
        else:
            engine.apply_unchecked(state, action)
        actions.append(action)
        assert len(actions) < MAX_ACTIONS, "the playout does not end; set a round cap in simulation_options"
    return actions


def check_playouts_and_replay(
    engine: Engine, players: int | None = None, scenario: str | None = None, seeds: tuple[int, ...] = (1, 2)
) -> None:
    for seed in seeds:
        state = _new(engine, players, scenario, seed)
        seats = kernel.seats(state)
        start = kernel.state_hash(state)
        hashes = []
        rng = random.Random(seed)
        actions = []
        while not kernel.is_over(state):
            legal = engine.legal_actions(state)
            assert legal, "no legal action while the game runs"
            action = legal[rng.randrange(len(legal))]
            engine.apply(state, action)
            actions.append(action)
            hashes.append(kernel.state_hash(state))
            assert len(actions) < MAX_ACTIONS, "the playout does not end; set a round cap in simulation_options"
        outcome = engine.outcome(state)
        assert outcome is not None, "a finished game without an outcome"
        assert set(outcome["winners"]) <= set(range(seats)), "winners that are not seats"
        assert engine.legal_actions(state) == [], "legal actions after the end"
        # the same seed and actions, decoded from the wire, give the same hashes
        again = _new(engine, players, scenario, seed)
        assert kernel.state_hash(again) == start, "the same seed set up a different game"
        for index, (action, expected) in enumerate(zip(actions, hashes, strict=True)):
            engine.apply(again, kernel.unpack(kernel.pack(action)))
            assert kernel.state_hash(again) == expected, f"replay differs after action {index + 1}"


def _type_twins(value: Any) -> list[Any]:
    """Values equal to `value` in Python but of another type: 1 -> 1.0 and True, and so on."""
    if isinstance(value, bool):
        return [int(value), float(value)]
    if isinstance(value, int):
        twins: list[Any] = [float(value)]
        if value in (0, 1):
            twins.append(bool(value))
        return twins
    if isinstance(value, float) and value.is_integer():
        return [int(value)]
    if isinstance(value, list):
        return [[twin, *value[1:]] for twin in _type_twins(value[0])] if value else []
    return []


def _mutations(base: dict[str, Any]) -> list[Any]:
    attempts: list[Any] = [{"type": "no-such-action"}, {"column": 1}, "march", None]
    for key, value in base.items():
        if key == "type":
            continue
        mutated: Any
        if isinstance(value, bool) or value is None:
            mutated = not value
        elif isinstance(value, int):
            mutated = value + 1009
        elif isinstance(value, str):
            mutated = value + "-x"
        elif isinstance(value, list):
            mutated = [*value, "zz"]
        else:
            mutated = "zz"
        attempts.append({**base, key: mutated})
        attempts.extend({**base, key: twin} for twin in _type_twins(value))
    attempts.append({**base, "extra": 1})
    return attempts


GENERIC_REASON = "with these details is not allowed now"


def _fills_open(engine: Engine, state: State, attempt: dict[str, Any]) -> bool:
    """Whether `attempt` is an accepted fill of an open action (a point 30 for 30.0 is one)."""
    if not isinstance(attempt.get("type"), str):
        return False
    try:
        return engine._fill_open(state, attempt) is not None
    except IllegalAction:
        return False


def check_illegal_actions(
    engine: Engine, players: int | None = None, scenario: str | None = None, seed: int = 11
) -> None:
    """Mutated actions (other values, other types such as 1.0 or True for 1, extra fields)
    are refused with a specific reason and the state unchanged; `explain_illegal` never
    gives a reason for a legal action; a seat cannot move out of turn."""
    state = _new(engine, players, scenario, seed)
    seats = kernel.seats(state)
    game = engine.game
    probe = random.Random(5)

    def visit(state: State, step: int) -> None:
        if step % 7:
            return
        before = kernel.state_hash(state)
        legal = engine.legal_actions(state)
        deciding = kernel.pending(state) is not None
        if not deciding:
            for action in legal:
                reason = game.explain_illegal(state, action)
                assert reason is None, f"explain_illegal gives a reason for the legal {action!r}: {reason}"
        base = legal[probe.randrange(len(legal))]
        for attempt in _mutations(base):
            if isinstance(attempt, dict) and (
                find_exact(legal, attempt) is not None or _fills_open(engine, state, attempt)
            ):
                continue
            try:
                engine.apply(state, attempt)
            except IllegalAction as refused:
                assert refused.message, "a refusal without a reason"
                if not deciding and isinstance(attempt, dict) and attempt.get("type") == base["type"]:
                    assert GENERIC_REASON not in refused.message, (
                        f"{attempt!r} is refused without a reason: explain_illegal should say why"
                    )
            else:
                raise AssertionError(f"an illegal action was applied: {attempt!r}")
            assert kernel.state_hash(state) == before, f"a refused action changed the state: {attempt!r}"
        if seats > 1:
            wrong = (kernel.to_move(state) + 1) % seats
            try:
                engine.apply(state, base, seat=wrong)
            except IllegalAction:
                pass
            else:
                raise AssertionError("a seat moved out of turn")
            assert kernel.state_hash(state) == before

    _playout(engine, state, 3, visit)
    try:
        engine.apply(state, {"type": "anything"})
    except IllegalAction:
        pass
    else:
        raise AssertionError("an action was applied after the end")


def _hidden_from(state: State, seat: int | None) -> list[tuple[str, list[int]]]:
    """Zones `seat` may not see, with the positions of the items it does not know."""
    out = []
    for zone_id, zone in state.get("zones", {}).items():
        if not zones.can_see(zone, seat):
            unknown = [i for i, item in enumerate(zone["items"]) if not zones.knows(zone, seat, item)]
            out.append((zone_id, unknown))
    return out


def check_views(engine: Engine, players: int | None = None, scenario: str | None = None, seed: int = 21) -> None:
    """Views hold exactly what the zone model lets a seat know: the zones as `zones.redact`
    shows them, nothing that changes when the items a seat does not know are shuffled, and
    no random generator; a bot's determinized state agrees with the view, and random actions
    from it play on without an error."""
    state = _new(engine, players, scenario, seed)
    game = engine.game
    seats: list[int | None] = [*range(kernel.seats(state)), None]

    def visit(state: State, step: int) -> None:
        if step % 5:
            return
        # as saves and the LAN carry it: msgpack, with ints beyond 64 bits as an extension
        assert kernel.unpack(kernel.pack(state)) == state, "the state does not survive msgpack"
        for seat in seats:
            view = engine.view(state, seat)
            assert kernel.rng_state(view) is None, "a view must not hold the random generator"
            kernel.pack(view)
            if "zones" in state:
                assert view.get("zones") == zones.redact_all(state["zones"], seat), (
                    f"seat {seat}'s view of the zones is not what the zone model shows it"
                )
            # shuffling what the seat does not know must not change what it sees
            scrambled = kernel.clone(state)
            hidden = _hidden_from(scrambled, seat)
            pool = [scrambled["zones"][z]["items"][i] for z, idx in hidden for i in idx]
            random.Random(step).shuffle(pool)
            for zone_id, idx in hidden:
                for i in idx:
                    scrambled["zones"][zone_id]["items"][i] = pool.pop()
            assert engine.view(scrambled, seat) == view, f"seat {seat}'s view shows what it may not see"
            if seat is not None and kernel.to_move(state) == seat:
                guess = game.determinize(view, seat, 99)
                assert engine.view(guess, seat) == view, "determinize disagrees with the view"
                assert engine.legal_actions(guess) == engine.legal_actions(state), (
                    "determinize changes the legal actions"
                )
                _play_sampled(engine, guess, random.Random(step))

    _playout(engine, state, 4, visit)


def _play_sampled(engine: Engine, state: State, rng: random.Random, limit: int = 40) -> None:
    """Random actions from a bot's sampled state: a search plays thousands of these, so the
    rules must take any world the sample could be. It may stop at another seat's decision
    whose choices the sampling seat was never shown (the search judges the position there)."""
    for _ in range(limit):
        if kernel.is_over(state):
            return
        legal = engine.legal_actions(state)
        if not legal:
            decision = kernel.pending(state)
            assert decision is not None and not decision.get("choices"), "a sampled state has no legal action"
            return
        engine.apply_unchecked(state, legal[rng.randrange(len(legal))])


def check_heuristic_after(
    engine: Engine, players: int | None = None, scenario: str | None = None, seeds: tuple[int, ...] = (51,)
) -> None:
    """Every number `Game.heuristic_after` tells is the heuristic of the state the action
    makes, exactly, in a game that goes on; it leaves the state as it was. Checked for the
    seat to move and the next seat, at every decision of seeded random games."""
    if type(engine.game).heuristic_after is Game.heuristic_after:
        return
    told: list[str] = []

    def visit(state: State, step: int) -> None:
        mover = kernel.to_move(state)
        told.extend(check_told(engine, state, [mover, (mover + 1) % kernel.seats(state)], f"action {step + 1}"))

    for seed in seeds:
        _playout(engine, _new(engine, players, scenario, seed), seed, visit)
    assert told, "heuristic_after is overridden but told no value in the games played"


def check_told(engine: Engine, state: State, seats: list[int], where: str = "") -> list[str]:
    """`check_heuristic_after` at one position, for these seats: every value `heuristic_after`
    tells is the heuristic after applying the action to a copy. Returns the type of each
    action told, once for every value (a game's tests count what its hook tells)."""
    game = engine.game
    legal = engine.legal_actions(state)
    before = kernel.state_hash(state)
    kinds: list[str] = []
    for seat in dict.fromkeys(seats):
        told = game.heuristic_after(state, seat, legal)
        assert kernel.state_hash(state) == before, "heuristic_after changed the state"
        if told is None:
            continue
        assert len(told) == len(legal), f"heuristic_after gave {len(told)} values for {len(legal)} actions"
        for action, value in zip(legal, told, strict=True):
            if value is None:
                continue
            kinds.append(action["type"])
            after = kernel.clone(state)
            engine.apply_unchecked(after, action)
            assert not kernel.is_over(after), f"heuristic_after told a value for {action}, which ends the game"
            actual = game.heuristic(after, seat)
            assert value == actual, (
                f"after {action} ({where or 'this position'}), heuristic_after told {value} for seat {seat}; "
                f"the heuristic is {actual}"
            )
    return kinds


def board_texts(board: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(where, text) for every text a person can read in a board description: every field
    named in `events.TEXT_FIELDS` (status, labels, tips, texts, titles, panel lines, card
    faces), in items, elements, panels and their parts. A text is a plain value,
    {"en": ..., "ru": ...} or a message key {"key": ..., params}."""
    yield "status", board.get("status")
    yield from _texts_in(board, "")


def _texts_in(value: Any, where: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for name, item in value.items():
            here = f"{where} {name}".strip()
            if name in TEXT_FIELDS:
                if name == "status" and not where:
                    continue
                if isinstance(item, list):
                    for n, line in enumerate(item):
                        yield f"{here} {n}", line
                else:
                    yield here, item
            elif isinstance(item, (dict, list)):
                label = item.get("id", item.get("type", item.get("shape"))) if isinstance(item, dict) else None
                yield from _texts_in(item, f"{here} ({label})" if label is not None else here)
    elif isinstance(value, list):
        for n, item in enumerate(value):
            label = item.get("id", item.get("type", item.get("shape"))) if isinstance(item, dict) else None
            yield from _texts_in(item, f"{where} {n}" + (f" ({label})" if label is not None else ""))


def _check_text(where: str, value: Any, messages: dict[str, dict[str, str]]) -> None:
    if isinstance(value, dict) and "key" in value:
        for lang in ("en", "ru"):
            assert value["key"] in messages.get(lang, {}), f"{where}: no {lang} text for the key {value['key']!r}"
    elif isinstance(value, dict):
        assert value.get("en") is not None and value.get("ru") is not None, f"{where}: a text needs en and ru"


def check_board_and_text(
    engine: Engine, players: int | None = None, scenario: str | None = None, seed: int = 31
) -> None:
    log = EventLog()
    state = _new(engine, players, scenario, seed, log)
    game = engine.game
    count = kernel.seats(state)

    def visit(state: State, step: int) -> None:
        if step % 9:
            return
        boards = []
        for seat in [*range(count), None]:
            board = engine.board(state, seat)
            boards.append(board)
            kernel.pack(board)
            items, elements = board.get("items") or [], board.get("elements") or []
            assert isinstance(items, list) and isinstance(elements, list), "items and elements are lists"
            assert items or elements, "a board with nothing to draw"
            for item in items:
                assert item.get("shape") in SHAPES, f"unknown shape in {item}"
            for element in elements:
                assert element.get("type") in ELEMENTS, f"unknown element type in {element}"
            for where, text in board_texts(board):
                _check_text(where, text, game.messages)
        assert engine.boards(state, [*range(count), None]) == boards, "boards() differs from board() seat by seat"
        assert engine.boards(state, []) == [], "boards() of no seats is no boards"
        seats: list[int | None] = [*range(count), None]
        views = [engine.view(state, seat) for seat in seats]
        assert engine.shown(state, seats) == list(zip(views, boards, strict=True)), (
            "shown() differs from view() and board()"
        )

    _playout(engine, state, 6, visit, log)
    assert log.events, "a whole game that logged nothing"
    names = [game.seat_name(state, s) for s in range(count)]
    for event in log.events:
        for lang in ("en", "ru"):
            assert event["key"] in game.messages.get(lang, {}), f"no {lang} text for event {event['key']!r}"
            text = render(event, game.messages, lang, names)
            assert "{" not in text, f"unfilled field in {lang} text: {text}"


def check_flow(engine: Engine, players: int | None = None, scenario: str | None = None, seed: int = 41) -> None:
    """A game with a flow is always in one of its phases, with the seat to move in play, and
    never leaves steps queued while a seat is asked to act (steps wait only behind an open
    decision, the rest of an effect that asked it)."""
    flow = engine.game._flow_cache()
    state = _new(engine, players, scenario, seed)
    if flow is None:
        return
    names = {phase.name for phase in flow.phases}

    def visit(state: State, step: int) -> None:
        assert kernel.phase(state) in names, f"the phase {kernel.phase(state)!r} is not one of the flow's"
        assert not kernel.is_out(state, kernel.to_move(state)), "a seat that is out is to move"
        if kernel.pending(state) is None:
            assert not kernel.steps(state), "steps are left queued while a seat is to act"

    _playout(engine, state, 8, visit)


def _derivable(move: Any) -> bool:
    return move.candidates is not None or all(p.values is not None or p.optional for p in move.parts.values())


def check_moves(engine: Engine, players: int | None = None, scenario: str | None = None, seed: int = 43) -> None:
    """A game on moves (moves.py): each legal action has exactly its move's fields, and its
    move's predicate allows it; a move's hand-written `generate` offers exactly the actions
    its predicate allows among its candidates, and a phase's or stage's `generate` exactly
    its moves' (in any order)."""
    flow = engine.game._flow_cache()
    if flow is None or not flow.has_moves:
        return
    state = _new(engine, players, scenario, seed)

    def visit(state: State, step: int) -> None:
        if step % 3 or kernel.pending(state) is not None:
            return
        seat = kernel.active(state)
        listed = flow.moves_now(state)[0]
        generator = flow.generator_now(state)
        if generator is not None:
            together = generator(state, seat)
            each = [a for move in listed if move.who == "active" for a in move.legal(state, seat)]
            extra = [a for a in together if a not in each]
            lacking = [a for a in each if a not in together]
            assert not extra and not lacking and len(together) == len(each), (
                f"the {kernel.phase(state)} phase's generator and its moves disagree: "
                f"only generated {extra[:3]!r}, only the moves' {lacking[:3]!r}"
            )
        for move in listed:
            legal = move.legal(state, seat)
            for action in legal:
                assert action["type"] == move.type, f"move {move.type!r} offers {action!r}"
                reason = move.reason(state, seat, action)
                assert reason is None, f"the predicate of {move.type!r} refuses its own legal {action!r}: {reason}"
            if move.generate is not None and _derivable(move):
                derived = move.derived(state, seat)
                extra = [a for a in legal if a not in derived]
                lacking = [a for a in derived if a not in legal]
                assert not extra and not lacking and len(legal) == len(derived), (
                    f"{move.type!r}: its generator and its predicate disagree: "
                    f"only generated {extra[:3]!r}, only allowed {lacking[:3]!r}"
                )

    _playout(engine, state, 6, visit)


def _subscripts_kernel(source: str) -> list[int]:
    """Lines of `source` that subscript ["k"], the kernel's own part of the state."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == "k":
            lines.append(node.lineno)
    return lines


def check_kernel_access(game: Game) -> None:
    """The game's package reads and changes the kernel's part of the state only through
    `kernel` functions: no module of it subscripts ["k"]."""
    source = Path(inspect.getfile(sys.modules[type(game).__module__]))
    # the game's whole package, or its one module when it is not in a package
    files = sorted(source.parent.rglob("*.py")) if (source.parent / "__init__.py").exists() else [source]
    found = []
    for path in files:
        for line in _subscripts_kernel(path.read_text(encoding="utf-8")):
            found.append(f"{path.name}:{line}")
    assert not found, f"the game subscripts the kernel's state directly at {', '.join(found)}; use kernel functions"


# what a person must never read on a board: ids made for code
INTERNAL_ID = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b"  # snake_case ids: in_hand, draft_receive, tower_e
    r"|(?<![\w.,])-\d+,-?\d+(?![\w.,])|(?<![\w.,])\d+,-\d+(?![\w.,])"  # axial coordinates: -1,2 and 2,-1
    r"|\b[A-Z]\d{2}\b"  # map keys such as J32
    r"|\$(?:choose|number|point)"  # open-action markers
)
# in English also 2,1 (in Russian a comma is the decimal point: ×1,5)
ENGLISH_COORDINATES = re.compile(r"(?<![\w.,])\d+,\d+(?![\w.,])")
FIELD_POINT = re.compile(r"\d+[.,]\d, \d+[.,]\d")  # a point of a free field, 29.0, 1.5


def _coordinates(board: Any) -> set[str]:
    """The `coordinate` each cell of the board names, shown only when a person asks for it."""
    found: set[str] = set()
    if isinstance(board, dict):
        if isinstance(board.get("coordinate"), str):
            found.add(board["coordinate"])
        for value in board.values():
            found |= _coordinates(value)
    elif isinstance(board, list):
        for value in board:
            found |= _coordinates(value)
    return found


CYRILLIC = re.compile("[\u0400-\u04ff]")


def check_board_language(
    engine: Engine, players: int | None = None, scenario: str | None = None, seed: int = 51
) -> None:
    """Every text a person reads on the board, card faces and move labels included, is made
    for people in both languages: no internal ids (snake_case, raw coordinates, map keys),
    no Russian in the English board, and a Russian board that is not English."""
    state = _new(engine, players, scenario, seed)
    game = engine.game
    count = kernel.seats(state)
    looked = [0]

    def visit(state: State, step: int) -> None:
        # a dozen positions spread over the game's opening and middle is enough to read every text kind
        if step % 11 or looked[0] >= 12:
            return
        looked[0] += 1
        names = {lang: [game.seat_name(state, s, lang) for s in range(count)] for lang in ("en", "ru")}
        for seat in [*range(count), None]:
            board = engine.board(state, seat)
            coordinates = _coordinates(board)
            either = "|".join(map(re.escape, sorted(coordinates)))
            hidden = re.compile(rf"\b(?:{either})\b") if coordinates else None
            texts = {lang: resolve_texts(board, game.messages, lang, names[lang]) for lang in ("en", "ru")}
            for lang, resolved in texts.items():
                found = [text for _where, text in board_texts(resolved)]
                view = engine.view(state, seat)
                for zone in (view.get("zones") or {}).values():
                    shown = zone["items"] if "items" in zone else [entry[1] for entry in zone.get("known", [])]
                    for item in shown:
                        face = game.card_face(item)
                        if face is not None:
                            found.extend(text for _w, text in _texts_in(resolve_texts(face, game.messages, lang), ""))
                if seat == kernel.to_move(state):
                    found.extend(game.describe_action(state, action, lang) for action in engine.legal_actions(state))
                for text in found:
                    line = str(text or "")
                    bad = INTERNAL_ID.search(line) or (ENGLISH_COORDINATES.search(line) if lang == "en" else None)
                    assert bad is None, f"{lang} board text {line!r} shows the internal id {bad.group(0)!r}"
                    place = FIELD_POINT.search(line) or (hidden.search(line) if hidden is not None else None)
                    assert place is None, f"{lang} text {line!r} shows the coordinate {place.group(0)!r} unasked"
                    if lang == "en":
                        assert not CYRILLIC.search(line), f"Russian in the English board: {line!r}"

    _playout(engine, state, 9, visit)


CHECKS = (
    check_playouts_and_replay,
    check_illegal_actions,
    check_views,
    check_board_and_text,
    check_flow,
    check_moves,
    check_board_language,
    check_heuristic_after,
)


def check_short_game(engine: Engine, seeds: tuple[int, ...] = (1, 2)) -> None:
    """The game's `short_options` and `short_scenario` name a game that exists and ends."""
    game = engine.game
    options = {**game.simulation_options, **game.short_options}
    try:
        engine.spec.resolve_options(options)
    except OptionError as exc:
        raise AssertionError(f"short_options: {exc}") from None
    scenario = game.short_scenario
    assert scenario is None or scenario in engine.scenarios, f"short_scenario {scenario!r} is not a scenario"
    for seed in seeds:
        state = engine.new_game(None, options, seed, scenario)
        _playout(engine, state, seed)
        assert engine.outcome(state) is not None, "a finished short game without an outcome"


def check_game(game: Game | Engine, players: int | None = None, scenario: str | None = None) -> None:
    """Run every check on one game (an Engine carries plugin scenarios too)."""
    engine = game if isinstance(game, Engine) else Engine(game)
    for check in CHECKS:
        check(engine, players, scenario)
    check_short_game(engine)
    check_kernel_access(engine.game)
