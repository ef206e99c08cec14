"""`boardwright new-plugin NAME [DIR]`: a pip-installable game package with tests."""

from __future__ import annotations

import os
import re
import secrets
import shutil
from importlib import resources
from pathlib import Path

from boardwright.framework import BoardwrightError

# template file -> where it goes in the new package ({name} is the package name)
LAYOUT = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "rules.py.tmpl": "{name}/rules.py",
    "plugin.py.tmpl": "{name}/plugin.py",
    "game.toml.tmpl": "{name}/data/game.toml",
    "messages.toml.tmpl": "{name}/data/messages.toml",
    "test_game.py.tmpl": "tests/test_{name}.py",
    "README.md.tmpl": "README.md",
    "rules.en.md.tmpl": "{name}/data/rules.en.md",
    "rules.ru.md.tmpl": "{name}/data/rules.ru.md",
}


def create(name: str, target: Path, title: str | None = None, title_ru: str | None = None) -> Path:
    """Write the package for game `name` into `target` (missing or empty); `title` and
    `title_ru` are its English and Russian titles (from the name when not given).

    The files are written into a folder beside `target` that becomes `target` when all are
    there: a disk that fills up or a folder that cannot be written leaves nothing behind."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{1,40}", name):
        raise BoardwrightError(
            f"{name!r} is not a plugin name: 2 to 41 lower-case letters, digits and _, starting with a letter"
            " (like my_game)",
            "bad-name",
        )
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
    }
    fields["title_ru"] = title_ru or f"Игра «{fields['title']}»"  # "the game «…»": set your own with --title-ru
    templates = resources.files("boardwright.cli") / "templates" / "plugin"
    for source, destination in LAYOUT.items():
        path = target / destination.format(**fields)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text((templates / source).read_text(encoding="utf-8").format(**fields), encoding="utf-8")
    (target / name / "__init__.py").write_text(f'"""{fields["title"]}: a Boardwright game."""\n', encoding="utf-8")
