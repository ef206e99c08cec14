"""`mcts`: Monte Carlo tree search (UCT) over what its seat may know.

Every iteration samples a full state from the seat's view with the game's
`determinize` (fresh hidden cards and a fresh dice seed), then walks the tree along
actions that are legal in that sample: information-set MCTS (Cowling, Powley and
Whitehouse 2012), which for open games without dice is plain UCT. A child's
exploration term counts the visits in which it was available, not its parent's visits.

Each node scores the action that led to it for the seat that chose it, so 2 to 4 seats,
teams (every winner scores 1) and turns of several actions by one seat need nothing
special. Rollouts play random legal actions until the game ends or a depth limit is
reached; a cut rollout is scored by the game's heuristic. The limit is short on purpose:
in long games a few dozen random actions say little, and the heuristic says more.
Exploration works on mean values rescaled to the range seen in the search, so a
heuristic that moves by hundredths still tells the actions apart.

The tree holds no states: an iteration applies its actions to its own sampled state,
which costs one copy per iteration instead of one per node.

Before searching, the bot looks one reply deep when that is cheap: it takes an action
that wins at once, and never picks an action after which the next seat can win at once
while a safe one exists ("decisive and anti-decisive moves", Teytaud and Teytaud 2010).
The search stops early once the rest of its iteration budget could no longer change
the most visited action, which is the one it plays.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine

from .evaluation import action_key, sample_state, state_values, terminal_values

Action = dict[str, Any]


def _unknown_decision(game: Any, state: dict[str, Any]) -> None:
    """A sampled state may reach another seat's open decision whose choices the searching
    seat was never shown (views keep them from it): the search judges the position there.
    Anything else with no legal action is a bug in the game."""
    decision = kernel.pending(state)
    if decision is None or decision.get("choices"):
        raise RuntimeError(f"{game.spec.id}: no legal action in a running game (in a sampled state)")


@dataclass(frozen=True)
class Budget:
    """How hard one decision may think: whichever of the two limits comes first."""

    iterations: int
    seconds: float
    rollout_depth: int = 20  # random actions before the heuristic scores a running game
    stop_when_settled: bool = True  # stop once the rest of the budget cannot change the choice


# `seconds` is a wall-clock cap: in short games the iteration budget ends the search
# (and results depend only on seeds); the cap keeps long games within a decision time.
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=200, seconds=0.25, rollout_depth=10),
    "normal": Budget(iterations=1000, seconds=0.9, rollout_depth=20),
    "hard": Budget(iterations=5000, seconds=4.0, rollout_depth=40),
}

# The one-reply check tries at most this many (action, reply) pairs, in this many samples.
TACTICS_PAIRS = 400
TACTICS_SAMPLES = 3
EXPLORATION = 0.7
# how often (in iterations) the search asks whether the rest of the budget could still change its choice
SETTLED_EVERY = 16


class Node:
    __slots__ = ("available", "children", "mover", "value", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that chose the action leading here
        self.visits = 0
        self.value = 0.0  # summed values for `mover`, each in [0, 1]
        self.available = 0  # how often the action was legal when its parent was visited
        self.children: dict[Any, Node] = {}


class MctsBot:
    def __init__(self, engine: Engine, seat: int, seed: int, budget: Budget, exploration: float = EXPLORATION) -> None:
        self.engine = engine
        self.seat = seat
        self.rng = random.Random(seed)
        self.budget = budget
        self.exploration = exploration
        self.iterations = 0  # of the last decision, for benchmarks and tests

    def choose(self, turn: Turn) -> Action:
        legal = turn.legal
        self.iterations = 0
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.budget.seconds
        candidates = self._tactics(turn)
        if len(candidates) == 1:
            return candidates[0]
        root = self._search(turn, candidates, deadline)
        keys = [action_key(a) for a in candidates]
        visits = [root.children[key].visits if key in root.children else -1 for key in keys]
        most = max(visits)
        best = [a for a, v in zip(candidates, visits, strict=True) if v == most]
        return best[self.rng.randrange(len(best))]

    # --- one reply deep ---

    def _tactics(self, turn: Turn) -> list[Action]:
        """The actions worth searching: one that wins at once, else those that do not lose at once.

        A win or a loss counts only when it happens in each of `TACTICS_SAMPLES` sampled
        states, so that neither a lucky die nor a guessed card decides alone.
        """
        engine = self.engine
        seat = turn.seat
        legal = turn.legal
        samples: list[dict[str, Any]] = []

        def play(index: int, actions: list[Action]) -> dict[str, Any] | None:
            """Sample `index` after `actions`; None when a reply is not legal there.

            The first action is one of the seat's own, legal in every sample."""
            while len(samples) <= index:
                samples.append(sample_state(turn, self.rng.getrandbits(63)))
            state = kernel.clone(samples[index])
            for step, action in enumerate(actions):
                if step and action not in engine.legal_actions(state):
                    return None
                engine.apply_unchecked(state, action)
            return state

        def always(actions: list[Action], happens: Any) -> bool:
            return all(happens(play(index, actions)) for index in range(1, TACTICS_SAMPLES))

        def wins(state: dict[str, Any] | None) -> bool:
            return state is not None and kernel.is_over(state) and seat in kernel.outcome(state)["winners"]

        def loses(state: dict[str, Any] | None) -> bool:
            outcome = kernel.outcome(state) if state is not None else None
            return bool(outcome and outcome["winners"] and seat not in outcome["winners"])

        afters = []
        for action in legal:
            after = play(0, [action])
            assert after is not None
            if wins(after) and always([action], wins):
                return [action]
            afters.append(after)
        pairs = 0
        safe = []
        for action, after in zip(legal, afters, strict=True):
            if kernel.is_over(after) or kernel.to_move(after) == seat:
                safe.append(action)
                continue
            replies = engine.legal_actions(after)
            pairs += len(replies)
            if pairs > TACTICS_PAIRS:
                return legal
            for reply in replies:
                answered = kernel.clone(after)
                engine.apply_unchecked(answered, reply)
                if loses(answered) and always([action, reply], loses):
                    break
            else:
                safe.append(action)
        return safe or legal

    # --- the search ---

    def _search(self, turn: Turn, candidates: list[Action], deadline: float) -> Node:
        engine = self.engine
        legal_actions = engine.legal_actions
        apply = engine.apply_unchecked
        to_move = kernel.to_move
        game = engine.game
        view = turn.view()
        seat = turn.seat
        rng = self.rng
        random_float = rng.random
        getrandbits = rng.getrandbits
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        clock = time.perf_counter
        depth_limit = self.budget.rollout_depth
        root = Node(-1)
        root_keys = [action_key(a) for a in candidates]
        seats = 0
        iterations = 0
        # values seen so far: exploration works on means rescaled to this range, so a
        # heuristic that moves by hundredths still separates the actions (as in MuZero)
        lowest, highest = 1.0, 0.0
        scale = 1.0
        budget = self.budget.iterations
        settle = self.budget.stop_when_settled
        while iterations < budget:
            if iterations and clock() > deadline:
                break
            if settle and iterations % SETTLED_EVERY == 0 and _settled(root, budget - iterations):
                break
            state = game.determinize(view, seat, getrandbits(63))
            if not seats:
                seats = kernel.seats(state)
            node = root
            path = [root]
            # selection and expansion
            while not kernel.is_over(state):
                if node is root:
                    actions, keys = candidates, root_keys
                else:
                    actions = legal_actions(state)
                    if not actions:
                        _unknown_decision(game, state)
                        break
                    keys = [action_key(a) for a in actions]
                children = node.children
                untried = []
                best_child = None
                best_action = None
                best_score = -1.0
                for index, key in enumerate(keys):
                    child = children.get(key)
                    if child is None:
                        untried.append(index)
                        continue
                    child.available += 1
                    score = (child.value / child.visits - lowest) * scale + c * sqrt(
                        log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_score, best_child, best_action = score, child, actions[index]
                if untried:
                    index = untried[int(random_float() * len(untried))]
                    child = Node(to_move(state))
                    child.available = 1
                    children[keys[index]] = child
                    apply(state, actions[index])
                    path.append(child)
                    break
                assert best_child is not None and best_action is not None
                apply(state, best_action)
                node = best_child
                path.append(node)
            # rollout
            depth = 0
            while not kernel.is_over(state) and depth < depth_limit:
                actions = legal_actions(state)
                if not actions:
                    _unknown_decision(game, state)
                    break
                apply(state, actions[int(random_float() * len(actions))])
                depth += 1
            values = terminal_values(state, seats) if kernel.is_over(state) else state_values(engine, state, seats)
            # backup
            low, high = min(values), max(values)
            if low < lowest or high > highest:
                lowest, highest = min(lowest, low), max(highest, high)
                scale = 1.0 / (highest - lowest) if highest > lowest else 1.0
            root.visits += 1
            for visited in path[1:]:
                visited.visits += 1
                visited.value += values[visited.mover]
            iterations += 1
        self.iterations = iterations
        return root


def _settled(root: Node, remaining: int) -> bool:
    """True when the most visited root action keeps the most visits whatever `remaining` iterations do.

    The bot picks the most visited action, so stopping then changes nothing but the
    time spent ("early termination" of the search; Baier and Winands 2012 call the
    choice settled once the runner-up cannot catch up)."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > remaining


def make_mcts(engine: Engine, seat: int, seed: int, level: str = "normal") -> MctsBot:
    return MctsBot(engine, seat, seed, LEVELS[level])
