"""framework/decided.py: a finished game's end as the game gave it to `kernel.finish`, and
marked copies of board items that leave the shared originals untouched."""

from __future__ import annotations

from boardwright.framework import decided, kernel


def _state() -> dict:
    return {"k": kernel.new_kernel_state(3, 7, None)}


def test_the_end_is_none_while_the_game_runs_then_the_reason_and_winners() -> None:
    state = _state()
    assert decided.end(state) is None
    kernel.finish(state, winners=[2, 0], reason="castles built")
    assert decided.end(state) == ("castles built", [0, 2])
    drawn = _state()
    kernel.finish(drawn, winners=[], reason="period limit")
    assert decided.end(drawn) == ("period limit", [])


def test_mark_copies_the_chosen_items_and_keeps_the_others() -> None:
    items = [{"id": "a", "fill": "#fff"}, {"id": "b"}, {"id": "c"}]
    marked = decided.mark(items, lambda item: item["id"] != "b")
    assert [item.get("decided", False) for item in marked] == [True, False, True]
    assert marked[1] is items[1], "an item not chosen is the same object"
    assert marked[0] is not items[0] and marked[0]["fill"] == "#fff"
    assert all("decided" not in item for item in items), "the originals are not changed"
