"""Cards elements (client/README.md, `cards`) laid out in board units, and card faces as the
client draws them. No Qt here.

A hand (`"layout": "fan"`) is the viewer's own: its cards are larger than the others, lie
side by side while the hand is not too wide, and overlap only beyond that, each leaving its
neighbour at least the part that holds its cost and title (`visible`); the one under the
mouse rises whole (`lifts`, cards.CardItem).

A face's `art` names a picture: `"game-icons:crossed-swords"` is the file
`data/icons/game_icons/crossed-swords.svg` of the game's package (scripts/vendor_icons.py
copies them from the game-icons.net set, with their authors in `data/icons/ATTRIBUTION.md`).
The client draws the picture, or nothing: never the name itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from boardwright.framework.events import resolve_texts

Item = dict[str, Any]
Face = Callable[[Any], dict[str, Any] | None]

CARD_W, CARD_H = 120.0, 168.0
HAND_SCALE = 1.8  # the viewer's hand is larger than the cards on the table
HAND_ROOM = 900.0  # a hand may always be this wide before its cards overlap (wider beside a wide board)
LEAST_SHOWN = 0.75  # an overlapped card still shows this part of its width (its cost and title)


def data_folder(game: Any) -> Traversable | None:
    """The `data` folder of the package a game's class comes from (rules, icons)."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    try:
        return resources.files(package) / "data"
    except (ModuleNotFoundError, TypeError):
        return None


def shown_face(game: Any, item: Any, lang: str) -> dict[str, Any] | None:
    """A card's face in `lang`, with the file of its picture (`picture`) when the game ships
    the one its `art` names."""
    return _shown_face(game, item if isinstance(item, str | int) else repr(item), lang)


@lru_cache(maxsize=4096)
def _shown_face(game: Any, item: Any, lang: str) -> dict[str, Any] | None:
    raw = game.card_face(item) if hasattr(game, "card_face") else None
    if raw is None:
        return None
    face = resolve_texts(raw, getattr(game, "messages", {}) or {}, lang)
    art = face.pop("art", None)
    found = _picture(game, art) if isinstance(art, str) else None
    if found is not None:
        face["picture"] = found
    return face


def picture_file(game: Any, art: str) -> str | None:
    """The file of the picture `art` names ("game-icons:crossbow") in the game's data, if shipped."""
    return _picture(game, art)


@lru_cache(maxsize=512)
def _picture(game: Any, art: str) -> str | None:
    icon_set, _colon, name = art.rpartition(":")
    folder = data_folder(game)
    if folder is None or not name:
        return None
    path = folder / "icons"
    # a set's folder is a package, so its name is a Python name: "game-icons" in "game_icons"
    for part in (icon_set.replace("-", "_"), name if name.endswith(".svg") else f"{name}.svg"):
        path = path / part if part else path
    return str(path) if path.is_file() else None


def zone_cards(zone: dict[str, Any] | None) -> list[Any]:
    """A zone as the viewer sees it: its items, with None where a card lies face down."""
    if zone is None:
        return []
    if "items" in zone:
        return list(zone["items"])
    known = {int(index): item for index, item in zone.get("known", [])}
    return [known.get(index) for index in range(int(zone.get("count", 0)))]


def face_of(face: Face | None, card: Any) -> dict[str, Any] | None:
    if card is None:
        return None
    found = face(card) if face is not None else None
    return found if found is not None else {"title": str(card)}


def pile(
    element: dict[str, Any], cards: list[Any], face: Face | None, offset: float
) -> tuple[list[Item], float, float]:
    """The top card of a pile with the count, a few backs under it; its items, width, height."""
    items: list[Item] = []
    top = cards[-1] if cards else None
    for depth in range(min(len(cards), 4) - 1, 0, -1):
        rect = [depth * 3, offset + depth * 3, CARD_W, CARD_H]
        items.append({"shape": "card", "rect": rect, "face": None, "back": element.get("back")})
    item: Item = {
        "shape": "card",
        "rect": [0, offset, CARD_W, CARD_H],
        "face": face_of(face, top),
        "back": element.get("back"),
        "count": len(cards),
    }
    if element.get("back_label") and item["face"] is None:
        item["back_label"] = element["back_label"]  # on the face-down top of the pile
    if element.get("id") is not None:
        item["id"] = element["id"]
    elif top is not None and element.get("select", True):
        item["id"] = top
    if not cards:
        item["empty"] = True
    items.append(item)
    return items, CARD_W + 12, CARD_H + offset + 12


def spread(
    element: dict[str, Any], cards: list[Any], face: Face | None, offset: float, room: float = HAND_ROOM
) -> tuple[list[Item], float, float]:
    """A row, a grid or a hand (fan) of cards; its items, width and height. A hand wider than
    `room` overlaps, and past that takes more rows."""
    style = element.get("layout", "row")
    hand = style == "fan"
    w, h = (CARD_W * HAND_SCALE, CARD_H * HAND_SCALE) if hand else (CARD_W, CARD_H)
    per_row = int(element.get("columns", 0)) or (len(cards) if style != "grid" else 5) or 1
    step = w * 1.06
    if hand and per_row > 1 and step * (per_row - 1) + w > room:
        # a wide hand overlaps, and past that takes more rows, not more of the table's width
        per_row = min(per_row, int((room - w) / (w * LEAST_SHOWN)) + 1)
        step = min(step, (room - w) / max(per_row - 1, 1))
    chosen = {repr(c) for c in element.get("chosen", [])}
    back_labels = element.get("back_labels") or []
    items: list[Item] = []
    for index, card in enumerate(cards):
        row, column = divmod(index, per_row)
        y = offset + row * (h + 14) + (abs(column - (per_row - 1) / 2) * 6 if hand else 0)
        item: Item = {"shape": "card", "rect": [column * step, y, w, h], "face": face_of(face, card)}
        item["back"] = element.get("back")
        if hand:
            item["lifts"] = True
            if step < w and column < per_row - 1 and index < len(cards) - 1:
                item["visible"] = round(step / w, 3)  # the next card covers the rest
        if card is None and index < len(back_labels) and back_labels[index]:
            item["back_label"] = back_labels[index]  # what this face-down card's back tells
        badges = (element.get("badges") or {}).get(str(card)) if card is not None else None
        if badges:
            item["badges"] = badges
        if card is not None and element.get("select", True):
            # a card may stand for another id in the actions (a land card "N3" chooses land "N")
            item["id"] = (element.get("click_ids") or {}).get(str(card), card)
            # a known card is a piece: played from a hand to a line, it flies there (board_view);
            # cards only offered to choose from (`"offered": true`) are not, and no move marks them
            if not element.get("offered"):
                item["layer"] = "piece"
            # the row it lies in: a card that only moved along its row (a card before it was
            # played) was not changed by the move (marks.stable_piece)
            item["in"] = repr(element.get("zone", element.get("title")))
        if repr(card) in chosen:
            item["highlight"] = True
        items.append(item)
    if not cards:  # an empty row or hand keeps its place as an empty slot under its title
        items.append({"shape": "card", "rect": [0, offset, w, h], "face": None, "empty": True})
    shown = min(len(cards), per_row) or 1
    rows = max(1, math.ceil(len(cards) / per_row))
    width = max(step * (shown - 1) + w, w)
    return items, width, offset + rows * (h + 14) + (12 if hand else 0)
