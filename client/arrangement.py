"""Where a board's elements go (client/layout.py builds each one): rows of the strips above
and below and of the main elements, arranged for the screen the board is drawn on.

Only the elements' boxes are moved here, so every arrangement tried costs a walk of the
rows, not of the items; the chosen one places the items once (`items_of`). No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

Item = dict[str, Any]

WIDTH = 1000.0  # the table's width when nothing else says
GAP = 24.0
TITLE_SIZE = 22.0
TITLE_EM = 0.7  # a bold title's width per character, in ems (generous: a title never overlaps)
TITLE_MARGIN = 1.08  # a title measured in the client's font gets this much room beyond its width
LIMITS = (0.5, 0.65, 0.8, 1.25, 1.5, 2.0, 2.5, 3.0)  # widths tried, against the widest row
PLACES = ("top", "left", "main", "right", "bottom")  # a strip's place; left and right: a column beside the main
CLEARLY_LARGER = 1.03
TITLE_PASSES = 4  # at most this many layouts again for titles the small font widens  # another arrangement only where it shows the board this much larger


class Screen(NamedTuple):
    """Where a board is drawn: the board part's size and the system's small font, in pixels;
    `ems`: how wide a bold title is, in ems of its font (measured by the client's fonts;
    without it, `TITLE_EM` a character)."""

    width: float
    height: float
    small: float
    ems: Callable[[str], float] | None = None


class Layout:
    """Items in board units, with the box they fill."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.width = 0.0
        self.height = 0.0
        self.title_height = 0.0  # room its title takes above it (elements in a row line up below)
        self.title = ""  # its title's text

    def add(self, item: Item) -> None:
        self.items.append(item)


class Row(list[tuple[Layout, float]]):
    """Elements side by side (each with its scale), of one place (top, main or bottom),
    named by their `row`."""

    place = "main"
    name: Any = None

    def width(self) -> float:
        return sum(lay.width * scale for lay, scale in self) + GAP * (len(self) - 1)


class Arrangement(NamedTuple):
    """Each element with its scale and the top left corner it goes to; the box they fill."""

    spots: list[tuple[Layout, float, float, float]]
    width: float
    height: float


def rows_of(built: list[tuple[Layout, float, str, Any]]) -> list[Row]:
    """The elements (layout, scale, place, row name) in rows: top, left, main, right, then
    bottom, each in its order; elements that name the same `row` share one."""
    rows: list[Row] = []
    for place in PLACES:
        for lay, scale, where, named in built:
            if where != place:
                continue
            last = rows[-1] if rows else None
            if last is not None and last.place == place and named is not None and last.name == named:
                last.append((lay, scale))  # a named row: side by side, however wide
                continue
            row = Row([(lay, scale)])
            row.place, row.name = place, named
            rows.append(row)
    return rows


def hand_room(built: list[tuple[Layout, float, str, Any]], least: float) -> float:
    """How wide a hand may lie before its cards overlap: the main elements' width with the
    columns beside them, or `least` where that is less."""

    def widest(place: str) -> float:  # the widest row of that place (elements that name one row side by side)
        rows: dict[Any, float] = {}
        for index, (lay, scale, where, row) in enumerate(built):
            if where == place:
                key = index if row is None else row
                rows[key] = rows.get(key, 0.0) + lay.width * scale + GAP
        return max(rows.values(), default=0.0)

    return max(least, widest("left") + widest("main") - GAP + widest("right"))


def arranged(rows: list[Row], screen: Screen | None) -> Arrangement:
    """The arrangement that `screen` shows largest (without one: every strip packed into the
    widest row), with room for the titles the client enlarges to the small font."""
    aspect = screen.width / screen.height if screen is not None else None
    found = _best(rows, aspect)
    # titles widened for the scale found are laid out again; that may draw the board smaller,
    # so again, until none needs more room (a few passes: each scale is nearer the last)
    for _ in range(TITLE_PASSES if screen is not None else 0):
        assert screen is not None
        scale = min(screen.width / max(found.width, 1.0), screen.height / max(found.height, 1.0))
        if not _title_room(rows, screen.small / max(scale, 1e-6) * 1.08, screen.ems):
            break
        found = _best(rows, aspect)
    return found


