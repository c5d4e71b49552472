"""What a parsed JSON result holds: its keys and values at any depth, its first list, and
the values that say "none"."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .tables import is_mapping

# A value saying "none": a zero written as a word or a sign ("二等座": "无").
_NONE_VALUES = frozenset({"0", "none", "无", "無", "-", "—", "n/a"})


# The keys a result states how many items it found under ("count": 0, "total": 0).
_COUNT_KEYS = frozenset({"count", "total", "found", "matches", "hits", "total_count",
                         "num_results", "results_count", "n"})


def empty_value(value: Any) -> bool:
    """A JSON value that holds nothing: null, [], {}, 0 (not false), or a text saying none
    ("none", "-", "n/a", 无)."""
    return value is None or (value in ([], {}, 0) and not isinstance(value, bool)) or (
        isinstance(value, str) and value.strip().lower() in _NONE_VALUES)


def counted_none(data: dict[str, Any]) -> bool:
    """A result object that says it found none: a count key at 0, and every list it holds
    at the top empty (at least one), whatever query it echoes beside them."""
    lists = [v for v in data.values() if isinstance(v, list)]
    return bool(lists) and not any(lists) and any(
        data.get(key) == 0 and not isinstance(data.get(key), bool) for key in _COUNT_KEYS)


def json_pairs(node: Any, depth: int = 0) -> Iterator[tuple[str, Any]]:
    """Every key and value of a parsed JSON result, each key before what is under it: four
    levels deep, the first 50 items of a list."""
    if depth >= 4:
        return
    if is_mapping(node):
        for key, value in node.items():
            yield str(key), value
            if isinstance(value, list) or is_mapping(value):
                yield from json_pairs(value, depth + 1)
    elif isinstance(node, list):
        for item in node[:50]:
            yield from json_pairs(item, depth + 1)


def first_list(data: Mapping[str, Any], depth: int) -> list[Any] | None:
    """The first list in an object, looking into nested objects ({"data": {"issues":
    {"nodes": [...]}}}) a few levels down."""
    for value in data.values():
        if isinstance(value, list):
            return value
    if depth < 3:
        for value in data.values():
            if is_mapping(value):
                found = first_list(value, depth + 1)
                if found is not None:
                    return found
    return None
