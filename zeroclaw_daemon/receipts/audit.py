"""Reply audit: check what a reply says against what the turn's tools really did.

Deterministic and local: no model calls, and no reliance on the model
tagging its own claims. Two sources of findings:

1. **Receipt tokens** in the reply, judged by the scope's ledger
   (``ReceiptScope.check_tokens``): ``forged``, ``stale``, ``foreign`` and
   ``malformed`` verdicts become findings of the same name; ``valid`` and
   ``expired`` (too old to judge) do not. Without a scope, a well-formed
   token equal to one of this turn's event receipts is ``valid`` and any
   other well-formed token is ``forged``.
2. **Claims** pulled from the reply text by the language pack of
   :mod:`zeroclaw_daemon.receipts.claims` (detected when not given; the
   number, value and URL checks are language-neutral) and matched against
   the turn's :class:`ToolEvent` s: ``fabricated_tool_call``,
   ``failed_call_claimed``, ``count_mismatch``, ``false_absence``,
   ``ungrounded_value``, ``source_fabrication``.

Trust, from the findings (the rule in :func:`trust_for`):

- ``contradicted``: any finding that the evidence refutes outright: a
  forged, stale or foreign receipt, a failed call presented as done, a
  count that disagrees with the result, or an absence the result disproves;
- ``suspect``: findings only of the kinds that show a claim without
  evidence: a fabricated tool call, an ungrounded value, a fabricated
  source, a malformed receipt;
- ``verified``: no findings, and at least one successful tool call this
  turn or one valid receipt in the reply;
- ``unverified``: no findings and no tool evidence at all (nothing to
  check the reply against, and it claims no tool use).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import cached_property
from typing import Any

from .claims import Claims, ValueClaim, ValueKind, extract_claims, pack_for
from .claims._core import (
    CATEGORY_TOOL_WORDS,
    HAYSTACK_NUMBER_RE,
    PATH_RE,
    AbsenceClaim,
    CountClaim,
    ResultClaim,
    ToolUseClaim,
    find_dates,
    find_urls,
    mask,
    normalise_url,
    number_readings,
    stem,
    text_keywords,
    url_forms,
)
from .events import ToolEvent, ToolStatus
from .render import count_items
from .scope import ReceiptScope, TokenVerdict, Verdict
from .tokens import find_receipt_like


class FindingType(StrEnum):
    """The closed set of things the auditor reports."""

    FORGED_RECEIPT = "forged_receipt"
    STALE_RECEIPT = "stale_receipt"
    FOREIGN_RECEIPT = "foreign_receipt"
    MALFORMED_RECEIPT = "malformed_receipt"
    FABRICATED_TOOL_CALL = "fabricated_tool_call"
    FAILED_CALL_CLAIMED = "failed_call_claimed"
    COUNT_MISMATCH = "count_mismatch"
    FALSE_ABSENCE = "false_absence"
    UNGROUNDED_VALUE = "ungrounded_value"
    SOURCE_FABRICATION = "source_fabrication"


class Trust(StrEnum):
    VERIFIED = "verified"
    UNVERIFIED = "unverified"
    SUSPECT = "suspect"
    CONTRADICTED = "contradicted"


class AuditMode(StrEnum):
    """``[agent.tool_receipts.audit] mode``."""

    OFF = "off"
    LOG = "log"
    ANNOTATE = "annotate"
    BLOCK = "block"


CONTRADICTING = frozenset({
    FindingType.FORGED_RECEIPT, FindingType.STALE_RECEIPT, FindingType.FOREIGN_RECEIPT,
    FindingType.FAILED_CALL_CLAIMED, FindingType.COUNT_MISMATCH, FindingType.FALSE_ABSENCE,
})
_TOKEN_FINDINGS: Mapping[Verdict, FindingType] = {
    Verdict.FORGED: FindingType.FORGED_RECEIPT,
    Verdict.STALE: FindingType.STALE_RECEIPT,
    Verdict.FOREIGN: FindingType.FOREIGN_RECEIPT,
    Verdict.MALFORMED: FindingType.MALFORMED_RECEIPT,
}
_TOKEN_MESSAGES: Mapping[Verdict, str] = {
    Verdict.FORGED: "receipt {token} was never issued by this runtime",
    Verdict.STALE: "receipt {token} is older than this runtime's receipt scope",
    Verdict.FOREIGN: "receipt {token} was issued for another conversation",
    Verdict.MALFORMED: "{token} looks like a receipt but does not follow the receipt format",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: its type, where in the reply, which call it concerns, and why."""

    type: FindingType
    start: int
    end: int
    call_id: str | None
    message: str

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type.value, "span": [self.start, self.end],
                "call_id": self.call_id, "message": self.message}


@dataclass(frozen=True, slots=True)
class AuditReport:
    """The audit of one reply. ``tokens`` has a verdict for every receipt-like string."""

    trust: Trust
    findings: tuple[Finding, ...]
    tokens: tuple[TokenVerdict, ...]
    language: str = "en"

    @property
    def types(self) -> frozenset[FindingType]:
        return frozenset(f.type for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "trust": self.trust.value,
            "findings": [f.to_dict() for f in self.findings],
            "tokens": [{"token": t.text, "verdict": t.verdict.value} for t in self.tokens],
        }


