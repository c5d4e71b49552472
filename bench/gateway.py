"""Gateway throughput and latency: the real daemon under wrk, against a bare Starlette app.

For each event loop (uvloop, then plain asyncio) the bench starts the real
daemon as a subprocess (``run_daemon``, scripted model, gateway on
``127.0.0.1:0``, port learned from its sd_notify STATUS line) and, beside it,
a bare Starlette + uvicorn app with one JSON route started the same way
(bench/_bare_app.py: same uvicorn options, same HTTP protocol class). Then
``wrk`` (bench/_wrk.py; C, so the client is not what is measured) loads, in
rounds whose order rotates:

* ``bare_starlette``: ``GET /healthz`` of the bare app, the stack's floor;
* ``/healthz``: the daemon's trivial endpoint;
* ``/v1/turns``: a scripted turn with one ``list_dir`` call, its receipt and
  the reply audit; a Lua script makes each POST body, cycling through
  ``--conversations`` conversation ids per wrk thread.
* ``/v1/chat/completions``: the same turn through the OpenAI-compatible API
  (conversation id in ``X-Zeroclaw-Conversation``), so its request parsing and
  response shaping show as the CPU per request beside ``/v1/turns``.

It prints JSON lines: one per (loop, endpoint) with requests/s, p50/p99 ms
(medians over rounds), errors by kind, and the CPU seconds the client (wrk) and
the server used; one summary per loop with the ratios the targets are set on
(turns/healthz >= 0.30, healthz/bare >= 0.9) and the daemon's RSS before and
after; a last line comparing the loops. It never judges wall-clock times.

    python3 bench/gateway.py                  # 3 rounds x 5 s per endpoint per loop
    python3 bench/gateway.py --short          # CI smoke: 1 round x 2 s
    python3 bench/gateway.py --soak 60        # 60 s of turns, RSS sampled every second
    python3 bench/gateway.py --soak 60 --ledger-max-entries 5000
    python3 bench/gateway.py --loop uvloop --clients 64 --seconds 10 --rounds 5

The soak runs the daemon with a small receipt ledger (``--ledger-max-entries``,
default 2000, one receipt per turn) so the ledger fills early; its summary
reports when it filled and how RSS moved after that (first/last/max and a
least-squares slope in KiB per minute): a leak shows as a positive slope once
every bounded structure (ledger, history, idempotency cache) is full.
The soak drives turns with N httpx clients (it counts answered turns as they
come, to tell when the ledger is full), not with wrk. Each sample also counts the
daemon's established connections, and the summary the TCP connections the client
opened (one per client when nobody closes one; the client's pool closes those idle
over ``SOAK_KEEPALIVE_EXPIRY_S``) and, for the first transport errors, the exception
chain (errno) and whether the request went out on a reused connection.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
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
from _servers import established_connections, rss_kib, start_bare_app, start_server, stop_process
from _wrk import WrkResult, chat_script, get_script, post_script, process_cpu_s, run_wrk

from zeroclaw_daemon.config.channels import GatewayConfig


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record, sort_keys=False), flush=True)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


# --- the load -------------------------------------------------------------------------------


# The soak client drops a pooled connection idle this long (httpx's default), and the
# gateway closes one idle ``keep_alive_s`` (20 s). The client's bound must be the shorter:
# at equal bounds (uvicorn's 5 s, before) the client reused connections the server was
# closing at that moment, and lost the request (httpx ReadError: 13 in 10 soaks of 90-120 s
# at load 3.6-8.6, each on a connection idle 4.90-4.99 s). Such an error says nothing about the
# server; with the client's bound shorter, any error left is the server's.
SOAK_KEEPALIVE_EXPIRY_S = 5.0


@dataclass
class PhaseResult:
    latencies_ms: list[float] = field(default_factory=list)
    # What each error was ("HTTP 503", "ReadError"), so a run that has any says which.
    error_kinds: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    # TCP connections the client opened: one per client when the server closes none.
    connections_opened: int = 0
    # The first transport errors in detail: when, the exception chain (errno), and whether
    # the request went out on a connection that had served earlier ones.
    error_details: list[dict[str, Any]] = field(default_factory=list)


class ConnectTrace:
    """httpx's ``trace`` extension for one request: did it open a TCP connection."""

    def __init__(self, result: PhaseResult) -> None:
        self.result = result
        self.opened = False

    async def __call__(self, event: str, info: dict[str, Any]) -> None:
        if event == "connection.connect_tcp.complete":
            self.opened = True
            self.result.connections_opened += 1


def _exception_chain(exc: BaseException | None) -> str:
    parts = []
    while exc is not None:
        errno = getattr(exc, "errno", None)
        parts.append(type(exc).__name__ + (f"[errno {errno}]" if errno else ""))
        exc = exc.__cause__ or exc.__context__
    return " <- ".join(parts)


