"""Real MCP servers for the tests: PyPI ones from this environment, npm ones from a cache.

``mcp-server-time`` and ``mcp-server-git`` come with the ``[test]`` extra (console
scripts beside ``sys.executable``). ``@modelcontextprotocol/server-everything`` is
installed with npm into ``$ZEROCLAW_NPM_DIR`` (default ``.cache/npm`` in the checkout;
``.ci/run`` fills it). When it is missing and the npm registry cannot be reached, the
tests that need it are skipped saying so; in CI (``$CI`` set) that is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
EVERYTHING_PACKAGE = "@modelcontextprotocol/server-everything@2026.8.31"
NPM_INSTALL_TIMEOUT_S = 300


def python_server(script: str) -> str:
    """The path of a PyPI server's console script in this environment."""
    path = Path(sys.executable).parent / script
    if not path.exists():
        found = shutil.which(script)
        if found is None:
            pytest.fail(f"{script} is not installed: pip install -e '.[test]'")
        return found
    return str(path)


def npm_dir() -> Path:
    return Path(os.environ.get("ZEROCLAW_NPM_DIR") or REPO_ROOT / ".cache" / "npm")


def everything_server() -> str:
    """The server-everything executable, installing it with npm once if needed."""
    binary = npm_dir() / "node_modules" / ".bin" / "mcp-server-everything"
    if binary.exists():
        return str(binary)
    npm = shutil.which("npm")
    if npm is None:
        _unavailable("npm is not installed (apt-get install nodejs npm)")
    npm_dir().mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix",
                               str(npm_dir()), EVERYTHING_PACKAGE], capture_output=True,
                              text=True, timeout=NPM_INSTALL_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        _unavailable("npm install timed out (registry unreachable?)")
    if done.returncode != 0 or not binary.exists():
        _unavailable(f"npm install failed (registry unreachable?): {done.stderr[-300:]}")
    return str(binary)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"server-everything unavailable in CI: {reason}")
    pytest.skip(f"server-everything unavailable: {reason}")


def logged_stdin(command: str, log: Path) -> tuple[str, list[str], dict[str, str]]:
    """(command, args, env) running ``command`` with everything the daemon writes to its
    stdin also appended to ``log`` (``tee``), to check what reached the server."""
    return "/bin/sh", ["-c", 'tee -a "$ZC_STDIN_LOG" | "$0"', command], {
        "ZC_STDIN_LOG": str(log)}


def children_of(pid: int) -> Iterator[int]:
    """Every live descendant of ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                fields = handle.read().rpartition(b")")[2].split()
        except OSError:
            continue
        if fields[0] != b"Z":
            parents[int(entry)] = int(fields[1])
    wanted = {pid}
    changed = True
    while changed:
        changed = False
        for child, parent in parents.items():
            if parent in wanted and child not in wanted:
                wanted.add(child)
                changed = True
    wanted.discard(pid)
    yield from sorted(wanted)


def cmdline(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return [part.decode(errors="replace") for part in handle.read().split(b"\0") if part]
    except OSError:
        return []


def server_pids(parent: int, needle: str) -> list[int]:
    """Descendants of ``parent`` whose command line mentions ``needle``."""
    return [pid for pid in children_of(parent) if any(needle in part for part in cmdline(pid))]


def environ_of(pid: int) -> dict[str, str]:
    with open(f"/proc/{pid}/environ", "rb") as handle:
        raw = handle.read()
    pairs = (item.decode(errors="replace").partition("=") for item in raw.split(b"\0") if item)
    return {key: value for key, _, value in pairs}
