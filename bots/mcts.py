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
from dataclasses import dataclass, replace
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine
from boardwright.framework.game import Game

from .evaluation import action_key, hides_nothing, sample_state, sampler, state_values, terminal_values
from .reuse import recall

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
    trees: int = 1  # independent searches sharing the iterations, their root visits summed


# Levels are iteration budgets: a decision costs the same work on any machine and a series
# of bot games depends only on its seeds. `seconds` is a guard against a runaway game, far
# above what any level takes in the bundled games (benchmarks/RESULTS-bots.md); the hard
# level spends about three times the normal level's work.
GUARD_SECONDS = 60.0
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=150, seconds=GUARD_SECONDS, rollout_depth=10),
    "normal": Budget(iterations=1000, seconds=GUARD_SECONDS, rollout_depth=20),
    "hard": Budget(iterations=3000, seconds=GUARD_SECONDS, rollout_depth=20),
}

# The one-reply check tries at most this many (action, reply) pairs, in this many samples.
TACTICS_PAIRS = 400
TACTICS_SAMPLES = 3
EXPLORATION = 0.7
# how often (in iterations) the search asks whether the rest of the budget could still change its choice
SETTLED_EVERY = 16


class Node:
    __slots__ = ("available", "children", "legal", "mover", "proven", "value", "visits", "width")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that chose the action leading here
        self.visits = 0
        self.value = 0.0  # summed values for `mover`, each in [0, 1]
        self.available = 0  # how often the action was legal when its parent was visited
        self.children: dict[Any, Node] = {}
        self.proven: float | None = None  # `mover`'s exact value once the solver proved it (1 win, 0 loss)
        self.width = 0  # how many actions the seat to move here has (set when the solver needs it)
        # the legal actions here and their keys, kept where every sample reaches the same position
        # (`_descend`): asking the game again would give the same list
        self.legal: tuple[list[Action], list[Any]] | None = None


