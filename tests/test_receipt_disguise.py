"""Receipt tokens written with look-alikes, padding or emphasis are judged on what they are."""

from __future__ import annotations

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent, ToolStatus, format_token
from zeroclaw_daemon.receipts.scope import Verdict

FAKE = format_token(1_900_000_000, bytes(range(32)))


def disguises(token: str) -> list[str]:
    return [
        token.replace("-", "\u2011", 1),                  # non-breaking hyphen
        token[:5] + "\u200b" + token[5:],                 # zero-width space
        "\uff5a\uff43" + token[2:],                       # fullwidth zc
    ]


@pytest.mark.parametrize("written", disguises(FAKE))
def test_disguised_forged_token_is_forged_and_malformed(written: str) -> None:
    """A forged token hidden by a look-alike is still forged, and the disguise is malformed;
    the span covers the token as written."""
    scope = ReceiptScope()
    try:
        reply = f"Done, see {written} for proof."
        found = scope.check_tokens(reply, "conv-1")
        assert [Verdict.FORGED, Verdict.MALFORMED] == [v.verdict for v in found]
        assert {written} == {reply[v.start:v.end] for v in found}
        assert FAKE == found[0].text
    finally:
        scope.close()


def issued() -> tuple[ReceiptScope, ToolEvent]:
    scope = ReceiptScope()
    receipt = scope.issue(tool="shell", args={"command": "ls"}, result="a\nb", call_id="call_1",
                          conversation_id="conv-1", turn_id="turn-1")
    event = ToolEvent(call_id="call_1", tool="shell", args={"command": "ls"},
                      status=ToolStatus.OK, result="a\nb", receipt=receipt)
    return scope, event


def test_padded_token_is_malformed_not_forged() -> None:
    """A real token with ``=`` padding breaks the one-spelling rule: malformed."""
    scope, event = issued()
    try:
        assert event.receipt is not None
        found = scope.check_tokens(f"ok {event.receipt}=", "conv-1")
        assert [Verdict.MALFORMED] == [v.verdict for v in found]
    finally:
        scope.close()


@pytest.mark.parametrize("mark", ["_", "*"])
def test_emphasised_valid_token_is_valid(mark: str) -> None:
    """Markdown emphasis around a valid receipt (``_token_``) leaves it valid."""
    scope, event = issued()
    try:
        assert event.receipt is not None
        reply = f"Listed two files. {mark}{event.receipt}{mark}"
        report = audit_reply(reply, [event], scope, "conv-1")
        assert ([Verdict.VALID], []) == ([t.verdict for t in report.tokens],
                                         list(report.findings))
    finally:
        scope.close()


def test_disguised_token_without_scope_is_malformed_too() -> None:
    """Without a ledger the disguise is still reported as malformed."""
    reply = f"Proof: {disguises(FAKE)[0]}"
    types = {f.type.value for f in audit_reply(reply, [], None, "conv-1").findings}
    assert {"forged_receipt", "malformed_receipt"} == types


def test_disguised_real_receipt_is_malformed_never_valid() -> None:
    """A real receipt written with a zero-width space is malformed only: never valid."""
    scope, event = issued()
    try:
        assert event.receipt is not None
        written = event.receipt[:4] + "\u200b" + event.receipt[4:]
        found = scope.check_tokens(f"ok {written}", "conv-1")
        assert [Verdict.MALFORMED] == [v.verdict for v in found]
    finally:
        scope.close()


def test_underscored_real_receipt_is_malformed_never_valid() -> None:
    """A real receipt with underscores for its hyphens ("zc_receipt_…") is malformed."""
    scope, event = issued()
    try:
        assert event.receipt is not None
        written = event.receipt.replace("-", "_", 3)
        report = audit_reply(f"Listed two files. [receipt: {written}]", [event], scope, "conv-1")
        assert ([Verdict.MALFORMED], ["malformed_receipt"]) == (
            [t.verdict for t in report.tokens], [f.type.value for f in report.findings])
    finally:
        scope.close()
