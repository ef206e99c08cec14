# Shared set-up for scripts/play.sh and scripts/test.sh (sourced, run from the repository root).
#
#   ensure_python          a Python 3.11+ venv in .venv (python3-venv from the system packages
#                          when the interpreter lacks it and they can be installed)
#   ensure_project EXTRAS  `pip install -e .[EXTRAS]` once; skipped while pyproject.toml is
#                          unchanged, so a start costs no pip run (the stamp is in .venv);
#                          then `compile_project`
#   compile_project        the project's modules compiled to bytecode, as pip does for an
#                          installed package: a machine that writes none itself
#                          (PYTHONDONTWRITEBYTECODE) would compile them at every start
#   ensure_qt PLATFORM     the system libraries Qt's platform plugin (xcb, wayland, offscreen)
#                          needs, installed with apt-get when this user may, else one line
#                          naming the command to run
#
# Every step is quiet when it has nothing to do; pip's output is shown only when it fails.

PYTHON="${PYTHON:-python3}"
STAMP=.venv/.boardwright-installed

say() { echo "boardwright: $*" >&2; }

# Runs apt-get as root or through sudo without a password; fails when neither is possible.
_apt_install() {
    local runner=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || return 1
        runner=(sudo -n)
    fi
    command -v apt-get >/dev/null 2>&1 || return 1
    say "installing system packages: $*"
    export DEBIAN_FRONTEND=noninteractive
    "${runner[@]}" apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1 && return 0
    "${runner[@]}" apt-get update -q >/dev/null 2>&1 || return 1
    "${runner[@]}" apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1
}

ensure_python() {
    if ! command -v "$PYTHON" >/dev/null 2>&1; then
        say "needs Python 3.11 or newer: install python3 (or set PYTHON=/path/to/python3)"
        exit 1
    fi
    if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        say "needs Python 3.11 or newer; $PYTHON is $("$PYTHON" -V 2>&1) (set PYTHON=/path/to/python3.11)"
        exit 1
    fi
    [ -x .venv/bin/python ] && return 0
    if ! "$PYTHON" -m venv .venv >/dev/null 2>&1; then
        rm -rf .venv
        local minor
        minor=$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
        if ! _apt_install "python$minor-venv" && ! _apt_install python3-venv; then
            say "cannot make a virtual environment: run 'sudo apt-get install python3-venv' and start again"
            exit 1
        fi
        "$PYTHON" -m venv .venv
    fi
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null 2>&1 || true
}

# EXTRAS: "" or a comma-separated list such as "test"
ensure_project() {
    local extras="${1:-}" want have installed
    want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
    if [ -f "$STAMP" ] && [ -x .venv/bin/boardwright ]; then
        read -r have installed <"$STAMP" || true
        if [ "$have" = "$want" ] && [[ ",${installed:-}," == *",$extras,"* || -z "$extras" ]]; then
            return 0
        fi
    fi
    local target="."
    [ -n "$extras" ] && target=".[$extras]"
    if ! .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target" >.venv/pip.log 2>&1; then
        cat .venv/pip.log >&2
        say "pip could not install the project (its output is above and in .venv/pip.log)"
        exit 1
    fi
    echo "$want ${extras:-,}" >"$STAMP"
    compile_project
}

compile_project() {
    # only what changed since the last time is compiled again; a tree that cannot be written
    # (a read-only checkout) simply starts as before
    .venv/bin/python -m compileall -q -j 0 framework plugins bots client net cli >/dev/null 2>&1 || true
}

