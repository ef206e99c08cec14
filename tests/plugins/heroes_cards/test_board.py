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


def test_four_capitals_lie_two_to_a_line_each_with_its_domains_below():
    """Four capitals side by side were too small to read at 1280x800: two to a line, the
    viewer's first, each line's domains under it."""
    from boardwright.client.layout import compose
    from boardwright.framework import PluginHost
    from boardwright.framework.match import Match

    match = Match(PluginHost().engine("heroes_cards"), 4, {}, 5)
    board = match.board(1)
    grids = [e for e in board["elements"] if e["type"] == "grid"]
    rows = [e["row"] for e in grids]
    assert rows == ["capitals0"] * 2 + ["domains0"] * 2 + ["capitals2"] * 2 + ["domains2"] * 2
    assert grids[0]["title"]["seat"] == 1, "the viewer's capital comes first"
    laid = compose({**board, "elements": grids})

    def top_of(seat: int) -> float:  # a rival's plots are named "<plot>@<seat>"
        return min(i["rect"][1] for i in laid["items"] if str(i.get("id", "")).endswith(f"@{seat}"))

    assert top_of(3) > top_of(2) + 300, "the third and fourth capitals stand in a line below"