def trust_for(findings: Iterable[Finding], has_tool_evidence: bool) -> Trust:
    """The trust rule of the module docstring."""
    types = {f.type for f in findings}
    if types & CONTRADICTING:
        return Trust.CONTRADICTED
    if types:
        return Trust.SUSPECT
    return Trust.VERIFIED if has_tool_evidence else Trust.UNVERIFIED


# --------------------------------------------------------------------------- entry points


def audit_reply(reply: str, events: Sequence[ToolEvent], scope: ReceiptScope | None,
                conversation_id: str | None, user_message: str = "",
                language: str | None = None) -> AuditReport:
    """Audit ``reply`` against the turn's ``events`` and the scope's ledger."""
    tokens = _token_verdicts(reply, events, scope, conversation_id)
    findings: list[Finding] = []
    for verdict in tokens:
        finding_type = _TOKEN_FINDINGS.get(verdict.verdict)
        if finding_type is not None:
            message = _TOKEN_MESSAGES[verdict.verdict].format(token=_short(verdict.text))
            call_id = verdict.record.call_id if verdict.record is not None else None
            findings.append(Finding(finding_type, verdict.start, verdict.end, call_id, message))

    text = mask(reply, [(t.start, t.end) for t in tokens])
    pack = pack_for(language, text)
    claims = extract_claims(text, pack)
    evidence = _Evidence(events, user_message)
    checker = _Checker(claims, evidence, findings, text)
    checker.run()

    findings = _dedupe(findings)
    has_evidence = bool(evidence.ok) or any(t.verdict is Verdict.VALID for t in tokens)
    return AuditReport(trust_for(findings, has_evidence), tuple(findings), tuple(tokens),
                       pack.code)


def render_notice(report: AuditReport, *, withheld: bool = False) -> str:
    """A short plain notice naming each finding ("" when there is none)."""
    if not report.findings:
        return ""
    count = len(report.findings)
    noun = "finding" if count == 1 else "findings"
    items = "; ".join(f"{f.type.value.replace('_', ' ')}: {f.message}" for f in report.findings)
    if withheld:
        return f"⚠ Audit: the reply was withheld ({count} {noun}) — {items}"
    return f"⚠ Audit: {count} {noun} — {items}"


def apply_audit_mode(reply: str, report: AuditReport, mode: AuditMode | str) -> str:
    """The text to send: unchanged (off, log), annotated, or replaced by the notice (block)."""
    chosen = AuditMode(mode)
    if chosen in (AuditMode.OFF, AuditMode.LOG) or not report.findings:
        return reply
    if chosen is AuditMode.ANNOTATE:
        return f"{reply.rstrip()}\n\n{render_notice(report)}"
    return render_notice(report, withheld=True)


# --------------------------------------------------------------------------- tokens


def _token_verdicts(reply: str, events: Sequence[ToolEvent], scope: ReceiptScope | None,
                    conversation_id: str | None) -> list[TokenVerdict]:
    if scope is not None:
        return scope.check_tokens(reply, conversation_id)
    issued = {e.receipt for e in events if e.receipt}
    verdicts: list[TokenVerdict] = []
    for match in find_receipt_like(reply):
        if match.token is None:
            verdict = Verdict.MALFORMED
        else:
            verdict = Verdict.VALID if match.text in issued else Verdict.FORGED
        verdicts.append(TokenVerdict(match.text, match.start, match.end, verdict))
    return verdicts


def _short(token: str) -> str:
    return token if len(token) <= 32 else token[:28] + "…"


# --------------------------------------------------------------------------- evidence

_NAME_SPLIT_RE = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])")
_ARG_WORD_SPLIT_RE = re.compile(r"[\s\"'`=,;|&()<>\[\]{}]+")
_COUNT_WORDS = frozenset(stem(w) for w in (
    "count", "total", "totals", "found", "matches", "results", "items", "rows", "entries",
    "hits", "records", "passed", "failed"))
_RESULT_SAYS_NOTHING_RE = re.compile(
    r"\b(?:no\s+(?:[\w-]+\s+){0,2}(?:found|matches?|results?|rows?|records?|data|entries|"
    r"items|output|hits)|nothing\s+(?:to\s+\w+|found|matched)|not\s+found|none\s+found|"
    r"0\s+(?:results?|matches?|items?|rows?|records?|hits|entries|files?|issues?|errors?|"
    r"warnings?))\b|^\s*(?:\[\]|\{\}|null|none|0|\(empty\)|\(no output\))?\s*$"
    r"|未找到|没有找到|无结果|sin\s+resultados|no\s+hay|ningún", re.IGNORECASE | re.MULTILINE)
