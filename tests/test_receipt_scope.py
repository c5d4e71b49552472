"""ReceiptScope verdicts, and the per-turn collector and contextvar."""

from __future__ import annotations

import anyio
import anyio.lowlevel
import pytest

from zeroclaw_daemon.receipts import (
    ReceiptScope,
    ToolEvent,
    ToolStatus,
    TurnCollector,
    TurnContext,
    Verdict,
    bind_turn,
    current_turn,
    format_token,
    sha256_hex,
)

START = 1_700_000_000


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def issue(scope: ReceiptScope, result: str = "ok", *, conversation: str = "conv-a",
          tool: str = "shell", call_id: str = "call-1", timestamp: int | None = None) -> str:
    """Issue a receipt with defaults for the fields a test does not care about."""
    return scope.issue(tool=tool, args={"command": "echo"}, result=result, call_id=call_id,
                       conversation_id=conversation, turn_id="turn-1", timestamp=timestamp)


def verdicts(scope: ReceiptScope, text: str, conversation: str | None = "conv-a") -> list[Verdict]:
    return [verdict.verdict for verdict in scope.check_tokens(text, conversation)]


def test_scope_records_start_time_and_id_from_its_clock() -> None:
    """started_at is the clock's whole second at creation; ids differ between scopes."""
    scope = ReceiptScope(clock=FakeClock(START + 0.9))
    assert START == scope.started_at
    assert scope.id != ReceiptScope().id


def test_issue_signs_records_and_verifies() -> None:
    """issue() returns a token that verifies and a ledger record of the call."""
    clock = FakeClock(START)
    scope = ReceiptScope(clock=clock)
    clock.now = START + 5
    token = scope.issue(tool="files", args={"path": "a"}, result="l1\nl2\n\nl3", call_id="c9",
                        conversation_id="conv-a", turn_id="t3", urls=["http://127.0.0.1/x"])
    record = scope.ledger.get(token)
    assert record is not None
    assert (token, "files", "c9", "conv-a", "t3", START + 5, sha256_hex("l1\nl2\n\nl3"), 3,
            ("http://127.0.0.1/x",)) == (record.token, record.tool, record.call_id,
                                         record.conversation_id, record.turn_id, record.ts,
                                         record.result_sha256, record.result_count, record.urls)
    assert scope.verify(token, "files", {"path": "a"}, "l1\nl2\n\nl3") is True
    assert scope.verify(token, "files", {"path": "a"}, "l1\nl2\n\nl4") is False


def test_issue_keeps_a_count_the_tool_reports() -> None:
    """An explicit result_count overrides counting the result's lines."""
    scope = ReceiptScope()
    token = scope.issue(tool="t", args={}, result="one line", call_id="c", conversation_id="v",
                        turn_id="u", result_count=42)
    record = scope.ledger.get(token)
    assert record is not None
    assert 42 == record.result_count


def test_issued_token_is_valid_in_its_conversation() -> None:
    """A token issued in this scope and conversation is valid, with its record attached."""
    scope = ReceiptScope(clock=FakeClock(START))
    token = issue(scope)
    [verdict] = scope.check_tokens(f"Done. [receipt: {token}]", "conv-a")
    assert (Verdict.VALID, token, 16, 16 + len(token)) == (
        verdict.verdict, verdict.text, verdict.start, verdict.end)
    assert scope.ledger.get(token) == verdict.record


def test_token_from_another_conversation_is_foreign() -> None:
    """A token this scope issued to another conversation is foreign."""
    scope = ReceiptScope(clock=FakeClock(START))
    token = issue(scope, conversation="conv-b")
    assert [Verdict.FOREIGN] == verdicts(scope, token, "conv-a")


def test_without_conversation_every_issued_token_is_valid() -> None:
    """With conversation_id None, foreign is not decided: issued tokens are valid."""
    scope = ReceiptScope(clock=FakeClock(START))
    first, second = issue(scope, "a", conversation="conv-a"), issue(scope, "b", conversation="b")
    assert [Verdict.VALID, Verdict.VALID] == verdicts(scope, f"{first} {second}", None)


def test_same_token_issued_to_two_conversations_is_valid_in_both() -> None:
    """Identical calls in the same second give one token; each conversation still owns it."""
    scope = ReceiptScope(clock=FakeClock(START))
    in_a = issue(scope, "Mon", conversation="conv-a", call_id="a1")
    in_b = issue(scope, "Mon", conversation="conv-b", call_id="b1")
    assert in_a == in_b
    assert [Verdict.VALID] == verdicts(scope, in_a, "conv-a")
    assert [Verdict.VALID] == verdicts(scope, in_b, "conv-b")
    assert [Verdict.FOREIGN] == verdicts(scope, in_a, "conv-c")
    [for_a] = scope.check_tokens(in_a, "conv-a")
    assert for_a.record is not None
    assert ("conv-a", "a1") == (for_a.record.conversation_id, for_a.record.call_id)


