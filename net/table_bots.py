"""The bots of a hosted table: those of its bot seats and the stand-ins of dropped people.

They run on the host, one decision at a time off the event loop, under the table's lock,
and their actions are journalled and shown like anybody's. A bot that fails on a decision
is asked again; after `BOT_ATTEMPTS` failures it plays a random legal action and the
table is told.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

from boardwright.framework import Engine, Turn, kernel
from boardwright.framework.bots import BOT_ATTEMPTS, Attempts
from boardwright.framework.simulation import SeatBot

from .live import LiveGame, Trial

if TYPE_CHECKING:
    from .host import Connection, Seat

log = logging.getLogger("boardwright.net.host")

OPEN = "open"  # a seat for a person who joins over the network
PAUSE = "pause"  # a dropped person's seat waits for them (else a bot label holds it)


class TableBots:
    """What `Table` holds for its bots, and how it runs them."""

    engine: Engine
    match: LiveGame
    seats: list[Seat]
    bots: dict[int, Any]
    bot_kinds: dict[str, Any]
    bot_delay: float
    on_drop: str
    started: bool
    stand_ins: dict[int, Any]
    _bot_failures: Attempts
    _fallback: random.Random
    _bot_task: asyncio.Task[None] | None
    _closing: bool
    _lock: asyncio.Lock

    if TYPE_CHECKING:  # the table's own, which its bots use

        async def _commit(self, trial: Trial, actor: Connection | None) -> bool: ...

        def _notice(self, key: str, seat: int, ply: int, error: str) -> None: ...

    def _bot_kind(self, label: str, person: str = OPEN) -> tuple[Any, str]:
        """The bot kind and level `label` names; a label that is neither `person` (the seat
        kind or drop rule for people) nor a bot, or a level the bot has not, is refused."""
        bot = SeatBot.parse(label, self.bot_kinds, person)
        return self.bot_kinds[bot.kind], bot.level

    def _make_bot(self, label: str, seat: int) -> Any:
        kind, level = self._bot_kind(label)
        return kind.make(self.engine, seat, kernel.derive_seed(self.match.record.seed, 2000 + seat), level)

    def _kick_bots(self) -> None:
        if self._closing or not self.started or (not self.bots and self.on_drop == PAUSE):
            return  # no bot could move: no task for each action
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    def _bot_for(self, seat: int) -> Any:
        bot = self.bots.get(seat)
        if bot is not None or self.on_drop == PAUSE:
            return bot
        place = self.seats[seat]
        if place.kind == OPEN and place.connection is None and place.name:
            if seat not in self.stand_ins:
                self.stand_ins[seat] = self._make_bot(self.on_drop, seat)
            return self.stand_ins[seat]
        return None

    async def _run_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.match.is_over() and self.started and not self._closing:
            seat = self.match.to_move()
            bot = self._bot_for(seat)
            if bot is None:
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self._lock:
                if self.match.is_over() or self.match.to_move() != seat or self._bot_for(seat) is not bot:
                    continue
                turn = Turn(self.engine, self.match.state, seat, self.match.legal_actions())
                ply, failure = self.match.plies, ""
                try:
                    action = await loop.run_in_executor(None, bot.choose, turn)
                    trial = self.match.trial(action, seat=seat)
                except Exception as exc:  # one line in the log, never a task's lost traceback
                    failure = type(exc).__name__
                    again = self._bot_failures.again(ply)
                    why = f"{failure}: {exc} {getattr(exc, 'detail', '')}".strip()
                    failed = self._bot_failures.failed
                    log.warning("the bot of seat %d failed (%d of %d): %s", seat + 1, failed, BOT_ATTEMPTS, why)
                    if again:
                        continue
                    fallback = self._random_trial(seat)
                    if fallback is None:
                        log.warning("the bot of seat %d stopped: no legal action applies", seat + 1)
                        self._notice("bot_stopped", seat, ply, failure)
                        return
                    trial = fallback
                if not await self._commit(trial, None):
                    return
                if failure:
                    self._notice("bot_fallback", seat, ply, failure)

    def _random_trial(self, seat: int) -> Trial | None:
        """A random legal action of the seat, applied to a copy (the first of them, in random
        order, that the game applies); None when none does."""
        legal = list(self.match.legal_actions())
        self._fallback.shuffle(legal)
        for action in legal[:20]:
            try:
                return self.match.trial(action, seat=seat)
            except Exception as exc:
                log.warning("the random action of seat %d failed: %s", seat + 1, f"{type(exc).__name__}: {exc}")
        return None
