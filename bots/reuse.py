"""Tree reuse between decisions: the part of the last search that the game really took.

After a decision `mcts` keeps the node of the action it played and the position that action
led to (in its own sample). At its next decision it looks for the current position among
that position and those one reply further, and searches on from the matching node with the
visits it already holds, so a move's search starts where the last one left off ("tree
reuse", as in most Go programs). Only games without hidden information qualify: there a
view is the whole position, so a match is the true position and not a guess; a reply that
rolled dice leaves a different position and the search starts afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.framework import kernel
from boardwright.framework.engine import Engine

from .evaluation import action_key

if TYPE_CHECKING:
    from .mcts import Node

State = dict[str, Any]
Action = dict[str, Any]


def same_position(a: State, b: State) -> bool:
    """Equal positions, whatever the seeds of their dice (a view has none; a sample has its own)."""
    if a.keys() != b.keys():
        return False
    if any(a[key] != b[key] for key in a if key != "k"):
        return False
    return {**a["k"], "rng": None} == {**b["k"], "rng": None}


def recall(engine: Engine, memory: tuple[Node, State] | None, view: State, candidates: list[Action]) -> Node | None:
    """The node of the last search that stands for `view`, trimmed to `candidates`; None when
    the position is not the one the last search expected (or one reply after it)."""
    if memory is None:
        return None
    node, after = memory
    found = None
    if same_position(after, view):
        found = node
    elif not kernel.is_over(after):
        for reply in engine.legal_actions(after):
            child = node.children.get(action_key(reply))
            if child is None:
                continue
            trial = kernel.clone(after)
            engine.apply_unchecked(trial, reply)
            if same_position(trial, view):
                found = child
                break
    if found is None:
        return None
    wanted = {action_key(a) for a in candidates}
    for key in [key for key in found.children if key not in wanted]:  # ruled out by the one-reply check
        del found.children[key]
    return found
