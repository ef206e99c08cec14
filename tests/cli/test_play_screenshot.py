"""`boardwright play GAME --screenshot FILE`: the real client, set up from the command line,
renders its first frame to a PNG and exits; run as a person runs it, in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from boardwright.framework import PluginHost
from boardwright.framework.match import Match

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
GAMES = sorted(PluginHost().games())


def _play(*args: str, home: Path, platform: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}
    env.pop("QT_QPA_PLATFORM", None)  # a screenshot needs no display and chooses offscreen itself
    if platform is not None:
        env["QT_QPA_PLATFORM"] = platform
    return subprocess.run(
        [sys.executable, "-m", "boardwright.cli.main", "play", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def _colours(image: QImage) -> int:
    step = max(1, image.width() // 60)
    return len({image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)})


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_renders_a_screenshot_in_both_languages(game, lang, tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"play_{game}_{lang}.png"
    path.unlink(missing_ok=True)
    done = _play(game, "--lang", lang, "--seed", "4", "--screenshot", str(path), "--size", "1280x720", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and done.stdout == ""
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1280, 720)
    assert _colours(image) > 12, "a real board, not an empty frame"


def test_an_empty_platform_setting_is_no_platform(tmp_path):
    picture = tmp_path / "shot.png"
    done = _play("connect_four", "--screenshot", str(picture), home=tmp_path, platform="")
    assert done.returncode == 0, done.stderr
    assert QImage(str(picture)).width() == 1200


def test_a_saved_game_opens_for_a_screenshot(tmp_path):
    host = PluginHost()
    match = Match(host.engine("connect_four"), 2, {}, 3, None, ["human", "random"])
    for column in (3, 3, 4):
        match.apply({"type": "drop", "column": column})
    save = tmp_path / "game.bwr"
    match.save(save)
    picture = tmp_path / "shot.png"
    done = _play("--load", str(save), "--screenshot", str(picture), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert QImage(str(picture)).width() == 1200


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["connect_four", "--seats", "human,nobody"],
            "'nobody' is neither human nor a bot (greedy, learned, mcts, random)",
        ),
        (["connect_four", "--players", "3"], "for 2 players, not 3"),
        (["connect_four", "--size", "10x10"], "--size is WIDTHxHEIGHT"),
        (["no_such_game"], "no_such_game"),
        ([], "name a game"),
    ],
)
def test_bad_flags_give_one_line_and_no_picture(args, says, tmp_path):
    picture = tmp_path / "shot.png"
    done = _play(*args, "--screenshot", str(picture), home=tmp_path)
    assert done.returncode == 2
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not picture.exists() and not list(tmp_path.glob("*.part"))


def test_a_damaged_save_or_an_unwritable_picture_gives_one_line(tmp_path):
    damaged = tmp_path / "damaged.bwr"
    damaged.write_bytes(b"\x93not a save")
    done = _play("--load", str(damaged), "--screenshot", str(tmp_path / "a.png"), home=tmp_path)
    assert done.returncode == 2 and "damaged.bwr" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    blocked = tmp_path / "file"
    blocked.write_text("a file, not a folder")
    done = _play("connect_four", "--screenshot", str(blocked / "shot.png"), home=tmp_path)
    assert done.returncode == 2 and "cannot write the picture" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_start_without_a_display_says_so_in_one_line(tmp_path):
    """No DISPLAY nor WAYLAND_DISPLAY: exit 2 and one line, not Qt's abort about a plugin."""
    env = {
        key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    env["HOME"] = str(tmp_path)
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    done = subprocess.run(
        [sys.executable, "-m", "boardwright.cli.main", "play", "connect_four", "--players", "2"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0], done.stderr
