"""Registers the bundled bot kinds."""

from __future__ import annotations

from boardwright.framework.bots import BotKind
from boardwright.framework.hooks import hookimpl

from .greedy import make_greedy
from .learned import LEVELS as LEARNED_LEVELS
from .learned import make_learned
from .mcts import LEVELS as MCTS_LEVELS
from .mcts import make_mcts
from .random_bot import make_random


@hookimpl
def boardwright_bots() -> list[BotKind]:
    return [
        BotKind("random", "Random", "Случайный", make_random),
        BotKind("greedy", "Greedy", "Жадный", make_greedy),
        BotKind("learned", "Learned", "Обученный", make_learned, levels=LEARNED_LEVELS),
        BotKind("mcts", "Tree search", "Поиск по дереву", make_mcts, levels=tuple(MCTS_LEVELS)),
    ]
