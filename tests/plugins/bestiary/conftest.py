"""A table helper: set up a Bestiary position quickly and play checked actions on it."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import Engine, kernel
from boardwright.plugins.bestiary.board_view import stage
from boardwright.plugins.bestiary.creatures import board_of
from boardwright.plugins.bestiary.rules import Bestiary
from boardwright.plugins.bestiary.seats import seat_order

GAME = Bestiary()


# the duel line-up of the digest's worked examples (seat 0 is the first player)
P1 = ["messum", "fidea", "saxum"]
P2 = ["armus", "carnifex", "vinctum"]


class Table:
    """A game past its draft, with helpers to arrange creatures and play legal actions."""

    P1 = P1
    P2 = P2

    @classmethod
    def duel(cls, p1: list[str] = P1, p2: list[str] = P2) -> Table:
        """A duel with seat 0 in Пустошь and seat 1 in Предлесье, every creature off the board."""
        t = cls([p1, p2], castles="pustosh")
        t.clear()
        return t

    def __init__(
        self, picks: list[list[str]], mode: str = "duel", castles: Any = None, options: dict[str, Any] | None = None
    ) -> None:
        self.game = GAME
        self.engine = Engine(GAME)
        players = len(picks)
        opts = {"mode": mode, "draft": "middle", "roster": "full32", "creatures": max(len(p) for p in picks)}
        opts.update(options or {})
        self.state = self.engine.new_game(players=players, options=opts, seed=1)
        queues = [list(p) for p in picks]
        while stage(self.state) == "draft":
            kind, seat = self.state["draft"]["turns"][0], kernel.active(self.state)
            if kind == "ban":
                wanted_all = {c for p in picks for c in p}
                action = next(a for a in self.engine.legal_actions(self.state) if a["creature"] not in wanted_all)
            elif kind == "pick":
                action = {"type": "pick", "creature": queues[seat].pop(0)}
            elif kind == "castle":
                legal = self.engine.legal_actions(self.state)
                wanted = (castles or {}).get(seat) if isinstance(castles, dict) else castles
                action = next((a for a in legal if a.get("castle") == self.castle(wanted)), legal[0])
            else:
                legal = self.engine.legal_actions(self.state)
                wanted = [self.castle(c) for c in castles or []]
                action = next((a for a in legal if a.get("castles") == wanted), legal[0])
            self.engine.apply(self.state, action)

    # --- reading
    @property
    def board(self):
        return board_of(self.state)

    def castle(self, castle_id: Any) -> Any:
        """The hex key that actions name a castle by, from its id in the data ("pustosh")."""
        board = self.board
        return board.castle_keys[board.castle_ids.index(castle_id)] if castle_id in board.castle_ids else castle_id

    def who(self, key: str) -> str:
        """What an action names a target on a hex by: the creature standing there, else the hex."""
        occupant = self.state["occupant"][self.board.index[key]]
        return self.state["creatures"][occupant]["id"] if occupant >= 0 else key

    def spot(self, target: str) -> str:
        """The hex key of an action's target (a creature's hex, or the hex itself)."""
        return self.at(target) if target in {c["id"] for c in self.state["creatures"]} else target

    def ci(self, cid: str) -> int:
        return next(i for i, c in enumerate(self.state["creatures"]) if c["id"] == cid)

    def cr(self, cid: str) -> dict[str, Any]:
        return self.state["creatures"][self.ci(cid)]

    def at(self, cid: str) -> str | None:
        h = self.cr(cid)["hex"]
        return self.board.keys[h] if h >= 0 else None

    def legal(self) -> list[dict[str, Any]]:
        return self.engine.legal_actions(self.state)

    def uses_of(self, cid: str) -> list[dict[str, Any]]:
        return [a for a in self.legal() if a.get("creature") == cid]

    # --- arranging (direct edits, then the legality cache is dropped)
    def touch(self) -> None:
        self.engine._cached_state = None

    def put(self, cid: str, key: str | None) -> None:
        i = self.ci(cid)
        c = self.state["creatures"][i]
        if c["hex"] >= 0:
            self.state["occupant"][c["hex"]] = -1
            c["hex"] = -1
        if key is not None:
            h = self.board.index[key]
            other = self.state["occupant"][h]
            if other >= 0:
                self.state["creatures"][other]["hex"] = -1
            c["hex"] = h
            self.state["occupant"][h] = i
        self.touch()

    def clear(self) -> None:
        for c in self.state["creatures"]:
            c["hex"] = -1
        self.state["occupant"] = [-1] * len(self.state["occupant"])
        self.touch()

    def mark(self, cid: str, effect: str, n: int = 1, side: int | None = None) -> None:
        c = self.cr(cid)
        for _ in range(n):
            self.state["marker_sequence"] += 1
            c["markers"].append([effect, c["side"] if side is None else side, self.state["marker_sequence"]])
        self.touch()

    def count(self, cid: str, effect: str) -> int:
        return sum(1 for m in self.cr(cid)["markers"] if m[0] == effect)

    # --- playing (every action goes through the kernel's legality check)
    def do(self, action: dict[str, Any]) -> None:
        self.engine.apply(self.state, action, seat=kernel.to_move(self.state))

    def _named(self, kw: dict[str, Any]) -> dict[str, Any]:
        """Action fields from the test's words: `at` names the target on a hex, `giver_at` the
        giver on a hex; every other field is passed as it is."""
        renames = {"at": "target", "giver_at": "giver"}
        return {renames.get(k, k): (self.who(v) if k in renames else v) for k, v in kw.items()}

    def attack(self, cid: str, **kw: Any) -> None:
        self.do({"type": "attack", "creature": cid, **self._named(kw)})

    def move(self, cid: str, to: str) -> None:
        self.do({"type": "move", "creature": cid, "hex": to})

    def use(self, cid: str, ability: int, **kw: Any) -> None:
        self.do({"type": "use", "creature": cid, "ability": ability, **self._named(kw)})

    def end(self) -> None:
        self.do({"type": "end"})


def draft_schedule(state: dict[str, Any]) -> list[tuple[str, int]]:
    """The set-up turns still to come as (kind, seat): the castle choices one seat each, then
    the draft round the table from the first player."""
    turns = state["draft"]["turns"]
    castles = sum(1 for kind in turns if kind in ("castle", "castles", "split"))
    order = seat_order(state)
    seats = order[:castles] + [order[i % len(order)] for i in range(len(turns) - castles)]
    return list(zip(turns, seats, strict=True))


@pytest.fixture
def table():
    return Table
