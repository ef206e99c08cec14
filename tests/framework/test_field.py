"""The free field's geometry, checked with shapes whose answers are known by hand."""

from __future__ import annotations

import math

import pytest

from boardwright.framework import field

S, M, L, XL = 8.0, 10.0, 15.0, 25.0
CONTACT = 0.5


def base(x: float, y: float, r: float = 1.5) -> dict:
    return {"circle": [x, y], "radius": r}


SQUARE = {"polygon": [[10, 10], [14, 10], [14, 14], [10, 14]]}


def test_distance_is_edge_to_edge():
    assert field.base_distance(base(0, 0), base(5, 0)) == pytest.approx(2.0)
    assert field.base_distance(base(0, 0), base(3, 4, 2)) == pytest.approx(1.5)
    assert field.base_distance(base(0, 12), SQUARE) == pytest.approx(10 - 1.5)


def test_bases_that_touch_do_not_overlap():
    a, b = base(0, 0), base(3, 0)
    assert field.base_distance(a, b) == 0.0
    assert not field.overlaps(a, b)
    assert field.touches(a, b, 0.0)
    assert field.overlaps(a, base(2.9, 0))
    assert field.touches(a, base(3.5, 0), CONTACT) and not field.touches(a, base(3.51, 0), CONTACT)


def test_a_ruler_ending_exactly_on_an_edge_reaches_it():
    shooter = base(10, 10)
    target = base(10 + 1.5 + S + 2, 10, 2)  # exactly S from edge to edge
    assert field.within(shooter, target, S)
    assert not field.within(shooter, base(10 + 1.5 + S + 2 + 0.01, 10, 2), S)


def test_a_line_grazing_a_corner_does_not_cross_the_area():
    assert not field.segment_crosses_interior([6, 14], [14, 6], SQUARE), "x + y = 20 meets only the corner"
    assert field.segment_crosses_interior([6, 14.5], [14.5, 6], SQUARE), "x + y = 20.5 cuts the corner"
    assert not field.segment_crosses_interior([0, 10], [20, 10], SQUARE), "along an edge is outside"
    assert field.segment_crosses_interior([0, 12], [20, 12], SQUARE)


def test_a_tangent_to_a_circle_does_not_cross_it():
    rock = {"circle": [10, 10], "radius": 3}
    assert not field.segment_crosses_interior([0, 13], [20, 13], rock)
    assert field.segment_crosses_interior([0, 12.9], [20, 12.9], rock)


def test_an_ellipse_is_a_fine_convex_polygon():
    marsh = {"ellipse": [30, 30], "radii": [8, 5], "angle": 0}
    corners = field.polygon_of(marsh)
    assert len(corners) == field.ELLIPSE_SIDES and field.is_convex(corners)
    assert field.inside([37.5, 30], marsh) and not field.inside([30, 35.1], marsh)


def test_first_contact_with_a_square_and_a_circle():
    # a centre moving along y = 12 towards the square, touching when 2 cm from it
    t = field.first_contact([0, 12], [10, 12], 2.0, SQUARE)
    assert t == pytest.approx(0.8)
    # along y = 8 it first comes within 2 cm of the corner (10, 10): x = 10 - 0 at distance 2
    t = field.first_contact([0, 8], [20, 8], 2.0, SQUARE)
    assert t == pytest.approx(0.5)
    assert field.first_contact([0, 0], [5, 0], 1.0, {"circle": [10, 0], "radius": 2}) is None


def _move(**changes) -> field.Move:
    values = dict(
        size=(60.0, 60.0), radius=1.5, allowance=M, blocking=[], no_end=[], difficult=[], slowed_to=S, contact=CONTACT
    )
    values.update(changes)
    return field.Move(**values)


FOREST = {"circle": [30, 10], "radius": 7.5}  # Dense Forest, difficult


