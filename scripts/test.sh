#!/usr/bin/env bash
# Sets everything up on a fresh machine (a venv in .venv) and runs the whole test suite:
# ruff (lint and format), mypy over every package, then pytest. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
ensure_python
ensure_project test
ensure_qt offscreen || exit 1
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy framework plugins net client cli bots"
.venv/bin/mypy
echo "== pytest"
compile_project  # the modules edited since the set-up: the suite starts many processes
export QT_QPA_PLATFORM=offscreen
status=0
# two workers (pytest-xdist): each test file, and all LAN tests together, on one worker
# (tests/conftest.py says how)
.venv/bin/python -m pytest -p no:cacheprovider -n 2 "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "pytest collected no tests: that is a failure" >&2
    exit 1
fi
exit "$status"
