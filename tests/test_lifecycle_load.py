"""The real daemon subprocess under load: SIGTERM loses no accepted turn, SIGHUP loses none.

A fixed number of gateway clients (one conversation each) send ``load ...``
turns back to back; each turn makes a 0.3 s shell call and a list_dir call, so
there are always turns running and turns queued behind ``max_concurrent_turns``.
Every 200 is checked to be the complete, correct answer to *its* request (the
reply quotes the message), carrying two receipts that the daemon itself vouches
for: through ``/v1/receipts/verify`` while it runs, and through the audit
database (``state_dir/audit.db``: every answered turn has its two ``ok`` tool
rows with the same receipts and a reply-audit row whose SHA-256 is the reply's)
after it exited. The database is also the proof that nothing was lost in
silence: it holds exactly as many turns as the clients received answers.

Outcome classes for a request (anything else fails the test):

* ``answered``: 200 with a correct, complete JSON reply;
* ``refused``: 503 ``shutting_down`` JSON (only after SIGTERM was sent);
* ``connect_refused``: the TCP connection was refused (the gateway is gone);
* ``closed_unread``: the server closed (FIN or RST) the connection without a single response
  byte (the keep-alive race of any HTTP server that stops: the request was never
  read; the database count proves no turn ran for it).

A truncated body, garbage, or any other status is a failure. The figures are
printed (``-s`` shows them) for the reliability report.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
import signal
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from daemon_harness import DaemonProcess, daemon_config, start_daemon

LOAD_CLIENTS = 12  # over max_concurrent_turns (8): some turns always wait for a slot
MAX_CONCURRENT_TURNS = 8
TURN_TIMEOUT_S = 20.0
# How long the clients run before the signal, and after the last reload.
WARMUP_ANSWERS = 4 * LOAD_CLIENTS
LOAD_AFTER_RELOADS_ANSWERS = LOAD_CLIENTS
TEST_BUDGET_S = 60.0
RELOADS = 3
TOKEN_RE = re.compile(r"zc-receipt-[0-9]+-[A-Za-z0-9_-]{43}")
DRAINING_RE = re.compile(r"Draining turns_in_flight=(\d+)")


@dataclass
class Answer:
    """One 200 a client received, with what the test needs to check it."""

    conversation: str
    message: str
    body: dict[str, Any]
    received_at: float


@dataclass
class LoadTally:
    """What every request of the run ended as."""

    answered: list[Answer] = field(default_factory=list)
    refused: list[float] = field(default_factory=list)  # when each 503 arrived
    connect_refused: int = 0
    closed_unread: list[tuple[float, str]] = field(default_factory=list)  # when, what
    failures: list[str] = field(default_factory=list)
    outstanding: int = 0  # sent, no outcome yet

    def figures(self) -> dict[str, int]:
        return {"answered": len(self.answered), "refused_503": len(self.refused),
                "connect_refused": self.connect_refused,
                "closed_unread": len(self.closed_unread),
                "failures": len(self.failures)}


def load_daemon_config(tmp_path: Path, **sections: Any) -> dict[str, Any]:
    """The harness config with the concurrency cap the load tests are sized for (every
    client is 127.0.0.1, so the per-client turn rate is lifted: this is about load)."""
    return daemon_config(tmp_path, daemon={"max_concurrent_turns": MAX_CONCURRENT_TURNS},
                         channels={"gateway": {"turns_per_minute_per_client": 1_000_000}},
                         **sections)


def answer_problems(answer: Answer) -> list[str]:
    """Why a 200 is not the correct, complete answer to its request (empty when it is)."""
    body, problems = answer.body, []
    reply = body.get("reply", "")
    if not (isinstance(reply, str) and reply.startswith(f"Answer to {answer.message}:")):
        problems.append(f"reply is not the answer to {answer.message!r}: {reply!r}")
        return problems
    if not all(name in reply for name in ("alpha.txt", "beta.txt", "gamma.txt")):
        problems.append(f"reply lacks the listing: {reply!r}")
    receipts = body.get("receipts", [])
    if ["shell", "list_dir"] != [r.get("tool") for r in receipts]:
        problems.append(f"receipts are not shell + list_dir: {receipts!r}")
    elif [r["receipt"] for r in receipts] != TOKEN_RE.findall(reply):
        problems.append(f"reply does not cite its receipts in order: {body!r}")
    if ("verified", []) != (body.get("audit", {}).get("trust"),
                            body.get("audit", {}).get("findings")):
        problems.append(f"audit is not verified and clean: {body.get('audit')!r}")
    return problems


async def client_loop(daemon: DaemonProcess, index: int, tally: LoadTally,
                      stop: anyio.Event) -> None:
    """Send turns back to back until ``stop`` or until the gateway is gone."""
    conversation = f"load-{index}"
    async with httpx.AsyncClient(trust_env=False, timeout=TURN_TIMEOUT_S) as client:
        for number in range(10_000):
            if stop.is_set():
                return
            message = f"load w{index}-{number}"
            tally.outstanding += 1
            try:
                response = await client.post(daemon.url("/v1/turns"), json={
                    "conversation_id": conversation, "message": message})
            except httpx.ConnectError:
                tally.connect_refused += 1
                return
            except (httpx.RemoteProtocolError, httpx.ReadError) as exc:
                # Closed (FIN, or RST because the request sat unread in the socket) before
                # a single response byte: the request was never read. A cut *response*
                # ("without sending complete message body") is a failure.
                if (isinstance(exc, httpx.RemoteProtocolError)
                        and "without sending a response" not in str(exc)):
                    tally.failures.append(f"{message}: {type(exc).__name__}: {exc}")
                    return
                tally.closed_unread.append((time.monotonic(), type(exc).__name__))
                continue  # the next request finds the gateway refusing or gone
            except httpx.HTTPError as exc:
                tally.failures.append(f"{message}: {type(exc).__name__}: {exc}")
                return
            finally:
                tally.outstanding -= 1
            classify(response, conversation, message, tally)
            if response.status_code == 503:
                await anyio.sleep(0.05)  # refused at once: do not spin
        tally.failures.append(f"client {index} ran out of messages")


def classify(response: httpx.Response, conversation: str, message: str,
             tally: LoadTally) -> None:
    try:
        body = response.json()
    except ValueError:
        tally.failures.append(f"{message}: {response.status_code} with a non-JSON body "
                              f"{response.content[:200]!r}")
        return
    if response.status_code == 200:
        answer = Answer(conversation, message, body, time.monotonic())
        problems = answer_problems(answer)
        if problems:
            tally.failures.extend(f"{message}: {p}" for p in problems)
        tally.answered.append(answer)
    elif (response.status_code, body.get("error", {}).get("code")) == (503, "shutting_down"):
        tally.refused.append(time.monotonic())
    else:
        tally.failures.append(f"{message}: {response.status_code} {body!r}")


async def wait_answers(tally: LoadTally, count: int, timeout_s: float = 30.0) -> None:
    with anyio.fail_after(timeout_s):
        while len(tally.answered) < count:
            if tally.failures:
                raise AssertionError(f"failures under load: {tally.failures[:5]}")
            await anyio.sleep(0.02)


async def verify_replies(daemon: DaemonProcess, answers: list[Answer]) -> list[tuple[str, str]]:
    """The daemon's verdict and tool for every token in ``answers``' replies, checked in
    each reply's own conversation (one request per conversation)."""
    texts: dict[str, list[str]] = {}
    for answer in answers:
        texts.setdefault(answer.conversation, []).append(answer.body["reply"])
    verdicts: list[tuple[str, str]] = []
    async with httpx.AsyncClient(trust_env=False, timeout=TURN_TIMEOUT_S) as client:
        for conversation, replies in sorted(texts.items()):
            response = await client.post(daemon.url("/v1/receipts/verify"), json={
                "text": "\n".join(replies), "conversation_id": conversation})
            assert 200 == response.status_code, response.text
            verdicts.extend((t["verdict"], t.get("tool", "")) for t in response.json()["tokens"])
    return verdicts