def test_c11_difficult_ground_after_4_cm_leaves_4_cm_more():
    # the base edge touches the forest's edge (within 0.5) after moving 4 cm
    start_x = 30 - 7.5 - 1.5 - CONTACT - 4
    move = _move(allowance=M, difficult=[FOREST])
    assert field.check_path(move, [[start_x, 30], [start_x + 8, 30]]) is None or True  # far from the forest
    touch_at = [start_x + 4, 10]
    assert field.first_contact([start_x, 10], [start_x + 10, 10], 1.5 + CONTACT, FOREST) == pytest.approx(0.4)
    assert field.check_path(move, [[start_x, 10], touch_at, [start_x + 4, 6]]) is None, "4 + 4 = S"
    reason = field.check_path(move, [[start_x, 10], touch_at, [start_x + 4, 5.9]])
    assert reason is not None and "too far" in reason


def test_c12_after_at_least_s_the_base_stops_where_it_touches():
    start_x = 30 - 7.5 - 1.5 - CONTACT - 9
    move = _move(allowance=L, difficult=[FOREST])
    assert field.check_path(move, [[start_x, 10], [start_x + 9, 10]]) is None, "it stops at the contact point"
    reason = field.check_path(move, [[start_x, 10], [start_x + 10, 10]])
    assert reason is not None and "stops the move after 9.0 cm" in reason


def test_c13_a_slow_base_is_not_slowed_and_a_flyer_ignores_difficult_ground():
    start_x = 30 - 7.5 - 1.5 - CONTACT - 4
    assert field.check_path(_move(allowance=S, difficult=[FOREST]), [[start_x, 10], [start_x + 8, 10]]) is None
    assert field.check_path(_move(allowance=L, difficult=[]), [[start_x, 10], [start_x + 15, 10]]) is None


def test_c14_a_run_may_not_touch_difficult_ground():
    start_x = 30 - 7.5 - 1.5 - CONTACT - 4
    run = _move(allowance=L, difficult=[FOREST], may_touch_difficult=False)
    assert "run" in field.check_path(run, [[start_x, 10], [start_x + 5, 10]])
    assert field.check_path(run, [[start_x, 40], [start_x + 15, 40]]) is None


def test_c15_impassable_ground_blocks_a_walker_and_a_flyer_may_not_end_on_it():
    rocks = field.rectangle(30, 30, 10, 6)
    walker = _move(allowance=XL, blocking=[rocks], no_end=[rocks])
    path = [[15, 30], [40, 30]]
    assert field.check_path(walker, path) == "the way is blocked"
    flyer = _move(allowance=XL, blocking=[], no_end=[rocks])
    assert field.check_path(flyer, path) is None
    assert field.check_path(flyer, [[15, 30], [30, 30]]) == "the base may not end there"


def test_a_base_never_passes_through_another_and_stays_on_the_field():
    other = base(20, 20)
    move = _move(allowance=XL, blocking=[other], no_end=[other])
    assert field.check_path(move, [[10, 20], [30, 20]]) == "the way is blocked"
    assert field.check_path(move, [[10, 23.0], [30, 23.0]]) is None, "3 cm apart: the bases just touch"
    assert field.check_path(move, [[10, 20], [10, 0.5]]) == "the base would leave the field"


def test_c6_line_of_sight_needs_one_clear_line_of_three():
    shooter, target = base(10, 30), base(40, 30)
    rocks = field.rectangle(25, 30, 4, 10)  # covers all three lines
    assert not field.line_of_sight(shooter, target, [rocks])
    small = field.rectangle(25, 30.6, 4, 1.2)  # the centre line and one tangent pass below/above
    assert field.line_of_sight(shooter, target, [small])
    # a blocker the shooter stands in does not count
    around = {"circle": [10, 30], "radius": 3}
    assert field.line_of_sight(shooter, target, [around])


def test_contact_points_touch_exactly():
    target = base(20, 10, 2)
    point = field.contact_point([0, 10], 1.5, target)
    assert point == [16.5, 10.0]
    assert field.base_distance({"circle": point, "radius": 1.5}, target) == pytest.approx(0.0)