_HEADER_LINE_RE = re.compile(r"^\s*(?:[A-Z][A-Z0-9_%-]*(?:\s+|$)){2,}$|^total\s+\d+\s*$")
_NEXT_WORD_RE = re.compile(r"[ \t\"']*([A-Za-z\u00C0-\u024F]{2,})")
_PREV_WORD_RE = re.compile(r"([A-Za-z\u00C0-\u024F_]{2,})[\"']?[ \t]*[:=]?[ \t]*$")
_STANDALONE_INT_RE = re.compile(
    r"(?<![\w:/.#@$€£\\-])(?:\d{1,3}(?:,\d{3})+|\d+)(?![\w:/@-]|[.,]\d)")
_NOT_FOUND_RE = re.compile(
    r"not\s+found|no\s+such|does\s+not\s+exist|doesn't\s+exist|FileNotFound|ENOENT|\b404\b|"
    r"不存在|找不到|no\s+existe|no\s+se\s+encontr", re.IGNORECASE)
_HEADER_WORD_RE = re.compile(r"\bheaders?\b|表头|标题行|\bencabezados?\b|\bcabeceras?\b",
                             re.IGNORECASE)
_RULE_LINE_RE = re.compile(r"^[\s\-=+|:]{3,}$")
_SQL_RE = re.compile(r"\b(?:select|insert|update|delete|with)\b", re.IGNORECASE)
_LIST_SPLIT_RE = re.compile(r",\s*|\s{2,}|\t")
_ASCII_WORD_RE = re.compile(r"[A-Za-z]+")
_SPACES_RE = re.compile(r"\s+")
MAX_SCAN_CHARS = 64_000


