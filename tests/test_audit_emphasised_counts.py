"""Markdown emphasis around a count's number or noun is formatting, not words.

"**10** certificates are waiting" over nine certificates is a miscount, as "10
certificates" would be; "**9** certificates" and "9 *signed* certificates" are right.
Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

NINE = ok("certs.pending", json.dumps([{"cert": f"PC-{3270 + i}"} for i in range(9)]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("**10** certificates are waiting.", ["10** certificates"]),
    ("**9** certificates are waiting.", []),
    ("9 *pending* certificates are waiting.", []),
])
def test_a_count_read_through_emphasis(reply: str, expected: list[str]) -> None:
    """The number and noun of a count are read through markdown emphasis."""
    assert expected == [f[2] for f in of_type("count_mismatch", reply, NINE)]