def expected_verdicts(answers: list[Answer]) -> list[tuple[str, str]]:
    by_conversation: dict[str, list[Answer]] = {}
    for answer in answers:
        by_conversation.setdefault(answer.conversation, []).append(answer)
    return [("valid", tool) for _, group in sorted(by_conversation.items())
            for _ in group for tool in ("shell", "list_dir")]


@contextlib.contextmanager
def audit_db(path: Path) -> Iterator[sqlite3.Connection]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        yield connection
    finally:
        connection.close()


def audit_db_problems(path: Path, answers: list[Answer]) -> list[str]:
    """Where the audit database disagrees with the answers the clients received."""
    problems: list[str] = []
    with audit_db(path) as db:
        audits = {turn: digest for turn, digest in db.execute(
            "SELECT turn, reply_sha256 FROM reply_audits WHERE detached = 0")}
        events: dict[str, list[tuple[str, str, str]]] = {}
        for turn, tool, status, receipt in db.execute(
                "SELECT turn, tool, status, receipt FROM tool_events ORDER BY id"):
            events.setdefault(turn, []).append((tool, status, receipt))
    if len(audits) != len(answers):
        problems.append(f"{len(audits)} turns in the audit DB, {len(answers)} answered")
    for answer in answers:
        turn, reply = answer.body["turn_id"], answer.body["reply"]
        if audits.get(turn) != hashlib.sha256(reply.encode()).hexdigest():
            problems.append(f"turn {turn} ({answer.message}): no reply-audit row for this reply")
        expected = sorted((r["tool"], "ok", r["receipt"]) for r in answer.body["receipts"])
        if sorted(events.get(turn, [])) != expected:
            problems.append(f"turn {turn}: tool rows {events.get(turn)} != {expected}")
    return problems