async def run_phase(base_url: str, clients: int, requests: int, max_seconds: float,
                    make_request: Callable[[httpx.AsyncClient, int, Any], Any],
                    result: PhaseResult | None = None) -> PhaseResult:
    """``clients`` workers share ``requests`` requests; stop early after ``max_seconds``.

    ``result`` may be passed in so another thread can watch progress (the soak's sampler).
    """
    result = PhaseResult() if result is None else result
    remaining = [requests]
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients,
                          keepalive_expiry=SOAK_KEEPALIVE_EXPIRY_S)
    phase_started = time.perf_counter()
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=30,
                                 trust_env=False) as client:
        async def worker(index: int) -> None:
            while remaining[0] > 0:
                remaining[0] -= 1
                trace = ConnectTrace(result)
                started = time.perf_counter()
                try:
                    response = await make_request(client, index, {"trace": trace})
                    kind = None if response.status_code == 200 else f"HTTP {response.status_code}"
                except httpx.HTTPError as exc:
                    kind = type(exc).__name__
                    if len(result.error_details) < 20:
                        result.error_details.append({
                            "t_s": round(started - phase_started, 3), "kind": kind,
                            "chain": _exception_chain(exc),
                            "reused_connection": not trace.opened})
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


def make_turn(run_id: str) -> Callable[[httpx.AsyncClient, int, Any], Any]:
    def turn(client: httpx.AsyncClient, index: int, extensions: Any) -> Any:
        return client.post("/v1/turns", json={"conversation_id": f"bench-{run_id}-{index}",
                                              "message": "list files"},
                           extensions=extensions)
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


@dataclass
class Target:
    """One endpoint under load: where it is, which process serves it, what was measured."""

    name: str
    url: str
    pid: int
    script: str
    runs: list[WrkResult] = field(default_factory=list)
    server_cpu_s: float = 0.0

    def line(self, loop: str, connections: int) -> dict[str, Any]:
        requests = sum(run.good for run in self.runs)
        seconds = sum(run.seconds for run in self.runs)
        errors: Counter[str] = Counter()
        for run in self.runs:
            errors.update(run.errors)
        client_cpu = sum(run.client_cpu_s for run in self.runs)
        return {
            "bench": "gateway", "loop": loop, "endpoint": self.name, "client": "wrk",
            "connections": connections, "rounds": len(self.runs), "requests": requests,
            "errors": errors.total(), "error_kinds": dict(errors),
            "seconds": round(seconds, 3), "rps": round(requests / seconds, 1) if seconds else 0.0,
            "p50_ms": round(statistics.median(run.p50_ms for run in self.runs), 2),
            "p99_ms": round(statistics.median(run.p99_ms for run in self.runs), 2),
            # CPU per second of load: a client near 1.0 per thread would be the bottleneck.
            "client_cpu_s": round(client_cpu, 2), "server_cpu_s": round(self.server_cpu_s, 2),
            "client_cpu_per_s": round(client_cpu / seconds, 2) if seconds else None,
            "server_cpu_per_s": round(self.server_cpu_s / seconds, 2) if seconds else None,
            # CPU per answered request: steadier than requests/s on a shared machine, where
            # the server may get less than a core.
            "server_cpu_ms_per_request": (round(self.server_cpu_s * 1000 / requests, 3)
                                          if requests else None),
        }


def _ratio(a: float, b: float) -> float | None:
    return round(a / b, 3) if b else None


