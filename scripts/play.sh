#!/usr/bin/env bash
# Sets everything up on a fresh machine (a venv in .venv) and starts the desktop client.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/boardwright play "$@"