def notify_count(daemon: DaemonProcess, key_value: str, after: int) -> int:
    key, _, value = key_value.partition("=")
    return sum(1 for message in daemon.notify.messages[after:] if message.get(key) == value)


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy"):
        monkeypatch.delenv(name, raising=False)


async def test_sigterm_under_load_answers_every_accepted_turn(tmp_path: Path) -> None:
    """SIGTERM mid-load: every accepted turn is answered 200, complete and with receipts the
    daemon vouches for; later requests get 503 JSON or a refused connection; exit 0."""
    tally = LoadTally()
    stop = anyio.Event()
    with anyio.fail_after(TEST_BUDGET_S), contextlib.ExitStack() as stack:
        daemon = await anyio.to_thread.run_sync(
            stack.enter_context, start_daemon(tmp_path, load_daemon_config(tmp_path)))
        started = time.monotonic()
        async with anyio.create_task_group() as tg:
            for index in range(LOAD_CLIENTS):
                tg.start_soon(client_loop, daemon, index, tally, stop)
            await wait_answers(tally, WARMUP_ANSWERS)
            # Verified while the daemon still runs: the receipts of what was answered so far.
            before_signal = list(tally.answered)
            early_verdicts = await verify_replies(daemon, before_signal)
            outstanding_at_signal = tally.outstanding
            answered_at_signal = len(tally.answered)
            signalled_at = time.monotonic()
            daemon.send_signal(signal.SIGTERM)
            code = await anyio.to_thread.run_sync(daemon.wait_exit, 30.0)
            stopped_at = time.monotonic()
            # The clients end on their own: their next request finds the port closed.
        log = daemon.log_text()
        stopping = notify_count(daemon, "STOPPING=1", daemon.ready_index)
    draining = DRAINING_RE.search(log)
    figures = {**tally.figures(), "outstanding_at_sigterm": outstanding_at_signal,
               "answered_after_sigterm": len(tally.answered) - answered_at_signal,
               "turns_in_flight_at_drain": int(draining.group(1)) if draining else -1,
               "load_s": round(signalled_at - started, 2),
               "sigterm_to_exit_s": round(stopped_at - signalled_at, 2)}
    print(f"\nSIGTERM under load: {figures}")
    assert [] == tally.failures
    assert 0 == code
    assert 1 == stopping
    assert expected_verdicts(before_signal) == early_verdicts
    assert [] == audit_db_problems(tmp_path / "state" / "audit.db", tally.answered)
    # The signal really came mid-load, and the turns then in flight were answered.
    assert figures["turns_in_flight_at_drain"] >= 1
    assert figures["answered_after_sigterm"] >= 1
    # Refusals only after the signal: a 503 while serving would be a lost request.
    assert [] == [at for at in tally.refused if at < signalled_at]
    assert [] == [(at, what) for at, what in tally.closed_unread if at < signalled_at]
    assert tally.connect_refused + len(tally.refused) + len(tally.closed_unread) >= 1
    assert "Drain timeout reached" not in log
    assert "Exception in ASGI application" not in log
    assert "Traceback" not in log


