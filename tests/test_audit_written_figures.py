"""How a reply writes a figure, read as a rule of the language, in sentences of our own:
a number after a capitalised label and another number is a label ("212 Cat 2 incidents"),
an approximator before an emphasised value still makes it approximate ("about **£4,240**"),
a span in two units is compared whole with a key of its name ("Mean: 25 min 42 s"), and a
range of two times of day is an interval in any layout ("11:00-12:50  Mahler")."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

CALLS = ok("dispatch_stats", json.dumps({"incidents": 212, "mean_response_s": 1542,
                                         "average_wait_s": 270}))
ALARMS = ok("alarm_log", json.dumps({"alarms": 40, "zone": "north"}))
VALUATION = ok("valuation", "item,value_gbp\nA,828.00\nB,498.00\nC,1290.00\nD,324.00\n"
                            "E,456.00\nF,840.00\n")
SCHEDULE = ok("day_plan", "09:00-10:30  Talk A  Hall 1\n10:30-10:45  Coffee\n"
                          "11:00-12:10  Talk B  Hall 2  (panel)\n12:10-13:00  Lunch\n")


@pytest.mark.parametrize(("reply", "event"), [
    ("Across **212 Cat 2 incidents** the picture is mixed.", CALLS),
    ("There were 40 Level 3 alarms overnight.", ALARMS),
    ("Overnight: 40 Zone 4 alarms, all cleared.", ALARMS),
])
def test_a_number_after_a_label_and_a_count_is_a_label(reply: str, event: ToolEvent) -> None:
    """"212 Cat 2 incidents": the 2 labels the incidents, whose count is the 212."""
    assert [] == of_type("count_mismatch", reply, event)


@pytest.mark.parametrize("reply", [
    "About **£4,240** at today's prices.",
    "Roughly *£4,240* in all.",
    "The whole lot is worth around __£4,250__.",
    "En total, unos **4.240 £**.",
])
def test_an_approximator_before_an_emphasised_value_makes_it_approximate(reply: str) -> None:
    """Emphasis marks between "about" and the value do not make it exact: £4,240 is
    about the column's £4,236."""
    assert [] == of_type("ungrounded_value", reply, VALUATION)


def test_an_emphasised_approximate_value_far_off_is_still_ungrounded() -> None:
    """"about **£5,240**" is no rounding of £4,236."""
    assert [("ungrounded_value", "value.not_in_results", "£5,240")] == of_type(
        "ungrounded_value", "About **£5,240** at today's prices.", VALUATION)


@pytest.mark.parametrize("reply", [
    "- **Mean: 25 min 42 s** against the target",
    "Average wait: 4 min 30 s, well within the target.",
    "The mean response was 25 min 42 s.",
])
def test_a_span_in_two_units_is_compared_whole_with_its_key(reply: str) -> None:
    """"Mean: 25 min 42 s" beside "mean_response_s": 1542 is the same span, not 25 min."""
    assert [] == of_type("ungrounded_value", reply, CALLS)


def test_a_wrong_span_in_two_units_beside_its_key_is_still_ungrounded() -> None:
    """"Mean: 31 min 42 s" is no reading of 1542 s."""
    assert ["31 min", "42 s"] == [f[2] for f in of_type(
        "ungrounded_value", "Mean: 31 min 42 s against the target.", CALLS)]


@pytest.mark.parametrize("reply", [
    "The two talks take 2 h 40 min between them.",
    "Talk B runs 1 h 10 min.",
    "Counting the coffee break, the morning block is 1 hour 45 minutes.",
])
def test_a_range_of_two_times_is_an_interval_in_any_layout(reply: str) -> None:
    """The lines of a schedule no table layout splits still give their intervals (90 + 70
    minutes of talks; 90 + 15 of the first block)."""
    assert [] == findings(reply, SCHEDULE)


def test_a_span_no_ranges_give_is_still_ungrounded() -> None:
    """5 h 10 min is no total of the schedule's ranges (at most 3 h 45 min): its hours
    are flagged."""
    assert True is ("5 h" in [f[2] for f in of_type(
        "ungrounded_value", "The talks take 5 h 10 min in all.", SCHEDULE)])