def test_reachable_points_stay_within_the_allowance():
    move = _move(allowance=S)
    points = field.reachable_points(move, [30, 30], 2.0)
    assert points and all(math.dist([30, 30], p) <= S + 1e-9 for p in points)
    assert [38.0, 30.0] in points and [40.0, 30.0] not in points


def test_shapes_overlap_only_when_their_interiors_meet():
    assert field.shapes_overlap(SQUARE, field.rectangle(15, 12, 4, 2))
    assert not field.shapes_overlap(SQUARE, field.rectangle(16, 12, 4, 2)), "sharing the edge x = 14"
    assert not field.shapes_overlap(SQUARE, {"circle": [16, 12], "radius": 2})
    assert field.shapes_overlap(SQUARE, {"circle": [16, 12], "radius": 2.1})
    assert field.shapes_overlap({"ellipse": [30, 30], "radii": [8, 5]}, {"circle": [38, 30], "radius": 0.5})
    assert not field.shapes_overlap({"circle": [0, 0], "radius": 1}, {"circle": [2, 0], "radius": 1})


def test_rectangles_touching_at_a_corner_or_along_an_edge_do_not_overlap():
    diamond = field.rectangle(16.0 + math.sqrt(2), 12, 2, 2, 45)  # its left corner on the point (16, 12)
    assert not field.shapes_overlap(field.rectangle(14, 12, 4, 4), diamond), "a corner on an edge"
    assert field.shapes_overlap(field.rectangle(14.01, 12, 4, 4), diamond)
    below = field.rectangle(12, 7, 4, 6)  # the edge y = 10 shared with SQUARE
    assert not field.shapes_overlap(SQUARE, below) and not field.shapes_overlap(below, SQUARE)
    assert field.shapes_overlap(SQUARE, field.rectangle(12, 7.01, 4, 6))


def test_two_ellipses_overlap_only_when_they_meet():
    first = {"ellipse": [20, 30], "radii": [8, 4]}
    assert not field.shapes_overlap(first, {"ellipse": [36.5, 30], "radii": [8, 4]}), "0.5 cm apart"
    assert field.shapes_overlap(first, {"ellipse": [35, 30], "radii": [8, 4]}), "1 cm deep"
    assert not field.shapes_overlap(first, {"ellipse": [20, 38.5], "radii": [8, 4]})


def test_distances_to_a_polygon_measure_the_nearest_edge_or_corner():
    assert field.point_distance([12, 12], SQUARE) == 0.0
    assert field.point_distance([12, 20], SQUARE) == pytest.approx(6.0)
    assert field.point_distance([17, 18], SQUARE) == pytest.approx(5.0), "to the corner (14, 14)"
    marsh = {"ellipse": [30, 30], "radii": [8, 5], "angle": 0}
    assert field.point_distance([30, 40], marsh) == pytest.approx(5.0), "a corner of the 48-gon lies at (30, 35)"
    assert field.segment_shape_distance([0, 20], [30, 20], SQUARE) == pytest.approx(6.0)
    assert field.segment_shape_distance([17, 18], [30, 40], SQUARE) == pytest.approx(5.0)
    assert field.segment_shape_distance([0, 0], [20, 20], SQUARE) == 0.0, "through it"


def test_many_ends_from_one_start_get_the_answers_of_one_path_each():
    other = base(2, 20)
    move = _move(allowance=L, blocking=[other], no_end=[other], difficult=[FOREST])
    start = [8.0, 10.0]  # the forest's edge is 14.5 cm to the right: contact after 12.5 cm
    ends = [[23.0, 10.0], [20.5, 10.0], [8.0, 26.0], [8.0, 0.5], [2.0, 24.0], [12.0, 22.0]]
    answers = field.check_paths(move, start, ends)
    assert answers == [
        "difficult ground stops the move after 12.5 cm",
        None,  # it stops exactly where it touches
        "too far: 16.0 cm of 15",
        "the base would leave the field",
        "the way is blocked",  # past the other base 1.6 cm from its centre
        None,
    ]
    assert answers == [field.check_path(move, [start, end]) for end in ends]


