"""A sentence that quantifies over all the items and names states a result's column holds
("Every EV bay is either occupied or out of service", "Todas las plazas están ocupadas",
所有车位都在占用中) says no item is in another state: a row in another state ("free") refutes
it (false_absence). Items excepted ("except 5-EV2", "salvo", 除了), "not every", or every row
in a named state: no finding. Tables and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

BAYS = ok("carpark_bays", "level  bay    status\nL1     1-EV1  occupied\nL1     1-EV2  occupied\n"
                          "L2     2-EV1  out_of_service\nL3     3-EV1  occupied\n"
                          "L3     3-EV2  free")
PLAZAS = ok("plazas_parking", '[{"plaza": "P-01", "estado": "ocupado"}, {"plaza": "P-02", '
                              '"estado": "ocupado"}, {"plaza": "P-03", "estado": "libre"}, '
                              '{"plaza": "P-04", "estado": "ocupado"}]')
SPOTS = ok("parking_spots", '[{"车位": "B1-01", "状态": "占用"}, '
                            '{"车位": "B1-02", "状态": "占用"}, {"车位": "B1-03", "状态": "空闲"}, '
                            '{"车位": "B1-04", "状态": "占用"}]')


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Not right now. Every EV bay is either occupied or out of service.", BAYS,
     [("false_absence", "absence.universal_state_refuted",
       "Every EV bay is either occupied or out of service")]),
    ("No, todas las plazas están ocupadas.", PLAZAS,
     [("false_absence", "absence.universal_state_refuted", "todas las plazas están ocupadas")]),
    ("没有，所有车位都在占用。", SPOTS,
     [("false_absence", "absence.universal_state_refuted", "所有车位都在占用")]),
])
def test_a_row_in_another_state_refutes_every(reply: str, event: ToolEvent,
                                               expected: Expected) -> None:
    """A universal of state with a row in another state is a false absence."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("Every EV bay except 3-EV2 is occupied or out of service.", BAYS),
    ("Not every bay is taken: 3-EV2 is free.", BAYS),
    ("Todas las plazas salvo la P-03 están ocupadas.", PLAZAS),
    ("除了 B1-03，所有车位都在占用。", SPOTS),
    ("Every EV bay is occupied, out of service or free.", BAYS),
    # "at all" quantifies nothing.
    ("Bay 3-EV2 shows no charger at all, so it is occupied.", BAYS),
])
def test_excepted_or_complete_universals_stand(reply: str, event: ToolEvent) -> None:
    """Items excepted, a negated universal, or every state named: no finding."""
    assert [] == findings(reply, event)


SHOWS = ok("dome.shows_today", "time   show          status\n"
                               "14:00  Little Stars  sold out\n"
                               "17:30  Winter Skies  on sale\n"
                               "19:00  Geminids      on sale\n"
                               "20:30  Deep Space    on sale")


@pytest.mark.parametrize(("reply", "expected"), [
    # "all" after a count of fewer items than the rows ranges over those counted.
    ("Three evening shows tonight, all still on sale.", []),
    # A count of every row: all of them, refuted by the sold-out one.
    ("Four shows today, all still on sale.",
     [("false_absence", "absence.universal_state_refuted", "all still on sale")]),
])
def test_a_universal_after_a_count_ranges_over_it(reply: str, expected: Expected) -> None:
    """"N X, all S" says S of the N counted: a part when N is fewer than the rows."""
    assert expected == [f for f in findings(reply, SHOWS) if f[0] == "false_absence"]