def test_token_older_than_the_scope_is_stale() -> None:
    """A token stamped before this scope started (say, a previous process's) is stale."""
    clock = FakeClock(START)
    previous = ReceiptScope(clock=clock)
    old_token = issue(previous)
    clock.now = START + 60
    scope = ReceiptScope(clock=clock)
    assert [Verdict.STALE] == verdicts(scope, old_token)
    made_up = format_token(START + 59, bytes(32))
    assert [Verdict.STALE] == verdicts(scope, made_up)


def test_token_of_the_start_second_is_not_stale() -> None:
    """A never-issued token stamped in the scope's very first second is forged, not stale."""
    scope = ReceiptScope(clock=FakeClock(START + 0.5))
    assert [Verdict.FORGED] == verdicts(scope, format_token(START, bytes(32)))


def test_never_issued_token_inside_the_horizon_is_forged() -> None:
    """A well-formed token this scope never issued, timestamped after its start, is forged."""
    clock = FakeClock(START)
    scope = ReceiptScope(clock=clock)
    issue(scope)
    clock.now = START + 10
    assert [Verdict.FORGED] == verdicts(scope, format_token(START + 5, bytes(32)))


def test_altered_digest_is_forged() -> None:
    """Changing one digest character of a valid token makes it forged."""
    scope = ReceiptScope(clock=FakeClock(START))
    token = issue(scope)
    replacement = "A" if token[30] != "A" else "B"
    altered = token[:30] + replacement + token[31:]
    assert [Verdict.FORGED] == verdicts(scope, altered)


def test_future_timestamp_is_forged() -> None:
    """A never-issued token stamped after now is forged."""
    scope = ReceiptScope(clock=FakeClock(START))
    issue(scope)
    assert [Verdict.FORGED] == verdicts(scope, format_token(START + 86_400, bytes(32)))
    assert [Verdict.FORGED] == verdicts(scope, format_token(10**20 - 1, bytes(32)))


def test_evicted_tokens_are_expired_and_never_issued_old_tokens_are_forged() -> None:
    """An evicted receipt reads expired (its fingerprint is kept); a never-issued token is
    forged even when dated before the eviction horizon (issue #15: a forger picking an old
    timestamp no longer gets "expired")."""
    clock = FakeClock(START)
    scope = ReceiptScope(ledger_max_entries=3, clock=clock)
    tokens = []
    for second in range(5):
        clock.now = START + second
        tokens.append(issue(scope, f"result {second}"))
    assert (START + 1, 3) == (scope.ledger.evicted_through, len(scope.ledger))
    assert [Verdict.EXPIRED, Verdict.EXPIRED, Verdict.VALID, Verdict.VALID, Verdict.VALID] == (
        verdicts(scope, " ".join(tokens)))
    never_issued_old = format_token(START + 1, bytes(32))
    never_issued_new = format_token(START + 2, bytes(32))
    assert [Verdict.FORGED, Verdict.FORGED] == verdicts(
        scope, f"{never_issued_old} {never_issued_new}")


def test_stale_takes_precedence_over_expired() -> None:
    """A token from before the scope is stale even when the ledger has evicted records."""
    clock = FakeClock(START)
    scope = ReceiptScope(ledger_max_entries=1, clock=clock)
    clock.now = START + 10
    issue(scope, "a")
    issue(scope, "b")
    assert [Verdict.STALE] == verdicts(scope, format_token(START - 1, bytes(32)))


def test_malformed_receipts_are_reported_with_spans() -> None:
    """Receipt-like strings that break the grammar get the malformed verdict and no record."""
    scope = ReceiptScope(clock=FakeClock(START))
    text = "see zc-receipt-01-abc and ZC-Receipt-1-x"
    found = scope.check_tokens(text, "conv-a")
    assert [("zc-receipt-01-abc", Verdict.MALFORMED, None), ("ZC-Receipt-1-x", Verdict.MALFORMED,
                                                            None)] == [
        (verdict.text, verdict.verdict, verdict.record) for verdict in found]
    assert [text[v.start:v.end] for v in found] == [v.text for v in found]


def test_defanged_token_in_a_reply_is_ignored() -> None:
    """The defanged spelling the middleware writes into tool output is not checked at all."""
    scope = ReceiptScope(clock=FakeClock(START))
    token = issue(scope)
    defanged = token.replace("zc-receipt", "zc-receipt(untrusted)")
    assert [] == scope.check_tokens(defanged, "conv-a")


def test_reply_without_receipts_has_no_verdicts() -> None:
    """A reply with no receipt-like text gives an empty list."""
    assert [] == ReceiptScope().check_tokens("All done, no receipts here.", "conv-a")


# --- TurnCollector, TurnContext, current_turn, bind_turn ------------------------------------

