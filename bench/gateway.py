"""Gateway throughput and latency: the real daemon, concurrent clients over loopback.

For each event loop (uvloop, then plain asyncio) the bench starts the real
daemon as a subprocess (``run_daemon``, scripted model, gateway on
``127.0.0.1:0``, port learned from its sd_notify STATUS line), then drives it
with N concurrent httpx clients:

* ``GET /healthz``: the trivial endpoint, the server's floor;
* ``POST /v1/turns``: a scripted turn with one ``list_dir`` call, its receipt
  and the reply audit; every client has its own conversation.

It prints JSON lines: one per (loop, endpoint) with requests, errors, seconds,
requests/s, p50/p99 ms; one per loop with the turn/healthz ratios and the
server's RSS before and after the load; a last line comparing the loops.
Every phase is bounded in request count *and* time; traffic goes to 127.0.0.1.

    python3 bench/gateway.py                  # full run (about 20 s)
    python3 bench/gateway.py --short          # CI smoke (a few seconds)
    python3 bench/gateway.py --soak 60        # 60 s of turns, RSS sampled every second
    python3 bench/gateway.py --soak 60 --ledger-max-entries 5000

The soak runs the daemon with a small receipt ledger (``--ledger-max-entries``,
default 2000, one receipt per turn) so the ledger fills early; its summary
reports when it filled and how RSS moved after that (first/last/max and a
least-squares slope in KiB per minute): a leak shows as a positive slope once
every bounded structure (ledger, history, idempotency cache) is full.
    python3 bench/gateway.py --loop asyncio --clients 64 --requests 5000
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx
import tomli_w

SCRIPT = {
    "default": {"reply": "No rule for: {user}"},
    "rule": [{"match": "list files", "steps": [[{"tool": "list_dir", "args": {"path": "."}}]],
              "reply": "The directory holds:\n{result:1}\n\n[receipt: {receipt:1}]"}],
}
SERVER_CODE = ("import sys; from zeroclaw_daemon.daemon.service import run_daemon; "
               "sys.exit(run_daemon(sys.argv[1], use_uvloop=sys.argv[2] == 'uvloop'))")
READY_TIMEOUT_S = 30.0


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record, sort_keys=False), flush=True)


def rss_kib(pid: int) -> int:
    """Resident set size of ``pid`` in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for pid {pid}")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


# --- the server -----------------------------------------------------------------------------


@dataclass
class Server:
    """A daemon subprocess on a loopback port."""

    proc: subprocess.Popen[bytes]
    port: int
    workdir: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(timeout=10)


def write_config(workdir: Path, max_concurrent_turns: int,
                 ledger_max_entries: int | None = None) -> Path:
    files = workdir / "files"
    files.mkdir()
    for index in range(10):
        (files / f"file-{index:02d}.txt").write_text(f"{index}\n", encoding="utf-8")
    script = workdir / "script.toml"
    script.write_text(tomli_w.dumps(SCRIPT), encoding="utf-8")
    config = {
        "daemon": {"state_dir": str(workdir / "state"), "drain_timeout_s": 10.0,
                   "max_concurrent_turns": max_concurrent_turns},
        "logging": {"filter": "warn"},
        "provider": {"kind": "scripted", "script": str(script)},
        "tools": {"files": {"root": str(files)}, "shell": {"enabled": False},
                  "http_get": {"enabled": False}},
        # Every bench client is 127.0.0.1: lift the per-client limits, this measures throughput.
        "channels": {"gateway": {"listen": "127.0.0.1:0",
                                 "max_concurrent_turns_per_client": 100_000,
                                 "turns_per_minute_per_client": 100_000_000}},
    }
    if ledger_max_entries is not None:
        config["agent"] = {"tool_receipts": {"ledger_max_entries": ledger_max_entries}}
    path = workdir / "zeroclaw.toml"
    path.write_text(tomli_w.dumps(config), encoding="utf-8")
    return path


def start_server(loop: str, workdir: Path, max_concurrent_turns: int,
                 ledger_max_entries: int | None = None) -> Server:
    """Start the daemon; wait for READY=1 and read the port from its STATUS line."""
    config = write_config(workdir, max_concurrent_turns, ledger_max_entries)
    notify_path = workdir / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as notify:
        notify.bind(str(notify_path))
        env = {**os.environ, "NOTIFY_SOCKET": str(notify_path)}
        for name in ("ZEROCLAW_LOG", "RUST_LOG", "WATCHDOG_USEC"):
            env.pop(name, None)
        proc = subprocess.Popen([sys.executable, "-c", SERVER_CODE, str(config), loop],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                env=env, cwd=workdir)
        deadline = time.monotonic() + READY_TIMEOUT_S
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or proc.poll() is not None:
                proc.kill()
                raise RuntimeError(f"daemon ({loop}) did not become ready")
            notify.settimeout(remaining)
            try:
                message = notify.recv(4096).decode()
            except TimeoutError:
                continue
            fields = dict(line.split("=", 1) for line in message.split("\n") if "=" in line)
            if fields.get("READY") == "1":
                port = int(fields["STATUS"].rsplit(":", 1)[1].split(";")[0])
                return Server(proc, port, workdir)


