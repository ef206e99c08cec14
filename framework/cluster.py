"""Where `simulate --backend ray` plays: the Ray cluster at `RAY_ADDRESS`, else a local Ray
instance. A connection that fails is one line saying what to do; Ray's own log lines (its
INFO and WARNING lines, its core's retries) stay off the terminal unless asked for.

The token: Ray turns token authentication on for a local instance (2.59 and later), which
writes `~/.ray/auth_token`, and `ray start --head` turns it on whenever the machine has a
token. A client that connects to an address sends its token only with `RAY_AUTH_MODE=token`
set, and otherwise tries "InvalidAuthToken" for twenty seconds before it fails.
`connect` sets it whenever this machine has a token (a head without authentication still
takes a client that sends one), and lets Ray try a head for `CONNECT_TRIES` seconds. (A
head whose port does not answer at all Ray tries for minutes: the command line asks the
port first, `cli/simulate.py`, since the kernel opens no sockets.)
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .errors import BoardwrightError

AUTH_MODE = "RAY_AUTH_MODE"
CONNECT_TRIES = "5"  # Ray tries a head's GCS once a second (its own default: 20 times)
DEFAULT_TOKEN = Path("~/.ray/auth_token")


def token_source() -> str | None:
    """Where this machine's Ray token is, looked for as Ray does: `RAY_AUTH_TOKEN`, the
    file `RAY_AUTH_TOKEN_PATH` names, `~/.ray/auth_token`; None when there is none. A
    `RAY_AUTH_TOKEN_PATH` that holds no token is refused here (Ray would abort on it)."""
    if os.environ.get("RAY_AUTH_TOKEN", "").strip():
        return "RAY_AUTH_TOKEN"
    named = os.environ.get("RAY_AUTH_TOKEN_PATH", "").strip()
    if named:
        if not _holds_token(Path(named).expanduser()):
            raise BoardwrightError(
                f"RAY_AUTH_TOKEN_PATH is {named}, which holds no Ray token: copy the head's"
                " (`ray get-auth-token` on the head) there, or unset it",
                "no-cluster",
            )
        return named
    default = DEFAULT_TOKEN.expanduser()
    return str(default) if _holds_token(default) else None


def _holds_token(path: Path) -> bool:
    try:
        return bool(path.read_text(encoding="utf-8").strip())
    except (OSError, UnicodeDecodeError):
        return False


def connect(workers: int, verbose: bool = False) -> None:
    """Connect this process to Ray once: to the cluster at `RAY_ADDRESS`, else to a new
    local instance with `workers` CPUs. `verbose` lets Ray print its own log lines.
    BoardwrightError (one line) when Ray is missing or the cluster cannot be reached."""
    loaded = sys.modules.get("ray")
    if loaded is not None and loaded.is_initialized():
        return
    address = os.environ.get("RAY_ADDRESS", "").strip()
    source = None
    if address:
        source = token_source()
        if source is not None:
            os.environ.setdefault(AUTH_MODE, "token")
        os.environ.setdefault("RAY_gcs_server_port_wait_time_s", CONNECT_TRIES)
    try:
        import ray
    except ImportError:
        raise BoardwrightError("the Ray backend needs Ray: pip install 'boardwright[ray]'", "no-ray") from None
    level = logging.INFO if verbose else logging.ERROR
    with contextlib.nullcontext() if verbose else _core_lines_kept_off():
        if not address:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level=level)
            return
        try:
            ray.init(address=address, log_to_driver=False, logging_level=level)
        except Exception as exc:
            raise BoardwrightError(_failure(address, exc, source), "no-cluster") from None


@contextlib.contextmanager
def _core_lines_kept_off() -> Iterator[None]:
    """Ray's core (C++) writes its lines to the process's stderr itself, past Python's
    logging: while Ray starts or connects (its retries, its notes on the log level), that
    stream goes to a file that is thrown away. Ray's own log level setting would announce
    itself in a line of its own."""
    sys.stderr.flush()
    kept = os.dup(2)
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(kept, 2)
    finally:
        os.close(kept)


def _failure(address: str, exc: BaseException, source: str | None) -> str:
    """What a failed `ray.init(address=...)` means, in one line that says what to do."""
    said: list[str] = []
    cause: BaseException | None = exc
    while cause is not None and len(said) < 5:
        said.append(f"{type(cause).__name__}: {cause}")
        cause = cause.__cause__ or cause.__context__
    text = "\n".join(said)
    if "InvalidAuthToken" in text or "Unauthenticated" in text or "AuthenticationError" in text:
        copy = "set RAY_AUTH_TOKEN to the head's token" if source == "RAY_AUTH_TOKEN" else "copy the head's token"
        copy += " (`ray get-auth-token` on the head)"
        copy += "" if source == "RAY_AUTH_TOKEN" else f" into {source or DEFAULT_TOKEN}"
        if os.environ.get(AUTH_MODE, "").lower() == "disabled":
            return f"the Ray cluster at {address} wants its token, and {AUTH_MODE}=disabled sends none: unset it"
        if source is None:
            return f"the Ray cluster at {address} wants its token, and this machine has none: {copy}"
        return f"the Ray cluster at {address} refused this machine's token ({source}): {copy}"
    last = (str(exc).strip().splitlines() or [type(exc).__name__])[-1][:200]
    return (
        f"could not join the Ray cluster at {address} ({last}): is its head running, with the Ray version"
        " installed here (`ray --version` on both)?"
    )