def _flatten(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, Mapping):
        for item in value.values():
            _flatten(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _flatten(item, out)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        out.append(str(value))


class _EventFacts:
    """What one event offers as evidence, computed on first use."""

    def __init__(self, event: ToolEvent) -> None:
        self.event = event
        values: list[str] = []
        _flatten(event.args, values)
        self.arg_text = "\n".join(values)
        self.result = event.result[:MAX_SCAN_CHARS]

    @cached_property
    def name_words(self) -> frozenset[str]:
        return frozenset(w.lower() for w in _NAME_SPLIT_RE.split(self.event.tool) if w)

    @cached_property
    def call_keys(self) -> frozenset[str]:
        name = frozenset(stem(w) for w in self.name_words)
        return name | text_keywords(self.arg_text)

    @cached_property
    def arg_tokens(self) -> frozenset[str]:
        return frozenset(t.lower() for t in _ARG_WORD_SPLIT_RE.split(self.arg_text) if t)

    @cached_property
    def result_keys(self) -> frozenset[str]:
        return text_keywords(self.result)

    @cached_property
    def url_forms(self) -> frozenset[str]:
        forms: set[str] = set()
        for _, _, url in find_urls(self.arg_text):
            forms.update(url_forms(normalise_url(url)))
        for url in self.event.urls:
            forms.update(url_forms(normalise_url(url)))
        return frozenset(forms)

    @cached_property
    def result_url_forms(self) -> frozenset[str]:
        forms: set[str] = set()
        for _, _, url in find_urls(self.result.replace("\\/", "/")):
            forms.update(url_forms(normalise_url(url)))
        return frozenset(forms)

    @cached_property
    def parsed_json(self) -> Any:
        stripped = self.result.strip()
        if not stripped or stripped[0] not in "[{":
            return None
        try:
            return json.loads(stripped)
        except (ValueError, RecursionError):
            return None

    @cached_property
    def units(self) -> list[str]:
        """The result's items: JSON array entries, else non-empty lines."""
        data = self.parsed_json
        if isinstance(data, list):
            return [json.dumps(item, ensure_ascii=False) for item in data]
        if isinstance(data, dict):
            for value in data.values():
                if isinstance(value, list):
                    return [json.dumps(item, ensure_ascii=False) for item in value]
            return []
        return [line for line in self.result.splitlines() if line.strip()]

    @cached_property
    def item_counts(self) -> frozenset[int]:
        """Every count the result supports as "how many items it lists"."""
        counts: set[int] = set()
        default = count_items(self.result)
        if self.event.result_count is not None and self.event.result_count != default:
            counts.add(self.event.result_count)  # the tool's own count, not the line count
        data = self.parsed_json
        if isinstance(data, list):
            counts.add(len(data))
        elif isinstance(data, dict):
            self._dict_counts(data, counts, depth=0)
        else:
            lines = self.units
            if len(lines) > 1 and _RULE_LINE_RE.match(lines[1]):
                counts.add(len(lines) - 2)  # a table: header, a rule of dashes, rows
            elif lines and _HEADER_LINE_RE.match(lines[0]):
                counts.add(len(lines) - 1)  # a header row (NAME READY STATUS ...)
            else:
                counts.add(len(lines))
            if len(lines) == 1:
                pieces = [p for p in _LIST_SPLIT_RE.split(lines[0]) if p.strip()]
                if len(pieces) > 1:
                    counts.add(len(pieces))
                colon_list = lines[0].rsplit(":", 1)[-1]
                if "," in colon_list:
                    counts.add(len([p for p in colon_list.split(",") if p.strip()]))
        numbers = self.numbers
        if len(numbers) <= 2:
            counts.update(int(n) for n, _, _ in numbers if n == n.to_integral_value())
        return frozenset(counts)

    def _dict_counts(self, data: Mapping[str, Any], counts: set[int], depth: int) -> None:
        for key, value in data.items():
            if isinstance(value, list):
                counts.add(len(value))
            elif isinstance(value, bool):
                continue
            elif isinstance(value, int) and stem(str(key).split("_")[-1]) in _COUNT_WORDS:
                counts.add(value)
            elif isinstance(value, Mapping) and depth < 2:
                self._dict_counts(value, counts, depth + 1)

    @cached_property
    def numbers(self) -> list[tuple[Decimal, int, int]]:
        """Standalone integers of the result: not inside times, dates, names or versions."""
        found: list[tuple[Decimal, int, int]] = []
        for match in _STANDALONE_INT_RE.finditer(self.result):
            found.append((Decimal(match.group(0).replace(",", "")), match.start(), match.end()))
        return found

    @cached_property
    def integers(self) -> frozenset[int]:
        return frozenset(int(number) for number, _, _ in self.numbers)

    @cached_property
    def number_neighbours(self) -> list[tuple[int, frozenset[str]]]:
        """Each standalone integer of the result with the stems of the words beside it."""
        found: list[tuple[int, frozenset[str]]] = []
        for number, start, end in self.numbers:
            following = _NEXT_WORD_RE.match(self.result, end)
            preceding = _PREV_WORD_RE.search(self.result, max(0, start - 30), start)
            keys = frozenset(stem(m.group(1)) for m in (following, preceding) if m is not None)
            found.append((int(number), keys))
        return found

    def stated_counts(self, context: frozenset[str]) -> tuple[set[int], set[int]]:
        """Numbers the result states next to the claim's words ("31 passed", "2 files").

        Returns (stated next to one of ``context``, stated next to a generic count
        word such as ``total`` or ``count``).
        """
        specific: set[int] = set()
        generic: set[int] = set()
        for value, keys in self.number_neighbours:
            if not keys:
                continue
            if _related(keys, context):
                specific.add(value)
            elif keys & _COUNT_WORDS:
                generic.add(value)
        return specific, generic

    def has_integer(self, value: int) -> bool:
        return value in self.integers

    def qualified_counts(self, keywords: frozenset[str]) -> set[int]:
        """How many items mention each claim word ("2 TODO comments" among 9 lines)."""
        unit_keys = [text_keywords(u) for u in self.units]
        counts = {sum(1 for keys in unit_keys if kw in keys) for kw in keywords}
        if len(keywords) > 1:
            counts.add(sum(1 for keys in unit_keys if keywords <= keys))
        return counts

    @cached_property
    def acronyms(self) -> frozenset[str]:
        words = [w.lower() for w in _ASCII_WORD_RE.findall(self.result[:8000])]
        found: set[str] = set()
        for size in (2, 3, 4, 5):
            for i in range(len(words) - size + 1):
                found.add("".join(w[0] for w in words[i:i + size]))
        return frozenset(found)

    @cached_property
    def empty(self) -> bool:
        stripped = self.result.strip()
        if not stripped or count_items(self.result) == 0:
            return True
        data = self.parsed_json
        if isinstance(data, dict) and data and not self.units and \
                all(not v for v in data.values() if isinstance(v, (list, Mapping))) and \
                any(isinstance(v, (list, Mapping)) for v in data.values()):
            return True
        return len(self.units) <= 3 and bool(_RESULT_SAYS_NOTHING_RE.search(stripped))


class _Evidence:
    """The turn's events and the user's message, as lazily built indexes."""

    def __init__(self, events: Sequence[ToolEvent], user_message: str) -> None:
        self.facts = [_EventFacts(e) for e in events]
        self.ok = [f for f in self.facts if f.event.status is ToolStatus.OK]
        self.failed = [f for f in self.facts if f.event.status is not ToolStatus.OK]
        self.user_message = user_message

    @cached_property
    def user_keys(self) -> frozenset[str]:
        return text_keywords(self.user_message)

    @cached_property
    def haystack(self) -> str:
        parts = [f.result for f in self.facts] + [f.arg_text for f in self.facts]
        parts.extend(u for f in self.facts for u in f.event.urls)
        parts.append(self.user_message)
        return "\n".join(parts).replace("\\/", "/")

    @cached_property
    def haystack_lower(self) -> str:
        return self.haystack.lower()

    @cached_property
    def haystack_compact(self) -> str:
        return _SPACES_RE.sub("", self.haystack_lower)

    @cached_property
    def numbers(self) -> _NumberIndex:
        return _NumberIndex(self.haystack)

    @cached_property
    def dates(self) -> frozenset[tuple[int | None, int, int]]:
        found: set[tuple[int | None, int, int]] = set()
        for _, _, (year, month, day) in find_dates(self.haystack):
            found.add((year, month, day))
            found.add((None, month, day))
        return frozenset(found)

    @cached_property
    def url_forms(self) -> frozenset[str]:
        forms: set[str] = set()
        for _, _, url in find_urls(self.haystack):
            forms.update(url_forms(normalise_url(url)))
        for facts in self.facts:
            forms |= facts.url_forms
        return frozenset(forms)

    @cached_property
    def url_hosts(self) -> frozenset[str]:
        return frozenset(form.split("/", 1)[0] for form in self.url_forms)


class _NumberIndex:
    """Every number in the evidence, under each reading, bucketed by integer part."""

    def __init__(self, text: str) -> None:
        exact: set[Decimal] = set()
        for match in HAYSTACK_NUMBER_RE.finditer(text):
            raw = match.group(0)
            for reading in number_readings(raw):
                exact.add(reading)
                exact.add(-reading)
        self.exact = frozenset(exact)
        buckets: dict[int, list[Decimal]] = {}
        for value in exact:
            buckets.setdefault(int(value), []).append(value)
        self.buckets = buckets

    def near(self, value: Decimal, spread: int = 1) -> Iterable[Decimal]:
        base = int(value)
        for key in range(base - spread, base + spread + 1):
            yield from self.buckets.get(key, ())

    def any_between(self, low: Decimal, high: Decimal) -> bool:
        if high - low <= 64:
            return any(low <= c <= high for key in range(int(low) - 1, int(high) + 2)
                       for c in self.buckets.get(key, ()))
        return any(low <= c <= high for c in self.exact)

    def grounds(self, value: Decimal, *, approx: bool = False) -> bool:
        if value in self.exact:
            return True
        exponent = value.as_tuple().exponent
        quantum = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
        for candidate in self.near(value):
            try:
                if candidate.quantize(quantum) == value:
                    return True  # the reply rounded a precise result: 16.4 -> 16
            except InvalidOperation:
                continue
        if approx and value:
            tolerance = abs(value) * Decimal("0.03")
            spread = int(tolerance) + 1
            if spread <= 64:
                return any(abs(c - value) <= tolerance for c in self.near(value, spread))
            return any(abs(c - value) <= tolerance for c in self.exact)
        return False


# --------------------------------------------------------------------------- checks


class _Checker:
    """Runs every claim check and appends findings."""

    def __init__(self, claims: Claims, evidence: _Evidence, findings: list[Finding],
                 text: str) -> None:
        self.text = text
        self.claims = claims
        self.evidence = evidence
        self.findings = findings
        self.failed_reported: set[str] = set()
        self.mismatched_counts: list[tuple[int, int]] = []
        self.supported: set[tuple[object, ...]] = set()

    def run(self) -> None:
        for claim in self.claims.tool_uses:
            self.check_tool_use(claim)
        for result in self.claims.results:
            self.check_result(result)
        for count in self.claims.counts:
            self.check_count(count)
        for absence in self.claims.absences:
            self.check_absence(absence)
        for value in self.claims.values:
            self.check_value(value)
        for url in self.claims.urls:
            self.check_url(url.span, url.url, url.normalised)

    # -- helpers

    def add(self, kind: FindingType, span: tuple[int, int], call_id: str | None,
            message: str) -> None:
        self.findings.append(Finding(kind, span[0], span[1], call_id, message))

    def failed_presented(self, span: tuple[int, int], facts: _EventFacts | None = None) -> None:
        """A result is presented while the call behind it did not succeed."""
        target = facts or (self.evidence.failed[0] if self.evidence.failed else None)
        if target is None:
            return
        event = target.event
        if event.call_id in self.failed_reported:
            return
        self.failed_reported.add(event.call_id)
        self.add(FindingType.FAILED_CALL_CLAIMED, span, event.call_id,
                 f"presents a result of {event.tool}, but that call "
                 f"{_STATUS_WORDS.get(event.status, 'failed')}")

    def relevant(self, keywords: frozenset[str], pool: list[_EventFacts]) -> list[_EventFacts]:
        return [f for f in pool if f.call_keys & keywords] if keywords else []

    # -- tool use

    def check_tool_use(self, claim: ToolUseClaim) -> None:
        signature = (claim.keywords, claim.categories, claim.command, claim.path, claim.url)
        if signature in self.supported:
            return  # the same wording was already matched to a successful call
        if any(_mentions(f, claim) for f in self.evidence.ok):
            self.supported.add(signature)
            return
        hits = [f for f in self.evidence.failed if _mentions(f, claim)]
        if hits:
            if not self.claims.acknowledges_failure:
                self.failed_presented(claim.span, hits[0])
            return
        if (claim.keywords and not (claim.categories or claim.command or claim.path or claim.url)
                and self.evidence.ok and claim.keywords & self.evidence.user_keys):
            return  # the user named the subject and a tool did answer: loose wording
        self.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None,
                 f"says {_describe_claim(claim)}, but no successful "
                 f"{_describe_tool(claim)} ran this turn")

    # -- results presented as done

    def check_result(self, claim: ResultClaim) -> None:
        evidence = self.evidence
        if not evidence.facts:
            if claim.completion and not claim.first_person:
                verb = stem(claim.text.split()[-1]) if claim.text.split() else ""
                if verb and verb in evidence.user_keys:
                    return  # "since nginx has been restarted" after the user said so
            self.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None,
                     f"says \"{_clip(claim.text)}\", but no tool ran this turn")
            return
        hits = self.relevant(claim.keywords, evidence.facts)
        if any(f.event.status is ToolStatus.OK for f in hits):
            return
        if not hits and evidence.ok:
            return
        if not claim.completion and self.claims.acknowledges_failure:
            return  # "the output shows ..." of an error the reply admits to
        self.failed_presented(claim.span, hits[0] if hits else None)

    # -- counts

    def check_count(self, claim: CountClaim) -> None:
        evidence = self.evidence
        if not evidence.ok:
            if evidence.failed and not self.claims.acknowledges_failure:
                self.failed_presented(claim.span)
            return
        if _number_in(claim.value, evidence.user_message):
            return  # "the last 10 commits" after the user asked for 10
        specific: set[int] = set()
        generic: set[int] = set()
        for facts in evidence.ok:
            stated, counted = facts.stated_counts(claim.context)
            specific |= stated
            generic |= counted
        if specific:
            # The result states a count for this very noun: that is the count to match.
            if claim.value not in specific:
                self.mismatch(claim, f"the result says {_join(sorted(specific))}")
            return
        if claim.digits and any(f.has_integer(claim.value) for f in evidence.ok):
            return  # a number quoted verbatim from the result is not a count of it
        if claim.value in generic:
            return
        minus_header = bool(_HEADER_WORD_RE.search(self.sentence_text(claim.clause)))
        for facts in evidence.ok:
            counts = facts.item_counts
            if claim.value in counts:
                return
            if minus_header and (claim.value + 1 in counts
                                 or any(facts.has_integer(claim.value + 1) for f in (facts,))):
                return  # "1201 lines, so 1,200 rows plus the header"
            if claim.keywords and claim.value in facts.qualified_counts(claim.keywords):
                return
        target = self._most_relevant(claim.keywords)
        self.mismatch(claim, f"the {target.event.tool} result lists "
                             f"{_join(sorted(target.item_counts)) or 'none'}", target)

    def mismatch(self, claim: CountClaim, why: str, target: _EventFacts | None = None) -> None:
        target = target or self._most_relevant(claim.context)
        self.mismatched_counts.append(claim.span)
        self.add(FindingType.COUNT_MISMATCH, claim.span, target.event.call_id,
                 f"says {claim.value} {claim.noun or 'items'}, but {why}")

    def sentence_text(self, clause: int) -> str:
        clauses = self.claims.clauses
        if not clauses:
            return self.text
        sentence = clauses[clause].sentence
        parts = [c for c in clauses if c.sentence == sentence]
        return self.text[parts[0].start:parts[-1].end]

    def _most_relevant(self, keywords: frozenset[str]) -> _EventFacts:
        ok = self.evidence.ok
        best = max(ok, key=lambda f: (len(f.call_keys & keywords) + len(f.result_keys & keywords)))
        return best

    # -- absences

    def check_absence(self, claim: AbsenceClaim) -> None:
        evidence = self.evidence
        if not evidence.ok:
            if any(_NOT_FOUND_RE.search(f.result) for f in evidence.failed):
                return  # "it doesn't exist" after the call failed with "not found"
            if evidence.failed and not self.claims.acknowledges_failure:
                self.failed_presented(claim.span)
            return
        pool = self.relevant(claim.container, evidence.ok) or evidence.ok
        if any(f.empty for f in pool):
            return
        target = pool[0]
        if claim.subject:
            holders = [f for f in pool if _contains_subject(f, claim.subject)]
            if holders:
                target = holders[0]
            elif claim.selective:
                return  # "two errors and no warnings": the result holds something else
            else:
                sought = [f for f in pool if _related(f.call_keys, claim.subject)]
                if not sought:
                    return  # nothing says the call was about this subject
                target = sought[0]
        self.add(FindingType.FALSE_ABSENCE, claim.span, target.event.call_id,
                 f"says \"{_clip(claim.text)}\", but the {target.event.tool} result has "
                 f"{len(target.units) or count_items(target.result)} items")

    # -- values

    def check_value(self, claim: ValueClaim) -> None:
        evidence = self.evidence
        if claim.kind is ValueKind.NUMBER and self._inside_count(claim.span):
            return  # "120 files" is a count claim, already checked as a count
        if not evidence.facts:
            sentence = self.claims.sentence_of(claim.clause)
            if sentence not in self.claims.attributed_sentences:
                return  # general knowledge, not attributed to any tool
        if _value_grounded(claim, evidence):
            return
        target: _EventFacts | None = None
        if len(evidence.ok) == 1:
            target = evidence.ok[0]
        self.add(FindingType.UNGROUNDED_VALUE, claim.span,
                 target.event.call_id if target else None,
                 f"{claim.raw.strip()} appears in no tool result this turn")
        if evidence.failed and not evidence.ok and not self.claims.acknowledges_failure:
            self.failed_presented(claim.span)

    def _inside_count(self, span: tuple[int, int]) -> bool:
        def overlaps(other: tuple[int, int]) -> bool:
            return span[0] < other[1] and other[0] < span[1]
        if any(overlaps(s) for s in self.mismatched_counts):
            return False
        return any(overlaps(c.span) for c in self.claims.counts)

    # -- urls

    def check_url(self, span: tuple[int, int], url: str, normalised: str) -> None:
        evidence = self.evidence
        forms = url_forms(normalised)
        if set(forms) & evidence.url_forms:
            return
        host, _, path = normalised.partition("/")
        if not path and host in evidence.url_hosts:
            return
        if forms[2] and forms[2] in evidence.haystack_lower:
            return
        if url.lower().rstrip("/") in evidence.haystack_lower:
            return
        self.add(FindingType.SOURCE_FABRICATION, span, None,
                 f"{_clip(url, 80)} appears in no tool result, fetch argument or user message")