# --- the load -------------------------------------------------------------------------------


@dataclass
class PhaseResult:
    latencies_ms: list[float] = field(default_factory=list)
    # What each error was ("HTTP 503", "ReadError"), so a run that has any says which.
    error_kinds: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


async def run_phase(base_url: str, clients: int, requests: int, max_seconds: float,
                    make_request: Callable[[httpx.AsyncClient, int], Any],
                    result: PhaseResult | None = None) -> PhaseResult:
    """``clients`` workers share ``requests`` requests; stop early after ``max_seconds``.

    ``result`` may be passed in so another thread can watch progress (the soak's sampler).
    """
    result = PhaseResult() if result is None else result
    remaining = [requests]
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=30,
                                 trust_env=False) as client:
        async def worker(index: int) -> None:
            while remaining[0] > 0:
                remaining[0] -= 1
                started = time.perf_counter()
                try:
                    response = await make_request(client, index)
                    kind = None if response.status_code == 200 else f"HTTP {response.status_code}"
                except httpx.HTTPError as exc:
                    kind = type(exc).__name__
                elapsed = (time.perf_counter() - started) * 1000
                if kind is None:
                    result.latencies_ms.append(elapsed)
                else:
                    result.error_kinds[kind] += 1

        started = time.perf_counter()
        with anyio.move_on_after(max_seconds):
            async with anyio.create_task_group() as tg:
                for index in range(clients):
                    tg.start_soon(worker, index)
        result.seconds = time.perf_counter() - started
    return result


def healthz(client: httpx.AsyncClient, index: int) -> Any:
    return client.get("/healthz")


def make_turn(run_id: str) -> Callable[[httpx.AsyncClient, int], Any]:
    def turn(client: httpx.AsyncClient, index: int) -> Any:
        return client.post("/v1/turns", json={"conversation_id": f"bench-{run_id}-{index}",
                                              "message": "list files"})
    return turn


def summarise(loop: str, endpoint: str, clients: int, phase: PhaseResult) -> dict[str, Any]:
    done = len(phase.latencies_ms)
    return {
        "bench": "gateway", "loop": loop, "endpoint": endpoint, "clients": clients,
        "requests": done, "errors": phase.error_kinds.total(),
        "error_kinds": dict(phase.error_kinds),
        "seconds": round(phase.seconds, 3),
        "rps": round(done / phase.seconds, 1) if phase.seconds else 0.0,
        "p50_ms": round(percentile(phase.latencies_ms, 0.50), 2),
        "p99_ms": round(percentile(phase.latencies_ms, 0.99), 2),
        "mean_ms": round(statistics.fmean(phase.latencies_ms), 2) if done else None,
    }


def bench_loop(loop: str, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix=f"zc-bench-{loop}-") as tmp:
        server = start_server(loop, Path(tmp), args.max_concurrent_turns)
        try:
            # Warm up both paths (imports, first connections) before measuring.
            anyio.run(run_phase, server.base_url, 4, 40, 10.0, healthz)
            anyio.run(run_phase, server.base_url, 4, 20, 10.0, make_turn("warm"))
            rss_before = rss_kib(server.proc.pid)
            health = anyio.run(run_phase, server.base_url, args.clients, args.requests,
                               args.max_seconds, healthz)
            turns = anyio.run(run_phase, server.base_url, args.clients, args.requests,
                              args.max_seconds, make_turn(loop))
            rss_after = rss_kib(server.proc.pid)
        finally:
            exit_code = server.stop()
    health_line = summarise(loop, "/healthz", args.clients, health)
    turns_line = summarise(loop, "/v1/turns", args.clients, turns)
    emit(health_line)
    emit(turns_line)
    summary = {
        "bench": "gateway", "loop": loop, "summary": True,
        "turn_vs_healthz_rps_ratio": (round(turns_line["rps"] / health_line["rps"], 4)
                                      if health_line["rps"] else None),
        "turn_vs_healthz_p50_ratio": (round(turns_line["p50_ms"] / health_line["p50_ms"], 2)
                                      if health_line["p50_ms"] else None),
        "rss_before_kib": rss_before, "rss_after_kib": rss_after,
        "rss_growth_kib": rss_after - rss_before, "daemon_exit_code": exit_code,
    }
    emit(summary)
    return {"turns": turns_line, "health": health_line, "summary": summary}


