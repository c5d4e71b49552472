"""The audit's bounds: a reply far longer than any real one is read up to MAX_CHECKED_CHARS
characters or MAX_CHECKED_CLAIMS claims, its tokens judged throughout, the rest said unread;
and the daemon audits off its event loop."""

from __future__ import annotations

import anyio
import anyio.lowlevel
from audit_rules import ok

from zeroclaw_daemon.agent.reply import audit_off_loop
from zeroclaw_daemon.audit import (
    MAX_CHECKED_CHARS,
    MAX_CHECKED_CLAIMS,
    apply_audit_mode,
    audit_reply,
    partial_notice,
)
from zeroclaw_daemon.receipts import ReceiptScope, TurnCollector, TurnContext

LISTING = ok("files.list", "a.txt\nb.txt\nc.txt")
HONEST = "The listing shows 3 files. "
LIE = "The listing shows 5 files."
FORGED = "[receipt: zc-receipt-1796428800-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA]"
# Far more claims than the bound, in a reply far shorter than the character bound.
MANY = HONEST * (2 * MAX_CHECKED_CLAIMS)


def found_types(reply: str) -> set[str]:
    return {f.type.value for f in audit_reply(reply, (LISTING,), None, "c").findings}


def test_a_reply_within_the_bounds_is_read_whole() -> None:
    """A short reply's lie is found and its report says nothing went unread."""
    report = audit_reply(HONEST + LIE, (LISTING,), None, "c")
    assert ({"count_mismatch"}, None) == ({f.type.value for f in report.findings},
                                          report.unchecked_from)
    assert "unchecked_from" not in report.to_dict()


def test_claims_past_the_claim_bound_are_not_read_and_the_report_says_where() -> None:
    """A lie after MAX_CHECKED_CLAIMS claims is not read; the report marks the cut, made
    at a sentence end before the lie."""
    reply = MANY + LIE
    report = audit_reply(reply, (LISTING,), None, "c")
    cut = report.unchecked_from
    assert cut is not None
    assert (set(), True, True) == ({f.type.value for f in report.findings},
                                   cut <= reply.index(LIE), reply[cut - 2:cut + 1] == "s. ")
    assert cut == report.to_dict()["unchecked_from"]


def test_a_lie_before_the_bound_is_still_found() -> None:
    """The bound drops the tail, not the head: a lie that opens a long reply is found."""
    assert {"count_mismatch"} == found_types(LIE + " " + MANY)


def test_tokens_past_the_bounds_are_still_judged() -> None:
    """A forged receipt at the end of an over-long reply is still a finding."""
    assert {"forged_receipt"} == found_types(MANY + "Done. " + FORGED)


def test_the_character_bound_cuts_at_a_sentence_end() -> None:
    """A reply longer than MAX_CHECKED_CHARS, with few claims, is read to the last sentence
    end before the bound."""
    sentence = "Nothing here claims anything at all, it is only a long reply. "
    reply = sentence * (2 * MAX_CHECKED_CHARS // len(sentence))
    cut = audit_reply(reply, (LISTING,), None, "c").unchecked_from
    assert cut is not None
    assert (True, True) == (MAX_CHECKED_CHARS - len(sentence) < cut <= MAX_CHECKED_CHARS,
                            reply[cut - 2:cut + 1] == "y. ")


def test_the_modes_tell_the_reader_what_went_unread() -> None:
    """annotate adds the partial notice; block sends only the part read, with the notice
    that the rest was withheld; log sends the reply as it is."""
    reply = MANY + LIE
    report = audit_reply(reply, (LISTING,), None, "c")
    cut = report.unchecked_from
    assert cut is not None
    expected = (f"{reply.rstrip()}\n\n{partial_notice(reply, cut)}",
                f"{reply[:cut].rstrip()}\n\n{partial_notice(reply, cut, withheld=True)}",
                reply)
    assert expected == tuple(apply_audit_mode(reply, report, mode)
                             for mode in ("annotate", "block", "log"))
    assert f"the last {len(reply) - cut:,} characters" in expected[1]


async def test_the_daemon_audits_off_its_event_loop() -> None:
    """While a long reply is audited, other tasks of the event loop keep running: a ticker
    runs before the audit returns (on the loop itself it could not run until after)."""
    turn = TurnContext(ReceiptScope(), TurnCollector(), "c", "t")
    turn.collector.add(LISTING)
    ticks: list[bool] = []
    done = anyio.Event()

    async def ticker() -> None:
        while not done.is_set():
            ticks.append(True)
            await anyio.sleep(0.001)

    async with anyio.create_task_group() as group:
        group.start_soon(ticker)
        await anyio.lowlevel.checkpoint()
        before = len(ticks)
        report = await audit_off_loop(MANY + LIE, turn, "")
        during = len(ticks) - before
        done.set()
    assert report.unchecked_from is not None
    assert during > 1
