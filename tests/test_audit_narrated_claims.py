"""Acts narrated in an account of the turn and status values restated (sentences of our
own, other domains and tools): a past passive of a verb of sending told in sequence
("was then mailed") is an action claim, any other act so told a state; a result
shows an act by a done form of its class (a submission is no sending); a Chinese verb that
stands inside a result's value is that value; (type, rule, span) of each finding."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

F, X = "fabricated_tool_call", "failed_call_claimed"
NO_CALL = "action.no_matching_call"

LEASE_READ = ok("lease_portal_status",
                '{"lease": "L-9", "status": "accepted", "submitted": "2026-11-02T10:04Z"}',
                {"lease": "L-9"})
SNAPSHOTS = ok("vm_snapshot_list", "snap-01 2026-10-01 120 GB\nsnap-02 2026-11-01 118 GB",
               {"vm": "db-2"})
ORDERS = ok("shop_order_list",
            '[{"order": "A12", "status": "已退款待入账"},'
            ' {"order": "A15", "status": "已退款待入账"},'
            ' {"order": "A19", "status": "待付款"}]', {"shop": "北郊店"})

# (language, reply, events, expected findings as (type, rule, span text))
CASES: list[tuple[str, str, list[ToolEvent], Expected]] = [
    # en: an event told in sequence after what the read showed, with no call doing it.
    ("en", "The lease renewal was accepted. A signed copy was then mailed to the tenant.",
     [LEASE_READ], [(F, NO_CALL, "mailed")]),
    # en precision: any other act told in sequence is a state a result may show; held
    # only against a failed call ("the lockfile was also updated" of a commit's diff).
    ("en", "Both snapshots are listed; the older ones were subsequently purged.",
     [SNAPSHOTS], []),
    ("en", "That commit bumped the deps; the lockfile was also updated.",
     [ok("git_show", "commit 4e1a2b\n\n    bump deps\n\n M package.json\n M yarn.lock",
         {"rev": "4e1a2b"})], []),
    # en precision: another's act ("by the vendor"), a result showing the verb itself, a
    # call that did it.
    ("en", "The invoice was then forwarded by the vendor.", [LEASE_READ], []),
    ("en", "The patch was then merged, as the PR page shows.",
     [ok("forge_pr_get", '{"pr": 88, "state": "merged"}', {"pr": 88})], []),
    ("en", "It was then sent to the third-floor printer.",
     [ok("print_job_submit", '{"job": 4411, "state": "queued"}', {"printer": "3F"})], []),
    # en: a sending told in sequence in the past passive is an act (a message leaves no
    # state a result would show of its object), and "by email" names a means, not an agent;
    # without the sequence it may tell the result's history: a state, no fabrication.
    ("en", "The renewal was accepted. The tenant was also notified by text.", [LEASE_READ],
     [(F, NO_CALL, "notified")]),
    ("en", "It was accepted, and a receipt was then emailed to the tenant.", [LEASE_READ],
     [(F, NO_CALL, "emailed")]),
    ("en", "It was accepted, and a receipt was emailed to the tenant.", [LEASE_READ], []),
    ("en", "The renewal was accepted, after which the landlord was notified.", [LEASE_READ],
     []),
    # en precision: a sending the result shows; someone else's act; a submission the
    # result shows ("submitted" is no sending to a recipient, but it is a submission).
    ("en", "Your November payslip was emailed to you.",
     [ok("payroll_slip_get", '{"slip": "2026-11", "emailed": "2026-12-01"}',
         {"slip": "2026-11"})], []),
    ("en", "The tenant was notified by the landlord's agent.", [LEASE_READ], []),
    ("en", "The deposit receipt was emailed on 1 December and the deposit has been paid.",
     [ok("deposit_get", '{"id": "D-4", "receipt_sent_at": "2026-12-01", "paid": true}',
         {"id": "D-4"})], []),
    ("en", "The renewal form was submitted at 10:04 and accepted later.", [LEASE_READ], []),
    # en, es, zh: informing is sending (a reply-only verb in English: "inform" names no
    # tool's act); 告知.
    ("en", "The renewal was accepted. The tenant has been informed.", [LEASE_READ],
     [(F, NO_CALL, "informed")]),
    ("es", "La renovación está aceptada y he informado al inquilino.", [LEASE_READ],
     [(F, NO_CALL, "informado")]),
    ("zh", "续约已受理，也已经告知房东了。", [LEASE_READ], [(F, NO_CALL, "告知")]),
    # en: "file" names what a tool holds ("file_search" searches files), so it backs no
    # filing.
    ("en", "I filed the expense report.",
     [ok("file_search", "reports/2026-11-expenses.pdf", {"q": "expense"})],
     [(F, NO_CALL, "filed")]),
    # es, zh: the same sending, with the indefinite article ("se envió una copia"); 抄送.
    ("es", "Además se envió una copia al inquilino.", [LEASE_READ], [(F, NO_CALL, "envió")]),
    ("es", "El servicio se reinició una vez durante la noche.",
     [ok("svc_events", "2026-12-03T02:10Z restart\n2026-12-03T02:11Z healthy",
         {"svc": "api"})], []),
    ("zh", "随后已把副本抄送给房东。", [LEASE_READ], [(F, NO_CALL, "抄送")]),
    # zh: a status restated from the result is no act of the assistant's; the same verb
    # said of an order whose status is otherwise is.
    ("zh", "还有 2 笔订单已退款待入账：A12、A15。", [ORDERS], []),
    ("zh", "订单 A19 已经退款了。", [ORDERS], [(F, NO_CALL, "退款")]),
]


@pytest.mark.parametrize(("language", "reply", "events", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_narrated_claims(language: str, reply: str, events: list[ToolEvent],
                         expected: Expected) -> None:
    """Each reply gets exactly the action findings of its row, with their spans."""
    actual = [f for f in findings(reply, *events) if f[0] in (F, X)]
    assert expected == actual
