"""The event log: what happened, in English and Russian, for people and for machines.

Games emit events with a message key and parameters; text is made from the game's
message catalog only when someone reads it, so emitting costs almost nothing.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

LANGUAGES = ("en", "ru")


class NullLog:
    """The sink used in playouts and search: it drops every event.

    `recording` is False here and True in `EventLog`: in its hottest rules a game may write
    `if log.recording: log.emit(...)`, so a playout does not even build the event's parameters
    (about a quarter of a microsecond an event, a tenth of a Connect Four action)."""

    __slots__ = ()
    recording = False

    def emit(self, key: str, to: list[int] | None = None, **params: Any) -> None:
        return None


NULL_LOG = NullLog()


class EventLog:
    """Events of one game, each a plain dict: {"key", "params", "to", "ply"}."""

    recording = True

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.ply = -1  # set-up events; then the ply of the action that caused them

    def emit(self, key: str, to: list[int] | None = None, **params: Any) -> None:
        self.events.append({"key": key, "params": params, "to": to, "ply": self.ply})

    def visible_to(self, seat: int | None) -> list[dict[str, Any]]:
        """Events that `seat` may read (`None`: a spectator, who reads public events only)."""
        return [e for e in self.events if e["to"] is None or (seat is not None and seat in e["to"])]


class _Fields(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


# whether a place's coordinate is read beside its name (the person asked for coordinates)
_PLACES_SHOWN: ContextVar[bool] = ContextVar("places_shown", default=False)


def place(name: dict[str, str], coordinate: str) -> dict[str, str]:
    """A text that names a place on the board, ``{"en": ..., "ru": ..., "place": coordinate}``:
    people read its name ("forest (North)"), and its coordinate beside it only where they asked
    to see coordinates (`showing_places`). Game texts name cells this way, never by coordinate."""
    return {**name, "place": coordinate}


def show_places(shown: bool) -> None:
    """Read places with their coordinates (True) or by name alone, in this thread's texts from now."""
    _PLACES_SHOWN.set(shown)


@contextmanager
def showing_places(shown: bool = True) -> Iterator[None]:
    """Within the block, places are read with their coordinates (or not)."""
    token = _PLACES_SHOWN.set(shown)
    try:
        yield
    finally:
        _PLACES_SHOWN.reset(token)


def _localise(value: Any, lang: str, seat_names: list[str], messages: dict[str, dict[str, str]] | None = None) -> Any:
    if isinstance(value, dict):
        if "key" in value and messages is not None:
            params = {name: v for name, v in value.items() if name != "key"}
            return render({"key": value["key"], "params": params}, messages, lang, seat_names)
        if "en" in value:
            name = value.get(lang) or value["en"]
            if "place" in value and _PLACES_SHOWN.get():
                return f"{name} {value['place']}".strip()
            return name
    if isinstance(value, list):
        return ", ".join(str(_localise(v, lang, seat_names, messages)) for v in value)
    return value


def text(value: Any, messages: dict[str, dict[str, str]], lang: str = "en", seat_names: list[str] | None = None) -> str:
    """A text of a board description in `lang`: a plain value, ``{"en": ..., "ru": ...}``, or a
    message key with its parameters, ``{"key": "status_turn", "seat": 1}`` (parameters may be
    texts themselves, and `seat`, `*_seat`, `seats` name seats as events do)."""
    if value is None:
        return ""
    if isinstance(value, dict) and "key" in value:
        return str(_localise(value, lang, seat_names or [], messages))
    return str(_localise(value, lang, seat_names or []))


TEXT_FIELDS = frozenset(
    {
        "status",
        "label",
        "tip",
        "text",
        "title",
        "lines",
        "rules",
        "keywords",
        "name",
        "caption",
        "back_label",
        "back_labels",
    }
)


def resolve_texts(
    value: Any, messages: dict[str, dict[str, str]], lang: str = "en", seat_names: list[str] | None = None
) -> Any:
    """A copy of a board description with every text in a text field (`status`, `label`,
    `tip`, `text`, `title`, `lines`, ...) made a plain string in `lang`."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for name, item in value.items():
            if name == "stats" and isinstance(item, list):
                # [[label, value], ...]: each label is a text
                out[name] = [
                    [text(entry[0], messages, lang, seat_names), *entry[1:]] if isinstance(entry, list) else entry
                    for entry in item
                ]
            elif name in TEXT_FIELDS:
                if isinstance(item, list):
                    out[name] = [text(line, messages, lang, seat_names) for line in item]
                elif isinstance(item, (str, dict)) or item is None:
                    out[name] = text(item, messages, lang, seat_names)
                else:
                    out[name] = item
            else:
                out[name] = resolve_texts(item, messages, lang, seat_names)
        return out
    if isinstance(value, list):
        return [resolve_texts(item, messages, lang, seat_names) for item in value]
    return value


def plural_form(count: int, lang: str) -> str:
    """The CLDR plural category of `count` in `lang`: one, few, many (Russian) or other."""
    if lang == "ru":
        last, tens = abs(count) % 10, abs(count) % 100
        if last == 1 and tens != 11:
            return "one"
        if 2 <= last <= 4 and not 12 <= tens <= 14:
            return "few"
        return "many"
    return "one" if count == 1 else "other"


def render(
    event: dict[str, Any],
    messages: dict[str, dict[str, str]],
    lang: str = "en",
    seat_names: list[str] | None = None,
) -> str:
    """One line of text for `event` in `lang`, falling back to English, then to the key.

    A message may come in plural forms chosen by its `count` parameter, as CLDR names them:
    `KEY_one` and `KEY_other` in English; `KEY_one`, `KEY_few` and `KEY_many` in Russian
    (1 карту, 2 карты, 5 карт); `KEY` itself serves where a form is missing. A number that
    is 0 may have a form of its own, `KEY_no_NAME` for the parameter NAME, which leaves it
    out ("gains 3 prosperity", not "gains 3 prosperity and draws 0")."""
    names = seat_names or []
    catalog = messages.get(lang) or {}
    key = event["key"]
    count = event["params"].get("count")
    english = messages.get("en", {})
    template = None
    if isinstance(count, int) and not isinstance(count, bool):
        template = catalog.get(f"{key}_{plural_form(count, lang)}")
        if template is None and key not in catalog:  # not in this language: English's form
            template = english.get(f"{key}_{plural_form(count, 'en')}")
    template = template or catalog.get(key) or english.get(key)
    for name, value in event["params"].items():
        if value == 0 and isinstance(value, int) and not isinstance(value, bool):
            template = catalog.get(f"{key}_no_{name}") or template
    fields = _Fields()
    for name, value in event["params"].items():
        if (name == "seat" or name.endswith("_seat")) and isinstance(value, int):
            fields[name] = names[value] if value < len(names) else f"#{value + 1}"
        elif (name == "seats" or name.endswith("_seats")) and isinstance(value, list):
            fields[name] = ", ".join(names[v] if v < len(names) else f"#{v + 1}" for v in value)
        else:
            fields[name] = _localise(value, lang, names, messages)
    if template is None:
        details = " ".join(f"{k}={v}" for k, v in fields.items())
        return f"{event['key']} {details}".strip()
    # a place read by name alone may be empty: no space is left where it stood
    return string.Formatter().vformat(template, (), fields).rstrip()