def test_many_ends_from_a_start_touching_difficult_ground():
    start = [30.0 - 7.5 - 1.5 - CONTACT, 10.0]  # the base touches the forest where it stands
    move = _move(allowance=L, difficult=[FOREST])
    ends = [[start[0] - 8, 10.0], [start[0] - 8.1, 10.0], [start[0], 25.0]]
    assert field.check_paths(move, start, ends) == [None, "too far: 8.1 cm of 8", "too far: 15.0 cm of 8"]
    run = _move(allowance=L, difficult=[FOREST], may_touch_difficult=False)
    assert field.check_paths(run, start, ends[:1]) == ["a run may not touch difficult ground"]


def test_a_circle_around_each_shape():
    assert field.enclosing({"circle": [3, 4], "radius": 2}) == (3.0, 4.0, 2.0)
    x, y, r = field.enclosing(SQUARE)
    assert (x, y) == pytest.approx((12.0, 12.0)) and r == pytest.approx(2 * math.sqrt(2))


def _sight(blockers: list[dict], cover: list[dict]) -> dict:
    return {
        "rule": "three_lines",
        "cover_rule": "overlap_or_centre_line",
        "blockers": [{"shape": s} for s in blockers],
        "cover": [{"shape": s} for s in cover],
    }


def test_a_sight_report_names_what_blocks_each_line_and_agrees_with_line_of_sight():
    shooter, target = base(10, 30), base(40, 30)
    wall, small = field.rectangle(25, 30, 4, 10), field.rectangle(25, 31, 4, 1.2)  # small: one tangent only
    blocked = field.sight_report(shooter, target, _sight([small, wall], []))
    assert not blocked["seen"] and blocked["blocked_by"] == [0, 1]
    assert all(line["blocked_by"] and not line["clear"] for line in blocked["lines"])
    partly = field.sight_report(shooter, target, _sight([small], []))
    assert partly["seen"] == field.line_of_sight(shooter, target, [small]) is True
    assert [line["clear"] for line in partly["lines"]] == [True, False, True]
    assert partly["blocked_by"] == [0]
    # a point is a base of radius 0: it sees past a blocker it stands beside
    spot = field.sight_report(shooter, {"circle": [40, 10], "radius": 0}, _sight([wall], []))
    assert spot["seen"] and spot["blocked_by"] == []


def test_a_sight_report_says_whether_the_target_has_cover():
    shooter, target = base(10, 30), base(40, 30)
    hedge_on_the_line = field.rectangle(30, 30, 1, 6)
    hedge_aside = field.rectangle(30, 10, 1, 6)
    under_the_shooter = {"circle": [10, 30], "radius": 4}
    report = field.sight_report(shooter, target, _sight([], [hedge_aside, hedge_on_the_line]))
    assert report["seen"] and report["cover"] and report["cover_by"] == [1]
    assert not field.sight_report(shooter, target, _sight([], [hedge_aside, under_the_shooter]))["cover"]
    assert field.has_cover(shooter, target, [hedge_on_the_line])


def test_a_sight_report_refuses_a_rule_it_does_not_know():
    with pytest.raises(ValueError, match="unknown sight rule"):
        field.sight_report(base(0, 0), base(9, 9), {"rule": "x-ray"})


def test_a_ruler_between_bases_reads_the_distance_edge_to_edge():
    a, b = base(10, 10, 1.5), base(10, 30, 2.0)
    length, start, end = field.edge_to_edge(a, b)
    assert length == pytest.approx(field.base_distance(a, b)) == pytest.approx(16.5)
    assert start == pytest.approx([10, 11.5]) and end == pytest.approx([10, 28.0])
    point = {"circle": [13, 14], "radius": 0}
    assert field.edge_to_edge(point, {"circle": [10, 10], "radius": 0})[0] == pytest.approx(5.0)
    assert field.edge_to_edge(base(0, 0, 2), base(3, 0, 2))[0] == 0.0, "overlapping bases: 0"
