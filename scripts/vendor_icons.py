"""Copies the game-icons.net pictures a game's cards name into the game's package.

A card face names its picture as ``"art": "game-icons:<name>"`` (client/README.md, card
faces); the client draws ``data/icons/game_icons/<name>.svg`` from the game's package. This
script writes those files from the icon set as the npm registry serves it, and the credits
page beside them, with each icon's author (the folder it lies in, in the game-icons/icons
repository) and the CC BY 3.0 licence::

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    git clone https://github.com/game-icons/icons game-icons
    python scripts/vendor_icons.py package game-icons LICENCE.txt plugins/signum

It reads the names from the game's data files (every ``game-icons:<name>`` written there)
and replaces the folder, so an icon a game stops naming goes too.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

AUTHORS = {  # the folders of the game-icons/icons repository, as its license.txt names them
    "lorc": "Lorc",
    "delapouite": "Delapouite",
    "skoll": "Skoll",
    "heavenly-dog": "HeavenlyDog",
    "faithtoken": "Faithtoken",
    "cathelineau": "Cathelineau",
    "sbed": "Sbed",
    "carl-olsen": "Carl Olsen",
}
NAMED = re.compile(r"game-icons:([a-z0-9-]+)")
CREDITS = """# Card pictures

The pictures on the cards are icons from [game-icons.net](https://game-icons.net), made by the
authors below and licensed under [CC BY 3.0](https://creativecommons.org/licenses/by/3.0/)
(the full text is in LICENCE.txt beside this page). They are taken unchanged from the npm
package `@iconify-json/game-icons` {version}; the client fills them in one colour.

| Icon | Made by |
| --- | --- |
{rows}
"""


def main(npm_package: Path, repository: Path, licence: Path, game: Path) -> None:
    icons = json.loads((npm_package / "icons.json").read_text(encoding="utf-8"))
    version = json.loads((npm_package / "package.json").read_text(encoding="utf-8"))["version"]
    size = icons.get("width", 512)
    names = sorted({name for data in (game / "data").glob("*.toml") for name in NAMED.findall(data.read_text())})
    folder = game / "data" / "icons"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "game_icons").mkdir(parents=True)
    rows = []
    for name in names:
        body = icons["icons"][name]["body"]
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">{body}</svg>\n'
        (folder / "game_icons" / f"{name}.svg").write_text(svg, encoding="utf-8")
        rows.append(f"| {name} | {AUTHORS[author(repository, name, body)]} |")
    (folder / "ATTRIBUTION.md").write_text(CREDITS.format(version=version, rows="\n".join(rows)), encoding="utf-8")
    shutil.copyfile(licence, folder / "LICENCE.txt")


def author(repository: Path, name: str, body: str) -> str:
    """The folder of the repository that holds this icon: the first of its path ("lorc/castle.svg");
    two authors' icons of one name are told apart by their drawing."""
    listing = git(repository, "ls-tree", "-r", "--name-only", "HEAD").split()
    found = [path for path in listing if path.endswith(f"/{name}.svg")]
    if len(found) > 1:  # the same start of the outline (the set rounds the later numbers)
        start = re.findall(r' d="([^"]+)"', body)[-1][:24]
        found = [path for path in found if start in git(repository, "show", f"HEAD:{path}")]
    return found[0].split("/")[0]


def git(repository: Path, *command: str) -> str:
    return subprocess.run(["git", "-C", str(repository), *command], capture_output=True, text=True, check=True).stdout


if __name__ == "__main__":
    main(*(Path(argument) for argument in sys.argv[1:5]))
