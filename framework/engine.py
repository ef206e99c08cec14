"""`Engine`: the kernel's face for one game. Sets up, checks legality, applies, shows views."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import choices, kernel
from .errors import GameOver, IllegalAction, NotYourTurn, OptionError
from .events import NULL_LOG
from .flow import Runner
from .game import Game, Log, Setup
from .moves import FREE, type_name
from .spec import Scenario

State = dict[str, Any]
Action = dict[str, Any]


def same_types(legal: Any, received: Any) -> bool:
    """True when `received`, already equal to `legal`, also has the same types all the way
    down: in Python 1 == 1.0 == True, but a bool or a float is never an int here."""
    if type(legal) is not type(received):
        return False
    if type(legal) is dict:
        return all(type(key) is str for key in received) and all(
            same_types(value, received[key]) for key, value in legal.items()
        )
    if type(legal) is list:
        return all(same_types(a, b) for a, b in zip(legal, received, strict=True))
    return True


def _type_reason(legal: Any, received: Any, where: str = "") -> str:
    """Where `received` differs in type from the equal `legal` (see `same_types`)."""
    if type(legal) is type(received):
        if type(legal) is dict:
            for key, value in legal.items():
                if not same_types(value, received[key]):
                    return _type_reason(value, received[key], f"{where}.{key}" if where else key)
        if type(legal) is list:
            for index, (a, b) in enumerate(zip(legal, received, strict=True)):
                if not same_types(a, b):
                    return _type_reason(a, b, f"{where}[{index}]")
    return f"{where or 'the action'} must be {type_name(legal)}, not {type_name(received)}"


def exact_index(legal: list[Action], received: Any) -> int | None:
    """Where in `legal` the action equal to `received` with the same types is, or None."""
    start = 0
    while True:
        try:
            index = legal.index(received, start)  # `is` first: a legal action itself is found at once
        except ValueError:
            return None
        if same_types(legal[index], received):
            return index
        start = index + 1


def find_exact(legal: list[Action], received: Any) -> Action | None:
    """The legal action equal to `received` with the same types, or None."""
    index = exact_index(legal, received)
    return None if index is None else legal[index]


class _WatchedSetup(Setup):
    """A `Setup` that notes whether the game read its seed (`Prepared`'s first game)."""

    seed_read = False

    def __getattribute__(self, name: str) -> Any:
        if name == "seed":
            object.__setattr__(self, "seed_read", True)
        return object.__getattribute__(self, name)


class Prepared:
    """Games of one engine with their players, options and scenario checked (`Engine.prepare`).

    A game whose start does not depend on its seed (it neither reads `Setup.seed` nor draws
    from the kernel's generator while it sets up and enters its first phase: Connect Four,
    every game whose decks are shuffled later) starts each game as a copy of one started
    state with the seed put in (`_start`): a balance run of short games spent a tenth of its
    time setting up. That is found out, not declared: the first game is set up with its seed
    watched, the second is set up in full as well and must pack to the same bytes as the
    copy would; only then are copies used. The rules are a function of their inputs (a
    replay depends on it), so a start that reads neither the seed nor the generator is the
    same for every seed."""

    __slots__ = ("_layouts", "_round_cap", "_side", "_start", "_tried", "engine", "options", "players", "scenario")

    def __init__(self, engine: Engine, players: int, options: dict[str, Any], scenario: Scenario | None) -> None:
        self.engine = engine
        self.players = players
        self.options = options
        self.scenario = scenario
        self._layouts = engine.spec.teams.get(players)
        self._side = kernel.sides_by_seat(players, self._layouts)
        self._round_cap = int(options.get("round_cap", 0))
        self._start: Callable[[], State] | None = None  # a started state whose start read no seed
        self._tried = 0  # 0: not yet looked at; 1: a candidate in `_start`, to confirm; 2: decided

    def new_game(self, seed: int = 0, log: Log = NULL_LOG) -> State:
        """A new game's state: the kernel's part, the game's set-up, then the flow's start.
        Each game gets its own copies of the options and teams: a game may change its own."""
        if self._tried == 2 and log is NULL_LOG:  # `_start` is final once `_tried` is 2 (threads)
            start = self._start
            if start is not None:
                state: State = start()
                kernel.set_rng(state, seed)
                return state
        layouts = self._layouts
        teams = [list(team) for team in layouts] if layouts else None
        k = kernel.new_kernel_state(self.players, seed, teams, self._side[:])
        k["round_cap"] = self._round_cap
        state = {"k": k}
        seeded = k["rng"]
        engine = self.engine
        if self._tried == 0 and log is NULL_LOG:
            setup = _WatchedSetup(self.players, dict(self.options), self.scenario, teams, seed, log)
            engine.game.setup(state, setup)
            engine.runner.start(state, log)
            # None: its seed read or drawn from, or not plain data: every game set up in full
            candidate = kernel.constructor(state) if not setup.seed_read and k["rng"] == seeded else None
            self._start = candidate
            self._tried = 1 if candidate is not None else 2
            return state
        engine.game.setup(state, Setup(self.players, dict(self.options), self.scenario, teams, seed, log))
        engine.runner.start(state, log)
        start = self._start
        if start is not None and self._tried == 1 and log is NULL_LOG:
            copy = start()
            kernel.set_rng(copy, seed)
            if kernel.pack(copy) != kernel.pack(state):  # its seed read or drawn from, after all
                self._start = None
            self._tried = 2
        return state


class Engine:
    """Runs one game's rules. Stateless between calls but for a one-entry legality cache."""

    def __init__(self, game: Game, extra_scenarios: list[Scenario] | None = None) -> None:
        self.game = game
        self.spec = game.spec
        self._scenarios: dict[str, Scenario] = {}
        for scenario in list(game.scenarios()) + list(extra_scenarios or []):
            self._scenarios.setdefault(scenario.id, scenario)
        # legal_actions of the last state asked about; holding the state keeps `is` sound
        self._cached_state: State | None = None
        self._cached_ply = -1
        self._cached_legal: list[Action] = []
        self.runner = Runner(game, game._flow_cache())
        # a game on moves: the flow's tables straight away (what `Game`'s defaults call); None:
        # the game's own methods, looked up at each call
        flow, rules = self.runner.flow, type(game)
        on_moves = flow.has_moves
        self._legal = flow.legal_now if on_moves and rules.legal_actions is Game.legal_actions else None
        self._apply = flow.apply_now if on_moves and rules.apply is Game.apply else None
        # `new_game`'s recent set-ups, by (players, scenario, options given): a `Prepared` is
        # a function of them alone
        self._prepared: dict[Any, Prepared] = {}

    # --- set-up ---

    @property
    def scenarios(self) -> dict[str, Scenario]:
        return self._scenarios

    def scenario(self, scenario_id: str | None) -> Scenario | None:
        if not scenario_id:
            default = self.spec.default_scenario
            return self._scenarios.get(default) if default else None
        try:
            return self._scenarios[scenario_id]
        except KeyError:
            known = ", ".join(sorted(self._scenarios)) or "none"
            raise OptionError(f"{self.spec.id} has no scenario {scenario_id!r} (scenarios: {known})") from None

    def new_game(
        self,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        scenario: str | None = None,
        log: Log = NULL_LOG,
    ) -> State:
        try:
            # with each value's type: 1, 1.0 and True are equal keys, but not equally valid
            given = tuple((name, type(value), value) for name, value in options.items()) if options else ()
            key = (type(players), players, scenario, given)
            prepared = self._prepared.get(key)
        except TypeError:  # an option value that cannot be a key (a list): checked afresh
            key, prepared = None, None
        if prepared is None:
            prepared = self.prepare(players, options, scenario)
            if key is not None:
                if len(self._prepared) >= 64:
                    self._prepared.clear()
                self._prepared[key] = prepared
        return prepared.new_game(seed, log)

    def prepare(
        self, players: int | None = None, options: dict[str, Any] | None = None, scenario: str | None = None
    ) -> Prepared:
        """The set-up of games with these players, options and scenario, checked once:
        `prepare(...).new_game(seed)` is `new_game(players, options, seed, scenario)`, and a
        series of many short games (a balance run) checks its options once, not per game.
        The scenario's own `[options]` come first; `options` given here win over them."""
        spec = self.spec
        chosen = self.scenario(scenario)
        if players is None:
            players = chosen.players[0] if chosen and chosen.players else spec.players[0]
        allowed = chosen.players if chosen and chosen.players else spec.players
        if players not in allowed:
            where = f"scenario {chosen.id}" if chosen and chosen.players else spec.id
            raise OptionError(f"{where} is for {', '.join(map(str, allowed))} players, not {players}")
        given = {**chosen.options, **(options or {})} if chosen else options
        return Prepared(self, players, spec.resolve_options(given), chosen)

    # --- play ---

    def legal_actions(self, state: State) -> list[Action]:
        k = state["k"]
        if k["over"]:
            return []
        if state is self._cached_state and k["ply"] == self._cached_ply:
            return self._cached_legal
        pending = k["pending"]
        # a decision of another seat in a view or a bot's guess has no choices: nothing is known
        legal = pending[-1].get("choices", []) if pending else (self._legal or self.game.legal_actions)(state)
        self._cached_state = state
        self._cached_ply = k["ply"]
        self._cached_legal = legal
        return legal

    def open_actions(self, state: State) -> list[Action]:
        """Actions with parts a person fills in (`choices.py`): the pending decision's, else the
        game's `open_actions`; none once the game is over."""
        k = state["k"]
        if k["over"]:
            return []
        pending = k["pending"]
        if pending:
            return list(pending[-1].get("open", ()))
        return self.game.open_actions(state)

    def to_move(self, state: State) -> int:
        return kernel.to_move(state)

    def free_actions(self, state: State, seat: int) -> list[Action]:
        """What `seat` may do at any moment (see `Game.free_actions`); none once the game is over."""
        if state["k"]["over"]:
            return []
        return self.game.free_actions(state, seat)

    def check(self, state: State, action: Any, seat: int | None = None) -> Action:
        """The legal action `action` stands for, exactly (same values and types); raises
        IllegalAction with a reason when there is none now. Apply what this returns, never the
        received object."""
        k = state["k"]
        if k["over"]:
            raise GameOver("the game is over")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is a map with a 'type'")
        if FREE in action:
            by = action[FREE]
            if type(by) is not int or not 0 <= by < kernel.seats(state):
                raise IllegalAction("a free action names its seat in 'by'")
            if seat is not None and seat != by:
                raise NotYourTurn(f"seat {seat + 1} cannot act for seat {by + 1}")
            found = find_exact(self.free_actions(state, by), action)
            if found is None:
                # a free move says why itself (`Game.explain_illegal`); a game without moves is
                # asked nothing while a decision may be pending
                reason = self.game.explain_illegal(state, action) if self._legal is not None else None
                raise IllegalAction(reason or f"{action['type']} is not open to seat {by + 1} now")
            return found
        if seat is not None and seat != kernel.to_move(state):
            raise NotYourTurn(f"not your turn: seat {kernel.to_move(state) + 1} is to move")
        found = find_exact(self.legal_actions(state), action)
        if found is None:
            found = self._fill_open(state, action)
        if found is None:
            pending = k["pending"]
            if pending:
                raise IllegalAction(f"{action['type']} does not answer the pending {pending[-1]['kind']} decision")
            raise IllegalAction(self.why_illegal(state, action))
        return found

    def _fill_open(self, state: State, action: Action) -> Action | None:
        """The filled open action `action` stands for; raises IllegalAction with the reason when
        it is of an open action's type and fields but fills it wrongly."""
        reason = None
        for template in self.open_actions(state):
            filled, why, needs_check = choices.fill(template, action)
            if filled is not None:
                if needs_check:
                    why = self.game.check_action(state, filled)
                    if why:
                        raise IllegalAction(str(why))
                return filled
            reason = reason or why
        if reason:
            raise IllegalAction(reason)
        return None

    def why_illegal(self, state: State, action: Action) -> str:
        """Why `action` is not legal now: the kernel's reason when its type, fields or value
        types match no legal action, else the game's `explain_illegal`, else a generic line.
        When no legal action has the type at all, or the action has a field no legal action
        of its type has, the game's reason (a rule that rules out the whole type now, a rule
        not in play) comes before the kernel's."""
        legal = self.legal_actions(state)
        kind = action["type"]
        same_kind = [a for a in legal if a["type"] == kind]
        if not same_kind:
            # the game may name the rule that rules out every action of this type now
            reason = self.game.explain_illegal(state, action)
            if reason:
                return str(reason)
            types = sorted({a["type"] for a in legal})
            return f"{kind} is not allowed now (allowed: {', '.join(types)})"
        fields = {key for a in same_kind for key in a}
        extra = sorted(str(key) for key in action if key not in fields)
        if extra:
            # a field that only a rule not in play uses: the game may name that rule
            reason = self.game.explain_illegal(state, action)
            return str(reason) if reason else f"{kind} has no field {', '.join(extra)}"
        missing = sorted(key for key in fields if key not in action and all(key in a for a in same_kind))
        if missing:
            return f"{kind} needs the field {', '.join(missing)}"
        if action in legal:
            equal = next(a for a in legal if a == action)
            return _type_reason(equal, action)
        reason = self.game.explain_illegal(state, action)
        if reason:
            return str(reason)
        return f"{kind} with these details is not allowed now"

    def apply(self, state: State, action: Action, seat: int | None = None, log: Log = NULL_LOG) -> Action:
        """Apply a legal action in place and return it (the legal one, not the received
        object); anything illegal raises and changes nothing."""
        legal = self.check(state, action, seat)
        self.apply_unchecked(state, legal, log)
        return legal

    def apply_unchecked(self, state: State, action: Action, log: Log = NULL_LOG) -> None:
        """Apply an action taken from `legal_actions(state)` (playouts and search), then let
        the flow run its steps and turns until a seat must decide."""
        k = state["k"]
        if log is not NULL_LOG:
            log.ply = k["ply"]
        pending = k["pending"]
        if FREE in action:
            self.game.apply_free(state, action, log)
        elif pending:
            decision = pending.pop()
            self.runner.resume(state, decision, action, log)
        else:
            (self._apply or self.game.apply)(state, action, log)
            # the common case, kept cheap for playouts: a turn of one plain action passes to
            # the next seat (`handon`: see kernel.new_kernel_state); a seat outside the order
            # handed the turn (no successor, -1) is left to the flow
            after = k["handon"]
            if after is not None and (following := after[k["active"]]) >= 0:
                k["active"] = following
                k["ply"] += 1
                return
            k["moves"] += 1
        self.runner.settle(state, log)
        k["ply"] += 1

    def apply_alone(self, state: State, action: Action) -> None:
        """The action's own effect on `state`, without the steps and turns the flow runs after
        it: the table marks what a seat's move changed in its colour, and what followed on its
        own (a draw at the start of the next turn, a phase's upkeep) as nobody's. The state is
        left between two steps, fit to be drawn, never to be played on."""
        pending = state["k"]["pending"]
        if FREE in action:
            self.game.apply_free(state, action, NULL_LOG)
        elif pending:
            self.runner.resume(state, pending.pop(), action, NULL_LOG)
        else:
            (self._apply or self.game.apply)(state, action, NULL_LOG)

    def try_apply(self, state: State, action: Action, seat: int | None = None, log: Log = NULL_LOG) -> Action:
        """`apply` on a copy first: even a rules bug cannot leave `state` half-changed."""
        legal = self.check(state, action, seat)
        trial = kernel.clone(state)
        self.apply_unchecked(trial, legal, log)
        state.clear()
        state.update(trial)
        return legal

    # --- results and views ---

    def is_over(self, state: State) -> bool:
        return bool(state["k"]["over"])

    def outcome(self, state: State) -> dict[str, Any] | None:
        return state["k"]["outcome"]

    def next_in_series(self, state: State, options: dict[str, Any]) -> dict[str, Any] | None:
        """The resolved options of the next game of a series after `state`; None before the end,
        for a game without series, or when the series is over."""
        if not state["k"]["over"]:
            return None
        following = self.game.next_in_series(state, dict(options))
        return None if following is None else self.spec.resolve_options(following)

    def view(self, state: State, seat: int | None) -> State:
        return self.game.view(state, seat)

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return _coloured(self.game.seat_colours(state), self.game.board(state, seat))

    def boards(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        """Every seat's board at once (`Game.boards`)."""
        colours = self.game.seat_colours(state)  # once for every seat's board
        return [_coloured(colours, board) for board in self.game.boards(state, seats)]

    def shown(self, state: State, seats: list[int | None]) -> list[tuple[State, dict[str, Any]]]:
        """Every seat's view and board at once (`Game.shown`)."""
        colours = self.game.seat_colours(state)
        return [(view, _coloured(colours, board)) for view, board in self.game.shown(state, seats)]


def _coloured(colours: list[str | None], board: dict[str, Any]) -> dict[str, Any]:
    """The board with the seats' colours (`Game.seat_colours`), its read-only parts shared."""
    return {**board, "seat_colours": list(colours)} if colours else board
