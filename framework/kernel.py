"""The kernel's part of every game state, kept under ``state["k"]``.

Everything here works on plain dicts so that a state stays msgpack data. Games call
these helpers instead of editing ``state["k"]`` by hand.
"""

from __future__ import annotations

from typing import Any

# whole-state helpers (packing, hashing, copying) live in framework/plain_data.py
from .plain_data import (
    BIG_INT as BIG_INT,
)
from .plain_data import (
    UNPACK_ERRORS as UNPACK_ERRORS,
)
from .plain_data import (
    clone as clone,
)
from .plain_data import (
    constructor as constructor,
)
from .plain_data import (
    msgpack_default as msgpack_default,
)
from .plain_data import (
    msgpack_ext as msgpack_ext,
)
from .plain_data import (
    pack as pack,
)
from .plain_data import (
    state_hash as state_hash,
)
from .plain_data import (
    unpack as unpack,
)

State = dict[str, Any]
Action = dict[str, Any]

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def sides_by_seat(players: int, teams: list[list[int]] | None) -> list[int]:
    """Each seat's side: the index of its team, or its own seat when there are no teams."""
    side = list(range(players))
    for index, team in enumerate(teams or ()):
        for seat in team:
            side[seat] = index
    return side


def new_kernel_state(
    players: int, seed: int, teams: list[list[int]] | None, side: list[int] | None = None
) -> dict[str, Any]:
    """The kernel's part of a new state; `side` is `sides_by_seat(players, teams)` when the
    caller has it already (`Engine.prepare` works it out once for a series)."""
    k = _NEW_KERNEL_STATE.copy()  # its keys in their order; what differs is set below
    k["seats"] = players
    k["teams"] = teams
    k["side"] = sides_by_seat(players, teams) if side is None else side
    k["rng"] = seed & _MASK64
    k["pending"] = []
    k["order"] = []
    k["passed"] = []
    k["out"] = []
    k["steps"] = []
    k["after"] = [-1] * players
    return k


# A new game's kernel part, copied by `new_kernel_state` (a copy and a few lists are about
# half the price of building the map): every list is made anew for each game.
_NEW_KERNEL_STATE: dict[str, Any] = {
    "seats": 0,
    "teams": None,
    "side": None,
    "active": 0,
    "round": 1,
    "phase": "",
    "rng": 0,
    "pending": None,
    "over": False,
    "outcome": None,
    "ply": 0,
    "round_cap": 0,
    # the flow (flow.py): the phase's turn order, seats that passed in this phase, seats
    # out of the game, actions taken in this turn, what the running action asked of the
    # flow ("turn" or "phase" ends) and the phase it named next
    "order": None,
    "passed": None,
    "out": None,
    "moves": 0,
    "ending": None,
    "next_phase": None,
    # queued steps of multi-step effects: [{"kind": ..., "data": {...}}], run in order
    "steps": None,
    # each seat's successor in the phase's order (-1: not in it); in a phase whose turns
    # are one action each with nothing else to run, the same list as "handon", with which
    # the engine hands the turn on cheaply. "handon" is None while anything else is under
    # way: every kernel function that asks more of the flow clears it, and the flow sets
    # it again once it has settled.
    "after": None,
    "handon": None,
}


# --- seeded randomness (splitmix64; its whole state is one int in the game state) ---


def _next64(k: dict[str, Any]) -> int:
    s = (k["rng"] + _GOLDEN) & _MASK64
    k["rng"] = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """A well-mixed seed for game ``index`` of a series started from ``seed``."""
    s = (seed * 0x100000001B3 + index + _GOLDEN) & _MASK64  # `_next64` inlined: a game's bots ask it too
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> 1


def rng_int(state: State, low: int, high: int) -> int:
    """A uniform int in ``[low, high]`` (both ends included)."""
    return low + ((_next64(state["k"]) * (high - low + 1)) >> 64)


def rng_below(state: State, n: int) -> int:
    return (_next64(state["k"]) * n) >> 64


def rng_choice(state: State, items: list[Any]) -> Any:
    return items[(_next64(state["k"]) * len(items)) >> 64]


def rng_shuffle(state: State, items: list[Any]) -> None:
    """Fisher-Yates in place."""
    k = state["k"]
    for i in range(len(items) - 1, 0, -1):
        j = (_next64(k) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]


def rng_roll(state: State, dice: int, sides: int = 6) -> list[int]:
    k = state["k"]
    return [1 + ((_next64(k) * sides) >> 64) for _ in range(dice)]


# --- seats, turns, phases ---


def seats(state: State) -> int:
    seats_: int = state["k"]["seats"]
    return seats_


def active(state: State) -> int:
    seat: int = state["k"]["active"]
    return seat


