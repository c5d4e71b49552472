"""The audit modes at the end of a real turn: annotate, block and log (the scripted model,
a real shell call, the real audit log)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from loop_harness import make_config, one_turn, records, runtime_for

from zeroclaw_daemon.agent.loop import TurnResult
from zeroclaw_daemon.audit import (
    MAX_CHECKED_CHARS,
    UNCHECKED_NOTICE,
    WITHHELD_REPLY,
    partial_notice,
)
from zeroclaw_daemon.receipts import ReceiptScope
from zeroclaw_daemon.storage import AuditDB, read_recent_audits


async def audited_turn(tmp_path: Path, mode: str, reply: str, *, audit_log: bool = False,
                       ) -> tuple[TurnResult, list[dict[str, Any]]]:
    """One turn (a real shell call, then ``reply``) under audit ``mode``; with ``audit_log``
    also the reply-audit rows it wrote."""
    cfg = make_config(tmp_path, [{"match": "hi", "reply": reply,
                                  "steps": [{"tool": "shell",
                                             "args": {"argv": ["echo", "hi"]}}]}],
                      {"agent": {"tool_receipts": {"audit": {"mode": mode}}}})
    db = AuditDB(tmp_path / "audit.db") if audit_log else None
    runtime, _ = runtime_for(cfg, tmp_path, audit_db=db)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    if db is None:
        return result, []
    await db.aclose()
    return result, read_recent_audits(tmp_path / "audit.db")


async def test_honest_reply_is_verified_and_unchanged(tmp_path: Path) -> None:
    """An answer citing its real receipt passes the audit untouched."""
    result, _ = await audited_turn(tmp_path, "annotate",
                                   "The shell printed hi. [receipt: {receipt:1}]")
    assert result.audit is not None
    assert ("verified", ()) == (str(result.audit.trust), result.audit.findings)
    assert result.raw_reply == result.reply


async def test_forged_receipt_is_annotated_and_recorded(tmp_path: Path) -> None:
    """annotate: a forged receipt in the reply gets a notice; the audit log has the finding."""
    result, (row,) = await audited_turn(tmp_path, "annotate",
                                        "The shell printed hi. [receipt: {forged}]",
                                        audit_log=True)
    assert result.audit is not None
    assert "forged_receipt" in {str(f.type) for f in result.audit.findings}
    assert result.reply.startswith(result.raw_reply.rstrip() + "\n\n")
    assert len(result.reply) > len(result.raw_reply)
    assert (result.turn_id, "annotate", str(result.audit.trust)) == (row["turn"], row["mode"],
                                                                     row["trust"])
    assert "forged_receipt" in {f["type"] for f in json.loads(row["findings"])}
    assert (None, None) == (row["reply"], row["original_reply"])


async def test_block_mode_withholds_and_keeps_the_original(tmp_path: Path) -> None:
    """block: the reply is replaced by the notice; the original goes to the audit log."""
    result, (row,) = await audited_turn(tmp_path, "block", "Printed hi. [receipt: {forged}]",
                                        audit_log=True)
    assert result.raw_reply not in result.reply
    assert result.raw_reply == row["original_reply"]


async def test_log_mode_only_logs(tmp_path: Path,
                                  capture_json_logs: Callable[[str], io.StringIO]) -> None:
    """log: the reply is unchanged and the findings are logged."""
    json_logs = capture_json_logs("info")
    result, _ = await audited_turn(tmp_path, "log", "Printed hi. [receipt: {forged}]")
    assert result.raw_reply == result.reply
    (record,) = records(json_logs, "Reply audit findings")
    assert "forged_receipt" in record["fields"]["findings"]


def _failing_audit(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("auditor bug")


@pytest.mark.parametrize(("mode", "shown"), [
    ("annotate", "notice"), ("block", "withheld"), ("log", "as is"),
])
async def test_an_audit_that_raises_never_passes_a_reply_silently(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, shown: str) -> None:
    """When the auditor itself fails, annotate says the reply went unchecked, block
    withholds it, and log sends it unchanged (the error is logged in every mode)."""
    monkeypatch.setattr("zeroclaw_daemon.agent.reply.audit_claims", _failing_audit)
    result, _ = await audited_turn(tmp_path, mode, "The shell printed hi.")
    expected = {"notice": f"The shell printed hi.\n\n{UNCHECKED_NOTICE}",
                "withheld": WITHHELD_REPLY, "as is": "The shell printed hi."}[shown]
    assert (expected, None) == (result.reply, result.audit)


async def test_an_over_long_reply_says_how_much_of_it_was_checked(tmp_path: Path) -> None:
    """A reply longer than the audit reads reaches the person with a notice saying how much
    of it was checked."""
    sentence = "The shell printed hi. "
    reply = sentence * (MAX_CHECKED_CHARS // len(sentence) + 50)
    result, _ = await audited_turn(tmp_path, "annotate", reply)
    assert result.audit is not None
    cut = result.audit.unchecked_from
    assert cut is not None
    assert f"{reply.rstrip()}\n\n{partial_notice(reply, cut)}" == result.reply
