"""Static descriptions of a game: metadata, options and scenarios, apart from any state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

OptionValue = bool | int | str


def titled(messages: dict[str, dict[str, str]], key: str, field_name: str = "title") -> dict[str, str]:
    """`{"title_en": ..., "title_ru": ...}` from a game's message files, so that a spec or an
    option takes its titles from data: ``GameSpec(..., **titled(MESSAGES, "game_title"))``."""
    return {f"{field_name}_{lang}": messages.get(lang, {}).get(key) or messages["en"][key] for lang in ("en", "ru")}


LOT = "lot"  # a `per_seat` option's value for a seat left to chance


@dataclass(frozen=True)
class Option:
    """A setting chosen before the game starts (`--option key=value`)."""

    key: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    # values a text option offers by name (each with its text `option_<key>_<value>` in the
    # game's messages), while any other text the game accepts may still be typed
    suggested: tuple[str, ...] = ()
    # a text option that holds a set of these values, comma separated ("saxum,armus"; the
    # empty text is the empty set), each with its text `option_<key>_<value>`: the client
    # offers them as a list to tick, and any other value is refused
    subset_of: tuple[str, ...] = ()
    # a text option that names one of these values for each seat, in seat order and comma
    # separated ("castle,lot,orcs"), each seat's different, `lot` for a seat left to chance
    # (the whole text `lot`: every seat), each with its text `option_<key>_<value>`: the
    # client offers the choice beside each seat; the game deals them with `seat_picks.deal`.
    # A whole text among `suggested` ("initiative") is the game's own way for every seat.
    per_seat: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    title_en: str = ""
    title_ru: str = ""

    def parse(self, text: str) -> OptionValue:
        """Turn command-line text into a checked value of the option's type."""
        kind = type(self.default)
        value: OptionValue
        if kind is bool:
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                value = True
            elif lowered in ("0", "false", "no", "off"):
                value = False
            else:
                raise OptionError(f"option {self.key}: expected true or false, got {text!r}")
        elif kind is int:
            try:
                value = int(text)
            except ValueError:
                raise OptionError(f"option {self.key}: expected a whole number, got {text!r}") from None
        else:
            value = text
        return self.check(value)

    def check(self, value: Any) -> OptionValue:
        kind = type(self.default)
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            raise OptionError(f"option {self.key}: expected {kind.__name__}, got {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.key}: {value!r} is not one of {allowed}")
        if self.subset_of and isinstance(value, str):
            unknown = [part.strip() for part in value.split(",") if part.strip() not in (*self.subset_of, "")]
            if unknown:
                allowed = ", ".join(self.subset_of)
                raise OptionError(f"option {self.key}: {unknown[0]!r} is not one of {allowed} (comma separated)")
        if self.per_seat and isinstance(value, str) and value not in self.suggested:
            named = [part.strip() for part in value.split(",")]
            unknown = [part for part in named if part not in (*self.per_seat, LOT)]
            if unknown:
                allowed = ", ".join((*self.per_seat, LOT))
                raise OptionError(f"option {self.key}: {unknown[0]!r} is not one of {allowed} (one for each seat)")
        if isinstance(value, int) and self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.key}: {value} is below {self.minimum}")
        if isinstance(value, int) and self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.key}: {value} is above {self.maximum}")
        return value


ROUND_CAP = Option(
    "round_cap",
    0,
    minimum=0,
    title_en="Round limit",
    title_ru="Предел раундов",
)


@dataclass(frozen=True)
class Scenario:
    """A named set-up: data the game's `setup` reads, and option values that games with it
    start from (a player's own choice of an option still wins). Loaded from TOML or built in code."""

    id: str
    title_en: str
    title_ru: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    players: tuple[int, ...] = ()
    source: str = ""
    game: str = ""  # the game it is for (files name it; a game's own built-in ones may not)
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec:
    """What a game is, without any state: id, titles, seats, options, scenarios."""

    id: str
    version: str
    title_en: str
    title_ru: str
    players: tuple[int, ...]
    options: tuple[Option, ...] = ()
    # Team layouts per player count, e.g. {4: [[0, 2], [1, 3]]}; seats absent here play alone.
    teams: dict[int, list[list[int]]] = field(default_factory=dict)
    summary_en: str = ""
    summary_ru: str = ""
    factions: tuple[str, ...] = ()
    default_scenario: str = ""

    def all_options(self) -> tuple[Option, ...]:
        keys = {o.key for o in self.options}
        return self.options + (() if ROUND_CAP.key in keys else (ROUND_CAP,))

    def option(self, key: str) -> Option:
        for opt in self.all_options():
            if opt.key == key:
                return opt
        known = ", ".join(o.key for o in self.all_options())
        raise OptionError(f"{self.id} has no option {key!r} (options: {known})")

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, OptionValue]:
        """Defaults merged with `given`, every value checked."""
        values: dict[str, OptionValue] = {o.key: o.default for o in self.all_options()}
        for key, value in (given or {}).items():
            opt = self.option(key)
            values[key] = (
                opt.parse(value) if isinstance(value, str) and not isinstance(opt.default, str) else opt.check(value)
            )
        return values