def slope_kib_per_min(points: list[tuple[float, int]]) -> float | None:
    """Least-squares slope of RSS over time, in KiB per minute."""
    if len(points) < 3:
        return None
    mean_t = statistics.fmean(t for t, _ in points)
    mean_r = statistics.fmean(r for _, r in points)
    var = sum((t - mean_t) ** 2 for t, _ in points)
    if var == 0:
        return None
    cov = sum((t - mean_t) * (r - mean_r) for t, r in points)
    return round(cov / var * 60, 1)


def soak(loop: str, args: argparse.Namespace) -> None:
    """Turns for ``args.soak`` seconds; an RSS sample every second."""
    ledger_max = args.ledger_max_entries
    with tempfile.TemporaryDirectory(prefix="zc-bench-soak-") as tmp:
        server = start_server(loop, Path(tmp), args.max_concurrent_turns, ledger_max)
        samples: list[tuple[float, int, int]] = []  # (seconds, rss KiB, turns answered)
        progress = PhaseResult()
        stop = threading.Event()

        def sample() -> None:
            started = time.monotonic()
            while not stop.is_set():
                rss = rss_kib(server.proc.pid)
                done = len(progress.latencies_ms)
                t_s = round(time.monotonic() - started, 1)
                samples.append((t_s, rss, done))
                emit({"bench": "gateway_soak", "loop": loop, "t_s": t_s, "rss_kib": rss,
                      "turns": done, "ledger_full": done >= ledger_max})
                stop.wait(1.0)

        sampler = threading.Thread(target=sample, daemon=True)
        try:
            sampler.start()
            # The request budget is an upper bound; the time bound ends the soak.
            phase = anyio.run(run_phase, server.base_url, args.clients, 10_000_000,
                              float(args.soak), make_turn("soak"), progress)
        finally:
            stop.set()
            sampler.join(5)
            exit_code = server.stop()
    line = summarise(loop, "/v1/turns", args.clients, phase)
    full = [(t, rss) for t, rss, done in samples if done >= ledger_max]
    emit({**line, "bench": "gateway_soak", "summary": True,
          "ledger_max_entries": ledger_max,
          "ledger_full_at_s": full[0][0] if full else None,
          "rss_first_kib": samples[0][1] if samples else None,
          "rss_at_ledger_full_kib": full[0][1] if full else None,
          "rss_last_kib": samples[-1][1] if samples else None,
          "rss_max_kib": max(rss for _, rss, _ in samples) if samples else None,
          "rss_growth_after_full_kib": full[-1][1] - full[0][1] if full else None,
          "rss_slope_after_full_kib_per_min": slope_kib_per_min(full),
          # Allocator arenas and SQLite's page cache warm up for a while after the ledger
          # fills; the second half of the window is the steady state.
          "rss_slope_second_half_kib_per_min": slope_kib_per_min(full[len(full) // 2:]),
          "daemon_exit_code": exit_code})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=3000,
                        help="requests per endpoint per loop")
    parser.add_argument("--max-seconds", type=float, default=20.0,
                        help="time cap per endpoint per loop")
    parser.add_argument("--max-concurrent-turns", type=int, default=8)
    parser.add_argument("--loop", choices=["uvloop", "asyncio", "both"], default="both")
    parser.add_argument("--short", action="store_true", help="a small, quick run (CI)")
    parser.add_argument("--soak", type=float, metavar="SECONDS",
                        help="instead: turns for SECONDS, printing RSS samples")
    parser.add_argument("--ledger-max-entries", type=int, default=2000,
                        help="the soak daemon's receipt ledger bound (one receipt per turn)")
    args = parser.parse_args(argv)
    if args.short:
        args.clients, args.requests, args.max_seconds = 8, 300, 5.0
    loops = ["uvloop", "asyncio"] if args.loop == "both" else [args.loop]
    if args.soak is not None:
        soak(loops[0], args)
        return 0
    results = {loop: bench_loop(loop, args) for loop in loops}
    if len(results) == 2:
        uv, plain = results["uvloop"]["turns"], results["asyncio"]["turns"]
        emit({"bench": "gateway", "compare": "uvloop_vs_asyncio",
              "turns_rps_ratio": round(uv["rps"] / plain["rps"], 3) if plain["rps"] else None,
              "turns_p50_ratio": (round(uv["p50_ms"] / plain["p50_ms"], 3)
                                  if plain["p50_ms"] else None)})
    errors = sum(r["turns"]["errors"] + r["health"]["errors"] for r in results.values())
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
