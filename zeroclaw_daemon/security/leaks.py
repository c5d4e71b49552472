"""Outbound secret redaction: the last filter before text leaves the daemon.

Every reply, receipts block and notice passes through :meth:`LeakRedactor.redact`
on every channel. A secret is replaced by ``[REDACTED:<kind>]``; an assignment
(``password=...``) keeps its name and loses its value.

What is found (the rules themselves are in leak_rules.py), strongest rule first
(a weaker rule never claims text that a stronger one matched):

1. the configured secrets' exact values (kind ``configured``);
2. shapes that are secrets by construction: PEM private keys, OpenAI and
   Anthropic keys, GitHub, AWS, Slack, Google, Stripe and Telegram tokens, JWTs,
   passwords inside URLs;
3. ``name=value`` / ``"name": "value"`` assignments whose name ends in password,
   secret, token, api_key, access_key or private_key, and ``Bearer`` values;
4. high-entropy blobs: a run of 32+ base64-ish characters that mixes upper,
   lower and digits evenly and whose Shannon entropy is high.

What must pass byte for byte: receipt tokens (``zc-receipt-<ts>-<43 chars>``,
the daemon's own proof, not secrets), UUIDs, git SHAs and sha256 digests (pure
hex is treated as a hash, never as a blob: a hex API key is only caught by the
rules above), ordinary words and URLs.

Redaction is best effort against *accidental* leaks (a tool printed a key, the
model repeated it). It cannot stop a model that deliberately encodes a secret.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..logs import get_logger
from .leak_rules import (
    ASSIGN_COLON_RE,
    ASSIGN_EQUALS_RE,
    ASSIGNMENT_NEEDLES,
    BEARER_RE,
    BLOB_CANDIDATE_RE,
    PLACEHOLDER_VALUE_RE,
    PRIORITY_ASSIGNMENT,
    PRIORITY_CONFIGURED,
    PRIORITY_ENTROPY,
    PUBLIC_KEY_MATERIAL_RE,
    PUBLIC_KEY_NEEDLES,
    RECEIPT_LIKE_RE,
    RECEIPT_TOKEN_RE,
    SPECIFIC_RULES,
    URL_RE,
    Rule,
    assignment_kind,
    assignment_value_group,
    is_literal_value,
    looks_random,
)

LOG_TARGET = "zeroclaw_runtime::security"

# Shorter configured values would redact ordinary words; they are ignored (and
# counted in a warning) rather than mangling every reply.
MIN_CONFIGURED_SECRET_LEN = 6


@dataclass(frozen=True, slots=True)
class Redaction:
    """One secret found in a text: its span and what kind it is (never its value)."""

    kind: str
    start: int
    end: int


class _Candidate(NamedTuple):
    priority: int
    start: int
    end: int
    kind: str
    generic: bool


def _has_needle(lowered: str | None, needles: tuple[str, ...]) -> bool:
    """Whether a rule with ``needles`` can match; ``lowered`` None: assume it can."""
    return lowered is None or not needles or any(needle in lowered for needle in needles)


class _SpanSet:
    """Disjoint, sorted spans with a logarithmic overlap test (texts can hold many matches)."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []
        for start, end in sorted(spans):
            if self._ends and start < self._ends[-1]:
                self._ends[-1] = max(self._ends[-1], end)  # merge overlapping input
            else:
                self._starts.append(start)
                self._ends.append(end)

    def overlaps(self, start: int, end: int) -> bool:
        index = bisect.bisect_right(self._starts, start)
        if index and self._ends[index - 1] > start:
            return True
        return index < len(self._starts) and self._starts[index] < end

    def add(self, start: int, end: int) -> None:
        """Add a span that overlaps none already present."""
        index = bisect.bisect_right(self._starts, start)
        self._starts.insert(index, start)
        self._ends.insert(index, end)