def set_active(state: State, seat: int) -> None:
    """Hand the turn to `seat` now. Games with a flow rarely need this: the flow moves the
    turn along the phase's order; a game that names the next seat itself calls it."""
    state["k"]["active"] = seat


def to_move(state: State) -> int:
    """The seat whose choice the game waits for: a pending decision's seat, else the active seat."""
    k = state["k"]
    pending = k["pending"]
    if pending:
        return int(pending[-1]["seat"])
    return int(k["active"])


def phase(state: State) -> str:
    return str(state["k"]["phase"])


def set_phase(state: State, name: str) -> None:
    """Set the phase label of a game without a flow; a game with a flow ends phases with
    `end_phase` and the flow enters the next one."""
    state["k"]["phase"] = name


def stage(state: State) -> str | None:
    """The stage of the turn the seat to move is at (flow.py `Stage`); None in a phase
    without stages."""
    found: str | None = state["k"].get("stage")
    return found


def set_stage(state: State, name: str) -> None:
    """Go on to another stage of this turn (its moves are offered from now on)."""
    state["k"]["stage"] = name


def round_number(state: State) -> int:
    return int(state["k"]["round"])


def round_cap(state: State) -> int:
    return int(state["k"]["round_cap"])


def ply(state: State) -> int:
    """How many actions were applied so far."""
    return int(state["k"]["ply"])


def teams(state: State) -> list[list[int]] | None:
    return state["k"]["teams"]


def set_teams(state: State, teams: list[list[int]] | None) -> None:
    """Set the team layout during set-up, when the game's mode decides it rather than the
    player count alone (the spec's layout for 4 seats is 2 v 2, but a free-for-all mode for 4
    has none)."""
    k = state["k"]
    k["teams"] = [list(team) for team in teams] if teams else None
    k["side"] = sides_by_seat(k["seats"], k["teams"])


def team_of(state: State, seat: int) -> list[int]:
    """The seats of `seat`'s team (itself alone when the game has no teams)."""
    for team in state["k"]["teams"] or ():
        if seat in team:
            return list(team)
    return [seat]


def side_of(state: State, seat: int) -> int:
    """The index of `seat`'s team in the spec's layout (its own seat when there are no teams)."""
    side: int = state["k"]["side"][seat]
    return side


def sides(state: State) -> list[list[int]]:
    """Every side's seats: the teams, or one side per seat."""
    layout = state["k"]["teams"]
    return [list(team) for team in layout] if layout else [[seat] for seat in range(state["k"]["seats"])]


# --- the flow's bookkeeping (flow.py runs it; games ask for changes) ---


def end_turn(state: State) -> None:
    """End the active seat's turn once the running action and its steps are done."""
    k = state["k"]
    if k["ending"] is None:
        k["ending"] = "turn"
    k["handon"] = None


def pass_turn(state: State, seat: int | None = None) -> None:
    """`seat` (default: the active seat) passes: its turn ends and the phase skips it from now
    on; the phase ends when every seat in its order has passed."""
    k = state["k"]
    k["handon"] = None
    who = k["active"] if seat is None else seat
    if who not in k["passed"]:
        k["passed"].append(who)
    if who == k["active"]:
        end_turn(state)


def has_passed(state: State, seat: int) -> bool:
    return seat in state["k"]["passed"]


def passed(state: State) -> list[int]:
    return list(state["k"]["passed"])


def others_to_act(state: State, seat: int) -> bool:
    """Whether a seat of the phase's order other than `seat` has neither passed nor left the
    game: the phase goes on when `seat` passes (flow.py hands the turn to such a seat). A
    phase's own `skip` is not asked: in a phase that skips seats, ask it too."""
    k = state["k"]
    out, passed_ = k["out"], k["passed"]
    return any(other != seat and other not in out and other not in passed_ for other in k["order"])


def end_phase(state: State, next_phase: str | None = None) -> None:
    """End the phase once the running action and its steps are done; `next_phase` overrides
    the phase's own `next`."""
    k = state["k"]
    k["ending"] = "phase"
    k["next_phase"] = next_phase
    k["handon"] = None


def set_order(state: State, seats: list[int]) -> None:
    """Replace the running phase's turn order (the active seat keeps its turn)."""
    k = state["k"]
    k["order"] = list(seats)
    k["after"] = successors(k["order"], k["seats"])
    k["handon"] = None


def successors(order: list[int], players: int) -> list[int]:
    """Each seat's successor in a cyclic turn order (-1 for seats not in it)."""
    after = [-1] * players
    for index, seat in enumerate(order):
        after[seat] = order[(index + 1) % len(order)]
    return after


def order(state: State) -> list[int]:
    return list(state["k"]["order"])


