"""Scenario files: TOML data, checked against the game's schema, never executed.

A scenario file looks like::

    [scenario]
    game = "reliquium"
    id = "seven_castles"
    title_en = "Seven castles"
    title_ru = "Семь замков"
    players = [2, 3, 4]          # optional: the player counts it supports

    [data]                       # whatever the game's `scenario_schema` describes
    castles_to_win = 7

Errors name the file, the line and the field, e.g.
``seven.toml:9: data.castles_to_win: 0 is less than the minimum of 1``.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ScenarioError
from .game import Game
from .spec import Scenario

HEADER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "id", "title_en"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string", "minLength": 1},
        "id": {"type": "string", "pattern": "^[a-z0-9_]+$"},
        "title_en": {"type": "string", "minLength": 1},
        "title_ru": {"type": "string"},
        "summary_en": {"type": "string"},
        "summary_ru": {"type": "string"},
        "players": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1},
    },
}


def _line_of(text: str, path: list[str | int]) -> int | None:
    """The line where the field at `path` is written (best effort: the key, else its table)."""
    lines = text.splitlines()
    names = [p for p in path if isinstance(p, str)]
    if not names:
        return None
    # the deepest key we can find after the header of its table
    table_line = 0
    for depth in range(len(names) - 1, 0, -1):
        header = re.compile(r"^\s*\[+\s*" + r"\s*\.\s*".join(re.escape(n) for n in names[:depth]) + r"\s*\]+")
        for number, line in enumerate(lines, 1):
            if header.match(line):
                table_line = number
                break
        if table_line:
            break
    key = re.compile(r"^\s*" + re.escape(names[-1]) + r"\s*=|[{,]\s*" + re.escape(names[-1]) + r"\s*=")
    for number, line in enumerate(lines[table_line:], table_line + 1):
        if key.search(line):
            return number
    return table_line or None


def _field_name(path: list[str | int]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "(top)"


def _check(schema: dict[str, Any], data: Any, prefix: list[str | int], text: str, where: str) -> None:
    import jsonschema  # imported on the first scenario read: a command that reads none starts without it

    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        error = errors[0]
        path = prefix + list(error.absolute_path)
        if error.validator == "required":
            missing = error.message.split("'")[1] if "'" in error.message else ""
            raise ScenarioError(where, _line_of(text, path), _field_name([*path, missing]), "is missing")
        if error.validator == "additionalProperties":
            known = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
            extra = sorted(set(error.instance) - known) if isinstance(error.instance, dict) else []
            if extra:
                path = [*path, extra[0]]
                allowed = ", ".join(sorted(known)) or "none"
                raise ScenarioError(
                    where, _line_of(text, path), _field_name(path), f"unknown field (allowed: {allowed})"
                )
            raise ScenarioError(where, _line_of(text, path), _field_name(path), error.message)
        raise ScenarioError(where, _line_of(text, path), _field_name(path), error.message)


def parse_scenario(text: str, where: str, games: dict[str, Game]) -> Scenario:
    """Parse and check scenario text; `where` names the file in errors."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        raise ScenarioError(where, int(match.group(1)) if match else None, "(syntax)", str(exc)) from None
    if "scenario" not in doc:
        raise ScenarioError(where, None, "scenario", "is missing (a [scenario] table with game, id and title_en)")
    unknown = sorted(set(doc) - {"scenario", "data"})
    if unknown:
        raise ScenarioError(
            where, _line_of(text, [unknown[0]]), unknown[0], "is not a scenario section (use [scenario] and [data])"
        )
    header = doc["scenario"]
    _check(HEADER_SCHEMA, header, ["scenario"], text, where)
    game = games.get(header["game"])
    if game is None:
        known = ", ".join(sorted(games)) or "none"
        raise ScenarioError(
            where,
            _line_of(text, ["scenario", "game"]),
            "scenario.game",
            f"unknown game {header['game']!r} (installed: {known})",
        )
    data = doc.get("data", {})
    _check(game.scenario_schema, data, ["data"], text, where)
    for field, problem in game.check_scenario(data):
        path: list[str | int] = ["data", *[int(p) if p.isdigit() else p for p in field.split(".")]]
        raise ScenarioError(where, _line_of(text, path), _field_name(path), problem)
    players = tuple(header.get("players", ()))
    bad = [p for p in players if p not in game.spec.players]
    if bad:
        raise ScenarioError(
            where,
            _line_of(text, ["scenario", "players"]),
            "scenario.players",
            f"{game.spec.id} is not for {bad[0]} players",
        )
    return Scenario(
        id=header["id"],
        title_en=header["title_en"],
        title_ru=header.get("title_ru", ""),
        data=data,
        players=players,
        source=where,
        game=game.spec.id,
    )


def load_scenario(path: str | Path, games: dict[str, Game]) -> Scenario:
    """Read and check one scenario file."""
    file = Path(path)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise ScenarioError(str(file), None, "(file)", exc.strerror or str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(str(file), None, "(file)", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return parse_scenario(text, str(file), games)


def package_scenarios(game: Game, package: str, folder: str = "data/scenarios") -> list[Scenario]:
    """The scenarios a game ships as TOML files in its package, sorted by file name."""
    root = resources.files(package).joinpath(folder)
    out = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            out.append(
                parse_scenario(
                    entry.read_text(encoding="utf-8"), f"{package}/{folder}/{entry.name}", {game.spec.id: game}
                )
            )
    return out