class LeakRedactor:
    """Finds and replaces secrets in outbound text; receipt tokens pass unmodified.

    ``exact_secrets`` are the values the daemon knows to be secret (API keys,
    bot tokens, passwords from the environment); each is redacted wherever it
    appears, as kind ``configured``. The instance is immutable after construction
    and safe to share between channels.
    """

    def __init__(self, exact_secrets: Iterable[str] = ()) -> None:
        self._logger = get_logger(LOG_TARGET)
        values = {value for value in exact_secrets if value}
        usable = sorted(
            (value for value in values if len(value) >= MIN_CONFIGURED_SECRET_LEN),
            key=len,
            reverse=True,
        )
        ignored = len(values) - len(usable)
        if ignored:
            self._logger.warning(
                "Configured secrets too short to redact safely; ignored",
                count=ignored,
                min_length=MIN_CONFIGURED_SECRET_LEN,
            )
        rules: list[Rule] = []
        if usable:
            # Longest first, so a secret that contains another is replaced whole.
            pattern = re.compile("|".join(re.escape(value) for value in usable))
            rules.append(Rule("configured", pattern, PRIORITY_CONFIGURED))
        rules.extend(SPECIFIC_RULES)
        rules.append(Rule("bearer_token", BEARER_RE, PRIORITY_ASSIGNMENT, "value", True,
                           needles=("bearer",)))
        self._rules: tuple[Rule, ...] = tuple(rules)
        self._configured_count = len(usable)

    def __repr__(self) -> str:
        return f"LeakRedactor(configured_secrets={self._configured_count})"

    def find(self, text: str) -> list[Redaction]:
        """Every secret in ``text``, in text order, non-overlapping."""
        if not text:
            return []
        # One lower-casing, then a substring test per rule: a reply with no secret-ish
        # text costs a handful of memchr passes and the blob scan, not twenty regex scans.
        # Only for ASCII text (isascii is O(1)): under re.IGNORECASE "ſecret"
        # matches "secret" while its lower() does not contain "secret".
        lowered = text.lower() if text.isascii() else None
        receipt_spans = ([m.span() for m in RECEIPT_TOKEN_RE.finditer(text)]
                         if "zc-receipt-" in text else [])
        receipts = _SpanSet(receipt_spans)
        receipt_like = _SpanSet(
            receipt_spans + ([m.span() for m in RECEIPT_LIKE_RE.finditer(text)]
                             if _has_needle(lowered, ("zc-receipt",)) else [])
        )
        not_blob_spans: list[tuple[int, int]] = []
        if _has_needle(lowered, ("://",)):
            not_blob_spans += [m.span() for m in URL_RE.finditer(text)]
        if _has_needle(lowered, PUBLIC_KEY_NEEDLES):
            not_blob_spans += [m.span() for m in PUBLIC_KEY_MATERIAL_RE.finditer(text)]
        not_blobs = _SpanSet(not_blob_spans)

        candidates: list[_Candidate] = []
        for rule in self._rules:
            if not _has_needle(lowered, rule.needles):
                continue
            for match in rule.pattern.finditer(text):
                start, end = match.span(rule.group)
                if start < end and not (
                    rule.group and PLACEHOLDER_VALUE_RE.match(text[start:end])
                ):
                    candidate = _Candidate(rule.priority, start, end, rule.kind, rule.generic)
                    candidates.append(candidate)
        assignments = ((ASSIGN_EQUALS_RE, ASSIGN_COLON_RE)
                       if _has_needle(lowered, ASSIGNMENT_NEEDLES) else ())
        for pattern in assignments:
            for match in pattern.finditer(text):
                group = assignment_value_group(match)
                if group is None or not is_literal_value(match, group):
                    continue
                start, end = match.span(group)
                kind = assignment_kind(match)
                candidates.append(_Candidate(PRIORITY_ASSIGNMENT, start, end, kind, True))
        for match in BLOB_CANDIDATE_RE.finditer(text):
            start, end = match.span()
            # A receipt token is a 32+ run too: the span tests are cheaper than the shape test.
            if (not receipt_like.overlaps(start, end) and not not_blobs.overlaps(start, end)
                    and looks_random(match.group())):
                candidates.append(_Candidate(PRIORITY_ENTROPY, start, end, "high_entropy", True))

        candidates.sort(key=lambda c: (c.priority, c.start))
        accepted: list[Redaction] = []
        taken = _SpanSet()
        for candidate in candidates:
            protected = receipt_like if candidate.generic else receipts
            span = (candidate.start, candidate.end)
            if protected.overlaps(*span) or taken.overlaps(*span):
                continue
            accepted.append(Redaction(candidate.kind, candidate.start, candidate.end))
            taken.add(*span)
        accepted.sort(key=lambda r: r.start)
        return accepted

    def redact(self, text: str) -> str:
        """``text`` with every secret replaced by ``[REDACTED:<kind>]``."""
        found = self.find(text)
        if not found:
            return text
        pieces: list[str] = []
        position = 0
        for redaction in found:
            pieces.append(text[position:redaction.start])
            pieces.append(f"[REDACTED:{redaction.kind}]")
            position = redaction.end
        pieces.append(text[position:])
        kinds = sorted({redaction.kind for redaction in found})
        self._logger.info("Redacted secrets from outbound text", count=len(found), kinds=kinds)
        return "".join(pieces)
