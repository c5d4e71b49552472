"""The end of a turn: audit the reply, apply the audit mode, render the receipts block and
record the turn in the audit log (the loop in agent/loop.py produces the reply)."""

from __future__ import annotations

import anyio

from zeroclaw_daemon.agent.middleware import LOG_TARGET
from zeroclaw_daemon.agent.revise import Revision
from zeroclaw_daemon.agent.turn import TurnOutcome, TurnResult, _RoundsResult
from zeroclaw_daemon.audit import (
    AuditReport,
    apply_audit_mode,
    audit_claims,
    token_verdicts,
    unchecked_reply,
)
from zeroclaw_daemon.config import Config
from zeroclaw_daemon.logs import get_logger
from zeroclaw_daemon.receipts import TurnContext, receipts_block, strip_receipts_block
from zeroclaw_daemon.storage.audit_db import AuditDB


async def audit_off_loop(reply: str, turn: TurnContext, user_message: str) -> AuditReport:
    """The reply's audit: its receipt tokens judged here, on the event loop, where the
    ledger is written; its claims read in a worker thread, so that a long reply's audit
    (up to ~0.3 s at the auditor's bounds) holds up no other conversation. Cancelled, it
    still waits for the thread, which the bounds keep short."""
    events = turn.collector.events
    tokens = token_verdicts(reply, events, turn.scope, turn.conversation_id)
    return await anyio.to_thread.run_sync(audit_claims, reply, tokens, events, user_message)


async def finish_turn(config: Config, audit_db: AuditDB | None, turn: TurnContext,
                      rounds: _RoundsResult, user_message: str,
                      revision: Revision | None = None) -> TurnResult:
    """Audit the reply, render the receipts block, record the turn in the audit log."""
    log = get_logger(LOG_TARGET)
    receipts_cfg = config.agent.tool_receipts
    mode = receipts_cfg.audit.mode
    shown = strip_receipts_block(rounds.text)
    report: AuditReport | None = None
    reply = shown
    if revision is not None:
        report, reply = revision.report, revision.reply
    elif mode == "revise" and rounds.outcome is TurnOutcome.FINAL:
        # the first audit raised: the fallback's rule for an unchecked reply
        reply = unchecked_reply(shown, "block" if receipts_cfg.audit.revise_fallback == "block"
                                else "annotate")
    elif mode != "off" and rounds.outcome is TurnOutcome.FINAL:
        try:
            report = await audit_off_loop(shown, turn, user_message)
            reply = apply_audit_mode(shown, report, mode)
        except Exception as exc:  # an auditor bug must not crash the turn, nor let a
            # reply through unchecked without saying so (or at all, under block)
            log.error("Reply audit failed", error=type(exc).__name__,
                            turn=turn.turn_id)
            report = None
            reply = unchecked_reply(shown, mode)
        if report is not None and mode == "log" and report.findings:
            log.info("Reply audit findings", turn=turn.turn_id,
                           conversation=turn.conversation_id, trust=str(report.trust),
                           findings=[str(f.type) for f in report.findings])
    receipts = turn.collector.receipts
    block = ""
    if receipts_cfg.show_in_response and turn.scope is not None:
        block = receipts_block([(e.tool, e.receipt) for e in receipts
                                if e.receipt is not None])
    result = TurnResult(turn_id=turn.turn_id, reply=reply, raw_reply=rounds.text,
                        events=turn.collector.events, receipts=receipts, audit=report,
                        receipts_block=block, outcome=rounds.outcome,
                        conversation_id=turn.conversation_id, revision=revision)
    if audit_db is not None:
        if revision is not None:
            for entry in revision.rounds:
                audit_db.record_revision_round(
                    turn_id=turn.turn_id, conversation_id=turn.conversation_id,
                    round_index=entry.index, correction=entry.correction,
                    reply=entry.reply, report=entry.report, outcome=entry.outcome)
        await audit_db.record_reply_audit(
            turn_id=turn.turn_id, conversation_id=turn.conversation_id, mode=mode,
            report=revision.first_report if revision is not None else report,
            reply=reply, original_reply=shown,
            outcome=rounds.outcome.value, detached=turn.detached)
    return result