_STATUS_WORDS: Mapping[ToolStatus, str] = {
    ToolStatus.FAILED: "failed", ToolStatus.DENIED: "was denied",
    ToolStatus.TIMEOUT: "timed out", ToolStatus.INVALID: "had invalid arguments",
    ToolStatus.UNKNOWN: "named an unknown tool",
}


def _mentions(facts: _EventFacts, claim: ToolUseClaim) -> bool:
    """Whether a tool-use claim is about this call (loosely: errs toward yes)."""
    if claim.command:
        head = [w.lower() for w in claim.command.split() if not w.startswith("-")][:2]
        if not head:
            return True
        if head[0] in facts.name_words:
            return all(w in facts.arg_tokens or w in facts.name_words for w in head[1:])
        return all(w in facts.arg_tokens for w in head)
    if claim.path:
        base = claim.path.rstrip("/").rsplit("/", 1)[-1].lower()
        return base in facts.arg_text.lower() or claim.path.lower() in facts.arg_text.lower()
    if claim.url:
        forms = url_forms(normalise_url(claim.url))
        if set(forms) & (facts.url_forms | facts.result_url_forms):
            return True
        host = forms[0].split("/", 1)[0]
        return any(f.split("/", 1)[0] == host for f in facts.url_forms)
    if claim.generic:
        return True
    if claim.keywords and (claim.keywords & facts.call_keys or claim.keywords & facts.result_keys):
        return True
    return any(_category_matches(category, facts) for category in claim.categories)


