"""`Engine`: the kernel's face for one game. Sets up, checks legality, applies, shows views."""

from __future__ import annotations

from typing import Any

from . import kernel
from .errors import GameOver, IllegalAction, NotYourTurn, OptionError
from .events import NULL_LOG
from .game import Game, Log, Setup
from .spec import Scenario

State = dict[str, Any]
Action = dict[str, Any]


FREE = "by"  # the key that marks a free action and names the seat taking it (Game.free_actions)


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
        spec = self.spec
        chosen = self.scenario(scenario)
        if players is None:
            players = chosen.players[0] if chosen and chosen.players else spec.players[0]
        allowed = chosen.players if chosen and chosen.players else spec.players
        if players not in allowed:
            where = f"scenario {chosen.id}" if chosen and chosen.players else spec.id
            raise OptionError(f"{where} is for {', '.join(map(str, allowed))} players, not {players}")
        values = spec.resolve_options(options)
        layouts = spec.teams.get(players)
        teams = [list(team) for team in layouts] if layouts else None
        state: State = {"k": kernel.new_kernel_state(players, seed, teams)}
        state["k"]["round_cap"] = int(values.get("round_cap", 0))
        self.game.setup(state, Setup(players, values, chosen, teams, seed, log))
        return state

    # --- play ---

    def legal_actions(self, state: State) -> list[Action]:
        k = state["k"]
        if k["over"]:
            return []
        if state is self._cached_state and k["ply"] == self._cached_ply:
            return self._cached_legal
        pending = k["pending"]
        legal = pending[-1]["choices"] if pending else self.game.legal_actions(state)
        self._cached_state = state
        self._cached_ply = k["ply"]
        self._cached_legal = legal
        return legal

    def to_move(self, state: State) -> int:
        return kernel.to_move(state)

    def free_actions(self, state: State, seat: int) -> list[Action]:
        """What `seat` may do at any moment (see `Game.free_actions`); none once the game is over."""
        if state["k"]["over"]:
            return []
        return self.game.free_actions(state, seat)

    def check(self, state: State, action: Any, seat: int | None = None) -> None:
        """Raise IllegalAction with a reason unless `action` may be applied now."""
        k = state["k"]
        if k["over"]:
            raise GameOver("the game is over")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is a map with a 'type'")
        if FREE in action:
            by = action[FREE]
            if not isinstance(by, int) or isinstance(by, bool) or not 0 <= by < kernel.seats(state):
                raise IllegalAction("a free action names its seat in 'by'")
            if seat is not None and seat != by:
                raise NotYourTurn(f"seat {seat + 1} cannot act for seat {by + 1}")
            if action not in self.free_actions(state, by):
                raise IllegalAction(f"{action['type']} is not open to seat {by + 1} now")
            return
        if seat is not None and seat != kernel.to_move(state):
            raise NotYourTurn(f"not your turn: seat {kernel.to_move(state) + 1} is to move")
        if action not in self.legal_actions(state):
            pending = k["pending"]
            if pending:
                raise IllegalAction(f"{action['type']} does not answer the pending {pending[-1]['kind']} decision")
            raise IllegalAction(self.why_illegal(state, action))

    def why_illegal(self, state: State, action: Action) -> str:
        explain = getattr(self.game, "explain_illegal", None)
        if explain is not None:
            reason = explain(state, action)
            if reason:
                return str(reason)
        types = {a["type"] for a in self.legal_actions(state)}
        if action["type"] not in types:
            return f"{action['type']} is not allowed now (allowed: {', '.join(sorted(types))})"
        return f"{action['type']} with these details is not allowed now"

    def apply(self, state: State, action: Action, seat: int | None = None, log: Log = NULL_LOG) -> None:
        """Apply a legal action in place; anything illegal raises and changes nothing."""
        self.check(state, action, seat)
        self.apply_unchecked(state, action, log)

    def apply_unchecked(self, state: State, action: Action, log: Log = NULL_LOG) -> None:
        """Apply an action taken from `legal_actions(state)` (playouts and search)."""
        k = state["k"]
        if log is not NULL_LOG:
            log.ply = k["ply"]
        pending = k["pending"]
        if FREE in action:
            self.game.apply_free(state, action, log)
        elif pending:
            decision = pending.pop()
            self.game.resume(state, decision, action, log)
        else:
            self.game.apply(state, action, log)
        k["ply"] += 1

    def try_apply(self, state: State, action: Action, seat: int | None = None, log: Log = NULL_LOG) -> None:
        """`apply` on a copy first: even a rules bug cannot leave `state` half-changed."""
        self.check(state, action, seat)
        trial = kernel.clone(state)
        self.apply_unchecked(trial, action, log)
        state.clear()
        state.update(trial)

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
        return self.game.board(state, seat)
