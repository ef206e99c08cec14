"""The Heroes card game's board as the table draws it."""

from __future__ import annotations


def test_the_week_and_the_victory_points_are_panels_beside_the_table():
    """Two tracks side by side above the table made the board wide and its cards small: they
    are side panels, the day and each seat's points marked on them."""
    from boardwright.framework import PluginHost
    from boardwright.framework.match import Match

    match = Match(PluginHost().engine("heroes_cards"), 3, {}, 5)
    board = match.board(0)
    assert not [element for element in board["elements"] if element["type"] == "track"]
    day, points = [panel for panel in board["panels"] if panel.get("track")]
    assert day["track"]["length"] == 7 and len(day["track"]["marks"]) == 1
    assert len(points["track"]["marks"]) == 3 and points["title"] == {"key": "vp_track"}
