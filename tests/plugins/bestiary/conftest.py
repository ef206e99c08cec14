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
                action = next(a for a in self.engine.legal_actions(self.state) if a["cr"] not in wanted_all)
            elif kind == "pick":
                action = {"type": "pick", "cr": queues[seat].pop(0)}
            elif kind == "castle":
                legal = self.engine.legal_actions(self.state)
                wanted = (castles or {}).get(seat) if isinstance(castles, dict) else castles
                action = next((a for a in legal if a.get("castle") == wanted), legal[0])
            else:
                legal = self.engine.legal_actions(self.state)
                action = next((a for a in legal if a.get("castles") == castles), legal[0])
            self.engine.apply(self.state, action)

    # --- reading
    @property
    def board(self):
        return board_of(self.state)

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
        i = self.ci(cid)
        return [a for a in self.legal() if a.get("c") == f"cr{i}"]

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

    def attack(self, cid: str, **kw: Any) -> None:
        self.do({"type": "attack", "c": f"cr{self.ci(cid)}", **kw})

    def move(self, cid: str, to: str) -> None:
        self.do({"type": "move", "c": f"cr{self.ci(cid)}", "to": to})

    def use(self, cid: str, s: int, **kw: Any) -> None:
        self.do({"type": "use", "c": f"cr{self.ci(cid)}", "s": s, **kw})

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
