"""An absence whose clause names rows by words no other row of the table holds ("the studio
and quarantine traps were empty") is borne out when every figure of those rows is zero,
and refuted by the result when one of them holds more. Tools and sentences of our own."""

from __future__ import annotations

from audit_rules import findings, ok

TRAPS = ok("ipm.trap_counts", "trap,location,moth,beetle,silverfish\n"
                              "T01,Textile store bay 1,3,0,1\n"
                              "T02,Textile store bay 2,5,1,0\n"
                              "T05,Conservation studio,0,0,0\n"
                              "T07,Loading bay,0,2,1\n"
                              "T08,Quarantine room,0,0,0")
A = "false_absence"


def test_rows_named_at_zero_bear_the_absence_out() -> None:
    """Studio and quarantine rows are all zero: no finding."""
    assert [] == [f for f in findings("Moths in bays 1 and 2. The studio and quarantine traps "
                                      "were empty.", TRAPS) if f[0] == A]


def test_a_row_named_with_a_catch_refutes_it() -> None:
    """The loading bay trap caught beetles and silverfish: "were empty" is false."""
    assert [A] == [f[0] for f in findings("Moths in bays 1 and 2. The loading and quarantine "
                                          "traps were empty.", TRAPS) if f[0] == A]
