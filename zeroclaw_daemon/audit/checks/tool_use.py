"""Tool-use and completion claims: a call the reply says ran, or a result it presents as done."""

from __future__ import annotations

import re

from ...receipts.events import ToolStatus
from ..claims.actions import names_in
from ..claims.lexicon import ActionLexicon
from ..claims.text import PATH_RE, normalise_url, url_forms
from ..claims.types import ResultClaim, ToolUseClaim
from ..claims.words import CATEGORY_TOOL_WORDS, LATIN_WORD_RE, stem, text_keywords
from ..evidence.facts import EventFacts
from ..report import FindingType
from .base import CheckContext, clip
from .disclosure import discloses_a_failure

SQL_RE = re.compile(r"\b(?:select|insert|update|delete|with)\b", re.IGNORECASE)


ADDITIVE_REACH = 24   # characters before the claim: "and I also", "我还"


def check_tool_uses(context: CheckContext) -> None:
    for claim in context.claims.tool_uses:
        check_tool_use(context, claim)


def check_results(context: CheckContext) -> None:
    for result in context.claims.results:
        check_result(context, result)


def check_tool_use(context: CheckContext, claim: ToolUseClaim) -> None:
    signature = (claim.keywords, claim.categories, claim.command, claim.path, claim.url)
    if signature in context.supported:
        return  # the same wording was already matched to a successful call
    evidence = context.evidence
    if evidence.ok and not (claim.command or claim.path or claim.url) and \
            _WEB_PAGE_RE.search(claim.object_text) and \
            not any(_mentions(f, claim) for f in evidence.failed):
        # "I checked their changelog page": a page read, which a search (snippets of
        # pages) does not do, whatever words its query shares; a call that fetched backs it,
        # or a tool whose own name names the page ("statuspage_summary").
        subject = [w.lower() for w in LATIN_WORD_RE.findall(claim.object_text)
                   if len(w) >= 4 and w.lower() not in ("page", "their", "your", "web")]
        if any(_reads_pages(f) or any(w in name for w in subject for name in f.name_words)
               for f in evidence.ok):
            context.supported.add(signature)   # a fetch, or a tool named for that page
            return
        context.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None,
                    f"says {_describe_claim(claim)}, but no call this turn read a page "
                    f"(a search returns snippets)", "tool_use.no_matching_call")
        return
    another = _another_source(context, claim)
    if any(_mentions(f, claim) for f in evidence.ok) and not another:
        context.supported.add(signature)
        return
    hits = [f for f in evidence.failed if _mentions(f, claim)]
    if hits:
        if not discloses_a_failure(context):
            context.failed_presented(claim.span, hits[0])
        return
    flags = context.claims.failure_flags
    if evidence.failed and flags is not None and context.claims.clauses and flags.sentence_failure(
            context.claims.sentence_of(claim.clause)):
        return  # "when I queried the status it timed out": an attempt, told as failed
    if evidence.facts and not (claim.command or claim.path or claim.url or claim.categories):
        # Calls ran, and the claim says in words what it looked at. A name ("Grafana",
        # "PagerDuty") must be a system some call was about. A common noun is checked only
        # when every call's name is plain words ("weather"): a name such as ``s3_ls`` or
        # ``pd_incidents`` may stand for it, so linkage is unclear; and only when it names
        # a source: a kind the pack knows ("your calendar", "the inbox"), one more source
        # ("I also checked ..."), or a definite phrase ("the tribunal tracker") none of
        # whose words is in any call's name, arguments or result (``_mentions`` above).
        names = _system_names(context, claim.object_text or claim.text)
        if names:
            if any(_names_call(name, f) for name in names for f in evidence.facts):
                return
        elif (not another and any(_opaque_name(f, context.tool_verbs) for f in evidence.facts)) \
                or not (_known_source(context, claim) or _additive(context, claim)
                        or _names_a_source(context, claim)) \
                or (not another and _records_of_a_call(context, claim)):
            # An opaque name ("s3_ls") may stand for the source, unless the claim adds one
            # source more that no call's name, arguments or result holds a word of.
            return
    context.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None,
                f"says {_describe_claim(claim)}, but no successful "
                f"{_describe_tool(claim)} ran this turn", "tool_use.no_matching_call")


def check_result(context: CheckContext, claim: ResultClaim) -> None:
    """A result presented as done ("the deploy finished"): some call must back it."""
    evidence = context.evidence
    if not evidence.facts:
        context.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None,
                    f"says \"{clip(claim.text)}\", but no tool ran this turn",
                    "result.no_call")
        return
    hits = context.relevant(claim.keywords, evidence.facts)
    if any(f.event.status is ToolStatus.OK for f in hits):
        return
    if not hits and evidence.ok:
        return
    said = {w for w in text_keywords(claim.text) if len(w) >= 4}
    if said and any(said <= f.result_keys for f in evidence.ok):
        # "Status is confirmed" of a booking whose result reads "status": "confirmed": the
        # state is read off a successful result, not an outcome of the failed call.
        return
    if not claim.completion and discloses_a_failure(context):
        return  # "the output shows ..." of an error the reply admits to
    context.failed_presented(claim.span, hits[0] if hits else None)


