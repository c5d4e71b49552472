"""Drive a loopback HTTP server with ``wrk`` and read back what it measured.

``wrk`` (C, epoll, one Lua state per thread) is the load generator, so the
bench measures the server and not a Python client: every run reports the
CPU seconds wrk itself used beside the server's, and a client that used a
whole core says so. The Lua script makes each request (a POST body with a
conversation id from a spread, so turns do not all queue on one history)
and, in ``done``, prints one JSON line with the counts and the latency
percentiles wrk recorded (microseconds, corrected for coordinated omission
only in the sense wrk itself is: not at all; p99 is the latency of the
requests that were sent).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MARKER = "WRK-JSON "

# Shared by every script: one JSON line from done(). summary.errors counts socket
# errors (connect/read/write/timeout) and HTTP statuses outside 2xx/3xx apart.
_DONE_LUA = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '%s{"requests":%d,"duration_us":%d,"bytes":%d,"connect_errors":%d,' ..
    '"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx_3xx":%d,' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\\n',
    "MARKER", summary.requests, summary.duration, summary.bytes, e.connect, e.read,
    e.write, e.timeout, e.status, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, latency.mean))
end
""".replace("MARKER", MARKER)

# Each wrk thread numbers its requests (``counter``) and knows its index (``tid``): the
# conversation id cycles through ``spread`` ids per thread, tagged with the thread's index
# so threads never share one.
_THREAD_LUA = """
local thread_index = 0
setup = function(thread)
  thread:set("tid", thread_index)
  thread_index = thread_index + 1
end
local counter = 0
"""
_POST_LUA = _THREAD_LUA + """request = function()
  counter = counter + 1
  local body = string.format(
    '{"conversation_id":"bench-%s-%d-%d","message":"MESSAGE"}',
    "RUN", tid or 0, counter % SPREAD)
  return wrk.format("POST", "PATH", {["Content-Type"] = "application/json"}, body)
end
"""


@dataclass(frozen=True, slots=True)
class WrkResult:
    """What one wrk run measured."""

    requests: int
    errors: dict[str, int]
    seconds: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    mean_ms: float
    client_cpu_s: float

    @property
    def good(self) -> int:
        return self.requests - self.errors.get("non_2xx_3xx", 0)

    @property
    def rps(self) -> float:
        return self.good / self.seconds if self.seconds else 0.0


def wrk_binary() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise SystemExit("bench/gateway.py needs wrk (apt-get install wrk)")
    return found


def post_script(path: str, message: str, run_id: str, spread: int) -> str:
    """A wrk Lua script POSTing JSON turns to ``path`` with ``spread`` ids per thread."""
    for bad in ('"', "\\", "\n"):
        if bad in message or bad in run_id:
            raise ValueError("message and run id must not need escaping")
    return (_POST_LUA.replace("PATH", path).replace("MESSAGE", message)
            .replace("RUN", run_id).replace("SPREAD", str(max(1, spread))) + _DONE_LUA)


# The same load through the OpenAI-compatible API: the conversation id in the header.
_CHAT_LUA = _THREAD_LUA + """request = function()
  counter = counter + 1
  local conversation = string.format("bench-%s-%d-%d", "RUN", tid or 0, counter % SPREAD)
  return wrk.format("POST", "PATH", {["Content-Type"] = "application/json",
    ["X-Zeroclaw-Conversation"] = conversation},
    '{"model":"MODEL","messages":[{"role":"user","content":"MESSAGE"}]}')
end
"""


def chat_script(path: str, model: str, message: str, run_id: str, spread: int) -> str:
    """A wrk Lua script POSTing Chat Completions to ``path``, ``spread`` ids per thread."""
    for bad in ('"', "\\", "\n"):
        if bad in message or bad in run_id or bad in model:
            raise ValueError("model, message and run id must not need escaping")
    return (_CHAT_LUA.replace("PATH", path).replace("MODEL", model)
            .replace("MESSAGE", message).replace("RUN", run_id)
            .replace("SPREAD", str(max(1, spread))) + _DONE_LUA)


def get_script() -> str:
    return _DONE_LUA


def run_wrk(url: str, script: str, *, threads: int, connections: int, seconds: float,
            timeout_s: float = 10.0) -> WrkResult:
    """Run wrk against ``url`` for ``seconds``; its CPU time comes from RUSAGE_CHILDREN."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
        script_path = Path(handle.name)
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        completed = subprocess.run(
            [wrk_binary(), f"-t{threads}", f"-c{max(connections, threads)}",
             f"-d{max(1, round(seconds))}s", f"--timeout={max(1, round(timeout_s))}s",
             "-s", str(script_path), url],
            capture_output=True, text=True, timeout=seconds + timeout_s + 30, check=False,
            env={**os.environ, "LC_ALL": "C"})
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        script_path.unlink(missing_ok=True)
    line = next((text for text in completed.stdout.splitlines() if text.startswith(MARKER)),
                None)
    if completed.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({completed.returncode}): "
                           f"{completed.stderr.strip() or completed.stdout.strip()}")
    data: dict[str, Any] = json.loads(line[len(MARKER):])
    errors = {kind: int(data[kind]) for kind in
              ("connect_errors", "read_errors", "write_errors", "timeouts", "non_2xx_3xx")
              if data[kind]}
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return WrkResult(
        requests=int(data["requests"]), errors=errors,
        seconds=data["duration_us"] / 1e6, p50_ms=data["p50_us"] / 1000,
        p90_ms=data["p90_us"] / 1000, p99_ms=data["p99_us"] / 1000,
        max_ms=data["max_us"] / 1000, mean_ms=data["mean_us"] / 1000, client_cpu_s=cpu)


def process_cpu_s(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far (Linux /proc; threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    # After the ")" that ends comm: field 3 is index 0, so utime (14) and stime (15)
    # are indexes 11 and 12.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
