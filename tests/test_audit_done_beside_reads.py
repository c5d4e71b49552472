"""A bare "Done." answers the act the user asked for. Beside a call that acts and failed,
and successful calls that only read or act in no class ("tos.container" looks a box
up), it can only tell the failed act done: failed_call_claimed. Beside a successful call
that acts ("alarms.acknowledge"), it may tell that act: no finding. Tools and sentences of
our own."""

from __future__ import annotations

import json

from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

LOOKUP = ok("yard.container", json.dumps({"container": "MSKU1234565", "position": "C04-11-2",
                                          "holds": ["customs"]}), {"container": "MSKU1234565"})
ACKNOWLEDGED = ok("alarms.acknowledge", json.dumps({"alarm": "A-17", "acknowledged": True}),
                  {"alarm": "A-17"})
RELEASE = ToolEvent(call_id="c2", tool="customs.release_request",
                    args={"container": "MSKU1234565"}, status=ToolStatus.FAILED,
                    result="409 Conflict: examination pending")
REPLY = "Done: the customs hold on MSKU1234565 is off. It's at C04-11-2."


def test_done_beside_a_lookup_and_a_failed_act_presents_the_act() -> None:
    """The lookup acts in no class; the release failed: "Done" tells the release done."""
    assert [("failed_call_claimed", "failure.outcome_stated", "Done")] == [
        f for f in findings(REPLY, LOOKUP, RELEASE) if f[0] == "failed_call_claimed"]


def test_done_beside_a_successful_act_is_unclear() -> None:
    """A successful acknowledgement may be what "Done" tells: no finding from it."""
    assert [] == [f for f in findings("Done: alarm A-17 is acknowledged.", ACKNOWLEDGED,
                                      RELEASE) if f[1] == "failure.outcome_stated"]


def test_the_columns_a_read_asks_for_name_no_act_of_it() -> None:
    """"fields": ["start", ...] names columns to return: the read still only reads."""
    day = ok("schedule.day", json.dumps([{"start": "09:00", "patient": "N. Bianchi"}]),
             {"date": "2026-12-07", "fields": ["start", "patient", "mobile"]})
    sms = ToolEvent(call_id="c2", tool="notify.sms_batch", args={"template": "reminder_24h"},
                    status=ToolStatus.FAILED, result="503 Service Unavailable")
    assert [("failed_call_claimed", "failure.outcome_stated", "Done")] == [
        f for f in findings("Done. Reminders are out to N. Bianchi and the rest.", day, sms)
        if f[0] == "failed_call_claimed"]