# A page named by what it is about ("the changelog page", "their pricing page"), not a
# page of a listing ("the first page", "page 2").
_WEB_PAGE_RE = re.compile(
    r"\b(?!(?:first|next|last|second|third|previous|prev|final|same|one|each|every|this|that|"
    r"the|a|an|their|its|his|her|our|your|my)\b)[a-z][a-z-]+\s+(?:web\s*)?page\b",
    re.IGNORECASE)


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


def _names_call(name: str, facts: EventFacts) -> bool:
    """Whether a call is about the system ``name``: the name is among its words (name,
    arguments, description, result), or a short word of the tool's name abbreviates it
    (its letters in order, from the first: ``pd`` PagerDuty, ``gh`` GitHub, ``s3`` S3)."""
    low = name.lower()
    key = stem(low)
    if key in facts.call_keys or key in facts.result_keys or key in text_keywords(
            facts.event.about):
        return True
    return any(2 <= len(word) <= 4 and word[0] == low[0] and _subsequence(word, low)
               for word in facts.name_words)


def _system_names(context: CheckContext, text: str) -> list[str]:
    """Names of systems in a claim, less short acronyms ("PR", "CI", "API": generic nouns
    of the trade) and the pack's generic words."""
    pack = context.pack
    return [name for name in names_in(text)
            if not (name.isupper() and len(name) <= 3)
            and not (pack is not None and name.lower() in pack.common_words)]


def _known_source(context: CheckContext, claim: ToolUseClaim) -> bool:
    """Whether the claim names a kind of source the pack knows (its synonym lexicon)."""
    pack = context.pack
    if pack is None:
        return False
    known = {stem(word) for word in pack.synonyms}
    known.update(stem(word) for words in pack.synonyms.values() for word in words)
    return bool(claim.keywords & known)


def _names_a_source(context: CheckContext, claim: ToolUseClaim) -> bool:
    """Whether the claim's object is a phrase naming one particular source ("the NWS
    alerts feed", "la ficha técnica del fabricante"), not a state or an amount ("came back
    empty", "I looked at everything logged on it"). A claim whose verb a call is named for
    ("I've downloaded ..." beside ``device.download``) is about that call, whatever its
    object says."""
    pack = context.pack
    if pack is None or pack.named_source is None or \
            pack.named_source.match(claim.object_text) is None:
        return False
    verb = text_keywords(claim.text)
    return not any(verb & f.call_keys for f in context.evidence.facts)


def _records_of_a_call(context: CheckContext, claim: ToolUseClaim) -> bool:
    """"According to the job records", "根据作业记录", "según los registros de obra": a
    source named by a generic noun of what calls return (records, data, results), its
    qualifier saying what they are about in the reply's words, which a tool's name may say
    in others ("crane_moves" for 作业记录). It is a successful call's result when its
    sentence names an identifier that call was about or returned ("QC05", "B2")."""
    pack = context.pack
    said = f"{claim.text} {claim.object_text}".lower()
    if pack is None or not (any(w in pack.generic_words for w in LATIN_WORD_RE.findall(said))
                            or (pack.cjk and any(len(w) >= 2 and not w.isascii() and w in said
                                                 for w in pack.generic_words))):
        return False
    marks = {m.group() for m in _IDENTIFIER_RE.finditer(_before_own_act(context, claim))}
    return any(re.search(r"(?<![\w-])" + re.escape(mark) + r"(?![\w-])",
                         f"{f.result}\n{f.arg_text}") for mark in marks
               for f in context.evidence.ok)


def _before_own_act(context: CheckContext, claim: ToolUseClaim) -> str:
    """The claim's sentence up to a later clause where the reply's speaker does an act of
    its own ("I checked the calibration log, so I booked slot 4 (WT-4471)"): what that act
    names (the booking a call returned) is its object, not what the source said."""
    text = context.sentence_text(claim.clause)
    span = context.claims.sentence_span(claim.clause)
    clauses = context.claims.clauses
    if span is None or not clauses:
        return text
    acts = [clauses[a.clause].start for a in context.claims.actions
            if a.first_person and a.kind == "action" and a.clause > claim.clause
            and span[0] <= clauses[a.clause].start < span[1]]
    return text[:min(acts) - span[0]] if acts else text