class MctsBot:
    def __init__(self, engine: Engine, seat: int, seed: int, budget: Budget, exploration: float = EXPLORATION) -> None:
        self.engine = engine
        self.seat = seat
        self.rng = random.Random(seed)
        self.budget = budget
        self.exploration = exploration
        self.iterations = 0  # of the last decision, for benchmarks and tests
        self._solving = False  # whether this decision's search proves wins and losses (`_step`)
        self._open = False  # whether every sample of this decision's view is the view, reseeded
        self._bounds = [1.0, 0.0, 1.0]  # lowest and highest value seen, and the scale between them
        self._keys: dict[int, tuple[list[Action], list[Any]]] = {}  # see `_keys_of`
        self._memory: tuple[Node, dict[str, Any]] | None = None  # the played node and its position (reuse.py)

    def choose(self, turn: Turn) -> Action:
        legal = turn.legal
        self.iterations = 0
        memory, self._memory = self._memory, None
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.budget.seconds
        candidates = self._tactics(turn)
        if len(candidates) == 1:
            return candidates[0]
        open_game = hides_nothing(self.engine.game)
        reused = recall(self.engine, memory, turn.view(), candidates) if open_game else None
        trees = self.budget.trees
        share = max(1, self.budget.iterations // trees)
        roots, spent = [], 0
        for tree in range(trees):  # independent searches: only the first reuses the last tree
            roots.append(self._search(turn, candidates, deadline, share, reused if tree == 0 else None))
            spent += self.iterations
        self.iterations = spent
        root = roots[0]
        keys = [action_key(a) for a in candidates]
        visits = [_rank_in(roots, key) for key in keys]
        most = max(visits)
        best = [a for a, v in zip(candidates, visits, strict=True) if v == most]
        chosen = best[self.rng.randrange(len(best))]
        played = root.children.get(action_key(chosen))
        if open_game and played is not None:
            after = self.engine.game.determinize(turn.view(), turn.seat, self.rng.getrandbits(63))
            self.engine.apply_unchecked(after, chosen)
            self._memory = (played, after)
        return chosen

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

    def _search(
        self, turn: Turn, candidates: list[Action], deadline: float, budget: int, reused: Node | None = None
    ) -> Node:
        engine = self.engine
        legal_actions = engine.legal_actions
        apply = engine.apply_unchecked
        game = engine.game
        view = turn.view()
        seat = turn.seat
        random_float = self.rng.random
        getrandbits = self.rng.getrandbits
        clock = time.perf_counter
        depth_limit = self.budget.rollout_depth
        root = reused or Node(-1)
        seats = kernel.seats(view)
        # proofs hold only where every sample is the same state: an open game of two seats
        # whose moves roll no dice (a roll seen in the tree turns the solver off)
        self._open = hides_nothing(game)
        self._solving = seats == 2 and not kernel.teams(view) and self._open
        # the samples come from one snapshot of the view, each reseeded and dealt into
        sample = sampler(game, view, seat)
        self._bounds = [1.0, 0.0, 1.0]
        iterations = 0
        settle = self.budget.stop_when_settled
        while iterations < budget:
            if iterations and clock() > deadline:
                break
            if settle and iterations % SETTLED_EVERY == 0 and _settled(root, budget - iterations):
                break
            if root.proven is not None or any(child.proven == 1.0 for child in root.children.values()):
                break  # a proven win is played at once; a proven loss cannot be helped
            state = sample(getrandbits(63))
            path, values = self._descend(state, root, candidates, seats)
            if values is None:
                depth = 0
                while not kernel.is_over(state) and depth < depth_limit:
                    actions = legal_actions(state)
                    if not actions:
                        _unknown_decision(game, state)
                        break
                    apply(state, actions[int(random_float() * len(actions))])
                    depth += 1
                values = terminal_values(state, seats) if kernel.is_over(state) else state_values(engine, state, seats)
            self._backup(root, path, values)
            iterations += 1
        self.iterations = iterations
        return root

    def _descend(
        self, state: dict[str, Any], root: Node, candidates: list[Action], seats: int
    ) -> tuple[list[Node], list[float] | None]:
        """Selection and expansion: the path walked, and the exact values when it ended on a
        proven node (else None: the rollout goes on from `state`)."""
        engine = self.engine
        c = self.exploration
        lowest, _, scale = self._bounds
        log, sqrt = math.log, math.sqrt
        node = root
        path = [root]
        # every sample reaches the same position at each node until a die is rolled: in an open
        # game the samples differ in their seeds alone. Until then the legal actions found at a
        # node are kept in it for the next iteration: asking again, and keying the answer,
        # was 15% of the instructions of a Reliquium decision and 10% of a Bestiary one.
        fixed = self._open
        while not kernel.is_over(state):
            if node.proven is not None:
                won = node.proven
                return path, [won if s == node.mover else 1.0 - won for s in range(seats)]
            if node is root:
                actions, keys = candidates, self._keys_of(candidates)
            elif node.legal is not None and fixed:
                actions, keys = node.legal
            else:
                actions = engine.legal_actions(state)
                if not actions:
                    _unknown_decision(engine.game, state)
                    break
                keys = self._keys_of(actions)
                if fixed:
                    node.legal = (actions, keys)
            node.width = len(actions)
            children = node.children
            untried = []
            best_index = -1
            best_score = -math.inf
            for index, key in enumerate(keys):
                child = children.get(key)
                if child is None:
                    untried.append(index)
                    continue
                child.available += 1
                if child.proven is not None:
                    score = 1e9 if child.proven == 1.0 else -1e9 + child.visits  # a proven loss only when all lose
                else:
                    score = (child.value / child.visits - lowest) * scale + c * sqrt(
                        log(child.available) / child.visits
                    )
                if score > best_score:
                    best_score, best_index = score, index
            if untried and best_score < 1e9:
                index = untried[int(self.rng.random() * len(untried))]
                child = children[keys[index]] = Node(kernel.to_move(state))
                child.available = 1
                self._step(state, actions[index], child)
                path.append(child)
                break
            node = children[keys[best_index]]
            if self._step(state, actions[best_index], node):
                fixed = False
            path.append(node)
        return path, None

    def _keys_of(self, actions: list[Action]) -> list[Any]:
        """`action_key` of each action, remembered for lists the game hands out again (Connect
        Four keeps one list per set of open columns): the keys were a tenth of a search."""
        entry = self._keys.get(id(actions))
        if entry is not None and entry[0] is actions:  # the list is held in the entry: its id is its own
            return entry[1]
        keys = [action_key(a) for a in actions]
        if len(self._keys) >= 4096:
            self._keys.clear()
        self._keys[id(actions)] = (actions, keys)
        return keys

    def _step(self, state: dict[str, Any], action: Action, child: Node) -> bool:
        """Apply the action of `child`; an action that ends the game proves the child. True
        when the action rolled dice (drew from the state's generator)."""
        before = kernel.rng_state(state)
        self.engine.apply_unchecked(state, action)
        rolled = kernel.rng_state(state) != before
        if not self._solving:
            return rolled
        if rolled:
            self._solving = False
        elif kernel.is_over(state) and child.proven is None:
            winners = kernel.outcome(state)["winners"]
            if winners:
                child.proven = 1.0 if child.mover in winners else 0.0
        return rolled

    def _backup(self, root: Node, path: list[Node], values: list[float]) -> None:
        bounds = self._bounds
        low, high = min(values), max(values)
        if low < bounds[0] or high > bounds[1]:
            bounds[0], bounds[1] = min(bounds[0], low), max(bounds[1], high)
            bounds[2] = 1.0 / (bounds[1] - bounds[0]) if bounds[1] > bounds[0] else 1.0
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.value += values[visited.mover]
        if self._solving:
            for node in reversed(path):
                if not _prove(node):
                    break


def _prove(node: Node) -> bool:
    """MCTS-Solver's backup (Winands, Bjornsson and Saito 2008) for two seats: the seat to move
    at `node` wins if one of its actions is a proven win, and loses if all of them are proven
    losses; `node.proven` is then set for `node.mover`. True when it was (or already is) proven."""
    if node.proven is not None:
        return True
    children = node.children
    if not children:
        return False
    mover = next(iter(children.values())).mover
    if any(child.proven == 1.0 for child in children.values()):
        node.proven = 1.0 if node.mover == mover else 0.0
    elif len(children) == node.width and all(child.proven == 0.0 for child in children.values()):
        node.proven = 0.0 if node.mover == mover else 1.0
    return node.proven is not None


def _rank(child: Node | None) -> float:
    """How the final choice orders root actions: a proven win first, a proven loss last, else visits."""
    if child is None:
        return -1.0
    if child.proven is not None:
        return 1e12 if child.proven == 1.0 else -0.5
    return float(child.visits)


def _rank_in(roots: list[Node], key: Any) -> float:
    """`_rank` over independent searches: a win proven in one is proven (as a loss is), else
    the visits summed ("root parallelisation", Chaslot, Winands and van den Herik 2008)."""
    ranks = [_rank(root.children.get(key)) for root in roots]
    if max(ranks) >= 1e12:
        return 1e12
    if -0.5 in ranks:
        return -0.5
    return sum(max(rank, 0.0) for rank in ranks) if max(ranks) >= 0 else -1.0


def _settled(root: Node, remaining: int) -> bool:
    """True when the most visited root action keeps the most visits whatever `remaining` iterations do.

    The bot picks the most visited action, so stopping then changes nothing but the
    time spent ("early termination" of the search; Baier and Winands 2012 call the
    choice settled once the runner-up cannot catch up). A proven loss is played last
    whatever its visits, so it counts for none."""
    first = second = 0
    for child in root.children.values():
        visits = 0 if child.proven == 0.0 else child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > remaining


SEARCH_SETTINGS = ("iterations", "rollout_depth", "exploration", "trees")


def level_settings(game: Game, level: str) -> tuple[Budget, float]:
    """The budget and exploration of `level` in `game`: the bot's own, with what the game
    names for that level (`Game.search_levels`). Raises ValueError, naming the game and the
    setting, for a setting the search does not know or a value out of range."""
    budget, exploration = LEVELS[level], EXPLORATION
    tuned = type(game).search_levels.get(level) or {}
    for name, value in tuned.items():
        if name not in SEARCH_SETTINGS:
            raise ValueError(
                f"{game.spec.id}: [search.{level}] {name} is no search setting (known: {', '.join(SEARCH_SETTINGS)})"
            )
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise ValueError(f"{game.spec.id}: [search.{level}] {name} must be a number above 0, not {value!r}")
        if name == "exploration":
            exploration = float(value)
        elif value != int(value):
            raise ValueError(f"{game.spec.id}: [search.{level}] {name} must be a whole number, not {value!r}")
        elif name == "iterations":
            budget = replace(budget, iterations=int(value))
        elif name == "trees":
            budget = replace(budget, trees=int(value))
        else:
            budget = replace(budget, rollout_depth=int(value))
    return budget, exploration


def make_mcts(engine: Engine, seat: int, seed: int, level: str = "normal") -> MctsBot:
    budget, exploration = level_settings(engine.game, level)
    return MctsBot(engine, seat, seed, budget, exploration)