def items_of(arrangement: Arrangement) -> list[Item]:
    """Every element's items, moved to its spot and scaled."""
    return [placed(item, x, y, scale) for lay, scale, x, y in arrangement.spots for item in lay.items]


def placed(item: Item, dx: float, dy: float, scale: float) -> Item:
    """`item` moved by (dx, dy) after scaling by `scale` (positions, sizes and radii)."""
    moved = dict(item)

    def at(p: list[float]) -> list[float]:
        return [dx + p[0] * scale, dy + p[1] * scale]

    for key in ("center", "at"):
        if key in moved:
            moved[key] = at(moved[key])
    if "points" in moved:
        moved["points"] = [at(p) for p in moved["points"]]
    if "rect" in moved:
        x, y, w, h = moved["rect"]
        moved["rect"] = [dx + x * scale, dy + y * scale, w * scale, h * scale]
    for key in ("radius", "size", "label_size"):
        if key in moved and moved[key] is not None:
            moved[key] = moved[key] * scale
    return moved


def _best(rows: list[Row], aspect: float | None) -> Arrangement:
    natural = max((row.width() for row in rows), default=WIDTH)
    beside = _beside_arrangement(rows)
    if aspect is None or aspect <= 0:
        return beside or _stacked_arrangement(rows, natural)
    # no narrower than the widest main row or the widest single strip
    floor = max(
        [row.width() for row in rows if row.place == "main"]
        + [lay.width * scale for row in rows for lay, scale in row],
        default=natural,
    )
    strips = sum(row.width() + GAP for row in rows if row.place != "main")
    limits = [natural] + [natural * f for f in LIMITS if floor <= natural * f < natural + strips]
    choices = [_stacked_arrangement(rows, limit) for limit in limits]
    side = _side_arrangement(rows) if beside is None else None
    if beside is not None:
        choices.insert(0, beside)  # the columns the game asked for, unless stacking shows it clearly larger
    if side is not None:
        choices.append(side)

    def shown(choice: Arrangement) -> float:
        return min(aspect / max(choice.width, 1.0), 1.0 / max(choice.height, 1.0))

    best = choices[0]
    for choice in choices[1:]:
        if shown(choice) > shown(best) * CLEARLY_LARGER:  # the natural arrangement unless another is clearly larger
            best = choice
    return best


def _title_room(rows: list[Row], size: float, ems: Callable[[str], float] | None = None) -> bool:
    """Widen each element whose title at `size` (board units) is wider than it; whether any was."""
    widened = False
    for row in rows:
        for lay, scale in row:
            width = ems(lay.title) * TITLE_MARGIN if ems is not None else len(lay.title) * TITLE_EM
            wanted = width * max(TITLE_SIZE * scale, size) / scale
            if lay.title and wanted > lay.width:
                lay.width, widened = wanted, True
    return widened


def _packed(rows: list[Row], limit: float) -> list[Row]:
    """Unnamed strips of one place side by side while they fit `limit`."""
    packed: list[Row] = []
    for row in rows:
        last = packed[-1] if packed else None
        if (
            last is not None
            and row.place != "main"
            and last.place == row.place
            and row.name is None
            and last.name is None
            and last.width() + GAP + row.width() <= limit
        ):
            joined = Row([*last, *row])
            joined.place = last.place
            packed[-1] = joined
            continue
        packed.append(row)
    return packed


def _wrapped(rows: list[Row], limit: float) -> list[Row]:
    """A named strip wider than `limit` wrapped onto more lines, in its order (a hand of
    several kinds of cards in two lines on a narrow view); main rows stay whole."""
    out: list[Row] = []
    for row in rows:
        if row.place == "main" or row.name is None or row.width() <= limit or len(row) < 2:
            out.append(row)
            continue
        lines = [Row()]
        for part in row:
            if lines[-1] and lines[-1].width() + GAP + part[0].width * part[1] > limit:
                lines.append(Row())
            lines[-1].append(part)
        for number, line in enumerate(lines):
            line.place, line.name = row.place, (row.name, number)  # kept apart from other strips
        out.extend(lines)
    return out