async def test_sighup_under_load_keeps_every_turn_and_the_key(tmp_path: Path) -> None:
    """Three SIGHUP reloads (new system prompt and log filter) mid-load: every request is
    answered 200 and correct, and receipts issued before the reloads still verify."""
    tally = LoadTally()
    stop = anyio.Event()
    config = load_daemon_config(tmp_path)
    reload_statuses: list[str] = []
    with anyio.fail_after(TEST_BUDGET_S), contextlib.ExitStack() as stack:
        daemon = await anyio.to_thread.run_sync(stack.enter_context,
                                                start_daemon(tmp_path, config))
        async with httpx.AsyncClient(trust_env=False, timeout=10) as probe:
            scope_before = (await probe.get(daemon.url("/healthz"))).json()["scope_id"]
        async with anyio.create_task_group() as tg:
            for index in range(LOAD_CLIENTS):
                tg.start_soon(client_loop, daemon, index, tally, stop)
            await wait_answers(tally, WARMUP_ANSWERS)
            before_reloads = list(tally.answered)
            after = daemon.ready_index + 1
            for number in range(RELOADS):
                config["agent"]["system_prompt"] = f"You are ZeroClaw, reloaded {number + 1}x."
                config["logging"]["filter"] = ("info", "info,zeroclaw_daemon=debug")[number % 2]
                daemon.rewrite_config(config)
                in_flight_at_reload = tally.outstanding
                daemon.send_signal(signal.SIGHUP)
                reloading, _ = await anyio.to_thread.run_sync(
                    functools.partial(daemon.wait_notify, "RELOADING=1", after=after))
                after, ready = await anyio.to_thread.run_sync(
                    functools.partial(daemon.wait_notify, "READY=1", after=reloading))
                after += 1
                reload_statuses.append(f"{ready.get('STATUS', '')} "
                                       f"(requests in flight: {in_flight_at_reload})")
                await wait_answers(tally, len(tally.answered) + LOAD_CLIENTS // 2)
            await wait_answers(tally, len(tally.answered) + LOAD_AFTER_RELOADS_ANSWERS)
            stop.set()
        verdicts = await verify_replies(daemon, tally.answered)
        async with httpx.AsyncClient(trust_env=False, timeout=10) as probe:
            scope_after = (await probe.get(daemon.url("/healthz"))).json()["scope_id"]
        daemon.send_signal(signal.SIGTERM)
        code = await anyio.to_thread.run_sync(daemon.wait_exit, 30.0)
        log = daemon.log_text()
    print(f"\nSIGHUP under load: {tally.figures()}; reloads: {reload_statuses}")
    assert [] == tally.failures
    assert {"answered": len(tally.answered), "refused_503": 0, "connect_refused": 0,
            "closed_unread": 0, "failures": 0} == tally.figures()
    assert RELOADS == len([s for s in reload_statuses if s.startswith("Reloaded")])
    assert scope_before == scope_after
    # Every receipt, those issued before the first reload included, verifies after the last.
    assert expected_verdicts(tally.answered) == verdicts
    assert len(before_reloads) >= WARMUP_ANSWERS
    assert 0 == code
    assert [] == audit_db_problems(tmp_path / "state" / "audit.db", tally.answered)
    assert 3 == log.count("Config reloaded")
    assert "Traceback" not in log
