"""A Chinese negation right after a count and its classifier ("另外 4 通没接到", "有 4 通电话
没接到") says the state of the items counted, not that anything is absent. A negation after
a count of none ("一通都没接到": not even one) is still an absence. Tools and sentences of
our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

LOG = ok("phone_system.call_log", "time,caller,status\n" + "\n".join(
    f"21:{i:02d},1380000{i:04d},{'answered' if i % 4 else 'missed'}" for i in range(16)))


@pytest.mark.parametrize("reply", [
    "昨晚一共进线 16 通：接通 12 通，另外 4 通没接到。",
    "有 4 通电话没接到。",
])
def test_a_negation_after_a_count_is_the_items_state(reply: str) -> None:
    """No false absence: the negation is what the four calls were."""
    assert [] == [f for f in findings(reply, LOG) if f[0] == "false_absence"]


def test_a_negation_without_a_count_is_an_absence() -> None:
    """"一通都没接到" (not even one answered) beside answered calls is a false absence."""
    assert ["false_absence"] == [f[0] for f in findings("昨晚的电话一通都没接到。", LOG)
                                 if f[0] == "false_absence"]