# An identifier: letters and digits together ("QC05", "B2", "M-3"), in ASCII so that it
# ends where Chinese text begins ("B2泊位").
_IDENTIFIER_RE = re.compile(r"(?<![A-Za-z0-9_.-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])"
                            r"[A-Za-z0-9][A-Za-z0-9_-]*")


def _opaque_name(facts: EventFacts, verbs: ActionLexicon | None) -> bool:
    """A tool name with a word that is no plain word: short (``pd``, ``gh``, ``ls``) or
    with digits (``s3``, ``k8s``). A verb of the tools' lexicon is a plain word however
    short (``roster.get``, ``job_run``): it says what the tool does, not which system."""
    return any((len(word) <= 3 and not _SYLLABLE_RE.fullmatch(word) and not (
        verbs is not None and (word in verbs.read_verbs or word in verbs.bases)))
        or not word.isalpha() for word in facts.name_words)


# A short word spoken as a syllable, consonant-vowel-consonant ("lot", "job", "bed"), is a
# plain word; an abbreviation is spelled out ("pd", "gh", "aws", "sql").
_SYLLABLE_RE = re.compile(r"[b-df-hj-np-tv-z][aeiou][b-df-hj-np-tv-z]")


def _subsequence(short: str, long: str) -> bool:
    letters = iter(long)
    return all(char in letters for char in short)


def _reads_pages(facts: EventFacts) -> bool:
    """An http call, but not a search without a URL: a search returns snippets of pages,
    it reads no page ("web_search" is named with "web" like "web_fetch")."""
    if CATEGORY_TOOL_WORDS["search"] & facts.name_words and \
            not {"url", "uri", "href"} & {k.lower() for k in facts.event.args}:
        return False
    return _category_matches("http", facts)


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



def _another_source(context: CheckContext, claim: ToolUseClaim) -> bool:
    """"I also checked the forecast for the roof", "I checked the vet rota as well": one
    more source, named by the head of its object (the words before its first preposition).
    When no successful call's name, arguments or result holds a word of that head, the
    claim is about another source, though a word after the head ("roof") is one a call
    was about."""
    if claim.command or claim.path or claim.url or not claim.object_text:
        return False
    if not _additive(context, claim):
        return False
    head = _OBJECT_HEAD_RE.match(_LEAD_RE.sub("", claim.object_text.lower()))
    words = head.group(1).split() if head is not None else []
    if context.pack is not None and context.pack.code == "en":
        # An English noun phrase ends on its head: "the vet rota" is a rota, about vets.
        # A generic last word ("the printer status") leaves the modifiers to name it.
        generic = context.pack.generic_words | context.pack.stopwords
        nouns = [w for w in words if w not in generic]
        if nouns and words[-1] not in generic:
            words = nouns[-1:]
    keys = text_keywords(" ".join(words))
    if not keys:
        return False
    return not any(keys & (f.call_keys | f.result_keys | f.name_words) for f in context.evidence.ok)


# The object's head: its words before a preposition, a clause mark or a conjunction.
_OBJECT_HEAD_RE = re.compile(r"\s*((?:(?!(?:for|of|on|at|in|from|about|with|to|and|so|but|as|"
                             r"too)\b)[^\W\d_][\w'-]*\s*){1,4})")
# What comes before the source in an object: a pronoun the comparison is of ("compared it
# against the tank logs"), a part or span of it ("the last week of", "all of").
_LEAD_RE = re.compile(r"^\s*(?:(?:it|them|this|that|these|those)\s+(?:against|with|to)\s+)?"
                      r"(?:(?:the|a|an|all|some|each|most)\s+(?:(?:last|past|previous|first|"
                      r"few|couple|whole|full)\s+)?(?:\w+\s+)?(?:days?|weeks?|months?|years?|"
                      r"hours?|rest|lot|lots|couple)\s+of\s+|(?:all|some|each|most)\s+of\s+)?")
# "… as well", "… too" right after the object.
_ADDITIVE_AFTER_RE = re.compile(r"[^.;:!?\n]{0,64}?\b(?:as\s+well|too)\b")


def _additive(context: CheckContext, claim: ToolUseClaim) -> bool:
    """"I also checked the lab portal", "I checked the vet rota as well": an additive
    particle just before the claim or right after its object says the speaker looked at one
    more source, besides what the calls it reports on returned; so its words must name a
    call, even when they are not a kind of source the pack knows."""
    additive = context.pack.additive if context.pack is not None else None
    if additive is not None and additive.search(
            context.lower, max(0, claim.span[0] - ADDITIVE_REACH), claim.span[1]) is not None:
        return True
    return bool(claim.object_text) and (
        _ADDITIVE_AFTER_RE.match(claim.object_text.lower()) is not None
        or _ADDITIVE_AFTER_RE.match(context.lower,
                                    claim.span[1] + len(claim.object_text) + 1) is not None)