def bench_loop(loop: str, args: argparse.Namespace) -> dict[str, Any]:
    """wrk against the bare app, the daemon's /healthz and its /v1/turns, rounds rotated."""
    with tempfile.TemporaryDirectory(prefix=f"zc-bench-{loop}-") as tmp:
        server = start_server(loop, Path(tmp), args.max_concurrent_turns)
        bare, bare_port = start_bare_app(loop, args.bare_http)
        try:
            turn_script = post_script("/v1/turns", "list files", f"{loop}-{os.getpid()}",
                                      args.conversations)
            targets = [
                Target("bare_starlette", f"http://127.0.0.1:{bare_port}/healthz", bare.pid,
                       get_script()),
                Target("/healthz", f"{server.base_url}/healthz", server.proc.pid, get_script()),
                Target("/v1/turns", f"{server.base_url}/v1/turns", server.proc.pid, turn_script),
                Target("/v1/chat/completions", f"{server.base_url}/v1/chat/completions",
                       server.proc.pid, chat_script("/v1/chat/completions", "zeroclaw-scripted",
                                                    "list files", f"{loop}-{os.getpid()}-oa",
                                                    args.conversations)),
            ]
            for target in targets:  # warm-up: imports, first connections, caches
                run_wrk(target.url, target.script, threads=1, connections=4, seconds=1)
            rss_before = rss_kib(server.proc.pid)
            for round_index in range(args.rounds):
                shift = round_index % len(targets)
                for target in targets[shift:] + targets[:shift]:
                    cpu_before = process_cpu_s(target.pid)
                    target.runs.append(run_wrk(target.url, target.script, threads=args.threads,
                                               connections=args.clients,
                                               seconds=args.seconds))
                    target.server_cpu_s += process_cpu_s(target.pid) - cpu_before
            rss_after = rss_kib(server.proc.pid)
        finally:
            stop_process(bare)
            exit_code = server.stop()
    lines = {target.name: target.line(loop, args.clients) for target in targets}
    for line in lines.values():
        emit(line)
    turns, health, base = lines["/v1/turns"], lines["/healthz"], lines["bare_starlette"]
    chat = lines["/v1/chat/completions"]
    summary = {
        "bench": "gateway", "loop": loop, "summary": True, "bare_http": args.bare_http,
        "turn_vs_healthz_rps_ratio": _ratio(turns["rps"], health["rps"]),
        "healthz_vs_bare_rps_ratio": _ratio(health["rps"], base["rps"]),
        "target_turn_vs_healthz": 0.30, "target_healthz_vs_bare": 0.9,
        "turn_vs_healthz_p50_ratio": _ratio(turns["p50_ms"], health["p50_ms"]),
        # The same comparisons by server CPU per request (healthz/turn, bare/healthz), which
        # contention from other processes on the machine disturbs less than requests/s.
        "turn_vs_healthz_cpu_ratio": _ratio(health["server_cpu_ms_per_request"] or 0,
                                            turns["server_cpu_ms_per_request"] or 0),
        "healthz_vs_bare_cpu_ratio": _ratio(base["server_cpu_ms_per_request"] or 0,
                                            health["server_cpu_ms_per_request"] or 0),
        # The OpenAI-compatible route runs the same turn; this is its parsing and shaping cost.
        "chat_vs_turn_rps_ratio": _ratio(chat["rps"], turns["rps"]),
        "chat_vs_turn_cpu_ratio": _ratio(turns["server_cpu_ms_per_request"] or 0,
                                         chat["server_cpu_ms_per_request"] or 0),
        "rss_before_kib": rss_before, "rss_after_kib": rss_after,
        "rss_growth_kib": rss_after - rss_before, "daemon_exit_code": exit_code,
    }
    emit(summary)
    return {"turns": turns, "health": health, "summary": summary}


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
        connections: list[int] = []  # the daemon's established connections, per sample
        progress = PhaseResult()
        stop = threading.Event()

        def sample() -> None:
            started = time.monotonic()
            while not stop.is_set():
                rss = rss_kib(server.proc.pid)
                done = len(progress.latencies_ms)
                t_s = round(time.monotonic() - started, 1)
                samples.append((t_s, rss, done))
                connections.append(established_connections(server.port))
                emit({"bench": "gateway_soak", "loop": loop, "t_s": t_s, "rss_kib": rss,
                      "turns": done, "ledger_full": done >= ledger_max,
                      "server_connections": connections[-1]})
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
          "client_keepalive_expiry_s": SOAK_KEEPALIVE_EXPIRY_S,
          "server_keep_alive_s": GatewayConfig().keep_alive_s,
          "connections_opened": phase.connections_opened,
          "server_connections_max": max(connections) if connections else None,
          "error_details": phase.error_details,
          "daemon_exit_code": exit_code})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=32, help="open connections")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="seconds of load per endpoint per round")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds; each runs every endpoint once, in a rotated order")
    parser.add_argument("--conversations", type=int, default=256,
                        help="conversation ids per wrk thread the turns cycle through")
    parser.add_argument("--bare-http", choices=["auto", "h11"], default="auto",
                        help="the bare app's HTTP parser (auto: the daemon's)")
    parser.add_argument("--max-concurrent-turns", type=int, default=8)
    parser.add_argument("--loop", choices=["uvloop", "asyncio", "both"], default="both")
    parser.add_argument("--short", action="store_true", help="a small, quick run (CI)")
    parser.add_argument("--soak", type=float, metavar="SECONDS",
                        help="instead: turns for SECONDS, printing RSS samples")
    parser.add_argument("--ledger-max-entries", type=int, default=2000,
                        help="the soak daemon's receipt ledger bound (one receipt per turn)")
    args = parser.parse_args(argv)
    if args.short:
        args.seconds, args.rounds = 2.0, 1
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
