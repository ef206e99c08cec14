"""`boardwright new-plugin NAME [DIR]`: a pip-installable game package with tests."""

from __future__ import annotations

import re
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
    `title_ru` are its English and Russian titles (from the name when not given)."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{1,40}", name):
        raise BoardwrightError("a plugin name is lower-case letters, digits and _ (like my_game)", "bad-name")
    if target.exists() and any(target.iterdir()):
        raise BoardwrightError(f"{target} exists and is not empty", "exists")
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
    return target
