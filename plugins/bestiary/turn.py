"""The course of a game as the kernel's flow (digest §4): set-up, then periods.

- ``castles`` and ``draft``: the set-up turns (draft.py), the draft being the first round.
- ``period``: the time disc turns (a new round); nobody acts. Protorp clears the board here.
  In the duel and the Crossroads the period's first side turn turns the disc itself, when
  it begins (the same rule, one phase change fewer for the flow to run).
- Duel and Crossroads: ``first_turn`` and ``second_turn``, one per side: preparation, the
  abilities phase (uses until the side ends its turn) and the siege; in 2v2
  ``first_team_turn`` and ``second_team_turn``, where the teammates alternate uses and
  each passes once done.
- Protorp: ``land`` (the chooser picks a land) and ``stage`` (each player acts there until it
  passes), four times, then ``hire`` (capture first, then hiring).
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel
from boardwright.framework.flow import Flow, Phase
from boardwright.framework.moves import Move

from . import abilities, draft, stages
from .attack import banish
from .capture import capture
from .creatures import State, is_protorp, period
from .hiring import HIRING_MOVES, cannot_hire
from .seats import living_order, seat_order, team_order
from .siege import scores, siege
from .summons import resume_enter, summon

Action = dict[str, Any]
Log = Any


def flow() -> Flow:
    return Flow(
        start="castles",
        phases=(
            Phase("castles", order=draft.castle_choosers, cycle=False, moves=draft.CASTLE_MOVES, next="draft"),
            Phase(
                "draft",
                order=seat_order,
                moves=draft.DRAFT_MOVES,
                end_if=draft.is_done,
                end=draft.finish,
                next=_after_draft,
            ),
            Phase("period", order=_nobody, new_round=True, begin=begin_period, next=_first_of_period),
            _side_turn("first_turn", 0, None, "second_turn"),
            _side_turn("second_turn", 1, None, "first_turn"),
            _side_turn("first_team_turn", 0, 1, "second_team_turn"),
            _side_turn("second_team_turn", 1, 1, "first_team_turn"),
            Phase("land", order=stages.chooser_order, cycle=False, moves=(stages.LAND,), next="stage"),
            Phase(
                "stage",
                order=stages.stage_order,
                cycle=False,
                moves=PLAY_MOVES,
                generate=play_actions,
                moves_per_turn=None,
                end=stages.end_stage,
                next=stages.after_stage,
            ),
            Phase(
                "hire",
                order=living_order,
                skip=cannot_hire,
                moves=HIRING_MOVES,
                begin=_begin_hiring,
                end=_end_period,
                next="period",
            ),
        ),
        steps={"banish": banish, "haste": abilities.haste, "summon": summon},
        decisions={
            "haste_move": abilities.resume_haste,
            "haste_attack": abilities.resume_haste,
            "enter": resume_enter,
            "lead": resume_lead,
        },
    )


def _nobody(state: State) -> list[int]:
    return []


def _side_turn(name: str, number: int, moves: int | None, following: str) -> Phase:
    """A side's turn: the duel's seat acts until it ends the turn (moves None); the 2v2
    teammates alternate one use each (moves 1) until both passed. The first side's turn
    starts the period (a new round)."""
    first = number == 0
    return Phase(
        name,
        order=_first_side_order if first else _second_side_order,
        moves=PLAY_MOVES,
        generate=play_actions,
        moves_per_turn=moves,
        begin=_begin_first if first else _begin_second,
        end=_end_first if first else _end_second,
        next=following,
        new_round=first,
    )


# --- periods


def begin_period(state: State, log: Log) -> None:
    """Step 0: the time disc turns. Protorp starts the period with a clean board."""
    log.emit("period", period=period(state))
    if is_protorp(state):
        _protorp_prepare(state)


def _after_draft(state: State) -> str:
    """Protorp's first period starts with its own phase; the duel's and the Crossroads' with
    the first side's turn."""
    return "period" if is_protorp(state) else _first_of_period(state)


def _first_of_period(state: State) -> str:
    if is_protorp(state):
        return "land"
    return "first_team_turn" if state["mode"] == "crossroads_teams" else "first_turn"


def _end_period(state: State, log: Log) -> None:
    """A safety valve: a draw after the data's number of periods."""
    if period(state) >= state["settings"]["max_periods"]:
        log.emit("max_periods", periods=period(state))
        kernel.finish(state, winners=[], reason="period limit", scores=scores(state))


# --- a side's turn: preparation, abilities, siege


def side_in_turn(state: State, number: int) -> int:
    """The side playing the period's first (0) or second (1) turn: the first player's side first."""
    first = kernel.side_of(state, state["first_player"])
    if number == 0:
        return first
    return 0 if first else 1  # two sides play turns: the duel and the Crossroads


