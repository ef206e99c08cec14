#!/usr/bin/env bash
# Sets everything up on a fresh machine (a venv in .venv, the system libraries Qt needs) and
# starts the desktop client; later starts skip the set-up while nothing changed.
# Arguments go to `boardwright play` (see `scripts/play.sh --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
ensure_python
ensure_project ""
ensure_qt "$(qt_platform_for "$@")" || exit 1
exec .venv/bin/boardwright play "$@"
