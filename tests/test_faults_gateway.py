"""Bad requests and bad clients against a real daemon's gateway: clear errors, nothing lost.

Each test starts the daemon as a subprocess (``zeroclaw daemon``) with the scripted
model and real tools, and talks to it over loopback: with httpx for well-formed
HTTP, with raw sockets for what no HTTP client would send (a head dribbled a byte
at a time, a body that never finishes, a client hanging up mid-request).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
from daemon_harness import DaemonProcess, daemon_config, start_daemon

TOKEN = "gateway-faults-token-0123456789"
TOKEN_ENV = "ZC_FAULTS_GATEWAY_TOKEN"
MAX_BODY = 4096
TOKEN_RE = re.compile(r"zc-receipt-\d+-[A-Za-z0-9_-]+")
TEST_BUDGET_S = 60


@dataclass(frozen=True)
class BadRequest:
    """One request the gateway must refuse, and the refusal it must give."""

    name: str
    method: str
    path: str
    headers: dict[str, str]
    content: bytes
    status: int
    code: str


def bad_requests() -> list[BadRequest]:
    """Ten kinds of bad request, each with the status and error code it must get."""
    auth = {"authorization": f"Bearer {TOKEN}"}
    as_json = {**auth, "content-type": "application/json"}

    def body(value: Any) -> bytes:
        return json.dumps(value).encode()

    return [
        BadRequest("malformed json", "POST", "/v1/turns", as_json, b'{"conversation_id": "x",',
                   400, "invalid_json"),
        BadRequest("NaN", "POST", "/v1/turns", as_json,
                   b'{"conversation_id": "x", "message": NaN}', 400, "invalid_json"),
        BadRequest("not an object", "POST", "/v1/turns", as_json, body(["list files"]),
                   422, "invalid_request"),
        BadRequest("wrong types", "POST", "/v1/turns", as_json,
                   body({"conversation_id": 7, "message": ["list files"]}),
                   422, "invalid_request"),
        BadRequest("missing field", "POST", "/v1/turns", as_json,
                   body({"conversation_id": "x"}), 422, "invalid_request"),
        BadRequest("unknown field", "POST", "/v1/turns", as_json,
                   body({"conversation_id": "x", "message": "hi", "admin": True}),
                   422, "invalid_request"),
        BadRequest("huge body", "POST", "/v1/turns", as_json,
                   body({"conversation_id": "x", "message": "a" * (MAX_BODY * 4)}),
                   413, "payload_too_large"),
        BadRequest("wrong content type", "POST", "/v1/turns",
                   {**auth, "content-type": "text/plain"}, b"list files",
                   415, "unsupported_media_type"),
        BadRequest("no auth", "POST", "/v1/turns", {"content-type": "application/json"},
                   body({"conversation_id": "x", "message": "list files"}),
                   401, "unauthorized"),
        BadRequest("wrong auth", "POST", "/v1/turns",
                   {"authorization": "Bearer nope", "content-type": "application/json"},
                   body({"conversation_id": "x", "message": "list files"}),
                   401, "unauthorized"),
        BadRequest("bad idempotency key", "POST", "/v1/turns",
                   {**as_json, "idempotency-key": "k" * 300},
                   body({"conversation_id": "x", "message": "list files"}),
                   400, "bad_idempotency_key"),
        BadRequest("verify wrong types", "POST", "/v1/receipts/verify", as_json,
                   body({"text": 12}), 422, "invalid_request"),
    ]


def faults_config(tmp_path: Path, **gateway: Any) -> dict[str, Any]:
    """The harness daemon with a bearer token, a small body limit and debug gateway logs."""
    return daemon_config(
        tmp_path,
        logging={"filter": "info,zeroclaw_channels::gateway=debug"},
        channels={"gateway": {"auth_token_env": TOKEN_ENV, "max_body_bytes": MAX_BODY,
                              **gateway}})


@contextlib.contextmanager
def running(tmp_path: Path, **gateway: Any) -> Iterator[DaemonProcess]:
    with start_daemon(tmp_path, faults_config(tmp_path, **gateway),
                      env={TOKEN_ENV: TOKEN}) as daemon:
        yield daemon


def connect(daemon: DaemonProcess) -> socket.socket:
    sock = socket.create_connection((daemon.host, daemon.port), timeout=5)
    sock.settimeout(5)
    return sock


def read_until_closed(sock: socket.socket, limit_s: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that took."""
    started = time.monotonic()
    received = bytearray()
    sock.settimeout(limit_s)
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return bytes(received), time.monotonic() - started
        received += chunk


def assert_clean_log(daemon: DaemonProcess) -> None:
    log = daemon.log_text()
    assert "Traceback" not in log
    assert "Gateway request failed" not in log
    assert "Exception in ASGI application" not in log


