"""Bot kinds made up for a test: a plugin that registers one kind whose every bot answers
with the given `choose`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import BotKind, PluginHost, hookimpl


def register_bot(host: PluginHost, name: str, choose: Callable[[Any], Any]) -> None:
    class Bot:
        def choose(self, turn: Any) -> Any:
            return choose(turn)

    class Bots:
        @hookimpl
        def boardwright_bots(self) -> list[BotKind]:
            return [BotKind(name, name.title(), name, lambda engine, seat, seed, level="normal": Bot())]

    host.register(Bots(), name=f"{name}_bots")