def eliminate(state: State, seat: int) -> None:
    """`seat` is out of the game: the flow never gives it a turn again."""
    k = state["k"]
    k["handon"] = None
    if seat not in k["out"]:
        k["out"].append(seat)


def is_out(state: State, seat: int) -> bool:
    return seat in state["k"]["out"]


def in_play(state: State) -> list[int]:
    out = state["k"]["out"]
    return [seat for seat in range(state["k"]["seats"]) if seat not in out]


def moves_this_turn(state: State) -> int:
    """Actions the active seat has completed in its current turn (answers to decisions
    excluded; while the game applies an action, that action is not counted yet)."""
    return int(state["k"]["moves"])


# --- steps of multi-step effects ---


def queue_step(state: State, kind: str, first: bool = False, **data: Any) -> None:
    """Queue a step of a multi-step effect; the flow runs it with the game's step handler for
    `kind` once the running handler returns. `first`: run it before the steps already queued
    (a step that expands into sub-steps queues them first, in reverse order, or uses
    `queue_steps`)."""
    step = {"kind": kind, "data": data}
    k = state["k"]
    k["handon"] = None
    if first:
        k["steps"].insert(0, step)
    else:
        k["steps"].append(step)


def queue_steps(state: State, steps: list[tuple[str, dict[str, Any]]], first: bool = False) -> None:
    """Queue several steps in order; with `first`, all of them run before the steps queued already."""
    made = [{"kind": kind, "data": data} for kind, data in steps]
    k = state["k"]
    k["handon"] = None
    queue = k["steps"]
    if first:
        queue[0:0] = made
    else:
        queue.extend(made)


def steps(state: State) -> list[dict[str, Any]]:
    """The queued steps (read only)."""
    return state["k"]["steps"]


def clear_steps(state: State) -> None:
    """Drop every queued step (an effect cut short)."""
    state["k"]["steps"] = []


def next_round(state: State, game: Any = None) -> bool:
    """Start the next round. Returns False, and ends the game, when the round cap is reached.

    ``game`` (the game object) decides who leads when the cap ends the game, through its
    ``cap_winners(state)``; without it the cap ends the game as a draw.
    """
    k = state["k"]
    cap = k["round_cap"]
    if cap and k["round"] >= cap:
        winners = list(game.cap_winners(state)) if game is not None else []
        finish(state, winners=winners, reason="round cap", capped=True)
        return False
    k["round"] += 1
    return True


# --- pending decisions ---


def ask(
    state: State,
    seat: int,
    kind: str,
    choices: list[Action],
    auto: bool = False,
    open: list[Action] | None = None,
    **data: Any,
) -> None:
    """Ask ``seat`` a further choice; the game resumes in its handler for ``kind``.

    ``auto``: when there is exactly one choice, the kernel takes it at once (the rule "a
    choice with one option is made for you"); the decision is never shown to anybody.
    ``open``: choices with parts a person fills in (choices.py), beside the listed ones.
    """
    if not choices:
        raise ValueError(f"decision {kind!r} offered no choices")
    decision: dict[str, Any] = {"seat": seat, "kind": kind, "choices": choices}
    if auto:
        decision["auto"] = True
    if open:
        decision["open"] = open
    if data:
        decision["data"] = data
    k = state["k"]
    k["handon"] = None
    k["pending"].append(decision)


def pending(state: State) -> dict[str, Any] | None:
    stack = state["k"]["pending"]
    return stack[-1] if stack else None


def pending_all(state: State) -> list[dict[str, Any]]:
    """Every open decision, innermost last (read only)."""
    return state["k"]["pending"]


def rng_state(state: State) -> int | None:
    """The generator's state (None in a view); bots compare it to see whether dice were rolled."""
    return state["k"]["rng"]


def set_rng(state: State, seed: int) -> None:
    """Reseed the generator (a bot's determinized guess gets a fresh one)."""
    state["k"]["rng"] = seed & _MASK64


# --- the end ---


def finish(
    state: State,
    winners: list[int],
    reason: str = "",
    scores: list[Any] | None = None,
    capped: bool = False,
) -> None:
    k = state["k"]
    k["over"] = True
    k["handon"] = None
    k["pending"] = []
    k["steps"] = []
    k["outcome"] = {
        "winners": sorted(winners),
        "draw": not winners,
        "reason": reason,
        "scores": scores,
        "capped": capped,
    }


def idle(state: State) -> bool:
    """Nothing is waiting: no step queued, no decision open, the game not over. A step the
    game would queue now would be the very next thing the kernel runs, so it may run it at
    once (cheaper in playouts than queueing it)."""
    k = state["k"]
    return not (k["steps"] or k["pending"] or k["over"])


def is_over(state: State) -> bool:
    over: bool = state["k"]["over"]
    return over


def outcome(state: State) -> dict[str, Any] | None:
    return state["k"]["outcome"]