def _side_order(state: State, number: int) -> list[int]:
    """The side's seats; in 2v2 the teammates lead in alternate periods (or the team chooses)."""
    seats = team_order(state, side_in_turn(state, number))
    if len(seats) > 1 and state["settings"]["team_lead"] == "alternate":
        lead = (period(state) - 1) % len(seats)
        seats = seats[lead:] + seats[:lead]
    return seats


def _first_side_order(state: State) -> list[int]:
    return _side_order(state, 0)


def _second_side_order(state: State) -> list[int]:
    return _side_order(state, 1)


def _begin_side(state: State, number: int) -> None:
    side = side_in_turn(state, number)
    prepare(state, side)
    seats = team_order(state, side)
    if len(seats) > 1 and state["settings"]["team_lead"] == "choose":
        kernel.ask(state, seats[0], "lead", [{"type": "lead", "seat": seat} for seat in seats])


def _begin_first(state: State, log: Log) -> None:
    begin_period(state, log)  # the time disc turns
    _begin_side(state, 0)


def _begin_second(state: State, log: Log) -> None:
    _begin_side(state, 1)


def _end_first(state: State, log: Log) -> None:
    siege(state, side_in_turn(state, 0), log)


def _end_second(state: State, log: Log) -> None:
    siege(state, side_in_turn(state, 1), log)
    if not kernel.is_over(state):
        _end_period(state, log)


def resume_lead(state: State, decision: dict[str, Any], choice: Action, log: Log) -> None:
    """Decision (2v2, team_lead = choose): which teammate starts the abilities phase."""
    lead = choice["seat"]
    kernel.set_order(state, [lead] + [seat for seat in kernel.order(state) if seat != lead])
    kernel.set_active(state, lead)


def prepare(state: State, side: int) -> None:
    """Preparation (digest §4.1): collect due chips, put back attack chips, and remove every
    marker this side put, on cards and on the board."""
    now = period(state)
    for creature in state["creatures"]:
        if creature["side"] == side:
            creature["attack_used"] = False
            ready_at = creature["ready_at"]
            if any(ready_at):
                for chip, ready in enumerate(ready_at):
                    if 0 < ready <= now:
                        ready_at[chip] = 0
        if creature["markers"]:
            creature["markers"] = [m for m in creature["markers"] if m[1] != side]
    markers = state["board_markers"]
    if any(markers):
        for h, marker in enumerate(markers):
            if marker is not None and marker[1] == side:
                markers[h] = None


def _protorp_prepare(state: State) -> None:
    """Protorp: every chip due comes back, every attack chip returns, every marker goes, and
    the four land cards turn face up."""
    now = period(state)
    for creature in state["creatures"]:
        creature["attack_used"] = False
        creature["markers"] = []
        ready_at = creature["ready_at"]
        for chip, ready in enumerate(ready_at):
            if 0 < ready <= now:
                ready_at[chip] = 0
    state["board_markers"] = [None] * len(state["board_markers"])
    state["lands_open"] = [True] * len(state["lands_open"])


def _duel(state: State) -> bool:
    """The duel's sides are one seat each: a side ends its turn. Elsewhere each seat passes."""
    return state["mode"] in ("duel", "crossroads_duel")


def why_not_end(state: State, seat: int, action: Action) -> str | None:
    return None if _duel(state) else "each player passes here (pass): the turn goes on for the others"


def why_not_pass(state: State, seat: int, action: Action) -> str | None:
    return "a side ends its turn here (end)" if _duel(state) else None


def end_turn(state: State, action: Action, log: Log) -> None:
    """ "end" (the duel) closes the side's abilities phase."""
    kernel.pass_turn(state)


def pass_turn(state: State, action: Action, log: Log) -> None:
    """ "pass" (2v2, Protorp) leaves the rest of the phase to the others."""
    log.emit("pass", seat=kernel.active(state))
    kernel.pass_turn(state)


END = Move("end", refuse=why_not_end, effect=end_turn)
PASS = Move("pass", refuse=why_not_pass, effect=pass_turn)
_END_ACTION = {"type": "end"}
_PASS_ACTION = {"type": "pass"}
PLAY_MOVES = (*abilities.ABILITY_MOVES, END, PASS)


def play_actions(state: State, seat: int) -> list[Action]:
    """Every use of the seat's creatures, then its end or pass: the play phases' moves at
    once, in the order bots have always seen them."""
    out = abilities.use_actions(state, seat)
    out.append(_END_ACTION if _duel(state) else _PASS_ACTION)
    return out


# --- Protorp: capture and hiring


def _begin_hiring(state: State, log: Log) -> None:
    capture(state, log)
    if not kernel.is_over(state):
        kernel.queue_step(state, "summon")  # newly controlled free castles take waiting creatures
