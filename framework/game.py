"""The base class every game's rules derive from.

A game is a static `spec` plus a transition: `setup`, its flow (phases listing their
moves: flow.py, moves.py), `view`, and a board description. The kernel (`Engine`) owns
turn and decision bookkeeping, builds the legal actions from the moves and checks
legality before a move's effect runs. A game without moves writes `legal_actions`,
`apply` and `explain_illegal` itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import kernel, zones
from .events import NullLog
from .flow import Flow
from .moves import FREE, Move
from .spec import GameSpec, Scenario

State = dict[str, Any]
Action = dict[str, Any]
Log = Any  # EventLog or NullLog: anything with `emit(key, to=None, **params)`


@dataclass
class Setup:
    """What `Game.setup` is given."""

    players: int
    options: dict[str, Any]
    scenario: Scenario | None
    teams: list[list[int]] | None
    seed: int
    log: Log = field(default_factory=NullLog)


class Game:
    """Subclass this; override `setup` and `flow` (its phases listing their moves) at least,
    or `setup`, `legal_actions` and `apply` for a game without moves."""

    spec: GameSpec
    # {"en": {key: template}, "ru": {...}}: text for event keys (see events.py)
    messages: ClassVar[dict[str, dict[str, str]]] = {}
    # A JSON schema that a scenario file's `[data]` must satisfy (see scenarios.py). The
    # default takes no field at all: a field no rule reads is refused, never silently dropped.
    scenario_schema: ClassVar[dict[str, Any]] = {"type": "object", "additionalProperties": False}
    # Options `boardwright simulate` uses unless told otherwise (e.g. {"round_cap": 40}),
    # so that bot games always end; people get the spec's defaults.
    simulation_options: ClassVar[dict[str, Any]] = {}
    # A short but whole game under the game's own rules, for quick bot series: the bots'
    # strength tests and `boardwright simulate --short` play it. Option values (over
    # `simulation_options`) and a scenario id; the defaults are the standard game.
    # The parts of each action type, for choosing on the board (client/README.md): which field
    # names the source piece and which the target, e.g. {"march": {"source": "from", "target": "to"}}.
    # A game on moves has them from its moves' parts (`moves.action_parts`).
    action_parts: ClassVar[dict[str, dict[str, str]]] = {}
    short_options: ClassVar[dict[str, Any]] = {}
    short_scenario: ClassVar[str | None] = None

    # --- rules ---

    def flow(self) -> Flow | None:
        """The game's phases, step handlers and decision handlers (see flow.py); the kernel
        runs them. Called once per engine. None: the game hands turns on itself with
        `kernel.set_active` (steps and one-choice decisions still run)."""
        return None

    def setup(self, state: State, setup: Setup) -> None:
        """Fill `state` (its kernel part exists already); the flow's first phase begins after."""
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[Action]:
        """Actions for `kernel.active(state)`; the kernel answers pending decisions itself.
        Default: the legal actions of the moves of the phase or stage now."""
        return self._with_moves().legal_now(state)

    def apply(self, state: State, action: Action, log: Log) -> None:
        """Carry out a legal action by mutating `state`. Default: its move's effect."""
        self._with_moves().apply_now(state, action, log)

    def open_actions(self, state: State) -> list[Action]:
        """Actions for `kernel.active(state)` with parts a person fills in: k cards of n, an
        amount, a point on a free field (see choices.py). The kernel accepts any exact fill;
        bots keep to `legal_actions`. Default: the moves' offers (`Move.offer`), if any."""
        flow = self._flow_cache()
        if flow is None or not flow.has_moves:
            return []
        seat = state["k"]["active"]
        out: list[Action] = []
        for move in flow.moves_now(state)[0]:
            if move.offer is not None and move.who == "active":
                out += move.offer(state, seat)
        return out

    def check_action(self, state: State, action: Action) -> str | None:
        """Why a filled open action whose point is not one of the offered snaps may not be
        taken (out of reach, blocked, off the field), or None when it may. Default: its
        move's predicate; a game without moves accepts only the offered points."""
        move = self._move_of(state, action)
        if move is None:
            return "only the offered points may be chosen"
        return move.refuse(state, state["k"]["active"], action)

    def free_actions(self, state: State, seat: int) -> list[Action]:
        """Actions `seat` may take at any moment, even while another seat is to move (a pact
        proposed or ended "at any moment"). Each carries the reserved key "by": seat, which
        no other action may use; the kernel checks them and calls `apply_free`. Bots never
        take them. Default: the legal actions of the free moves now (`who="any"`)."""
        flow = self._flow_cache()
        if flow is None or not flow.has_moves:
            return []
        out: list[Action] = []
        for move in flow.moves_now(state)[0]:
            if move.who == "any":
                out += move.legal(state, seat)
        return out

    def apply_free(self, state: State, action: Action, log: Log) -> None:
        """Carry out a free action (see `free_actions`); it may ask a seat to decide.
        Default: its move's effect."""
        move = self._move_of(state, action)
        if move is None:
            raise NotImplementedError(f"{type(self).__name__} offers free actions but has no apply_free")
        move.effect(state, action, log)

    def explain_illegal(self, state: State, action: Action) -> str | None:
        """Why `action` (a map with a string "type") is not legal now, or None when the game
        has no more to say than the kernel's generic reason. It must never give a reason for
        a legal action; the conformance suite checks both ways. Only called while no
        decision is pending; also called for a type no legal action has now, so it must
        cope with any fields. Default: "X is not a move of this phase", or the move's own
        reason (`Move.reason`)."""
        flow = self._flow_cache()
        if flow is None or not flow.has_moves:
            return None
        listed, table = flow.moves_now(state)
        kind = action["type"]
        move = table.get(kind)
        if move is None:
            k = state["k"]
            where = f"the {k['stage']} stage" if k.get("stage") else f"the {k['phase'] or 'game'} phase"
            named = ", ".join(m.type for m in listed if m.who == "active") or "none"
            return f"{kind} is not a move of {where} (its moves: {named})"
        seat = action[FREE] if move.who == "any" and type(action.get(FREE)) is int else state["k"]["active"]
        return move.reason(state, seat, action)

    def _flow_cache(self) -> Flow | None:
        """`flow()`, built once per game object."""
        try:
            cached: Flow | None = self.__dict__["_boardwright_flow"]
            return cached
        except KeyError:
            flow = self.__dict__["_boardwright_flow"] = self.flow()
            return flow

    def _with_moves(self) -> Flow:
        flow = self._flow_cache()
        if flow is None or not flow.has_moves:
            raise NotImplementedError(f"{type(self).__name__} declares no moves: it must write legal_actions and apply")
        return flow

    def _move_of(self, state: State, action: Action) -> Move | None:
        flow = self._flow_cache()
        if flow is None or not flow.has_moves:
            return None
        return flow.moves_now(state)[1].get(action["type"])

    # --- what seats see ---

    def view(self, state: State, seat: int | None) -> State:
        """What `seat` may know (`None`: a spectator). The default: zones redacted, no rng."""
        view = dict(state)
        k = dict(state["k"])
        k["rng"] = None
        # other seats' choices (listed and open) are theirs alone
        k["pending"] = [d if d["seat"] == seat else {"seat": d["seat"], "kind": d["kind"]} for d in k["pending"]]
        view["k"] = k
        if "zones" in state:
            view["zones"] = zones.redact_all(state["zones"], seat)
        return view

    def determinize(self, view: State, seat: int, seed: int) -> State:
        """A full state consistent with `view`, for search by a bot that must not peek: a copy
        of the view, its generator reseeded with `seed`, and what the seat cannot see dealt
        by `deal_hidden`. A game may override this instead (a search then asks it for every
        sample); overriding `deal_hidden` lets a search copy one view many times cheaply."""
        state = kernel.clone(view)
        kernel.set_rng(state, seed)
        self.deal_hidden(state, seat, seed)
        return state

    def deal_hidden(self, state: State, seat: int, seed: int) -> None:
        """Fill in, in place, what `seat` cannot see in `state` (a copy of its view, its
        generator already reseeded with `seed`): every redacted zone, consistently with what
        the seat saw (`zones.fill_all` does most of it); draw from `random.Random(seed)` or
        the kernel's generator only. The default serves games that hide nothing."""
        for z in state.get("zones", {}).values():
            if zones.is_redacted(z):
                raise NotImplementedError(f"{self.spec.id} hides items; it must override deal_hidden")

    def card_face(self, item: Any) -> dict[str, Any] | None:
        """What a card looks like face up, from the game's data files: title, cost, stats,
        keywords, rules text, an art key and a colour; texts as message keys or
        {"en", "ru"} (see client/README.md). Static: the same item always has the same face.
        None: the item is no card (the client shows its id)."""
        return None

    def seat_colours(self, state: State) -> list[str | None]:
        """Each seat's colour as its pieces are drawn (`#rrggbb`; None while a seat has none
        yet, such as before an army is chosen). The engine puts it in every board as
        `seat_colours`, so the seat list, the log and the marks of each seat's last move
        agree with the pieces. Empty: the client's own stand-ins."""
        return []

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        """Data for clients to draw (see client/README.md); seat-specific when secrets show.
        A board is read-only once made: the client and the LAN host never change one, so a
        game may put the same unchanging parts (a plain map cell) in every board it makes."""
        return {"kind": "generic", "state": self.view(state, seat)}

    def boards(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        """`[board(state, seat) for seat in seats]`: every seat's board at once, as a LAN host
        needs after each action. A game whose boards share parts (a map every seat sees
        alike) may build those once here and put the same objects in every board; one that
        draws the same board for everybody may build it once. The conformance suite checks
        that the result equals the boards one at a time."""
        return [self.board(state, seat) for seat in seats]

    def shown(self, state: State, seats: list[int | None]) -> list[tuple[State, dict[str, Any]]]:
        """`(view, board)` of every seat at once: what a LAN host sends each seat after an
        action. A game that draws its boards from the seats' views may build each view once
        here instead of twice. The conformance suite checks that the result equals `view`
        and `boards`."""
        return list(zip([self.view(state, seat) for seat in seats], self.boards(state, seats), strict=True))

    # --- deck building (optional) ---
    #
    # A game whose players build decks lets the client offer a deck builder, with no game
    # code in the client. A deck is plain data: {"leader": id or None, "cards": {card id:
    # copies}}. The game checks it, keeps saved decks as files in the user's data folder,
    # and its deck options pick a deck by name (a starter deck or a saved one).

    def deck_pool(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """What a person may build a deck from, or None (the default): no deck building.

        ``{"leaders": [{"id", "name"}], "cards": [{"id", "name", "kind", "limit",
        "leaders", "face"}], "decks": {name: deck}, "options": [option keys]}``: the leaders
        a deck may name (its hero), each card with its most copies, the leaders that may
        take it (None: any) and its face (`card_face`); the starter and saved decks by
        name, each of which may carry the "name" players read; the options that pick a deck
        by name. Names are {"en", "ru"}."""
        return None

    def check_deck(self, deck: dict[str, Any], lang: str = "en") -> list[str]:
        """One message per deck rule `deck` breaks, in `lang`; empty for a legal deck."""
        return []

    def save_deck(self, name: str, deck: dict[str, Any]) -> str:
        """Keep a legal deck under `name` as a file in the user's data folder, where the
        deck options find it; returns the file's path. Raises OptionError with every
        broken rule, or for a name that cannot be a file's."""
        raise NotImplementedError(f"{self.spec.id} has no deck building")

    # --- results and bots ---

    def cap_winners(self, state: State) -> list[int]:
        """Who wins when the round cap ends the game; by default the best `scores`."""
        scores = self.scores(state)
        if not scores:
            return []
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        return leaders if len(leaders) < len(scores) else []

    def scores(self, state: State) -> list[float]:
        return []

    def next_in_series(self, state: State, options: dict[str, Any]) -> dict[str, Any] | None:
        """Options for the next game of a series, after the finished `state` played with `options`.

        A game whose rules link games (the loser starts the next one, banned cards stay
        out) returns the next game's options; None when it has no series or the series
        is over. The client's "next game" and `Engine.next_in_series` call it.
        """
        return None

    def faction(self, state: State, seat: int) -> str | None:
        """The faction a seat plays, for win counts per faction."""
        return None

    def in_play(self, state: State, seat: int) -> list[str]:
        """The cards, creatures or units a seat brought into play, asked of a finished game
        (the default: none). A balance report gives each one's win rate over the games in
        which a seat had it, so that one that wins too often stands out. Names are the
        game's data keys (`"cerberus"`); each counts once per seat and game."""
        return []

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        faction = self.faction(state, seat)
        return faction or (f"Player {seat + 1}" if lang == "en" else f"Игрок {seat + 1}")

    #: The top-level parts of the state `heuristic` reads, when it reads only some (empty:
    #: it may read anything). After an action that leaves all of them equal, the `greedy`
    #: bot takes the value it had before instead of asking again (Reliquium names them).
    heuristic_reads: ClassVar[frozenset[str]] = frozenset()
    #: The table of numbers `heuristic` reads its weights from on every call (a game's
    #: `data/game.toml` section), or None. Changing a value in it changes how bots judge a
    #: position at once; `bots.tuning` fits the values to the outcomes of played games.
    heuristic_table: ClassVar[dict[str, Any] | None] = None
    #: How the `mcts` bot's levels search this game, where the bot's own settings serve it
    #: less well (a game's `data/game.toml` `[search.LEVEL]` sections): for a level name,
    #: any of `iterations`, `rollout_depth`, `exploration` and `trees`. A level not named here, and
    #: a setting not named, keeps the bot's own (bots/mcts.py `LEVELS`, `EXPLORATION`).
    search_levels: ClassVar[dict[str, dict[str, Any]]] = {}

    def heuristic(self, state: State, seat: int) -> float | None:
        """How good `state` looks for `seat`, in [-1, 1]; None when the game offers none."""
        return None

    def heuristic_after(self, state: State, seat: int, actions: list[Action]) -> list[float | None] | None:
        """What `heuristic(after, seat)` would be after each of `actions` (legal in `state`),
        where the game can tell without applying the action; None for the rest.

        One number per action, or None in its place: the bot applies that action to a copy
        and asks `heuristic` as usual; None alone for every action. A number is a promise:
        exactly the value `heuristic` gives the state that `Engine.apply_unchecked` makes of
        a copy of `state`, and that state's game goes on. The `greedy` bot tries every legal
        action of every decision, so a game whose actions mostly leave what its heuristic
        counts as it was (Reliquium's marches and summons) spares a copy and an apply for
        each. `conformance.check_heuristic_after` holds every number to that promise."""
        return None

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        """A short label for an action, for menus and logs."""
        details = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
        return f"{action['type']} {details}".strip()

    def check_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        """Checks beyond the schema: (field path, problem) pairs, e.g. unknown region ids."""
        return []

    def scenarios(self) -> list[Scenario]:
        """The scenarios this game ships."""
        return []
