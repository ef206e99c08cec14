"""`boardwright new-plugin NAME [DIR]`: a pip-installable game package with tests.

The package depends on the Boardwright it was made with (`boardwright>=X.Y,<X+1`), and its
`requirements-boardwright.txt` tells pip where that Boardwright is when it is on no package
index (a checkout, a wheel built locally), so that a fresh environment installs the game
with one command (`install_command`)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import re
import secrets
import shutil
import sys
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from urllib.parse import unquote, urlparse

from boardwright.framework import BoardwrightError

# template file -> where it goes in the new package ({name} is the package name)
LAYOUT = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "rules.py.tmpl": "{name}/rules.py",
    "plugin.py.tmpl": "{name}/plugin.py",
    "game.toml.tmpl": "{name}/data/game.toml",
    "messages.toml.tmpl": "{name}/data/messages.toml",
    "scenario.toml.tmpl": "{name}/data/scenarios/greedy.toml",
    "test_game.py.tmpl": "tests/test_{name}.py",
    "README.md.tmpl": "README.md",
    "rules.en.md.tmpl": "{name}/data/rules.en.md",
    "rules.ru.md.tmpl": "{name}/data/rules.ru.md",
}
# the package's folders that hold data: each is a package of its own (an __init__.py), as
# setuptools wants data to be, so that building it says nothing
DATA_PACKAGES = ("data", "data/scenarios")
SOURCE_FILE = "requirements-boardwright.txt"


def requirement() -> str:
    """The Boardwright this package needs: the running one's major version, from its minor on."""
    major, minor = (int(part) for part in re.findall(r"\d+", importlib.metadata.version("boardwright"))[:2])
    return f"boardwright>={major}.{minor},<{major + 1}"


def boardwright_source() -> list[str]:
    """pip's lines for where the running Boardwright came from, when that is no index: an
    editable checkout (`-e DIR`), a folder, or a wheel or sdist file (`--find-links` to its
    folder). Empty for one installed from an index, where the requirement alone finds it."""
    try:
        said = importlib.metadata.distribution("boardwright").read_text("direct_url.json")
        direct = json.loads(said or "{}")
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return []
    url = urlparse(direct.get("url", ""))
    if url.scheme != "file":
        return []
    path = Path(unquote(url.path))
    if "dir_info" in direct:
        return [f"-e {path}" if direct["dir_info"].get("editable") else str(path)]
    return [f"--find-links {path.parent}"]


def install_command(target: Path) -> str:
    """The command that installs the package at `target`, with its tests' needs, into any environment."""
    return f"pip install -r '{target / SOURCE_FILE}' -e '{target}[test]'"


def check_name(name: str, taken: Iterable[str] = ()) -> None:
    """Refuse a name that is no plugin name, or that would not work once installed: one the
    standard library uses (`import random` would find Python's), an installed game's or
    plugin's (`taken`: Boardwright would ignore the second one), or any installed module's."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{1,40}", name):
        raise BoardwrightError(
            f"{name!r} is not a plugin name: 2 to 41 lower-case letters, digits and _, starting with a letter"
            " (like my_game)",
            "bad-name",
        )
    if name in sys.stdlib_module_names:
        raise BoardwrightError(f"{name!r} is a module of Python's standard library: choose another name", "bad-name")
    if name in set(taken):
        raise BoardwrightError(f"{name!r} is the name of an installed game or plugin: choose another name", "bad-name")
    if importlib.util.find_spec(name) is not None:
        raise BoardwrightError(f"{name!r} is the name of an installed module: choose another name", "bad-name")


def create(
    name: str, target: Path, title: str | None = None, title_ru: str | None = None, taken: Iterable[str] = ()
) -> Path:
    """Write the package for game `name` into `target` (missing or empty); `title` and
    `title_ru` are its English and Russian titles (from the name when not given); `taken`,
    the names of the games and plugins installed (`check_name`).

    The files are written into a folder beside `target` that becomes `target` when all are
    there: a disk that fills up or a folder that cannot be written leaves nothing behind."""
    check_name(name, taken)
    if target.exists() and not target.is_dir():
        raise BoardwrightError(f"{target} is a file, not a folder", "exists")
    if target.exists() and any(target.iterdir()):
        raise BoardwrightError(f"{target} exists and is not empty", "exists")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = target.parent / f".{target.name}.{secrets.token_hex(4)}"  # made with the user's umask
        staging.mkdir()
    except OSError as exc:
        raise BoardwrightError(f"cannot write {target}: {exc.strerror or exc}", "unwritable") from None
    try:
        _write(name, staging, title, title_ru)
        if target.exists():
            target.rmdir()  # empty, as checked above
        os.replace(staging, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BoardwrightError(f"cannot write {target}: {exc.strerror or exc}", "unwritable") from None
    return target


def _write(name: str, target: Path, title: str | None, title_ru: str | None) -> None:
    fields = {
        "name": name,
        "dist": name.replace("_", "-"),
        "cls": "".join(part.capitalize() for part in name.split("_")),
        "title": title or name.replace("_", " ").capitalize(),
        "requirement": requirement(),
    }
    fields["title_ru"] = title_ru or f"Игра «{fields['title']}»"  # "the game «…»": set your own with --title-ru
    templates = resources.files("boardwright.cli") / "templates" / "plugin"
    for source, destination in LAYOUT.items():
        path = target / destination.format(**fields)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text((templates / source).read_text(encoding="utf-8").format(**fields), encoding="utf-8")
    (target / name / "__init__.py").write_text(f'"""{fields["title"]}: a Boardwright game."""\n', encoding="utf-8")
    for folder in DATA_PACKAGES:
        (target / name / folder / "__init__.py").write_text("", encoding="utf-8")
    lines = [
        "# The Boardwright this game was made with, and where pip finds it on this machine when",
        "# it is on no package index: pip install -r requirements-boardwright.txt -e '.[test]'",
        "# sets up a fresh environment for the game.",
        *boardwright_source(),
        fields["requirement"],
    ]
    (target / SOURCE_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
