"""An absence said with a word of lacking ("no le falta ningún documento", "没有缺的",
"nothing is missing") denies items in a state of lacking, not the items themselves.

Results write that state in a closed class of values (``missing``, ``absent``,
``faltante``, 缺失, 未提交): an absence of lacking is false only where an item of the
results holds one; a result of present, verified items bears it out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..evidence.facts import EventFacts

# States of lacking as results write them (keys and values in English, Spanish or Chinese).
_LACKING_RE = re.compile(
    r"(?<![a-z])(?:missing|absent|lacking|not[_ ](?:submitted|provided|received|uploaded)|"
    r"falta|faltante|faltantes|no[_ ](?:presentado|entregado|aportado))(?![a-z])"
    r"|缺失|缺少|缺|未提交|未上传|未提供|待补", re.IGNORECASE)


# A key of lacking with nothing under it ("missing": 0, "missing_docs": [], missing=none):
# nothing lacks.
_NOTHING_AFTER_RE = re.compile(
    r"[\w\"']*\s*[:=]\s*(?:0|none|null|false|\[\s*\]|-|—)?\s*(?:[,}\n]|$)", re.IGNORECASE)
_MAX_DEPTH = 6


def lacks_an_item(pool: Sequence[EventFacts]) -> bool:
    """Whether a result holds a state of lacking (a missing document, an absent part): a
    value in that state, or a key of lacking with something under it."""
    for facts in pool:
        data = facts.parsed_json
        if data is not None:
            if _lacking_in(data, 0):
                return True
            continue
        for match in _LACKING_RE.finditer(facts.result):
            if not _NOTHING_AFTER_RE.match(facts.result, match.end()):
                return True
    return False


def _lacking_in(node: Any, depth: int) -> bool:
    if depth > _MAX_DEPTH:
        return False
    if isinstance(node, str):
        return _LACKING_RE.search(node) is not None
    if isinstance(node, list):
        return any(_lacking_in(item, depth + 1) for item in node[:_MAX_ITEMS])
    if isinstance(node, dict):
        for key, value in list(node.items())[:_MAX_ITEMS]:
            if isinstance(key, str) and _LACKING_RE.search(key) and value not in (
                    0, None, False, "", [], {}):
                return True
            if _lacking_in(value, depth + 1):
                return True
    return False


_MAX_ITEMS = 200