def _stacked(
    rows: list[Row], left: float, top: float, width: float
) -> tuple[list[tuple[Layout, float, float, float]], float]:
    """`rows` one below the other from (left, top), each centred in `width`: the elements'
    spots and the height they take (without a gap below the last)."""
    spots: list[tuple[Layout, float, float, float]] = []
    y = top
    for row in rows:
        x = left + (width - row.width()) / 2
        # the contents of a row line up below the tallest title
        titles = max(lay.title_height * scale for lay, scale in row)
        for lay, scale in row:
            spots.append((lay, scale, x, y + titles - lay.title_height * scale))
            x += lay.width * scale + GAP
        y += max(lay.height * scale + titles - lay.title_height * scale for lay, scale in row) + GAP
    return spots, max(0.0, y - top - GAP)


def _stacked_arrangement(rows: list[Row], limit: float) -> Arrangement:
    packed = _packed(_wrapped(rows, limit), limit)
    width = max((row.width() for row in packed), default=WIDTH)
    spots, height = _stacked(packed, 0.0, 0.0, width)
    return Arrangement(spots, width, height)


def _beside_arrangement(rows: list[Row]) -> Arrangement | None:
    """The strips placed left and right as columns beside the main elements (the left one
    level with their top, the right one with their bottom, nearest the viewer), the strips
    above and below across the whole width."""
    lefts, rights = _placed(rows, "left"), _placed(rows, "right")
    mains = _placed(rows, "main")
    if not mains or not (lefts or rights):
        return None
    left_width = max((row.width() + GAP for row in lefts), default=0.0)
    right_width = max((row.width() + GAP for row in rights), default=0.0)
    middle = max(row.width() for row in mains)
    band = left_width + middle + right_width
    tops, bottoms = _packed(_placed(rows, "top"), band), _packed(_placed(rows, "bottom"), band)
    width = max([band, *(row.width() for row in tops + bottoms)])
    left = (width - band) / 2
    above, above_height = _stacked(tops, 0.0, 0.0, width) if tops else ([], -GAP)
    y = above_height + GAP
    centre, centre_height = _stacked(mains, left + left_width, y, middle)
    column, column_height = _stacked(lefts, left, y, left_width - GAP) if lefts else ([], 0.0)
    right_height = _stacked(rights, 0.0, 0.0, right_width)[1] if rights else 0.0
    low = y + max(0.0, centre_height - right_height)
    other, _ = _stacked(rights, left + left_width + middle + GAP, low, right_width - GAP) if rights else ([], 0.0)
    top = y + max(centre_height, column_height, right_height) + GAP
    below, below_height = _stacked(bottoms, 0.0, top, width) if bottoms else ([], -GAP)
    return Arrangement(above + column + centre + other + below, width, top + below_height)


def _placed(rows: list[Row], place: str) -> list[Row]:
    return [row for row in rows if row.place == place]


def _side_arrangement(rows: list[Row]) -> Arrangement | None:
    """The strips above the main elements as a column at their left, the strips below
    across the whole width below both."""
    tops = [row for row in rows if row.place == "top"]
    mains = [row for row in rows if row.place == "main"]
    bottoms = [row for row in rows if row.place == "bottom"]
    if not tops or not mains:
        return None
    column = max(row.width() for row in tops)
    tops = _packed(tops, column)
    middle = max(row.width() for row in mains)
    width = column + GAP + middle
    bottoms = _packed(bottoms, width)
    width = max([width, *(row.width() for row in bottoms)])
    left = (width - column - GAP - middle) / 2
    side, side_height = _stacked(tops, left, 0.0, column)
    centre, centre_height = _stacked(mains, left + column + GAP, 0.0, middle)
    top = max(side_height, centre_height) + GAP
    below, below_height = _stacked(bottoms, 0.0, top, width) if bottoms else ([], -GAP)
    return Arrangement(side + centre + below, width, top + below_height)
