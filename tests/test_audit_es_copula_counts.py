"""Spanish copulas and counts: "Son cinco pacientes" presents the whole listing; "cinco
están de baja" picks out some of it.

Right before a count the copula presents it ("Son cinco pacientes" over six is a
miscount); after the count it predicates of a part ("tres están sin datos desde el
lunes": a part, no finding). Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

SIX = ok("telemonitor.sin_datos", json.dumps(
    [{"paciente": name} for name in ("Ortega", "Vidal", "Castro", "Ruiz", "Sanz", "Mora")],
    ensure_ascii=False))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Son cinco pacientes. El caso más largo es Ortega.", ["cinco pacientes"]),
    ("Son seis pacientes. El caso más largo es Ortega.", []),
    ("De los seis, tres pacientes están sin datos desde el lunes.", []),
])
def test_a_copula_before_the_count_presents_the_whole(reply: str, expected: list[str]) -> None:
    """"Son cinco" is the whole listing's count; a copula after the count picks a part."""
    assert expected == [f[2] for f in of_type("count_mismatch", reply, SIX)]
