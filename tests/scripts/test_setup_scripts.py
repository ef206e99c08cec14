"""scripts/setup.sh, as scripts/play.sh and scripts/test.sh use it: the project is installed
once and not again while pyproject.toml is unchanged, the Qt platform is the one the client
will use, and missing system libraries are installed or named in one line."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETUP = ROOT / "scripts" / "setup.sh"


def _executable(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/usr/bin/env bash\n" + text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _bash(folder: Path, script: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {"PATH": os.environ["PATH"], "HOME": str(folder), **(env or {})}
    return subprocess.run(
        ["bash", "-c", f"set -euo pipefail; source {SETUP}; {script}"],
        cwd=folder,
        env=full,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def project(tmp_path):
    """A folder with a pyproject.toml and a fake venv whose pip only writes down its calls."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    _executable(tmp_path / ".venv/bin/python", 'echo "$*" >> "$(dirname "$0")/../pip-calls"\n')
    _executable(tmp_path / ".venv/bin/boardwright", "exit 0\n")
    return tmp_path


def _calls(project: Path) -> list[str]:
    calls = project / ".venv/pip-calls"
    return calls.read_text(encoding="utf-8").splitlines() if calls.exists() else []


def _pip_calls(project: Path) -> list[str]:
    return [call for call in _calls(project) if call.startswith("-m pip ")]


COMPILE = "-m compileall -q -j 0 framework plugins bots client net cli"


def test_the_project_is_installed_once_while_pyproject_is_unchanged(project):
    assert _bash(project, "ensure_project test").returncode == 0
    # installed, then its modules compiled, as pip compiles an installed package's
    assert _calls(project) == ["-m pip install --quiet --disable-pip-version-check -e .[test]", COMPILE]
    assert _bash(project, "ensure_project test").returncode == 0
    assert _bash(project, 'ensure_project ""').returncode == 0, "the test extras hold the plain install"
    assert len(_pip_calls(project)) == 1, "nothing changed: no second pip run"
    (project / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "2"\n', encoding="utf-8")
    result = _bash(project, 'ensure_project ""')
    assert result.returncode == 0 and result.stderr == "" and result.stdout == ""
    assert _pip_calls(project)[-1] == "-m pip install --quiet --disable-pip-version-check -e ."
    _bash(project, "ensure_project test")
    assert len(_pip_calls(project)) == 3, "the plain install does not hold the test extras"
    assert _calls(project).count(COMPILE) == 3, "compiled after each install, never when nothing was installed"


def test_a_failed_install_shows_pip_output_and_leaves_no_stamp(project):
    _executable(project / ".venv/bin/python", 'echo "no such package" >&2; exit 1\n')
    result = _bash(project, "ensure_project test")
    assert result.returncode == 1
    assert "no such package" in result.stderr and "pip could not install the project" in result.stderr
    assert not (project / ".venv/.boardwright-installed").exists()


@pytest.mark.parametrize(
    ("env", "args", "platform"),
    [
        ({}, "connect_four", "xcb"),
        ({}, "connect_four --screenshot /tmp/x.png", "offscreen"),
        ({"QT_QPA_PLATFORM": "offscreen"}, "", "offscreen"),
        ({"QT_QPA_PLATFORM": ""}, "--screenshot=/tmp/x.png", "offscreen"),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "", "wayland"),
        ({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, "", "xcb"),
    ],
)
def test_the_qt_platform_is_the_one_the_client_will_use(tmp_path, env, args, platform):
    result = _bash(tmp_path, f"qt_platform_for {args}", env)
    assert result.stdout.strip() == platform


@pytest.fixture
def missing_xcb(project):
    """A fake PySide6 whose xcb plugin misses two libraries, and no libxcb-cursor; `id` says
    the user is not root and there is no sudo, so nothing can be installed."""
    qt = project / ".venv/lib/python3.11/site-packages/PySide6"
    (qt / "Qt/plugins/platforms").mkdir(parents=True)
    tools = project / "tools"
    _executable(
        tools / "ldd",
        'for f in "$@"; do case "$f" in *libqxcb.so) '
        'echo "	libxcb-icccm.so.4 => not found"; echo "	libxcb-keysyms.so.1 => not found"; '
        'echo "	libc.so.6 => /lib/libc.so.6";; esac; done\n',
    )
    _executable(tools / "ldconfig", 'echo "	libxcb.so.1 (libc6,x86-64) => /lib/libxcb.so.1"\n')
    _executable(tools / "id", "echo 1000\n")
    path = f"{tools}:" + ":".join(part for part in os.environ["PATH"].split(":") if not (Path(part) / "sudo").exists())
    return project, {"PATH": path}


def test_missing_qt_libraries_are_named_by_their_packages(missing_xcb):
    project, env = missing_xcb
    result = _bash(project, "qt_missing_packages xcb", env)
    assert result.stdout.split() == ["libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"]
    assert _bash(project, "qt_missing_packages offscreen", env).stdout == "", "offscreen needs none of them"


def test_without_rights_to_install_one_line_names_the_command(missing_xcb):
    project, env = missing_xcb
    result = _bash(project, "ensure_qt xcb", env)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "boardwright: Qt's xcb display needs system libraries: "
        "run 'sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1'"
    ]


@pytest.mark.skipif(shutil.which("ldd") is None, reason="no ldd on this system")
def test_this_machine_has_what_qt_needs_offscreen():
    """The suite itself runs offscreen: scripts/test.sh installed what that needs."""
    result = _bash(ROOT, "qt_missing_packages offscreen")
    assert result.returncode == 0 and result.stdout == ""


def test_play_sh_starts_without_setting_up_again(tmp_path):
    """The README's play command, on this (set-up) checkout: no pip run, no warning, a picture."""
    picture = tmp_path / "board.png"
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    result = subprocess.run(
        ["bash", str(ROOT / "scripts/play.sh"), "connect_four", "--screenshot", str(picture)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr
    assert picture.stat().st_size > 1000
