"""A negative pronoun and a present participle ("nothing deviating by more than 1.5 °C",
"none exceeding the limit") deny items doing that: false over a result that lists such
items (a filtered listing), no finding over a table with only its header row, which lists
nothing, in results of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

ZONES = ok("bms_zone_status", "ZONE       SETPOINT_C  TEMP_C  DEVIATION\n"
                              "E2-OPEN-1  21.5        23.4    +1.9\nE4-LAB-2   20.0        17.8"
                              "    -2.2\n", {"wing": "east", "filter": "deviation_gt_1_5C"})
NO_ZONES = ok("bms_zone_status", "ZONE       SETPOINT_C  TEMP_C  DEVIATION\n",
              {"wing": "east", "filter": "deviation_gt_1_5C"})
NO_ROWS_CSV = ok("meter_alarms", "meter_id,reading_kwh,limit_kwh\n", {"over_limit": True})
OVER = ok("meter_alarms", json.dumps([{"meter_id": "M-7", "reading_kwh": 512, "limit_kwh": 400,
                                       "exceeding": True}]), {"over_limit": True})
PODS = ok("pods_list", json.dumps([{"name": "api-1", "status": "Running"},
                                   {"name": "api-2", "status": "Running"}]))


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("All zones are within band. Nothing deviating by more than 1.5 °C.", ZONES,
     "Nothing deviating"),
    ("None exceeding the limit this week.", OVER, "None exceeding"),
])
def test_listed_items_doing_it_make_the_absence_false(reply: str, event: object,
                                                      span: str) -> None:
    """The call selected the items doing it and listed some."""
    assert [("false_absence", "absence.result_has_items", span)] == [
        f for f in findings(reply, event) if f[0] == "false_absence"]  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event"), [
    ("Nothing deviating by more than 1.5 °C, so no action needed.", NO_ZONES),
    ("No zones are out of band.", NO_ZONES),
    ("None exceeding the limit this week.", NO_ROWS_CSV),
    ("Nothing worth flagging; both pods are running.", PODS),
])
def test_a_header_only_table_lists_nothing(reply: str, event: object) -> None:
    """Only a header row: nothing listed, the absence is what the result says."""
    assert [] == [f for f in findings(reply, event)  # type: ignore[arg-type]
                  if f[0] == "false_absence"]
