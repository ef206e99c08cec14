"""Choosing an action on the board: a source, then a target; k cards of n; no Qt here.

A game declares the parts of its action types (`Game.action_parts`)::

    {"march": {"source": "from", "target": "to"}, "drop": {"target": "column"}}

A click on a piece that is the source of legal actions selects it and lights their
targets; a click on a target completes the action. A menu is offered only when two legal
actions really share the clicked source and target. An open action that chooses k items
of n (`choices.choose`) is one multi-select: clicks toggle items, and a confirm sends the
filled action for the kernel to check. Actions without declared parts are found as
before: every legal action that holds the clicked id in any field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardwright.framework.choices import CHOOSE, OPEN_KEYS

Action = dict[str, Any]


LIT_AT_ONCE = 12  # more one-click moves than this are outlined faintly until the mouse is over one


def same_id(a: Any, b: Any) -> bool:
    # True == 1 in Python; an id 1 must not match a flag that is True
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def mentions(action: Any, item_id: Any) -> bool:
    """Whether an action holds `item_id` as any value (its `type` aside), also inside lists and maps."""
    if isinstance(action, dict):
        return any(key != "type" and mentions(value, item_id) for key, value in action.items())
    if isinstance(action, list | tuple):
        return any(mentions(value, item_id) for value in action)
    return same_id(action, item_id)


def values_in(action: Any) -> list[Any]:
    """Every value an action holds (its `type` aside): the ids a click on the board may name."""
    if isinstance(action, dict):
        return [v for key, value in action.items() if key != "type" for v in values_in(value)]
    if isinstance(action, list | tuple):
        return [v for value in action for v in values_in(value)]
    return [action]


def id_key(item_id: Any) -> tuple[bool, Any]:
    """A click id as a set member that tells True from 1 (see `same_id`)."""
    return isinstance(item_id, bool), item_id if isinstance(item_id, (str, int, float)) else repr(item_id)


def placeholder(action: Action) -> Action:
    """An open action with "…" where a person fills a part in, for its label."""
    return {
        key: ("…" if isinstance(value, dict) and any(k in value for k in OPEN_KEYS) else value)
        for key, value in action.items()
    }


@dataclass
class Outcome:
    """What a click does: "play" one action, offer a "menu", "select" a source, "toggle" a
    chosen item, or "nothing"."""

    what: str
    actions: list[Action] = field(default_factory=list)


class Selection:
    """The state of one person's choice on the board, rebuilt whenever the position changes."""

    def __init__(self, legal: list[Action], open_actions: list[Action], parts: dict[str, dict[str, str]]) -> None:
        self.legal = legal
        self.parts = parts
        self.source: Any = None
        # the open action being filled by choosing items (k of n), and the items chosen so far
        self.choosing: Action | None = None
        self.chosen: list[Any] = []
        self.pickers = [a for a in open_actions if any(isinstance(v, dict) and CHOOSE in v for v in a.values())]

    # --- reading ---

    def _part(self, action: Action, role: str) -> Any:
        name = self.parts.get(action.get("type", ""), {}).get(role)
        return action.get(name) if name is not None else None

    def _has(self, action: Action, role: str) -> bool:
        name = self.parts.get(action.get("type", ""), {}).get(role)
        return name is not None and name in action

    def active_ids(self) -> list[Any]:
        """The ids a click would act on now."""
        if self.choosing is not None:
            return list(self._choose_spec(self.choosing)[CHOOSE])
        if self.source is not None:
            return [self._part(a, "target") for a in self._from_source(self.source) if self._has(a, "target")]
        ids: list[Any] = []
        for action in self.legal:
            if action.get("type") in self.parts:
                ids.extend(self._part(action, role) for role in ("source", "target") if self._has(action, role))
            else:
                ids.extend(values_in(action))
        for picker in self.pickers:
            ids.extend(self._choose_spec(picker)[CHOOSE])
        return ids

    def lit_at_once(self) -> bool:
        """Whether the ids a click acts on are to be lit as targets now: a piece is picked, a
        choice is open, or every click makes a move (no piece to pick first) among few ids."""
        if self.choosing is not None or self.source is not None:
            return True
        if any(action.get("type") in self.parts and self._has(action, "source") for action in self.legal):
            return False
        return 0 < len({id_key(item) for item in self.active_ids()}) <= LIT_AT_ONCE

    def pickable(self) -> list[Any]:
        """What a person picks first, nothing picked yet: the sources of moves that have one."""
        if self.choosing is not None or self.source is not None:
            return []
        return [self._part(a, "source") for a in self.legal if self._has(a, "source")]

    def drag_sources(self) -> list[Any]:
        """The pieces a person may drag onto a target: sources of moves that have one."""
        return [self._part(a, "source") for a in self.legal if self._has(a, "source") and self._has(a, "target")]

    def marked_ids(self) -> list[Any]:
        """The ids shown as selected: the source, or the items chosen so far."""
        if self.choosing is not None:
            return list(self.chosen)
        return [] if self.source is None else [self.source]

    def _aimed_at(self, item_id: Any) -> list[Action]:
        """Legal actions with a target and no source whose target is `item_id`."""
        return [
            a
            for a in self.legal
            if self._has(a, "target") and not self._has(a, "source") and same_id(self._part(a, "target"), item_id)
        ]

    def _from_source(self, source: Any) -> list[Action]:
        return [a for a in self.legal if self._has(a, "source") and same_id(self._part(a, "source"), source)]

    def _bare(self, action: Action) -> bool:
        """A move of its source that needs nothing more: no target, no point on the field."""
        return not self._has(action, "target") and not self._has(action, "point")

    def only_source(self) -> Any:
        """The piece every legal move is made with, when there is one and it has more than one
        kind of move (Signum's activated miniature): it is selected from the start."""
        if not self.legal or not all(self._has(a, "source") for a in self.legal):
            return None
        first = self._part(self.legal[0], "source")
        if any(not same_id(self._part(a, "source"), first) for a in self.legal):
            return None
        return None if all(self._bare(a) for a in self.legal) else first

    def selected_moves(self) -> list[Action]:
        """The moves of the selected piece that need nothing more (an ability on itself, hold,
        the end of its activation) and those that only name it: buttons while it is selected."""
        if self.source is None or self.choosing is not None:
            return []
        bare = [a for a in self._from_source(self.source) if self._bare(a)]
        return bare + self._aimed_at(self.source) + self._loose(self.source)

    def _loose(self, item_id: Any) -> list[Action]:
        """Legal actions of no declared parts that hold `item_id`."""
        return [a for a in self.legal if a.get("type") not in self.parts and mentions(a, item_id)]

    def reachable(self, drawn: list[Any]) -> list[Action]:
        """The legal actions a click or two on the `drawn` ids make (a piece then its target, a
        piece twice, a menu where moves share them), in the order of `legal`: what the action
        bar need not offer. The same answers as `click`, found from the actions indexed by the
        ids they name, without clicking each pair."""
        keys = {id_key(item_id) for item_id in drawn}
        sources: dict[Any, list[Action]] = {}  # by their source
        aimed: dict[Any, list[Action]] = {}  # with a target and no source, by their target
        loose: dict[Any, list[Action]] = {}  # of no declared parts, by every value they hold
        for action in self.legal:
            if action.get("type") not in self.parts:
                for value in {id_key(v) for v in values_in(action)}:
                    loose.setdefault(value, []).append(action)
            elif self._has(action, "source"):
                sources.setdefault(id_key(self._part(action, "source")), []).append(action)
            elif self._has(action, "target"):
                aimed.setdefault(id_key(self._part(action, "target")), []).append(action)
        picked = {id_key(item) for picker in self.pickers for item in self._choose_spec(picker)[CHOOSE]}
        reached: set[int] = set()
        for key in keys:
            started = sources.get(key, [])
            with_target = [a for a in started if self._has(a, "target")]
            if started and all(self._bare(a) for a in started):
                reached.update(map(id, started))  # played at once, or a menu of them
            elif started:
                # the piece is selected: its targets are lit, its points lie on the field, and
                # the rest are buttons while it is selected (`selected_moves`)
                reached.update(id(a) for a in with_target if id_key(self._part(a, "target")) in keys)
                rest = [a for a in started if not self._has(a, "target")]
                reached.update(map(id, rest + aimed.get(key, []) + loose.get(key, [])))
            elif key in aimed:
                reached.update(map(id, aimed[key]))
            elif key not in picked:
                reached.update(map(id, loose.get(key, [])))
        return [a for a in self.legal if id(a) in reached]

    @staticmethod
    def _choose_spec(action: Action) -> dict[str, Any]:
        return next(v for v in action.values() if isinstance(v, dict) and CHOOSE in v)

    # --- clicking ---

    def click(self, item_id: Any) -> Outcome:
        if self.choosing is not None:
            return self._toggle(item_id)
        if self.source is not None:
            previous, self.source = self.source, None
            pair = [a for a in self._from_source(previous) if same_id(self._part(a, "target"), item_id)]
            if pair:
                return Outcome("play", pair) if len(pair) == 1 else Outcome("menu", pair)
            if same_id(item_id, previous):
                # a second click on the selected piece lets it go: what it does by itself is a
                # button while it is selected, never a double click's accident
                return Outcome("select")
        started = self._from_source(item_id)
        if started:
            if all(self._bare(a) for a in started):
                return Outcome("play", started) if len(started) == 1 else Outcome("menu", started)
            # selected: its targets lit, its points on the field, the rest buttons on the bar
            self.source = item_id
            return Outcome("select", [a for a in started if self._has(a, "target")])
        aimed = self._aimed_at(item_id)
        if aimed:
            return Outcome("play", aimed) if len(aimed) == 1 else Outcome("menu", aimed)
        picker = next((p for p in self.pickers if any(same_id(i, item_id) for i in self._choose_spec(p)[CHOOSE])), None)
        if picker is not None:
            self.choosing, self.chosen = picker, []
            return self._toggle(item_id)
        loose = self._loose(item_id)
        if not loose:
            return Outcome("nothing")
        return Outcome("play", loose) if len(loose) == 1 else Outcome("menu", loose)

    def _toggle(self, item_id: Any) -> Outcome:
        assert self.choosing is not None
        spec = self._choose_spec(self.choosing)
        if not any(same_id(i, item_id) for i in spec[CHOOSE]):
            return Outcome("nothing")
        if any(same_id(i, item_id) for i in self.chosen):
            self.chosen = [i for i in self.chosen if not same_id(i, item_id)]
        elif len(self.chosen) < spec["count"]:
            self.chosen.append(item_id)
        return Outcome("toggle")

    def cancel(self) -> None:
        self.source, self.choosing, self.chosen = None, None, []

    def ready(self) -> Action | None:
        """The filled action when enough items are chosen to confirm it, else None."""
        if self.choosing is None:
            return None
        spec = self._choose_spec(self.choosing)
        if not spec["at_least"] <= len(self.chosen) <= spec["count"]:
            return None
        return {key: (list(self.chosen) if value is spec else value) for key, value in self.choosing.items()}

    def progress(self) -> tuple[int, int]:
        """(chosen so far, how many to choose) while choosing."""
        if self.choosing is None:
            return 0, 0
        return len(self.chosen), int(self._choose_spec(self.choosing)["count"])