async def good_turn(client: httpx.AsyncClient, conversation: str) -> list[str]:
    """Why one honest ``list files`` turn was not answered correctly (empty when it was)."""
    response = await client.post("/v1/turns", json={"conversation_id": conversation,
                                                    "message": "list files"})
    if response.status_code != 200:
        return [f"{conversation}: {response.status_code} {response.text}"]
    body = response.json()
    problems = []
    if not all(name in body["reply"] for name in ("alpha.txt", "beta.txt", "gamma.txt")):
        problems.append(f"{conversation}: listing missing from {body['reply']!r}")
    tokens = TOKEN_RE.findall(body["reply"])
    if [r["receipt"] for r in body["receipts"]] != tokens or len(tokens) != 1:
        problems.append(f"{conversation}: receipts {body['receipts']} vs reply {tokens}")
    verdicts = (await client.post("/v1/receipts/verify", json={
        "text": body["reply"], "conversation_id": conversation})).json()["tokens"]
    if [v["verdict"] for v in verdicts] != ["valid"]:
        problems.append(f"{conversation}: verdicts {verdicts}")
    if body["audit"]["trust"] != "verified":
        problems.append(f"{conversation}: audit {body['audit']}")
    return problems


async def test_hundred_bad_requests_interleaved_with_good_ones(tmp_path: Path) -> None:
    """100 bad requests of 12 kinds, shuffled among 20 honest turns on 4 concurrent
    clients: every bad one gets its status and JSON error code, every good one its correct
    reply with a receipt that verifies, and the daemon logs no error."""
    kinds = bad_requests()
    plan: list[BadRequest | str] = [kinds[i % len(kinds)] for i in range(100)]
    plan += [f"good-{i}" for i in range(20)]
    random.Random(7).shuffle(plan)
    mismatches: list[str] = []
    problems: list[str] = []
    with running(tmp_path) as daemon:
        async with httpx.AsyncClient(base_url=daemon.url(""), trust_env=False, timeout=20,
                                     headers={"authorization": f"Bearer {TOKEN}"}) as client:

            async def worker(items: list[BadRequest | str]) -> None:
                for item in items:
                    if isinstance(item, str):
                        problems.extend(await good_turn(client, item))
                        continue
                    # Explicit headers replace the client's default authorization.
                    headers = {"authorization": "", **item.headers}
                    response = await client.request(item.method, item.path, content=item.content,
                                                    headers=headers)
                    got = (response.status_code, response.json().get("error", {}).get("code"))
                    if got != (item.status, item.code):
                        mismatches.append(f"{item.name}: {got} {response.text[:200]}")

            with anyio.fail_after(TEST_BUDGET_S):
                async with anyio.create_task_group() as tg:
                    for index in range(4):
                        tg.start_soon(worker, plan[index::4])
                health = (await client.get("/healthz")).json()
                metrics = (await client.get("/metrics")).text
        assert_clean_log(daemon)
    assert [] == mismatches
    assert [] == problems
    assert "ok" == health["status"]
    assert 'zeroclaw_turns_total{channel="gateway"} 20.0' in metrics


async def test_connection_that_never_sends_a_head_is_closed(tmp_path: Path) -> None:
    """An idle connection and one dribbling its head a byte at a time are closed after
    header_timeout_s, while an honest client is served throughout."""
    with running(tmp_path, header_timeout_s=0.5) as daemon:
        idle = connect(daemon)
        dribbler = connect(daemon)
        head = b"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 200
        sent = 0
        started = time.monotonic()
        with contextlib.suppress(OSError):  # the server may close while we still send
            while time.monotonic() - started < 3:
                dribbler.send(head[sent % len(head):][:1])
                sent += 1
                await anyio.sleep(0.05)
        dribbled, _ = read_until_closed(dribbler, 5)
        idle_sent, idle_wait = read_until_closed(idle, 5)
        async with httpx.AsyncClient(base_url=daemon.url(""), trust_env=False, timeout=10,
                                     headers={"authorization": f"Bearer {TOKEN}"}) as client:
            problems = await good_turn(client, "after-slowloris")
        idle.close()
        dribbler.close()
        log = daemon.log_text()
        assert_clean_log(daemon)
    assert b"" == idle_sent
    assert b"" == dribbled
    assert idle_wait < 4  # bounded by the 0.5 s deadline, not by the 5 s read timeout
    assert sent < 60  # the dribbler was cut off before its 3 s of sending ran out
    assert 2 <= log.count("sent no request head in time")
    assert [] == problems


