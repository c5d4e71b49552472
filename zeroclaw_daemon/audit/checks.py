"""The claim checks: each claim of the reply against the turn's evidence, as findings."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..receipts.events import ToolStatus
from ..receipts.render import count_items
from .claims import Claims, LanguagePack, ValueClaim, ValueKind
from .claims.text import PATH_RE, normalise_url, url_forms
from .claims.types import AbsenceClaim, CountClaim, ResultClaim, ToolUseClaim
from .claims.words import CATEGORY_TOOL_WORDS, text_keywords
from .evidence.facts import RESULT_SAYS_NOTHING_RE, EventFacts, related
from .evidence.index import Evidence
from .evidence.values import value_grounded
from .report import EXCERPT_CHARS, NO_CALL_EVIDENCE, Finding, FindingEvidence, FindingType

NOT_FOUND_RE = re.compile(
    r"not\s+found|no\s+such|does\s+not\s+exist|doesn't\s+exist|FileNotFound|ENOENT|\b404\b|"
    r"不存在|找不到|no\s+existe|no\s+se\s+encontr", re.IGNORECASE)
HEADER_WORD_RE = re.compile(r"\bheaders?\b|表头|标题行|\bencabezados?\b|\bcabeceras?\b",
                             re.IGNORECASE)
SQL_RE = re.compile(r"\b(?:select|insert|update|delete|with)\b", re.IGNORECASE)


# A subset quantifier binds to the count beside it: the words just before or after it,
# within its clause.
_SUBSET_WINDOW = 16
_CLAUSE_STOP_RE = re.compile(r"[.;:,!?()\n。；：，、！？（）]")


class Checker:
    """Runs every claim check and appends findings."""

    def __init__(self, claims: Claims, evidence: Evidence, findings: list[Finding],
                 text: str, pack: LanguagePack | None = None) -> None:
        self.text = text
        self.second_person = pack.second_person if pack is not None else None
        self.subset = pack.subset if pack is not None else None
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
            message: str, rule: str) -> None:
        facts = next((f for f in self.evidence.facts if f.event.call_id == call_id), None)
        if facts is None:
            evidence = NO_CALL_EVIDENCE
        else:
            event = facts.event
            evidence = FindingEvidence(event.call_id, event.tool, event.status.value,
                                       clip(event.result, EXCERPT_CHARS) or "(empty result)")
        self.findings.append(Finding(kind, span[0], span[1], call_id, message, rule, evidence))

    def failed_presented(self, span: tuple[int, int], facts: EventFacts | None = None) -> None:
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
                 f"{_STATUS_WORDS.get(event.status, 'failed')}", "failure.outcome_stated")

    def relevant(self, keywords: frozenset[str], pool: list[EventFacts]) -> list[EventFacts]:
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
        self.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None,
                 f"says {_describe_claim(claim)}, but no successful "
                 f"{_describe_tool(claim)} ran this turn", "tool_use.no_matching_call")

    # -- results presented as done

    def check_result(self, claim: ResultClaim) -> None:
        evidence = self.evidence
        if not evidence.facts:
            self.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None,
                     f"says \"{clip(claim.text)}\", but no tool ran this turn",
                     "result.no_call")
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
        specific, generic = evidence.stated_counts(claim.context)
        if specific:
            # The result states a count for this very noun: that is the count to match.
            if claim.value not in specific:
                self.mismatch(claim, f"the result says {_join(sorted(specific))}")
            return
        if claim.digits and any(f.has_integer(claim.value) for f in evidence.ok):
            return  # a number quoted verbatim from the result is not a count of it
        if claim.value in generic:
            return
        minus_header = bool(HEADER_WORD_RE.search(self.sentence_text(claim.clause)))
        for facts in evidence.ok:
            counts = facts.item_counts
            if claim.value in counts:
                return
            if minus_header and (claim.value + 1 in counts
                                 or any(facts.has_integer(claim.value + 1) for f in (facts,))):
                return  # "1201 lines, so 1,200 rows plus the header"
            if claim.keywords and claim.value in facts.qualified_counts(claim.keywords):
                return
        if self.counts_a_subset(claim):
            return
        target = self._most_relevant(claim.keywords)
        self.mismatch(claim, f"the {target.event.tool} result lists "
                             f"{_join(sorted(target.item_counts)) or 'none'}", target)

    def counts_a_subset(self, claim: CountClaim) -> bool:
        """Fewer than a result lists, said with a subset quantifier or a qualifying clause
        ("3 of them are restarting", "其中 2 个"): a count of part of the items, which
        the items alone cannot check. Precision first: no finding."""
        if self.subset is None:
            return False
        if not any(claim.value < max(f.item_counts, default=0) for f in self.evidence.ok):
            return False
        start, end = claim.span
        before = _CLAUSE_STOP_RE.split(self.text[max(0, start - _SUBSET_WINDOW):start])[-1]
        after = _CLAUSE_STOP_RE.split(self.text[end:end + _SUBSET_WINDOW])[0]
        return bool(self.subset.search(before) or self.subset.search(after))

    def mismatch(self, claim: CountClaim, why: str, target: EventFacts | None = None) -> None:
        target = target or self._most_relevant(claim.context)
        self.mismatched_counts.append(claim.span)
        self.add(FindingType.COUNT_MISMATCH, claim.span, target.event.call_id,
                 f"says {claim.value} {claim.noun or 'items'}, but {why}",
                 "count.item_count")

    def sentence_text(self, clause: int) -> str:
        span = self.claims.sentence_span(clause)
        return self.text if span is None else self.text[span[0]:span[1]]

    def _most_relevant(self, keywords: frozenset[str]) -> EventFacts:
        ok = self.evidence.ok
        best = max(ok, key=lambda f: (len(f.call_keys & keywords) + len(f.result_keys & keywords)))
        return best

    # -- absences

    def check_absence(self, claim: AbsenceClaim) -> None:
        evidence = self.evidence
        if not evidence.ok:
            if any(NOT_FOUND_RE.search(f.result) for f in evidence.failed):
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
                sought = [f for f in pool if related(f.call_keys, claim.subject)]
                if not sought:
                    return  # nothing says the call was about this subject
                target = sought[0]
        self.add(FindingType.FALSE_ABSENCE, claim.span, target.event.call_id,
                 f"says \"{clip(claim.text)}\", but the {target.event.tool} result has "
                 f"{len(target.units) or count_items(target.result)} items",
                 "absence.result_has_items")

    # -- values

    def check_value(self, claim: ValueClaim) -> None:
        evidence = self.evidence
        if claim.kind is ValueKind.NUMBER and self._inside_count(claim.span):
            return  # "120 files" is a count claim, already checked as a count
        if not evidence.facts:
            sentence = self.claims.sentence_of(claim.clause)
            if sentence not in self.claims.attributed_sentences:
                return  # general knowledge, not attributed to any tool
        if value_grounded(claim, evidence):
            return
        if self.given_back_to_user(claim):
            return
        target: EventFacts | None = None
        if len(evidence.ok) == 1:
            target = evidence.ok[0]
        self.add(FindingType.UNGROUNDED_VALUE, claim.span,
                 target.event.call_id if target else None,
                 f"{claim.raw.strip()} appears in no tool result this turn", "value.not_in_results")
        if evidence.failed and not evidence.ok and not self.claims.acknowledges_failure:
            self.failed_presented(claim.span)

    def given_back_to_user(self, claim: ValueClaim) -> bool:
        """"the 18 °C you mentioned": the user's value, named as the user's (not a tool's)."""
        user = evidence_compact(self.evidence.user_message)
        if self.second_person is None or not user or evidence_compact(claim.raw) not in user:
            return False
        return bool(self.second_person.search(self.sentence_text(claim.clause)))

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
        if url.lower().rstrip("/") in evidence.user_message.lower():
            return  # the user's own link: the one thing the user's message grounds
        self.add(FindingType.SOURCE_FABRICATION, span, None,
                 f"{clip(url, 80)} appears in no tool result, fetch argument or user message",
                 "source.url_not_seen")


_STATUS_WORDS: Mapping[ToolStatus, str] = {
    ToolStatus.FAILED: "failed", ToolStatus.DENIED: "was denied",
    ToolStatus.TIMEOUT: "timed out", ToolStatus.INVALID: "had invalid arguments",
    ToolStatus.UNKNOWN: "named an unknown tool",
}


def _mentions(facts: EventFacts, claim: ToolUseClaim) -> bool:
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


def _category_matches(category: str, facts: EventFacts) -> bool:
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
        return bool(keys & {"sql", "query", "statement"}) and bool(SQL_RE.search(facts.arg_text))
    if category == "search":
        return bool(keys & {"query", "q", "search", "terms"})
    return False


def _contains_subject(facts: EventFacts, subject: frozenset[str]) -> bool:
    if subject & facts.result_keys:
        if not RESULT_SAYS_NOTHING_RE.search(facts.result):
            return True
        return any(not RESULT_SAYS_NOTHING_RE.search(u) and subject & text_keywords(u)
                   for u in facts.units)
    return any(len(s) <= 5 and s.isascii() and s.isalpha() and s in facts.acronyms
               for s in subject)


def _join(values: Sequence[int]) -> str:
    return " or ".join(str(v) for v in values)


def _describe_claim(claim: ToolUseClaim) -> str:
    if claim.command:
        return f"it ran `{clip(claim.command, 40)}`"
    if claim.path:
        return f"it read {clip(claim.path, 60)}"
    if claim.url:
        return f"it fetched {clip(claim.url, 60)}"
    said = f"{claim.text} {claim.object_text}" if claim.object_text else claim.text
    return f"\"{clip(said)}\""


def _describe_tool(claim: ToolUseClaim) -> str:
    hint = claim.tool_hint
    if hint in ("shell", "read_file", "http_get"):
        return f"{hint} call"
    if hint is not None:
        return f"{hint} tool call"
    if claim.keywords:
        return "matching tool call"
    return "tool call"


def evidence_compact(text: str) -> str:
    return "".join(text.lower().split())


def clip(text: str, limit: int = 48) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"