# Debian/Ubuntu package of each library Qt's platform plugins load.
_package_of() {
    case "$1" in
    libxcb-cursor.so.*) echo libxcb-cursor0 ;;
    libxcb-icccm.so.*) echo libxcb-icccm4 ;;
    libxcb-keysyms.so.*) echo libxcb-keysyms1 ;;
    libxcb-image.so.*) echo libxcb-image0 ;;
    libxcb-render-util.so.*) echo libxcb-render-util0 ;;
    libxcb-shape.so.*) echo libxcb-shape0 ;;
    libxcb-randr.so.*) echo libxcb-randr0 ;;
    libxcb-xkb.so.*) echo libxcb-xkb1 ;;
    libxcb-xinerama.so.*) echo libxcb-xinerama0 ;;
    libxcb-xinput.so.*) echo libxcb-xinput0 ;;
    libxcb-sync.so.*) echo libxcb-sync1 ;;
    libxcb-xfixes.so.*) echo libxcb-xfixes0 ;;
    libxcb-shm.so.*) echo libxcb-shm0 ;;
    libxcb-render.so.*) echo libxcb-render0 ;;
    libxcb-util.so.*) echo libxcb-util1 ;;
    libxcb-glx.so.*) echo libxcb-glx0 ;;
    libxcb.so.*) echo libxcb1 ;;
    libX11-xcb.so.*) echo libx11-xcb1 ;;
    libX11.so.*) echo libx11-6 ;;
    libxkbcommon-x11.so.*) echo libxkbcommon-x11-0 ;;
    libxkbcommon.so.*) echo libxkbcommon0 ;;
    libwayland-client.so.*) echo libwayland-client0 ;;
    libwayland-cursor.so.*) echo libwayland-cursor0 ;;
    libwayland-egl.so.*) echo libwayland-egl1 ;;
    libEGL.so.*) echo libegl1 ;;
    libGL.so.*) echo libgl1 ;;
    libOpenGL.so.*) echo libopengl0 ;;
    libGLX.so.*) echo libglx0 ;;
    libfontconfig.so.*) echo libfontconfig1 ;;
    libfreetype.so.*) echo libfreetype6 ;;
    libdbus-1.so.*) echo libdbus-1-3 ;;
    libICE.so.*) echo libice6 ;;
    libSM.so.*) echo libsm6 ;;
    libglib-2.0.so.* | libgthread-2.0.so.*) echo libglib2.0-0 ;;
    *) echo "$1" ;;
    esac
}

# The system packages missing for Qt's PLATFORM plugin, one per line (none: all present).
qt_missing_packages() {
    local platform="$1" qt plugin libs
    qt=$(ls -d .venv/lib/python3*/site-packages/PySide6 2>/dev/null | head -n 1)
    [ -n "$qt" ] || return 0
    plugin="$qt/Qt/plugins/platforms/libq$platform.so"
    libs=$( (ldd "$qt/QtWidgets.abi3.so" "$plugin" 2>/dev/null || true) | awk '/not found/ {print $1}')
    if [ "$platform" = xcb ]; then
        # loaded at run time, so ldd does not list it
        local ldconfig
        ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)
        local known
        known=$("$ldconfig" -p 2>/dev/null || true)  # not piped into grep -q: pipefail would see SIGPIPE
        [[ "$known" == *libxcb-cursor.so.0* ]] || libs="$libs libxcb-cursor.so.0"
    fi
    for lib in $libs; do _package_of "$lib"; done | sort -u
}

# PLATFORM: the Qt platform plugin the client will use (xcb, wayland, offscreen, ...)
ensure_qt() {
    local platform="$1" missing
    missing=$(qt_missing_packages "$platform" | tr '\n' ' ')
    missing="${missing% }"
    [ -z "$missing" ] && return 0
    if _apt_install $missing && [ -z "$(qt_missing_packages "$platform")" ]; then
        return 0
    fi
    say "Qt's $platform display needs system libraries: run 'sudo apt-get install $missing'"
    return 1
}

# The platform plugin Qt will pick: QT_QPA_PLATFORM, else offscreen for --screenshot, else
# wayland in a Wayland-only session, else xcb.
qt_platform_for() {
    if [ -n "${QT_QPA_PLATFORM:-}" ]; then
        echo "${QT_QPA_PLATFORM%%:*}"
        return
    fi
    local arg
    for arg in "$@"; do
        if [ "$arg" = --screenshot ] || [[ "$arg" == --screenshot=* ]]; then
            echo offscreen
            return
        fi
    done
    if [ -n "${WAYLAND_DISPLAY:-}" ] && [ -z "${DISPLAY:-}" ]; then
        echo wayland
    else
        echo xcb
    fi
}