async def test_many_stalled_connections_do_not_starve_honest_clients(tmp_path: Path) -> None:
    """Fifty half-sent requests held open at once: honest turns are still answered, and
    every stalled connection is closed by the header deadline."""
    with running(tmp_path, header_timeout_s=1.0) as daemon:
        stalled = [connect(daemon) for _ in range(50)]
        for sock in stalled:
            sock.sendall(b"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        async with httpx.AsyncClient(base_url=daemon.url(""), trust_env=False, timeout=10,
                                     headers={"authorization": f"Bearer {TOKEN}"}) as client:
            problems: list[str] = []
            for index in range(3):
                problems += await good_turn(client, f"beside-stalled-{index}")
        closed = [read_until_closed(sock, 5)[0] for sock in stalled]
        for sock in stalled:
            sock.close()
        assert_clean_log(daemon)
    assert [] == problems
    assert [b""] * 50 == closed


async def test_body_that_stops_arriving_gets_408(tmp_path: Path) -> None:
    """A request whose body stalls halfway gets 408 request_timeout JSON after
    body_timeout_s and the connection is closed; the daemon keeps serving."""
    with running(tmp_path, body_timeout_s=0.5) as daemon:
        sock = connect(daemon)
        sock.sendall(b"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Authorization: Bearer " + TOKEN.encode() + b"\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                     b'{"conversation_id": "stall", ')
        answer, _ = read_until_closed(sock, 5)
        sock.close()
        async with httpx.AsyncClient(base_url=daemon.url(""), trust_env=False, timeout=10,
                                     headers={"authorization": f"Bearer {TOKEN}"}) as client:
            problems = await good_turn(client, "after-stall")
        assert_clean_log(daemon)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ")
    assert "request_timeout" == json.loads(body)["error"]["code"]
    assert [] == problems


async def test_client_hanging_up_mid_request_is_logged_quietly(tmp_path: Path) -> None:
    """A client that hangs up halfway through its body, and one that hangs up while its
    turn runs: no error or traceback in the log, a debug line, and the daemon serves on."""
    with running(tmp_path) as daemon:
        half = connect(daemon)
        half.sendall(b"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Authorization: Bearer " + TOKEN.encode() + b"\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                     b'{"conversation_id": ')
        await anyio.sleep(0.2)
        half.close()
        daemon.wait_log("Client disconnected", timeout=10)
        body = json.dumps({"conversation_id": "gone", "message": "slow"}).encode()
        mid_turn = connect(daemon)
        mid_turn.sendall(b"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Authorization: Bearer " + TOKEN.encode() + b"\r\n"
                         b"Content-Type: application/json\r\n"
                         b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        await anyio.sleep(0.3)  # the turn is running its 2 s shell call
        mid_turn.close()
        async with httpx.AsyncClient(base_url=daemon.url(""), trust_env=False, timeout=10,
                                     headers={"authorization": f"Bearer {TOKEN}"}) as client:
            problems = await good_turn(client, "after-hangups")
            with anyio.fail_after(10):
                while 'zeroclaw_turns_total{channel="gateway"} 2.0' not in (  # noqa: ASYNC110
                        await client.get("/metrics")).text:
                    await anyio.sleep(0.1)  # the abandoned turn still finishes and counts
        assert_clean_log(daemon)
    assert [] == problems


async def test_request_head_over_64_kib_gets_431_and_honest_clients_are_served(
        tmp_path: Path) -> None:
    """A request head past 64 KiB is answered 431 and closed (httptools sets no bound of
    its own), and the daemon goes on serving turns."""
    with running(tmp_path) as daemon:
        sock = connect(daemon)
        head = (b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + b"".join(b"X-Pad-%d: %s\r\n" % (index, b"a" * 1000) for index in range(80)))
        with contextlib.suppress(OSError):  # the server closes while we still send
            sock.sendall(head)
        answer, _ = read_until_closed(sock, 5)
        sock.close()
        async with httpx.AsyncClient(base_url=daemon.url(""), trust_env=False, timeout=10,
                                     headers={"authorization": f"Bearer {TOKEN}"}) as client:
            problems = await good_turn(client, "after-big-head")
        assert_clean_log(daemon)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:80]
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert "headers_too_large" == body["error"]["code"]
    assert [] == problems


async def test_body_over_64_kib_in_one_write_is_not_taken_for_a_big_head(
        tmp_path: Path) -> None:
    """Head and a 200 KiB body sent in one write (read together by the server): only the
    head counts toward the 64 KiB head bound, so the turn is answered 200, not 431."""
    with running(tmp_path, max_body_bytes=1_048_576) as daemon:
        body = json.dumps({"conversation_id": "big-body",
                           "message": "list files " + "x" * 200_000}).encode()
        sock = connect(daemon)
        sock.sendall(b"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     b"Authorization: Bearer " + TOKEN.encode() + b"\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        answer, _ = read_until_closed(sock, 10)
        sock.close()
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]
