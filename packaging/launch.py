"""The bundle's entry point: `boardwright` with every bundled game, as `pip install` gives it.

PyInstaller freezes this file; the games are found through the entry points recorded in
the bundled package metadata (`copy_metadata` in boardwright.spec), exactly as an
installed copy finds them. Games a bundle user adds later come from the folder named in
`BOARDWRIGHT_PLUGINS` (or `<user data>/plugins`): pip-installed packages placed there with
`pip install --target`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _extra_plugins() -> None:
    """Put the user's plugin folder on the path, so its packages' entry points are found."""
    import platformdirs

    folder = os.environ.get("BOARDWRIGHT_PLUGINS") or str(
        Path(platformdirs.user_data_dir("boardwright", appauthor=False)) / "plugins"
    )
    if Path(folder).is_dir():
        sys.path.append(folder)


def main() -> int:
    _extra_plugins()
    from boardwright.cli.main import main as cli

    arguments = sys.argv[1:] or ["play"]  # started from a menu: the client
    return cli(arguments)


if __name__ == "__main__":
    sys.exit(main())