def _category_matches(category: str, facts: _EventFacts) -> bool:
    if CATEGORY_TOOL_WORDS.get(category, frozenset()) & facts.name_words:
        return True
    keys = {k.lower() for k in facts.event.args}
    if category == "file":
        return bool(keys & {"path", "file", "filename", "filepath"}) or any(
            PATH_RE.fullmatch(v) for v in facts.arg_text.split("\n") if v)
    if category == "shell":
        return bool(keys & {"command", "cmd", "argv", "script"})
    if category == "http":
        return "url" in keys or bool(facts.url_forms)
    if category == "db":
        return bool(keys & {"sql", "query", "statement"}) and bool(_SQL_RE.search(facts.arg_text))
    if category == "search":
        return bool(keys & {"query", "q", "search", "terms"})
    return False


def _contains_subject(facts: _EventFacts, subject: frozenset[str]) -> bool:
    if subject & facts.result_keys:
        if not _RESULT_SAYS_NOTHING_RE.search(facts.result):
            return True
        return any(not _RESULT_SAYS_NOTHING_RE.search(u) and subject & text_keywords(u)
                   for u in facts.units)
    return any(len(s) <= 5 and s.isascii() and s.isalpha() and s in facts.acronyms
               for s in subject)


_NUMBER_WORD_RE = re.compile(r"\d+")


