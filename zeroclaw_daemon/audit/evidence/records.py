"""The breakdowns of a result that is a JSON object: objects of figures under a key.

A breakdown is an object of two or more figures and nothing else ({"dogs": 34, "cats":
26}) under a key that names what it breaks down ("intake"): its total is a figure of the
result of its own. They are read once per result, whatever count asks about them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_DEPTH = 4
MAX_KEYS = 100


def breakdowns(node: Mapping[str, Any], depth: int = 0) -> list[tuple[str, int | float]]:
    """(key, total) of every breakdown of ``node``, looking into nested objects
    :data:`MAX_DEPTH` levels down, :data:`MAX_KEYS` keys an object."""
    found: list[tuple[str, int | float]] = []
    if depth > MAX_DEPTH:
        return found
    for key, child in list(node.items())[:MAX_KEYS]:
        if not isinstance(child, Mapping):
            continue
        figures = [v for v in child.values()
                   if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if len(figures) >= 2 and len(figures) == len(child):
            found.append((str(key), sum(figures)))
        found.extend(breakdowns(child, depth + 1))
    return found
