"""Saves of the previous game versions (made with them, in tests/framework/data/) are refused
with one clear line that names both versions; nothing is half-loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardwright.cli.main import main
from boardwright.framework import FileFormatError, PluginHost
from boardwright.framework.match import Match

DATA = Path(__file__).parent / "data"
SAVES = sorted(DATA.glob("*.bwr"))


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_a_save_of_an_older_game_version_is_refused_with_one_line(path, capsys):
    game, version = path.stem.split("-")
    engine = PluginHost().engine(game)
    assert engine.spec.version != version
    with pytest.raises(FileFormatError, match=f"saved with {game} {version}; this is {engine.spec.version}"):
        Match.load(engine, path)
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and f"saved with {game} {version}" in err


def test_the_old_saves_are_there():
    assert {p.stem.split("-")[0] for p in SAVES} == {"connect_four", "reliquium", "bestiary", "book_of_war"}