def _related(left: Iterable[str], right: Iterable[str]) -> bool:
    """Keyword sets share a stem, or one stem begins the other ("warn" / "warnin", "pr" / "prs")."""
    right_set = set(right)
    for a in left:
        if a in right_set or a + "s" in right_set or (a.endswith("s") and a[:-1] in right_set):
            return True
        if len(a) >= 4 and any(len(b) >= 4 and (a.startswith(b) or b.startswith(a))
                               for b in right_set):
            return True
    return False


def _join(values: Sequence[int]) -> str:
    return " or ".join(str(v) for v in values)


def _number_in(value: int, text: str) -> bool:
    return any(int(m) == value for m in _NUMBER_WORD_RE.findall(text)) if text else False


def _value_grounded(claim: ValueClaim, evidence: _Evidence) -> bool:
    kind = claim.kind
    lower = evidence.haystack_lower
    if kind in (ValueKind.VERSION, ValueKind.HASH):
        return claim.key in lower
    if kind is ValueKind.TIME:
        padded = claim.key.zfill(len(claim.key) + (1 if claim.key.index(":") == 1 else 0))
        return claim.key in lower or padded in lower
    if kind is ValueKind.DATE:
        if claim.date is None:
            return claim.raw.lower() in lower
        year, month, day = claim.date
        return (year, month, day) in evidence.dates or (year is None and
                                                         (None, month, day) in evidence.dates)
    compact = _SPACES_RE.sub("", claim.raw.lower())
    if compact and compact in evidence.haystack_compact:
        return True
    numbers = evidence.numbers
    for reading in claim.numbers:
        if numbers.grounds(reading, approx=claim.approx):
            return True
        if kind is ValueKind.PERCENT and numbers.grounds(reading / 100, approx=claim.approx):
            return True
        if kind is ValueKind.TEMPERATURE and _converted_temperature(reading, claim.unit, numbers):
            return True
        if kind is ValueKind.MEASURE and _converted_measure(reading, claim.unit, numbers):
            return True
    return False


