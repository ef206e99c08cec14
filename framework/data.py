"""A game's data files: the TOML files of the `data` folder in its package, read once when
the game is imported::

    DATA = GameData(__package__)
    CONFIG = DATA.toml("game.toml")
    MESSAGES = DATA.messages("messages.toml", "table_text.toml")

A file that is not valid TOML is refused with its name, its line and what the complaint
means (as a scenario file is), not with a traceback from inside the parser; texts split over
several files may not give one key twice.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from .errors import FileFormatError

LANGS = ("en", "ru")

# What each of tomllib's complaints means for a person writing a file by hand
SYNTAX_HINTS = {
    "Invalid value": 'after "=" comes a value: a number, true or false, "quoted text", a [list] or an {inline = table}',
    "Expected '=' after a key": "each line of a table is key = value",
    "Invalid statement": "a line is key = value, a [table] header or a # comment",
    "Cannot overwrite a value": "a key is written twice: keep one",
    "Cannot declare": "a table is written twice: keep one",
    "Cannot redefine namespace": "a table is written twice: keep one",
    "Cannot mutate immutable namespace": "a table given inline is written again: keep one",
    "Duplicate inline table key": "a key is written twice in one {table}: keep one",
    "Unterminated string": "a text is missing its closing quote",
    "Unclosed array": "a [list is missing its closing ] or a comma between its items",
    "Unclosed inline table": "an {inline table is missing its closing } or a comma between its items",
    "Expected ']' at the end of a table declaration": "a [table] header is missing its closing ]",
    "Invalid initial character for a key part": 'a key is a word of letters, digits, _ and -, or "quoted"',
    "Unescaped '\\' in a string": "a \\ in \"quoted text\" starts an escape: write \\\\, or use 'single quotes'",
    "Illegal character '\\n'": 'a "quoted text" is missing its closing quote before the end of the line',
}


def toml_problem(exc: tomllib.TOMLDecodeError) -> tuple[int | None, str]:
    """tomllib's complaint as (its line, what it means): "not valid TOML, column 18: Invalid
    value (after = comes ...)"."""
    said = str(exc)
    match = re.search(r"\(at line (\d+), column (\d+)\)|\(at end of document\)", said)
    message = said[: match.start()].strip() if match else said
    line = int(match.group(1)) if match and match.group(1) else None
    hint = next((meaning for start, meaning in SYNTAX_HINTS.items() if message.startswith(start)), "")
    place = f"column {match.group(2)}: " if match and match.group(2) else ("at the end: " if match else "")
    return line, f"not valid TOML, {place}{message}" + (f" ({hint})" if hint else "")


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """`text` as TOML; `where` names the file in the error a bad one gets."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, problem = toml_problem(exc)
        raise FileFormatError(f"{where}:{line}: {problem}" if line else f"{where}: {problem}") from None


class GameData:
    """The `data` folder of a game's package (`package`: the rules module's `__package__`)."""

    def __init__(self, package: str | None) -> None:
        if not package:
            raise ValueError("GameData names the package whose data folder it reads: GameData(__package__)")
        self.package = package
        self.folder: Traversable = resources.files(package) / "data"

    def text(self, name: str) -> str:
        return (self.folder / name).read_text(encoding="utf-8")

    def toml(self, name: str) -> dict[str, Any]:
        return parse_toml(self.text(name), f"{self.package.rpartition('.')[2]}/data/{name}")

    def messages(self, *names: str) -> dict[str, dict[str, str]]:
        """Every text of the game by language, from its message files (`[en]` and `[ru]`
        tables); a key given in two files is refused."""
        merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
        for name in names or ("messages.toml",):
            for lang, texts in self.toml(name).items():
                clash = set(texts) & set(merged.setdefault(lang, {}))
                if clash:
                    raise FileFormatError(f"data/{name}: [{lang}] repeats the keys {sorted(clash)}")
                merged[lang].update(texts)
        return merged
