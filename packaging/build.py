"""Build the one-folder desktop application into `dist/boardwright/` (one command):

    .venv/bin/pip install -e '.[bundle]'
    .venv/bin/python packaging/build.py

Run `dist/boardwright/boardwright` to start the client; `dist/boardwright/boardwright list`
lists the games. The folder can be moved anywhere (or packed for a release).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Build the one-folder Boardwright application.")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="where the application folder goes")
    parser.add_argument("--work", default=str(ROOT / "build" / "pyinstaller"), help="PyInstaller's scratch folder")
    args = parser.parse_args(argv)
    # the tree is the `boardwright` package (package-dir "." in pyproject.toml): PyInstaller
    # reads it through a folder where `boardwright` names this tree, so an editable install
    # (whose import hook PyInstaller cannot follow) builds the same bundle as a normal one
    staging = Path(tempfile.mkdtemp(prefix="boardwright-bundle-"))
    (staging / "boardwright").symlink_to(ROOT, target_is_directory=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(staging), os.environ.get("PYTHONPATH")]))}
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        args.dist,
        "--workpath",
        args.work,
        str(HERE / "boardwright.spec"),
    ]
    try:
        return subprocess.run(command, cwd=HERE, env=env, check=False).returncode
    finally:
        (staging / "boardwright").unlink()
        staging.rmdir()


if __name__ == "__main__":
    sys.exit(main())
