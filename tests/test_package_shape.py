"""Games read like their rulebooks: every game package is split by concept, with no module
over 600 lines and no function over 80 (house style), and no Russian in its Python code:
texts live in the game's data files."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"
GAMES = sorted(path.name for path in PLUGINS.iterdir() if (path / "__init__.py").exists())
MAX_MODULE, MAX_FUNCTION = 600, 80


def _sources(game: str) -> list[Path]:
    return sorted((PLUGINS / game).rglob("*.py"))


@pytest.mark.parametrize("game", GAMES)
def test_no_module_or_function_is_too_long(game):
    long = []
    for path in _sources(game):
        source = path.read_text(encoding="utf-8")
        if source.count("\n") > MAX_MODULE:
            long.append(f"{path.name}: {source.count(chr(10))} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION:
                    long.append(f"{path.name}: {node.name} has {size} lines")
    assert not long, long


@pytest.mark.parametrize("game", GAMES)
def test_no_russian_in_the_python_code(game):
    found = [
        f"{path.name}:{number}"
        for path in _sources(game)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search("[\\u0400-\\u04ff]", line)
    ]
    assert not found, f"Russian text in Python (move it to the data files): {found}"
