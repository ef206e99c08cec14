"""Moves: each thing a seat may do, declared once (in the spirit of boardgame.io's moves).

A move is one declaration in the chapter of the rules it belongs to::

    DROP = Move(
        "drop",
        parts={"column": Part("target", values=columns, kind=int)},
        refuse=why_not_drop,  # (state, seat, action) -> a reason, or None: it may be made
        effect=drop,          # (state, action, log): the legal action carried out
    )

- ``type``: the action's "type"; the action is ``{"type": type, field: value, ...}``, one
  field per part, so the client, the network, saves and replays see the same dicts as
  ever.
- ``parts``: each field of the action, by name: its role for the client's board choice
  (``source``, ``target``, ``point``, or "" for a detail chosen from a menu), the values it
  may take (``values(state, seat)``), the type every value has (``kind``) and whether an
  action may leave it out (``optional``).
- ``refuse(state, seat, action)``: the move's one predicate. None: the action may be made;
  else the reason, in words a player can act on. The kernel checks the fields and their
  types first, so the predicate sees well-formed actions only.
- ``effect(state, action, log)``: carries out a legal action (the seat is
  `kernel.active(state)`, or ``action["by"]`` for a free move).
- ``candidates(state, seat)``: the actions to try when the parts' values do not say it
  (two castles of four in the board's order); default: every combination of the parts'
  values, in the parts' order.
- ``generate(state, seat)``: a hand-written list of the legal actions, for a move whose
  speed needs one; `conformance.check_moves` holds it to the predicate.
- ``offer(state, seat)``: open actions of this move (choices.py), whose filled points the
  predicate checks.
- ``who``: ``"active"`` (the seat to move) or ``"any"`` (a free move, "at any moment": its
  actions carry ``"by": seat``).

Phases and stages list their moves (flow.py); the kernel builds the legal actions from
them, dispatches each action to its move, and refuses any other with "X is not a move of
this phase" or the move's own reason.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

State = dict[str, Any]
Action = dict[str, Any]
Log = Any
Predicate = Callable[[State, int, Action], "str | None"]
Effect = Callable[[State, Action, Log], None]
Lister = Callable[[State, int], Iterable[Action]]

ROLES = ("source", "target", "point", "")
FREE = "by"  # the reserved field of a free move's actions: the seat that makes it


@dataclass(frozen=True)
class Part:
    """One field of a move's actions (see the module's docstring)."""

    role: str = ""
    values: Callable[[State, int], Iterable[Any]] | None = None
    kind: type | tuple[type, ...] | None = None
    optional: bool = False

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"a part's role is one of {ROLES}, not {self.role!r}")


def _allowed(_state: State, _seat: int, _action: Action) -> str | None:
    return None


@dataclass(frozen=True)
class Move:
    """One move (see the module's docstring)."""

    type: str
    effect: Effect
    parts: Mapping[str, Part] = field(default_factory=dict)
    refuse: Predicate = _allowed
    candidates: Lister | None = None
    generate: Callable[[State, int], list[Action]] | None = None
    offer: Callable[[State, int], list[Action]] | None = None
    who: str = "active"

    def __post_init__(self) -> None:
        if self.who not in ("active", "any"):
            raise ValueError(f"move {self.type!r}: who is 'active' or 'any', not {self.who!r}")
        if FREE in self.parts or "type" in self.parts:
            raise ValueError(f"move {self.type!r}: 'type' and {FREE!r} are the kernel's fields")
        if self.candidates is None and self.generate is None:
            missing = [name for name, part in self.parts.items() if part.values is None and not part.optional]
            if missing:
                raise ValueError(f"move {self.type!r}: give {', '.join(missing)} its values, or candidates")
        object.__setattr__(self, "_fields", frozenset(self.parts))
        object.__setattr__(self, "_required", tuple(n for n, p in self.parts.items() if not p.optional))

    # --- the legal actions

    def tried(self, state: State, seat: int) -> Iterable[Action]:
        """The actions the predicate is asked about: `candidates`, else every combination of
        the parts' values (optional parts without values are left out)."""
        if self.candidates is not None:
            return self.candidates(state, seat)
        named = [(name, part.values) for name, part in self.parts.items() if part.values is not None]
        kind = self.type
        if not named:
            return [{"type": kind}]
        if len(named) == 1:  # the usual case, kept cheap: one field with its values
            name, values = named[0]
            return [{"type": kind, name: value} for value in values(state, seat)]
        names = [name for name, _ in named]
        pools = [list(values(state, seat)) for _, values in named]
        return (
            {"type": kind, **dict(zip(names, combination, strict=True))} for combination in itertools.product(*pools)
        )

    def derived(self, state: State, seat: int) -> list[Action]:
        """The legal actions as the predicate makes them (what `generate` must equal)."""
        refuse = self.refuse
        out = [action for action in self.tried(state, seat) if refuse(state, seat, action) is None]
        if self.who == "any":
            for action in out:
                action[FREE] = seat
        return out

    def legal(self, state: State, seat: int) -> list[Action]:
        """This move's legal actions for `seat`: `generate`'s list when the move has one."""
        if self.generate is not None:
            return self.generate(state, seat)
        return self.derived(state, seat)

    # --- why not

    def reason(self, state: State, seat: int, action: Action) -> str | None:
        """Why `action` (of this move's type) may not be made, or None: its fields, their
        types, the predicate, then the parts' values."""
        kind = self.type
        fields: frozenset[str] = self._fields  # type: ignore[attr-defined]
        extra = sorted(str(key) for key in action if key != "type" and key != FREE and key not in fields)
        if extra:
            return f"{kind} has no field {', '.join(extra)}"
        missing = [name for name in self._required if name not in action]  # type: ignore[attr-defined]
        if missing:
            return f"{kind} needs the field {', '.join(missing)}"
        for name, part in self.parts.items():
            if part.kind is not None and name in action and not _has_kind(action[name], part.kind):
                return f"{name} must be {_kind_name(part.kind)}, not {type_name(action[name])}"
        reason = self.refuse(state, seat, action)
        if reason:
            return str(reason)
        for name, part in self.parts.items():
            if part.values is not None and name in action and action[name] not in list(part.values(state, seat)):
                return f"{kind}: {name} {action[name]!r} cannot be chosen now"
        return None


def _has_kind(value: Any, kind: type | tuple[type, ...]) -> bool:
    """`isinstance` without its surprises: True is no int here, and an int no float."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return type(value) in kinds


def type_name(value: Any) -> str:
    return _kind_name(type(value))


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {
        bool: "true or false",
        int: "a whole number",
        float: "a number with a fraction",
        str: "a text",
        list: "a list",
        dict: "a map",
        type(None): "nothing",
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def action_parts(moves: Iterable[Move]) -> dict[str, dict[str, str]]:
    """What the client's board choice reads (`Game.action_parts`): for each move type, which
    field is its source piece, its target and its point."""
    out: dict[str, dict[str, str]] = {}
    for move in moves:
        roles = {part.role: name for name, part in move.parts.items() if part.role}
        if roles:
            out[move.type] = roles
    return out


def by_type(moves: Iterable[Move]) -> dict[str, Move]:
    """The moves by type; a type named twice is a mistake in the declaration."""
    out: dict[str, Move] = {}
    for move in moves:
        if move.type in out and out[move.type] is not move:
            raise ValueError(f"two moves of type {move.type!r} in one phase or stage")
        out[move.type] = move
    return out
