"""Each end of a range is written in the unit after its last end ("about 2.4–3.7 m",
"de 2,4 a 3,7 m", "2.4 to 3.7 m"), as each number of a "120 × 100 × 145 cm" chain is, and
is grounded by a result's figure in another unit of that dimension; in en and es (zh's
米 is read as a unit already). An end no conversion gives is still ungrounded. Findings as
(type, rule, span)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"

SURF = ok("surf_forecast", json.dumps({"spot": "North Jetty", "wave_ft_min": 8,
                                       "wave_ft_max": 12}))

CASES: list[tuple[str, str, object, Expected]] = [
    ("en", "North Jetty: waves of 8 to 12 ft (about 2.4–3.7 m).", SURF, []),
    ("en", "Expect 2.4 to 3.7 m at North Jetty.", SURF, []),
    ("es", "En North Jetty, olas de 2,4 a 3,7 m.", SURF, []),
    ("es", "Olas de unos 2,4-3,7 m en North Jetty.", SURF, []),
    # An end no conversion gives is still found.
    ("en", "North Jetty: waves of 8 to 12 ft (about 2.4–4.9 m).", SURF, [(V, NOT_IN, "4.9")]),
    ("es", "En North Jetty, olas de 1,2 a 3,7 m.", SURF, [(V, NOT_IN, "1,2")]),
]


@pytest.mark.parametrize(("language", "reply", "event", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_range_units(language: str, reply: str, event: object, expected: Expected) -> None:
    """Each reply gets exactly the ungrounded values of its row, with their spans."""
    assert expected == of_type(V, reply, event)  # type: ignore[arg-type]
