"""Scenario files: TOML data, checked against the game's schema, never executed.

A scenario file looks like::

    [scenario]
    game = "reliquium"
    id = "seven_castles"
    title_en = "Seven castles"
    title_ru = "Семь замков"
    players = [2, 3, 4]          # optional: the player counts it supports

    [options]                    # optional: the game's options (`boardwright list --json`)
    round_cap = 60

    [data]                       # whatever the game's `scenario_schema` describes
    castles_to_win = 7

A game without a `scenario_schema` of its own takes no `[data]` at all, so a field written
for it is an error, not a silent no-op. Errors name the file, the line and the field, e.g.
``seven.toml:12: data.castles_to_win: 0 is less than the minimum of 1``, and say what is
allowed. `file_schema` is the whole file's JSON Schema, for editors.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .data import toml_problem
from .errors import OptionError, ScenarioError
from .game import Game
from .spec import GameSpec, Option, Scenario

SECTIONS = ("scenario", "options", "data")

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


def option_schema(option: Option) -> dict[str, Any]:
    """One option as JSON Schema: its type, choices, bounds and title."""
    kind = {bool: "boolean", int: "integer", str: "string"}[type(option.default)]
    schema: dict[str, Any] = {"type": kind, "default": option.default}
    if option.title_en:
        schema["title"] = option.title_en
    if option.choices:
        schema["enum"] = list(option.choices)
    if option.minimum is not None:
        schema["minimum"] = option.minimum
    if option.maximum is not None:
        schema["maximum"] = option.maximum
    return schema


def options_schema(spec: GameSpec) -> dict[str, Any]:
    """The `[options]` table a scenario of this game may set."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {option.key: option_schema(option) for option in spec.all_options()},
    }


def file_schema(game: Game) -> dict[str, Any]:
    """A whole scenario file of `game` as JSON Schema (draft 2020-12), for editors that check
    TOML against one (`boardwright scenario schema GAME`). The game's own `check_scenario`
    (regions that must exist, and so on) is beyond it: `scenario validate` runs that too."""
    spec = game.spec
    header = {**HEADER_SCHEMA, "properties": {**HEADER_SCHEMA["properties"], "game": {"const": spec.id}}}
    header["properties"]["players"] = {
        "type": "array",
        "items": {"enum": list(spec.players)},
        "minItems": 1,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"A scenario of {spec.title_en} ({spec.id} {spec.version})",
        "type": "object",
        "required": ["scenario"],
        "additionalProperties": False,
        "properties": {"scenario": header, "options": options_schema(spec), "data": game.scenario_schema},
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


def _allowed(schema: Any) -> str:
    """What a schema accepts, in words: "one of a, b", "a list of ...", "an integer"."""
    if not isinstance(schema, dict):
        return "anything" if schema is True else "nothing"
    if "const" in schema:
        return repr(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(repr(value) for value in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_allowed(branch) for branch in schema[key])
    kind = schema.get("type")
    if kind == "array" and "items" in schema:
        return f"a list of {_allowed(schema['items']).removeprefix('one of ')}"
    if isinstance(kind, str):
        return ("an " if kind[0] in "aeiou" else "a ") + kind
    return "what the game's schema describes"


def _choices(schema: Any) -> list[str]:
    """Every text a schema names as a choice (in `enum`, `const` and their branches)."""
    if not isinstance(schema, dict):
        return []
    found = [value for value in schema.get("enum", []) if isinstance(value, str)]
    if isinstance(schema.get("const"), str):
        found.append(schema["const"])
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key, []):
            found += _choices(branch)
    found += _choices(schema.get("items"))
    return found


def _problem(error: Any) -> str:
    """One schema error as a person can act on it: what was written and what is allowed."""
    if error.validator in ("anyOf", "oneOf", "enum", "const"):
        problem = f"{error.instance!r} is not {_allowed(error.schema)}"
        if isinstance(error.instance, str):
            near = difflib.get_close_matches(error.instance, _choices(error.schema), n=1)
            if near:
                problem += f" (did you mean {near[0]!r}?)"
        return problem
    return str(error.message)


def _check(
    schema: dict[str, Any],
    data: Any,
    prefix: list[str | int],
    text: str,
    where: str,
    hint: dict[str, str] | None = None,
) -> None:
    """`data` against `schema`; the first error as a ScenarioError. `hint`: a word to add to
    an unknown field's error, by the field's name (an option written in [data])."""
    import jsonschema  # imported on the first scenario read: a command that reads none starts without it

    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if not errors:
        return
    error = errors[0]
    while error.validator in ("anyOf", "oneOf"):  # a branch that took the value's shape says what is wrong inside it
        inside = [branch_error for branch_error in error.context or () if branch_error.relative_path]
        if not inside:
            break
        error = jsonschema.exceptions.best_match(inside)
    path = prefix + list(error.absolute_path)
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else ""
        raise ScenarioError(where, _line_of(text, path), _field_name([*path, missing]), "is missing")
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
        extra = sorted(set(error.instance) - known)
        if extra:
            path = [*path, extra[0]]
            allowed = ", ".join(sorted(known)) or "none"
            problem = f"unknown field (allowed: {allowed})"
            if hint and extra[0] in hint and len(path) == 2:
                problem += f"; {hint[extra[0]]}"
            raise ScenarioError(where, _line_of(text, path), _field_name(path), problem)
    raise ScenarioError(where, _line_of(text, path), _field_name(path), _problem(error))


def _syntax_error(exc: tomllib.TOMLDecodeError, where: str) -> ScenarioError:
    """tomllib's complaint with what it means: "column 18: Invalid value: after = comes ..."."""
    line, problem = toml_problem(exc)
    return ScenarioError(where, line, "(syntax)", problem)


def _check_options(given: Any, game: Game, text: str, where: str) -> dict[str, Any]:
    """The `[options]` table: the schema says which keys and bounds, each option's own
    `check` the exact type (TOML's 5.0 is an integer to JSON Schema, not to the option)."""
    _check(options_schema(game.spec), given, ["options"], text, where)
    for key, value in given.items():
        try:
            game.spec.option(key).check(value)
        except OptionError as exc:
            raise ScenarioError(where, _line_of(text, ["options", key]), f"options.{key}", exc.message) from None
    return dict(given)


def parse_scenario(text: str, where: str, games: dict[str, Game]) -> Scenario:
    """Parse and check scenario text; `where` names the file in errors."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(exc, where) from None
    if "scenario" not in doc:
        raise ScenarioError(where, None, "scenario", "is missing (a [scenario] table with game, id and title_en)")
    unknown = sorted(set(doc) - set(SECTIONS))
    if unknown:
        raise ScenarioError(
            where,
            _line_of(text, [unknown[0]]),
            unknown[0],
            "is not a scenario section (use [scenario], [options] and [data])",
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
    options = _check_options(doc.get("options", {}), game, text, where)
    data = doc.get("data", {})
    option_keys = {option.key: "it is an option: set it in [options]" for option in game.spec.all_options()}
    _check(game.scenario_schema, data, ["data"], text, where, option_keys)
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
        options=options,
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
