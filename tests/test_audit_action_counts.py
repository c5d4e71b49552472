"""Counts bound to a verb: "N to <verb>" in a result, the count's own predicate past its
auxiliaries ("5 rows will be deleted"), and "nothing gets <verb>ed" against that count."""

from __future__ import annotations

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

MIGRATION = ("Pending migration 0042_prune_sessions:\n"
             "  rows to delete: see below\n"
             "Summary: 3 to insert, 12 to update, 40 to delete.")
SYNC = "dry run complete. 7 to upload, 0 to remove, 2 to skip."


def found(reply: str, result: str, tool: str = "db_migrate_plan") -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool=tool, args={}, status=ToolStatus.OK, result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "span"), [
    ("The migration is small: 12 rows will be inserted and 3 updated.", "12 rows"),
    ("40 rows are going to be updated and 12 deleted.", "40 rows"),
])
def test_count_bound_to_its_verb(reply: str, span: str) -> None:
    """A count whose predicate is a verb the result counts ("3 to insert") must match it."""
    assert [("count_mismatch", "count.item_count", span)] == found(reply, MIGRATION)


@pytest.mark.parametrize("reply", [
    "The migration is small: 3 rows will be inserted and 12 updated, 40 deleted.",
    "7 files will be uploaded; nothing gets removed.",
])
def test_counts_matching_their_verbs_are_no_finding(reply: str) -> None:
    """Counts and a zero that agree with the result's "N to <verb>" get no finding."""
    result = SYNC if "uploaded" in reply else MIGRATION
    assert [] == found(reply, result, "bucket_sync" if result is SYNC else "db_migrate_plan")


@pytest.mark.parametrize(("reply", "span"), [
    ("Safe to run: nothing will be deleted.", "nothing will be deleted"),
    ("Nothing gets inserted, it only updates.", "Nothing gets inserted"),
])
def test_nothing_gets_verbed_against_a_stated_count(reply: str, span: str) -> None:
    """"Nothing will be deleted" while the result says "40 to delete" is a false absence."""
    assert [("false_absence", "absence.result_states_a_count", span)] == found(
        reply, MIGRATION)


def test_nothing_gets_verbed_needs_a_count_of_that_verb() -> None:
    """A verb the result only mentions (no count beside it) gives no finding."""
    assert [] == found("Nothing was archived.", "archive step skipped; archived copies kept")
