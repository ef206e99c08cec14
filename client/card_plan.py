"""Where each part of a card face goes, and in which font: a plan that `cards.paint_card` draws
and the tests measure.

Every text is fitted by QFontMetrics: the largest size up to the part's own that fits its
box, wrapped at words (hyphenated at a syllable, with a hyphen shown, only when one word is
wider than the card: never broken anywhere else), and never
smaller than `minimum`, the system's small font in the painter's units. A part that cannot
be read at that size is left out of a small card (the large preview shows it); the preview
asks for every part and grows taller until they all fit (`preview_height`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pyphen
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QFontMetricsF, QGuiApplication

WRAP_WORDS = Qt.TextFlag.TextWordWrap
HYPHENATED = -1  # wrapped at words, and inside a word at its syllables with a hyphen shown
HYPHENATED_ANYWHERE = -2  # a word with no syllable that fits: between any two of its letters, a hyphen shown
SOFT_HYPHEN = "\u00ad"  # Qt breaks a line there and draws a hyphen; elsewhere it is not drawn
BIG = 1e6
STEPS = 12  # font sizes tried between a part's own size and the minimum
SLACK = 2.0  # pixels
BADGE = 2.0  # a round badge (a cost, a count) is at least this many small fonts wide


def small_font_px() -> float:
    """The system's small font in pixels: the smallest readable font, but never more than the
    general font (some platforms report a larger "smallest" one)."""
    sizes = [QFontInfo(QFontDatabase.systemFont(QFontDatabase.SystemFont.SmallestReadableFont)).pixelSize()]
    if QGuiApplication.instance() is not None:
        sizes.append(QFontInfo(QGuiApplication.font()).pixelSize())
    return float(min(size for size in sizes if size > 0))


def font(size: float, bold: bool = False) -> QFont:
    result = QFont()
    result.setPixelSize(max(1, round(size)))
    result.setBold(bold)
    return result


@dataclass
class Part:
    """One text of a face in its box: `flags` say how it wraps and aligns."""

    kind: str  # title, keywords, text, stat, cost, badge, back_label
    text: str
    rect: QRectF
    font: QFont
    flags: int


def needed(text: str, width: float, size: float, bold: bool, wrap: int, lines: int | None = None) -> float | None:
    """The height `text` takes wrapped (`wrap`) in `width` at `size`, or None when a line stays
    too wide or it needs more than `lines` lines."""
    metrics = QFontMetricsF(font(size, bold))
    # measured a little narrower than it is drawn, so that rounding never wraps it once more
    room = width - SLACK
    box = metrics.boundingRect(QRectF(0, 0, room, BIG), int(Qt.AlignmentFlag.AlignLeft) | wrap, text)
    if box.width() > room + 0.01:
        return None
    if lines is not None and box.height() > lines * metrics.lineSpacing() + 0.01:
        return None
    return box.height()


def fit(
    text: str,
    width: float,
    height: float,
    size: float,
    minimum: float,
    bold: bool = False,
    lines: int | None = None,
    wraps: tuple[int, ...] = (WRAP_WORDS, HYPHENATED, HYPHENATED_ANYWHERE),
) -> tuple[float, float, int, str] | None:
    """The largest font size from `size` down to `minimum` at which `text` fits `width` by
    `height`: (size, height used, wrap flag, the text to draw), wrapped at words at any of
    those sizes before a word is hyphenated; None when it cannot be read in that box."""
    if width <= 0 or height <= 0:
        return None
    top = max(size, minimum)
    for wrap in wraps:
        shown, flag = (text, int(wrap))
        if wrap in (HYPHENATED, HYPHENATED_ANYWHERE):
            shown, flag = hyphenated(text, wrap == HYPHENATED_ANYWHERE), int(WRAP_WORDS)
        for step in range(STEPS + 1):
            trial = top - (top - minimum) * step / STEPS
            used = needed(shown, width, trial, bold, flag, lines)
            if used is not None and used <= height + 0.01:
                return trial, used, flag, shown
    return None


@lru_cache(maxsize=4096)
def hyphenated(text: str, anywhere: bool = False) -> str:
    """`text` with soft hyphens at its words' syllables (Russian or English rules, by the
    word's letters), or `anywhere` between two letters that leave two on each side: where a
    line may break inside a word with a hyphen shown."""
    words = []
    for word in text.split(" "):
        if anywhere:
            words.append(
                word[:2] + "".join(SOFT_HYPHEN + letter for letter in word[2:-2]) + word[-2:] if len(word) > 4 else word
            )
            continue
        cyrillic = any("\u0400" <= letter <= "\u04ff" for letter in word)
        words.append(_dictionary("ru_RU" if cyrillic else "en_US").inserted(word, hyphen=SOFT_HYPHEN))
    return " ".join(words)


def syllables(word: str) -> list[str]:
    """`word` in the pieces a line may break it into (Russian or English rules; a word
    they do not break, between any two letters that leave two on each side)."""
    pieces = hyphenated(word).split(SOFT_HYPHEN)
    return pieces if len(pieces) > 1 else hyphenated(word, anywhere=True).split(SOFT_HYPHEN)


@lru_cache(maxsize=4)
def _dictionary(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=lang, left=2, right=2)


def stat_label(stat: Any) -> str:
    if isinstance(stat, list | tuple):
        return " ".join(str(part) for part in stat if str(part)).strip()
    return str(stat)


class Plan:
    """The parts of one face in a card of width `w` and height `h`, of which the left
    `visible` part shows (the next card of an overlapping hand covers the rest): every part
    lies in that part. `complete` says whether every part found room (a small card leaves
    out what it cannot show readably)."""

    def __init__(
        self, face: dict[str, Any], w: float, h: float, minimum: float, visible: float = 1.0, everything: bool = False
    ) -> None:
        self.parts: list[Part] = []
        self.art: QRectF | None = None
        self.complete = True
        self.cost_circle: QRectF | None = None
        self.chips: list[QRectF] = []
        self.w, self.h, self.pad = min(max(visible, 0.3), 1.0) * w, h, w * 0.06
        self.minimum = minimum
        self.everything = everything
        self._lay_out(face, self.w, everything, w)

    def _lay_out(self, face: dict[str, Any], shown: float, everything: bool, whole: float) -> None:
        w, h, pad, minimum = self.w, self.h, self.pad, self.minimum
        if "cost" in face:
            size = badge_size(whole, minimum)
            self.cost_circle = QRectF(whole * 0.04, whole * 0.04, size, size)
            self._add("cost", str(face["cost"]), self.cost_circle, max(size * 0.55, minimum), True, centred=True)
        title = str(face.get("title", ""))
        bottom = self._stats(face.get("stats") or [], h - pad, everything)
        y = self._title(title, shown, bottom)
        if y is None and self.chips and not everything:  # the name before the stats
            self.parts = [part for part in self.parts if part.kind != "stat"]
            self.chips, bottom = [], h - pad
            y = self._title(title, shown, bottom)
        if y is None:
            self.complete, y = not title, pad
        y += pad * 0.4
        words = " · ".join(str(word) for word in face.get("keywords") or [])
        body = str(face.get("text") or "")
        art_wanted = bool(face.get("picture"))
        art_least = h * 0.16 if art_wanted else 0.0
        for kind, text, nominal, bold in (("keywords", words, h * 0.05, True), ("text", body, h * 0.05, False)):
            if not text:
                continue
            room = bottom - y - art_least
            placed = fit(text, w - 2 * pad, room, nominal, minimum, bold)
            if placed is None:
                self.complete = False
                continue
            size, used, wrap, shown_text = placed
            if kind == "keywords":
                self._add(kind, shown_text, QRectF(pad, y, w - 2 * pad, used), size, bold, wrap=wrap)
                y += used + pad * 0.3
            else:
                self._add(kind, shown_text, QRectF(pad, bottom - used, w - 2 * pad, used), size, bold, wrap=wrap)
                bottom -= used + pad * 0.3
        if art_wanted and bottom - y >= art_least * 0.6:
            self.art = QRectF(pad, y, w - 2 * pad, min(bottom - y, h * 0.34))

    def _title(self, title: str, shown: float, bottom: float) -> float | None:
        """The title in the part of the card that shows (`shown` wide), above `bottom`: beside
        the cost badge, else under it, hyphenated inside a word only when neither will do; returns
        its bottom, None when it does not fit."""
        h, pad = self.h, self.pad
        circle = self.cost_circle
        spots = [(pad, pad)]  # (left, top)
        if circle is not None:
            spots = [(circle.right() + pad * 0.4, pad), (pad, circle.bottom() + pad * 0.3)]
        band = max(h * 0.13, circle.bottom() - pad if circle is not None else 0.0)
        for wrap, bold in (
            (WRAP_WORDS, True),
            (WRAP_WORDS, False),
            (HYPHENATED, True),
            (HYPHENATED_ANYWHERE, True),
            (HYPHENATED_ANYWHERE, False),
        ):
            for left, top in spots:
                # the name comes first: on a small card it may take the whole card
                room = min(h * 0.42, bottom - top) if self.everything else bottom - top
                placed = fit(title, shown - pad - left, room, h * 0.068, self.minimum, bold, wraps=(wrap,))
                if placed is not None:
                    size, used, flags, text = placed
                    box = QRectF(left, top, shown - pad - left, max(used, band if top == pad else used))
                    self._add("title", text, box, size, bold, wrap=flags, middle=True)
                    return box.bottom()
        return None if title else pad + band

    def _stats(self, stats: list[Any], bottom: float, everything: bool) -> float:
        """Chips along the bottom, as many to a row as read at the chips' size; returns the
        top of the chips."""
        if not stats:
            return bottom
        w, h, pad, minimum = self.w, self.h, self.pad, self.minimum
        labels = [stat_label(stat) for stat in stats]
        gap = max(w * 0.02, 2.0)
        for per_row in range(len(labels), 0, -1):
            width = (w - 2 * pad - gap * (per_row - 1)) / per_row
            sizes = [fit(label, width - gap * 2, BIG, h * 0.055, minimum, True, lines=1) for label in labels]
            rows = -(-len(labels) // per_row)
            if all(sizes) and (rows <= 3 or everything):
                size = min(found[0] for found in sizes if found)
                chip = max(h * 0.1, QFontMetricsF(font(size, True)).height() * 1.25)
                top = bottom - rows * chip - (rows - 1) * gap
                for index, label in enumerate(labels):
                    row, column = divmod(index, per_row)
                    box = QRectF(pad + column * (width + gap), top + row * (chip + gap), width, chip)
                    self.chips.append(box)
                    self._add("stat", label, box, size, True, centred=True)
                return top - pad * 0.4
        self.complete = False
        return bottom

    def _add(
        self,
        kind: str,
        text: str,
        box: QRectF,
        size: float,
        bold: bool,
        wrap: int = 0,
        centred: bool = False,
        middle: bool = False,
    ) -> None:
        align = Qt.AlignmentFlag.AlignCenter if centred else Qt.AlignmentFlag.AlignLeft
        vertical = Qt.AlignmentFlag.AlignVCenter if middle else (0 if centred else Qt.AlignmentFlag.AlignTop)
        self.parts.append(Part(kind, text, box, font(size, bold), int(align) | int(vertical) | wrap))


def back_label(label: str, w: float, h: float, minimum: float, bottom: float) -> Part | None:
    """What a face-down card's back tells (size marks), on a band across its middle above
    `bottom` (a count badge), or None when it cannot be read on so small a card."""
    pad = w * 0.08
    placed = fit(label, w - 2 * pad - w * 0.06, bottom - 2 * pad, h * 0.09, minimum, True)
    if placed is None:
        return None
    size, used, wrap, text = placed
    band = min(max(h * 0.18, used + h * 0.04), bottom - 2 * pad)
    centre = min(h / 2, bottom - pad - band / 2)
    box = QRectF(pad, centre - band / 2, w - 2 * pad, band)
    return Part("back_label", text, box, font(size, True), int(Qt.AlignmentFlag.AlignCenter) | wrap)


def badge_size(w: float, minimum: float) -> float:
    """A round badge's width (a cost, a count): a quarter of the card, at least `BADGE` small fonts."""
    return max(w * 0.24, minimum * BADGE)


def preview_height(face: dict[str, Any], width: float, minimum: float, least: float) -> float:
    """The preview's height: `least`, or taller until every part of the face has room."""
    height = least
    while not Plan(face, width, height, minimum, everything=True).complete and height < least * 3:
        height += least * 0.1
    return height
