"""A person's seat in a terminal (`boardwright join` without `--bot`).

After every action the person sees what happened (the events their seat may read), the
board as text (`text_board.py`), the seats by name and whose move it is. On their own turn
they get the legal moves numbered and type a number; the line is read off the event loop,
so the seat goes on answering the host (pings) while the person thinks. A move the host
refuses is said in one line and the same moves are offered again.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import IO, Any

from boardwright.framework import BoardwrightError, render
from boardwright.net.peer import Peer, Refused, next_update_or_refusal

from .text_board import TextBoard, seat_names, seats_line


class TerminalSeat:
    def __init__(
        self,
        peer: Peer,
        game: Any,
        lang: str = "en",
        read_line: Callable[[], str] | None = None,
        out: IO[str] | None = None,
    ) -> None:
        self.peer = peer
        self.game = game
        self.lang = lang
        self.read_line = read_line or sys.stdin.readline
        self.out = out or sys.stdout
        self._shown_ply = -1

    def say(self, line: str = "") -> None:
        print(line, file=self.out, flush=True)

    def heard(self, message: dict[str, Any]) -> None:
        """The peer's listener: chat lines as they come (updates are shown by `play`)."""
        if message.get("t") == "chat" and message.get("name"):
            self.say(f"[{message['name']}] {message.get('text', '')}")
        elif message.get("t") == "chat":
            self.say(f"[table] {message.get('text', '')}")

    async def play(self) -> dict[str, Any] | None:
        """Until the game ends (its outcome) or the table closes (None)."""
        update = self.peer.update
        acted_at = -1
        while True:
            if update is None:
                try:
                    update = await next_update_or_refusal(self.peer, None)  # people may take their time
                except Refused as refused:
                    self.say(f"refused: {refused.message}")
                    acted_at, update = -1, self.peer.update
                    continue
                if update is None:
                    return None
            self.show(update)
            if update["outcome"] is not None:
                return update["outcome"]
            if update["to_move"] == self.peer.seat and update["legal"] and update["ply"] > acted_at:
                acted_at = update["ply"]
                await self.peer.act(await self.choose(update))
            update = None

    def show(self, update: dict[str, Any]) -> None:
        names = seat_names(update["seats"])
        for event in update["events"]:
            self.say(render(event, self.game.messages, self.lang, names))
        if update["ply"] == self._shown_ply:
            return  # a seat joined or left: the board did not change
        self._shown_ply = update["ply"]
        board = TextBoard(self.game, update["view"], self.peer.seat, names, self.lang)
        self.say()
        for line in board.lines(update["board"]):
            self.say(line)
        self.say(seats_line(update["seats"], self.peer.seat))
        mover = update["to_move"]
        if update["outcome"] is None and mover is not None:
            whose = "your move" if mover == self.peer.seat else f"{names[mover]} to move"
            self.say(f"ply {update['ply']}: {whose}")

    async def choose(self, update: dict[str, Any]) -> dict[str, Any]:
        legal = update["legal"]
        for number, action in enumerate(legal, 1):
            self.say(f"  {number}. {self.game.describe_action(update['view'], action, self.lang)}")
        loop = asyncio.get_running_loop()
        while True:
            print(f"your move (1-{len(legal)}): ", end="", file=self.out, flush=True)
            line = await loop.run_in_executor(None, self.read_line)
            if not line:
                raise BoardwrightError("standard input closed", "no-input")
            if line.strip().isdigit() and 1 <= int(line) <= len(legal):
                return dict(legal[int(line) - 1])
            self.say(f"choose 1 to {len(legal)}")
