"""Counts of one kind of item: "2 warnings" among nine log lines, "3 free berths" of ten.

A count is compared with a result's item count only when its noun phrase denotes the
whole listing. When a word of the count (its noun, a modifier, its predicate) names a
value of a field that sorts the items (WARN among INFO/WARN/ERROR, ``free`` among
berth states), the count denotes the items of that kind, whose number the result
gives exactly: that is the number to compare with. A value of another sorting field
named in the same sentence ("CompSci: 2 admitted, 1 rejected") narrows the kind
further, to the items holding both.

A count above its kind's size cannot be any part of it: a finding. A count below it
is one unless the count may be a part of the kind: its phrase says more than the kind
(a modifier or a predicate: "paid orders *that haven't shipped*") and another field's
value explains the number, or its clause narrows it in words the result cannot read (a
subset word, a name in another language). Precision first: then, no finding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..claims.types import CountClaim
from ..claims.words import LATIN_WORD_RE, stem, text_keywords
from ..evidence.facts import EventFacts
from ..evidence.kinds import ItemKinds, han_core, intersect, kind_probes, value_named
from ..evidence.relation import Relation
from .base import CheckContext
from .call_bounds import applied_by_its_call

_PREDICATE_RE = re.compile(r"[^.;:,!?()\n。；：，、！？（）]{0,40}")
_COPULA_RE = re.compile(r"are|is|were|was|remain|stay|están|estan|son|siguen|quedan",
                        re.IGNORECASE)
_CODE_RE = re.compile(r"\b(?=[^\W_]*[^\W\d_])(?=[^\W_]*\d)[^\W_]{2,6}\b")
_COLON_AFTER_RE = re.compile(r"[ \t]*[:：]")
_PREDICATE_STOP_RE = re.compile(r"\s(?:and|but|or|y|pero|o)\s")
# A capitalised word inside a sentence (after another word): a name.
_INNER_NAME_RE = re.compile(r"(?<=[\w,;:] )[A-ZÁÉÍÓÚÑ][\w\u00C0-\u024F-]*")


@dataclass(frozen=True, slots=True)
class KindVerdict:
    """What the kinds a count names say of it: ``mismatch`` is None when the count may
    be that kind (or a part of it the sentence picks out), else why it cannot be."""

    facts: EventFacts
    mismatch: str | None
    # The count is above every size its kind may have: no part of anything it names.
    above: bool = False


def count_of_a_kind(context: CheckContext, claim: CountClaim) -> KindVerdict | None:
    """The verdict on a count whose words name a kind of the results' items, or None
    when they name none (the count is then read as before)."""
    stems = claim.keywords
    predicate = _predicate(context, claim)
    words = _words(claim.text + " " + predicate)
    if context.pack is not None and context.pack.cjk:
        words |= _han_predicate(claim.noun)
    # A result none of these words can name a kind of is passed over unread: its kinds
    # are worked out only for a result that may hold one.
    in_sentence: tuple[frozenset[str], frozenset[str]] | None = None
    verdict: KindVerdict | None = None
    for facts in context.evidence.holding(kind_probes(stems | words)):
        kinds = facts.item_kinds
        if kinds is None:
            continue
        named = kinds.named_by(stems, words)
        if not named:
            continue
        if claim.value == kinds.size:
            return KindVerdict(facts, None)   # "7 reservas en total": the whole listing
        if in_sentence is None:
            sentence = context.sentence_text(claim.clause)
            in_sentence = (text_keywords(sentence) - stems - claim.context,
                           _words(sentence) - words)
        sizes = _possible_sizes(kinds, named, kinds.named_by(*in_sentence))
        if claim.value in sizes:
            return KindVerdict(facts, None)
        kind_words = frozenset(stem(w) for w in words | stems if any(
            value_named(value, frozenset({w}), frozenset({w})) for _, value, _ in named))
        says_more = _says_more(context, claim, predicate, kind_words, facts)
        if claim.value > max(sizes) or not (
                (says_more and claim.value in _narrowed_sizes(kinds, named))
                or _clause_restricts(context, claim, facts)):
            _, value, members = named[0]
            verdict = verdict or KindVerdict(
                facts, f"the {facts.event.tool} result has {len(members)} of that kind "
                       f"({value})", above=claim.value > max(sizes))
        else:
            return KindVerdict(facts, None)
    return verdict


def _possible_sizes(kinds: ItemKinds, named: list[tuple[str, str, frozenset[int]]],
                    in_sentence: list[tuple[str, str, frozenset[int]]]) -> set[int]:
    """The sizes the count may have: each named kind, the union of kinds of one field
    ("errors and warnings"), each narrowed by a value of another field that the sentence
    names alone ("on line B", "in CompSci")."""
    own_fields = {field for field, _, _ in named}
    by_field: dict[str, list[frozenset[int]]] = {}
    for field, _, members in in_sentence:
        if field not in own_fields:
            by_field.setdefault(field, []).append(members)
    # Two values of one field named ("Physics and History") leave the narrowing unclear.
    narrowing = [groups[0] for groups in by_field.values() if len(groups) == 1]
    groups = [members for _, _, members in named]
    for field in own_fields:
        same = [members for f, _, members in named if f == field]
        if len(same) > 1:
            groups.append(frozenset().union(*same))
    sizes: set[int] = set()
    for group in groups:
        sizes.add(len(group))
        for other in narrowing:
            sizes.add(len(group & other))
        if len(narrowing) > 1:
            sizes.add(len(intersect([group, *narrowing])))
    return sizes


def _narrowed_sizes(kinds: ItemKinds, named: list[tuple[str, str, frozenset[int]]]) -> set[int]:
    """The named kinds narrowed by one or two values of any other sorting field, named
    or not: "Three paid orders haven't shipped" are the paid ones with no fulfilment,
    "11 rooms still dirty across floors 3 and 4" the dirty ones of two floors. A count
    below its kind that one of these explains may be that part, in words the result does
    not use."""
    own_fields = {field for field, _, _ in named}
    sizes: set[int] = set()
    for _, _, group in named:
        for field, values in kinds.fields.items():
            if field in own_fields:
                continue
            parts = [len(group & members) for members in values.values()]
            sizes.update(parts)
            sizes.update(a + b for i, a in enumerate(parts) for b in parts[i + 1:])
    return sizes


def _predicate(context: CheckContext, claim: CountClaim) -> str:
    """The words after the counted noun, to the end of its clause or a conjunction, or to
    another count ("All 10 dogs got *two walks*": the object counted in its own words names
    no kind of the dogs)."""
    match = _PREDICATE_RE.match(context.text, claim.span[1])
    if match is None:
        return ""
    end = min((c.span[0] for c in context.claims.counts
               if match.start() <= c.span[0] < match.end()), default=match.end())
    return _PREDICATE_STOP_RE.split(context.text[match.start():end], maxsplit=1)[0]


# A Chinese count's noun after its classifier: the state its predicate gives is its last
# run after an aspect marker ("6 个在发酵", "3 台已离线", "2 个罐在冷藏"); a noun whose last
# run is a compound ("6 个发酵罐", fermenters) names no state.
_HAN_RUN_RE = re.compile(r"[\u4e00-\u9fff]+$")
_HAN_SPLIT_RE = re.compile(r"已经|已|正在|在")


def _han_predicate(noun: str) -> frozenset[str]:
    """The state a Chinese count's words predicate of its items, with its aspect markers
    taken off (see :func:`.kinds.han_core`), or nothing."""
    run = _HAN_RUN_RE.search(noun[1:].rstrip("了的"))
    if run is None:
        return frozenset()
    last = _HAN_SPLIT_RE.split(run.group(0))[-1]
    return frozenset({han_core(last)}) if len(last) >= 2 else frozenset()


def _words(text: str) -> frozenset[str]:
    """The words of ``text``, lower-cased, and its codes of letters and digits ("p2")."""
    return frozenset(w.lower() for w in LATIN_WORD_RE.findall(text)) | frozenset(
        w.lower() for w in _CODE_RE.findall(text))


def _says_more(context: CheckContext, claim: CountClaim, predicate: str,
               kind_stems: frozenset[str], facts: EventFacts) -> bool:
    """The count's phrase says more than its kind: a modifier or a predicate word that
    names no kind and that not every item holds ("Three paid orders *haven't shipped*",
    "11 rooms still dirty *across floors* 3 and 4"). "3 个 Running" says nothing more:
    it is the kind's count, to be compared with the kind's size."""
    head = claim.noun.split()[:1] if _noun_first(context) else claim.noun.split()[-1:]
    words = text_keywords(" ".join(w for w in claim.noun.split() if w not in head)
                          + " " + predicate)
    raw = LATIN_WORD_RE.findall(predicate)
    if raw and _COPULA_RE.fullmatch(raw[0]) and any(
            stem(w.lower()) not in kind_stems for w in raw[1:]):
        return True   # "Three lights are on": a copula's complement states a property
    pack = context.pack
    stop = pack.stopwords if pack is not None else frozenset()
    every = frozenset.intersection(*facts.item_keys) if facts.item_keys else frozenset()
    return any(w not in kind_stems and w not in stop and w not in every for w in words)


def _clause_restricts(context: CheckContext, claim: CountClaim, facts: EventFacts) -> bool:
    """The count's own clause narrows it in words the result cannot read: a subset word
    of the language, or a name the result does not hold ("En Física": it says Physics).
    A part of a breakdown ("4 solicitudes: 2 admitidos, 1 …, 1 …") is narrowed by what
    narrows its whole: its whole sentence is read."""
    claims = context.claims
    clause = claims.clauses[claim.clause] if claims.clauses else None
    text = context.text if clause is None else context.text[clause.start:clause.end]
    if part_of_a_breakdown(context, claim):
        text = context.sentence_text(claim.clause)
    pack = context.pack
    if pack is not None and pack.subset is not None and pack.subset.search(text):
        return True
    return unheld_name(text, facts)


def part_of_a_breakdown(context: CheckContext, claim: CountClaim) -> bool:
    """"4 solicitudes: 2 admitidos, 1 en lista de espera y 1 rechazado": a smaller count
    after an earlier count of its sentence that a colon follows is one part of that
    whole's breakdown. The whole is what is compared with the listing; its parts are
    parts of it (and of their kind, when they name one), whatever narrows the whole."""
    claims = context.claims
    own = claims.sentence_of(claim.clause)
    for whole in claims.counts:
        if whole.span[1] > claim.span[0]:
            break
        if whole.value <= claim.value:
            continue
        if claims.sentence_of(whole.clause) == own:
            if _COLON_AFTER_RE.match(context.text, whole.span[1]):
                return True
        elif _in_the_list_it_opens(context, whole.span[1], claim.span[0]):
            return True
    return False


# A list's lines: each opens with a bullet or an item number ("- ", "• ", "2. ", "3）").
_LIST_LINE_RE = re.compile(r"[ \t]*(?:[-*•·]|\d{1,2}[.)）、])[ \t]")
_LIST_BREAK_RE = re.compile(r"[.;:,!?。；：，！？\d]")


def _in_the_list_it_opens(context: CheckContext, after_whole: int, start: int) -> bool:
    """"6 个预约：" then "- 上午 4 个，下午 2 个": the whole's line ends with a colon, and
    its breakdown runs over the list that colon opens, every line between it and the count
    a list line (blank lines apart)."""
    text = context.text
    line_end = text.find("\n", after_whole)
    if line_end < 0 or line_end > start:
        return False
    rest = text[after_whole:line_end].rstrip(" \t*")
    if not rest.endswith((":", "：")) or _LIST_BREAK_RE.search(rest[:-1]):
        return False   # the colon ends the whole's line, no other clause between them
    for line in text[line_end + 1:start].split("\n"):
        if line.strip() and not _LIST_LINE_RE.match(line):
            return False
    line_start = text.rfind("\n", 0, start) + 1
    return bool(_LIST_LINE_RE.match(text, line_start))


def unheld_name(sentence: str, facts: EventFacts) -> bool:
    """A capitalised word inside the sentence that the result does not hold."""
    result = facts.result.lower()
    return any(match.group(0).lower() not in result
               for match in _INNER_NAME_RE.finditer(sentence))


def an_unread_kind(context: CheckContext, claim: CountClaim) -> bool:
    """"Hay 4 amarres libres" over ten berths, four of them ``free``: the count is below
    the listing, equals the size of one kind, and its phrase holds a restriction the
    result cannot read (a modifier no item holds, a name the result does not hold).
    The modifier may name that kind in other words (another language, a synonym), so
    the evidence is unclear: no finding."""
    words = claim.noun.split()
    modifiers = text_keywords(" ".join(words[1:] if _noun_first(context) else words[:-1]))
    sentence = context.sentence_text(claim.clause)
    for facts in context.evidence.ok:
        kinds = facts.item_kinds
        if kinds is None or claim.value >= kinds.size or claim.value not in kinds.sizes():
            continue
        unheld_modifier = bool(modifiers) and not any(
            modifiers & keys for keys in facts.item_keys)
        if unheld_modifier or unheld_name(sentence, facts):
            return True
    return False


def _noun_first(context: CheckContext) -> bool:
    rules = context.pack.count_rules if context.pack is not None else None
    return rules is not None and rules.noun_first


# A predicate of comparison (a closed class of prepositions, comparatives and verbs of
# passing a mark) right after the counted noun, past a copula: it picks out the items on
# one side of a threshold ("Two items are below reorder point", "3 sensores están por
# encima del límite", "有 2 个低于安全库存").
_THRESHOLD_RE = re.compile(
    r"[ \t]*(?:(?:are|is|were|was|están|estan|son|estaban|quedan)\s+)?"
    r"(?:below|above|under|over|beyond|exceed(?:s|ing)?|less\s+than|more\s+than|"
    r"fewer\s+than|greater\s+than|higher\s+than|lower\s+than|por\s+debajo|por\s+encima|"
    r"superan?|exceden?|menos\s+de|más\s+de)(?![^\W\d_])", re.IGNORECASE)   # "overdue" is no "over"
# In Chinese the predicate is read with the counted noun ("3 个传感器超过上限").
_CJK_THRESHOLD_RE = re.compile(r"低于|高于|超过|超出|不足|不到")
# A bound on a figure later in the count's clause ("Two samples have waited more than 20
# minutes", "esas dos ya pasan de 20 minutos", "两个样本等了 20 分钟以上"): the count is of
# the items past that bound, whatever verb stands between.
_BOUND_IN_CLAUSE_RE = re.compile(
    r"\b(?:below|above|under|over|beyond|exceed(?:s|ed|ing)?|less\s+than|more\s+than|"
    r"fewer\s+than|greater\s+than|longer\s+than|por\s+debajo\s+de|por\s+encima\s+de|"
    r"(?:pasa|pasan|pasaban)\s+de|superan?|exceden?|sobrepasan?|rebasan?|menos\s+de|"
    r"más\s+de)\s+(?:(?:los|las|el|la|the)\s+)?[$€£¥]?\d"
    r"|(?:低于|高于|超过|超出|不足|不到|多于|少于)\s*\d|\d[^\d，。；,;]{0,6}?(?:以上|以下)",
    re.IGNORECASE)


def selected_by_a_threshold(context: CheckContext, claim: CountClaim) -> bool:
    """The count is of the items past a threshold, which a comparison of their figures
    decides, not their number: below the listing, it is a part of it. Precision first:
    no finding."""
    if not any(claim.value < count for f in context.evidence.ok for count in f.item_counts):
        return False
    claims = context.claims
    # A bound the call was given selected every item it returned: no part of them.
    bound = _BOUND_IN_CLAUSE_RE.search(context.text, claim.span[1],
                                       claims.clauses[claim.clause].end) \
        if claims.clauses else None
    if bound is not None:
        digit = re.search(r"\d", bound.group(0))
        return not applied_by_its_call(context, bound.start() + (digit.start() if digit else 0))
    if context.pack is not None and context.pack.cjk:
        within = _CJK_THRESHOLD_RE.search(context.text, *claim.span)
        return within is not None and not applied_by_its_call(context, within.end())
    after = _THRESHOLD_RE.match(context.text, claim.span[1])
    return after is not None and not applied_by_its_call(context, after.end())


_TOTAL_KEYS = frozenset({"total", "count"})


def part_of_a_stated_total(context: CheckContext, claim: CountClaim,
                           specific: set[int]) -> KindVerdict | None:
    """"5 rooms are vacant" beside "rooms_total": 240: below the total the result states
    for its noun, a count whose phrase says more than the noun (a predicate, a modifier)
    counts a part of that total. When its words name a list the result holds ("vacant":
    five rooms) the part is exact: compared with that list's length; otherwise ("3
    reviews mention it") the part is unclear: no finding. None when this is no such part
    (the count is then compared with the stated counts as usual)."""
    relation = Relation(claim.context)
    totals = {value for value, keys, forms in context.evidence.stated_numbers
              if keys & _TOTAL_KEYS and relation.related_forms(forms)}
    if not specific or not specific <= totals or claim.value >= min(specific):
        return None
    predicate = _predicate(context, claim)
    head = claim.noun.split()[:1] if _noun_first(context) else claim.noun.split()[-1:]
    pack = context.pack
    stop = pack.stopwords if pack is not None else frozenset()
    words = _words(" ".join(w for w in claim.noun.split() if w not in head) + " " + predicate)
    words = frozenset(w for w in words if w not in stop and not _COPULA_RE.fullmatch(w))
    if not words:
        return None
    stems = frozenset(stem(w) for w in words)
    for facts in context.evidence.ok:
        data = facts.parsed_json
        if not isinstance(data, dict):
            continue
        for key, value in data.items():
            if isinstance(value, list) and any(
                    value_named(part, stems, words) for part in str(key).lower().split("_")):
                if len(value) == claim.value:
                    return KindVerdict(facts, None)
                return KindVerdict(facts, f"the {facts.event.tool} result lists {len(value)} "
                                          f"under {key!r}")
    return KindVerdict(context.evidence.ok[0], None)