# Unit -> (dimension, factors to the base unit). Binary and decimal prefixes both count.
_BYTES: dict[str, tuple[Decimal | int, ...]] = {
    "b": (1,), "byte": (1,), "bytes": (1,), "字节": (1,), "k": (1024, 1000), "kb": (1000, 1024),
    "kib": (1024,), "m": (1024**2, 10**6), "mb": (10**6, 1024**2), "mib": (1024**2,),
    "g": (1024**3, 10**9), "gb": (10**9, 1024**3), "gib": (1024**3,),
    "t": (1024**4, 10**12), "tb": (10**12, 1024**4), "tib": (1024**4,),
}
_MILLI = (Decimal("0.001"),)
_SECONDS: dict[str, tuple[Decimal | int, ...]] = {
    "ms": _MILLI, "msec": _MILLI, "millisecond": _MILLI, "milliseconds": _MILLI, "毫秒": _MILLI,
    "s": (1,), "sec": (1,), "secs": (1,), "second": (1,), "seconds": (1,), "秒": (1,),
    "秒钟": (1,), "segundo": (1,), "segundos": (1,), "min": (60,), "mins": (60,),
    "minute": (60,), "minutes": (60,), "分钟": (60,), "minuto": (60,), "minutos": (60,),
    "h": (3600,), "hr": (3600,), "hrs": (3600,), "hour": (3600,), "hours": (3600,),
    "小时": (3600,), "hora": (3600,), "horas": (3600,), "day": (86400,), "days": (86400,),
    "天": (86400,), "día": (86400,), "días": (86400,),
}
_DIMENSIONS = (_BYTES, _SECONDS)


def _converted_measure(value: Decimal, unit: str, numbers: _NumberIndex) -> bool:
    """2 KB is grounded by a result's 2048 (bytes); 1 day by 86400 (seconds)..."""
    key = unit.lower() if unit.lower() in _BYTES or unit.lower() in _SECONDS else unit
    for table in _DIMENSIONS:
        factors = table.get(key)
        if factors is None:
            continue
        exponent = value.as_tuple().exponent
        half = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0) / 2
        every = {Decimal(f) for fs in table.values() for f in fs}
        for factor in factors:
            low, high = (value - half) * Decimal(factor), (value + half) * Decimal(factor)
            for other in every:   # the result's number may be in any unit of the dimension
                ratio = Decimal(factor) / other
                if ratio != 1 and Decimal("0.5") < ratio < 2:
                    continue  # GB read as GiB is a different value, not a conversion
                if numbers.any_between(low / other, high / other):
                    return True
    return False


def _converted_temperature(value: Decimal, unit: str, numbers: _NumberIndex) -> bool:
    """72 °F is grounded by a result's 22 °C (and the reverse), to the nearest degree."""
    other = (value - 32) * 5 / 9 if unit == "F" else value * 9 / 5 + 32
    return any(abs(c - other) <= Decimal("0.6") for c in numbers.near(other))


def _describe_claim(claim: ToolUseClaim) -> str:
    if claim.command:
        return f"it ran `{_clip(claim.command, 40)}`"
    if claim.path:
        return f"it read {_clip(claim.path, 60)}"
    if claim.url:
        return f"it fetched {_clip(claim.url, 60)}"
    said = f"{claim.text} {claim.object_text}" if claim.object_text else claim.text
    return f"\"{_clip(said)}\""


def _describe_tool(claim: ToolUseClaim) -> str:
    hint = claim.tool_hint
    if hint in ("shell", "read_file", "http_get"):
        return f"{hint} call"
    if hint is not None:
        return f"{hint} tool call"
    if claim.keywords:
        return "matching tool call"
    return "tool call"


def _clip(text: str, limit: int = 48) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def _dedupe(findings: list[Finding]) -> list[Finding]:
    """One finding per type and span, overlaps of one type merged, sorted by position."""
    findings.sort(key=lambda f: (f.start, -f.end))
    kept: list[Finding] = []
    for finding in findings:
        if any(k.type is finding.type and finding.start < k.end and k.start < finding.end
               for k in kept):
            continue
        kept.append(finding)
    return kept


__all__ = [
    "CONTRADICTING",
    "AuditMode",
    "AuditReport",
    "Finding",
    "FindingType",
    "Trust",
    "apply_audit_mode",
    "audit_reply",
    "render_notice",
    "trust_for",
]