def event(call_id: str, status: ToolStatus, receipt: str | None) -> ToolEvent:
    return ToolEvent(call_id=call_id, tool="shell", args={}, status=status, result="r",
                     receipt=receipt)


def test_collector_keeps_call_order_and_filters_receipts() -> None:
    """events keeps every call in order; receipts keeps only those that carry a receipt."""
    collector = TurnCollector()
    first = event("1", ToolStatus.OK, "zc-receipt-1-x")
    failed = event("2", ToolStatus.FAILED, None)
    third = event("3", ToolStatus.OK, "zc-receipt-3-x")
    for item in (first, failed, third):
        collector.add(item)
    assert ((first, failed, third), (first, third), 3) == (
        collector.events, collector.receipts, len(collector))


def test_current_turn_defaults_to_none() -> None:
    """Outside any bind_turn there is no current turn."""
    assert current_turn.get() is None


def test_bind_turn_nests_and_resets() -> None:
    """Nested bind_turn shows the inner turn inside and restores the outer one after."""
    outer = TurnContext(ReceiptScope(), conversation_id="c", turn_id="outer")
    inner = TurnContext(outer.scope, conversation_id="c", turn_id="inner")
    with bind_turn(outer) as bound:
        assert bound is outer
        assert outer is current_turn.get()
        with bind_turn(inner):
            assert inner is current_turn.get()
        assert outer is current_turn.get()
    assert current_turn.get() is None


def test_bind_turn_resets_on_exception() -> None:
    """An exception inside bind_turn still restores the previous turn."""
    ctx = TurnContext(None, conversation_id="c", turn_id="t")
    with pytest.raises(RuntimeError), bind_turn(ctx):
        raise RuntimeError("boom")
    assert current_turn.get() is None


def test_detach_gives_same_scope_and_a_fresh_collector() -> None:
    """detach() keeps scope and ids, gives a new empty collector, marks detached; parent intact."""
    parent = TurnContext(ReceiptScope(), conversation_id="conv", turn_id="turn")
    parent.collector.add(event("1", ToolStatus.OK, "zc-receipt-1-x"))
    child = parent.detach()
    child.collector.add(event("2", ToolStatus.OK, "zc-receipt-2-x"))
    assert (parent.scope, "conv", "turn", True, False) == (
        child.scope, child.conversation_id, child.turn_id, child.detached, parent.detached)
    assert child.collector is not parent.collector
    assert (["1"], ["2"]) == ([e.call_id for e in parent.collector.events],
                              [e.call_id for e in child.collector.events])


def test_turn_context_without_scope_means_receipts_off() -> None:
    """A TurnContext may carry no scope (receipts disabled); detach keeps it None."""
    ctx = TurnContext(None)
    assert (None, None) == (ctx.scope, ctx.detach().scope)


async def test_current_turn_propagates_into_anyio_tasks() -> None:
    """Tasks started in a task group see the turn bound by their parent; their binds stay local."""
    parent = TurnContext(ReceiptScope(), conversation_id="conv", turn_id="turn")
    seen: dict[str, TurnContext | None] = {}

    async def delegate(name: str) -> None:
        seen[name] = current_turn.get()
        ctx = current_turn.get()
        assert ctx is not None
        with bind_turn(ctx.detach()):
            await anyio.lowlevel.checkpoint()
            seen[f"{name}-detached"] = current_turn.get()
            async with anyio.create_task_group() as inner:
                inner.start_soon(grandchild, f"{name}-grandchild")

    async def grandchild(name: str) -> None:
        seen[name] = current_turn.get()

    with anyio.fail_after(5), bind_turn(parent):
        async with anyio.create_task_group() as group:
            group.start_soon(delegate, "one")
            group.start_soon(delegate, "two")
        assert parent is current_turn.get()
    assert (parent, parent) == (seen["one"], seen["two"])
    for name in ("one", "two"):
        detached = seen[f"{name}-detached"]
        assert detached is not None and detached.detached
        assert detached is seen[f"{name}-grandchild"]
        assert parent.scope is detached.scope
    assert current_turn.get() is None


async def test_sync_delegate_adds_to_parent_collector_through_contextvar() -> None:
    """A synchronous sub-agent task finds the parent's collector and scope via current_turn."""
    scope = ReceiptScope(clock=FakeClock(START))
    parent = TurnContext(scope, conversation_id="conv-a", turn_id="turn")

    async def sub_agent() -> None:
        ctx = current_turn.get()
        assert ctx is not None and ctx.scope is not None
        token = issue(ctx.scope, "from sub-agent", conversation=ctx.conversation_id)
        ctx.collector.add(event("sub-1", ToolStatus.OK, token))

    with anyio.fail_after(5), bind_turn(parent):
        async with anyio.create_task_group() as group:
            group.start_soon(sub_agent)
    [added] = parent.collector.receipts
    assert added.receipt is not None
    assert [Verdict.VALID] == verdicts(scope, added.receipt, "conv-a")
