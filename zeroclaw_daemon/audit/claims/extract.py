"""Claim extraction: what a reply says happened, found without model help.

The reply is cut into sentences and clauses (:mod:`._segment`); claims are
pulled out of the clauses that are not hedged, negated or general; the
auditor then checks each against the turn's tool calls. Phrase patterns run
over a lower-cased copy; values, paths and commands are read from the
original text at the same offsets.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .actions import find_action_claims
from .counts import find_counts, labelled_by_a_name, names_a_title
from .gate import BIT, SIGNS_IN_RUNS, sentences_holding
from .names import find_identifiers_and_full_names, find_names
from .neighbours import count_context, passive_subject_start
from .numbers import (
    APPROX_AFTER_RE,
    approx_before,
    digit_runs,
    join_space_groups,
    number_readings,
    scale_after,
)
from .segment import ClauseFlags, segment
from .text import (
    CODE_SPAN_RE,
    PATH_RE,
    find_urls,
    lower_same_length,
    mask,
    normalise_url,
    past_emphasis,
)
from .types import (
    AbsenceClaim,
    Claims,
    CountClaim,
    RawCount,
    ResultClaim,
    Span,
    ToolUseClaim,
    UrlClaim,
    ValueClaim,
    ValueKind,
)
from .values import find_values
from .words import subject_keywords

if TYPE_CHECKING:
    from .pack import LanguagePack

OBJECT_WINDOW = 90
QUOTED_RE = re.compile(r"“[^”\n]{1,200}”|「[^」\n]{1,200}」|《[^》\n]{1,200}》|『[^』\n]{1,200}』"
                       r"|\"[^\"\n]{1,200}\"|«[^»\n]{1,200}»")
# Every match of QUOTED_RE opens with one of these: a reply without any is not scanned.
_QUOTE_OPENINGS = ("\u201c", "\u300c", "\u300a", "\u300e", '"', "\u00ab")
# Where the object of "I ran / I checked ..." ends: a clause-internal break.
OBJECT_STOP_RE = re.compile(
    r"[:;,(.!?\n，。：；！？]|\s(?:and|but|that|which|so|because|then|where|while|to\s+see|"
    r"to\s+check|to\s+find|y|pero|que|porque|donde|para)\s")


def extract_claims(text: str, pack: LanguagePack, gated: bool = True) -> Claims:
    """All claims in ``text`` (receipt tokens already masked out by the caller).

    Phrase patterns run over a lower-cased copy (``low``); values, paths and
    commands are read from the original text at the same offsets.
    """
    low_text = lower_same_length(text)
    url_hits = find_urls(text, low_text)
    url_spans = [(s, e) for s, e, _ in url_hits]
    no_urls = mask(text, url_spans)
    low = lower_same_length(no_urls) if url_spans else low_text
    # Quoted code, found once: a URL holds no backtick and no line break, so blanking the
    # URLs moves no code span.
    code_spans = [(m.start(), m.end()) for m in CODE_SPAN_RE.finditer(text)]
    # The runs of digits, found once: the gate, the thousands grouped by spaces and the
    # values read them (lower-casing and masking URLs move no digit of ``no_urls``).
    runs = digit_runs(no_urls)
    sentence_words: list[list[str]] = []
    clauses, spans, bits, bounds = segment(low, pack, gated, sentence_words, runs)
    starts = [c.start for c in clauses]

    gate_words = sentence_words if len(sentence_words) == len(spans) else None

    def scan(slot: str, source: str) -> Iterator[re.Match[str]]:
        """Matches of the slot's pattern in the sentences its gate lets through, in order."""
        scan_branches = pack.scans.get(slot) if gated else None   # ungated: the reference
        bit = BIT[slot]
        if scan_branches is None:
            finditer = pack.searching[slot].finditer
            for (start, end), sentence_bits in zip(spans, bits, strict=True):
                if sentence_bits & bit:
                    yield from finditer(source, start, end)
            return
        for index, ((start, end), sentence_bits) in enumerate(zip(spans, bits, strict=True)):
            if sentence_bits & bit:
                yield from scan_branches.finditer(source, start, end,
                                                  _words_of(source, low, start, end, index,
                                                            gate_words))

    def clause_at(pos: int) -> int:
        return max(bisect_right(starts, pos) - 1, 0)

    flags = ClauseFlags(low, pack, clauses, spans, bits)
    keyword_cache: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def keywords_of(words: str) -> tuple[frozenset[str], frozenset[str]]:
        """:func:`subject_keywords`, once per distinct wording (replies repeat themselves)."""
        known = keyword_cache.get(words)
        if known is None:
            known = keyword_cache[words] = subject_keywords(words, pack)
        return known

    blocked = flags.blocked

    tool_uses: list[ToolUseClaim] = []
    results: list[ResultClaim] = []
    attributed: set[int] = set()

    for slot, is_attribution in (("tool_use", False), ("attribution", True)):
        for match in scan(slot, low):
            index = clause_at(match.start())
            if blocked(index):
                continue
            clause_end = clauses[index].end if clauses else len(text)
            if is_attribution:
                subj = first_group(match, "subj")
                region_start, region_end = match.start(), match.end()
                words_text = subj or match.group(0)
                object_text = ""
            elif match.groupdict().get("passive"):
                # A passive look ("the leak sensors were checked as well"): what it looked
                # at is its subject, the last words of its clause before it.
                clause_start = clauses[index].start if clauses else 0
                subject_start = passive_subject_start(low, clause_start, match.start())
                region_start, region_end = subject_start, match.end()
                words_text = no_urls[subject_start:match.start()]
                object_text = text[subject_start:match.start()].strip()
            else:
                region_start, region_end = match.start(), min(match.end() + OBJECT_WINDOW,
                                                               clause_end)
                stop = OBJECT_STOP_RE.search(low, match.end() + 1, region_end)
                words_end = stop.start() if stop is not None else region_end
                words_text = no_urls[match.end():words_end]
                object_text = text[match.end():words_end].strip()
            region = text[region_start:region_end]
            command = path = url = None
            code = CODE_SPAN_RE.search(region)
            if code is not None and not PATH_RE.fullmatch(code.group(1).strip()):
                command = code.group(1).strip()
            path_match = PATH_RE.search(mask(region, [(m.start(), m.end())
                                                      for m in CODE_SPAN_RE.finditer(region)]))
            if path_match is not None:
                path = path_match.group(0).rstrip(".")
            elif code is not None and PATH_RE.fullmatch(code.group(1).strip()):
                path = code.group(1).strip()
            for u_start, _u_end, u in url_hits:
                if region_start <= u_start < max(region_end, clause_end):
                    url = u
                    break
            keywords, categories = keywords_of(CODE_SPAN_RE.sub(" ", words_text))
            tool_uses.append(ToolUseClaim((match.start(), match.end()), index, keywords,
                                          categories, command, path, url,
                                          text[match.start():match.end()], object_text))
            if clauses:
                attributed.add(clauses[index].sentence)

    for slot, completion in (("completion", True), ("presentation", False)):
        for match in scan(slot, low):
            index = clause_at(match.start())
            if blocked(index):
                continue
            clause = clauses[index] if clauses else None
            if clause is not None and completion and flags.sentence_failure(clause.sentence):
                continue
            clause_text = no_urls[clause.start:clause.end] if clause else no_urls
            keywords, _ = keywords_of(clause_text)
            first_person = bool(match.groupdict().get("fp"))
            results.append(ResultClaim((match.start(), match.end()), index, keywords,
                                       completion, first_person,
                                       text[match.start():match.end()]))
            if clause is not None and not completion:
                attributed.add(clause.sentence)

    no_code = mask(low, code_spans)
    counts: list[CountClaim] = []
    absences: list[AbsenceClaim] = []
    raw_counts: list[RawCount] = []
    for (start, end), sentence_bits in zip(spans, bits, strict=True):
        if sentence_bits & BIT["count_pattern"]:
            raw_counts.extend(find_counts(no_code, pack, start, end))
    for raw in raw_counts:
        index = clause_at(raw.start)
        if flags.hedged(index) or (raw.digits and labelled_by_a_name(text, raw.start, pack)) \
                or (clauses and flags.opened_by_a_modal(clauses[index].sentence)) \
                or (not raw.digits and names_a_title(text, raw.start, raw.end)):
            continue
        keywords, categories = keywords_of(raw.noun)
        if raw.value == 0:
            absences.append(AbsenceClaim((raw.start, raw.end), index, keywords, keywords,
                                         text[raw.start:raw.end]))
            continue
        context, context_categories = keywords_of(count_context(no_code, raw, pack))
        counts.append(CountClaim((raw.start, raw.end), index, raw.value, raw.noun,
                                 keywords | categories, raw.digits, text[raw.start:raw.end],
                                 context | context_categories | keywords | categories))

    # A negation inside a quoted title or message ("《报销没有通过的说明》", “Object does not
    # exist”) is what the title says, not a claim of the reply.
    no_quotes = mask(no_code, [(m.start(), m.end()) for m in QUOTED_RE.finditer(no_code)]) \
        if any(mark in no_code for mark in _QUOTE_OPENINGS) else no_code
    found_absences = list(scan("absence", no_quotes))
    if pack.answer_absence is not None:
        # "Nothing this month.": an answer opens its sentence, so it is matched there only.
        answers = [m for start, end in spans if (m := pack.answer_absence.match(
            no_quotes, past_emphasis(no_quotes, start, end), end)) is not None]
        if answers:
            found_absences = sorted((*found_absences, *answers), key=lambda m: m.start())
    for match in found_absences:
        index = clause_at(match.start())
        if clauses and (flags.sentence_hedged(clauses[index].sentence)
                        or flags.conditional_clause(index)):
            continue   # a question or a condition; a hedged absence ("似乎没有") is a claim
        subj_text = first_group(match, "subj")
        cont_text = first_group(match, "cont")
        subject, _ = keywords_of(subj_text) if subj_text else (frozenset(), None)
        pronoun_only = bool(subject) and subject <= _NEGATIVE_PRONOUNS
        if cont_text:
            container, _ = keywords_of(cont_text)
        elif clauses:
            container, _ = keywords_of(no_code[clauses[index].start:clauses[index].end])
        else:
            container = subject
        if pronoun_only:
            # "no hay ninguno en cuarentena": a pronoun stands for the items; what they are
            # denied is said in the rest of its clause.
            subject = (container - _NEGATIVE_PRONOUNS) or subject
        selective = False
        if clauses:
            s_start, s_end = bounds[clauses[index].sentence]
            selective = bool(pack.contrast is not None
                             and pack.contrast.search(no_code, s_start, s_end)) or any(
                s_start <= c.span[0] < s_end for c in counts)
        group = tuple(w.lower() for w in _GROUP_WORD_RE.findall(first_group(match, "grp")))
        absences.append(AbsenceClaim((match.start(), match.end()), index, subject,
                                     container | subject, text[match.start():match.end()],
                                     selective, group, bool(first_group(match, "subjposs")),
                                     bool(first_group(match, "subjverb")),
                                     bool(first_group(match, "daypart")),
                                     bool(first_group(match, "loc")),
                                     bool(first_group(match, "subjstate"))))

    values: list[ValueClaim] = []
    joined = join_space_groups(no_urls, runs=runs)
    for start, end, kind, raw_value, extra in find_values(joined, low, runs):
        index = clause_at(start)
        if flags.hedged(index) or flags.general(index):
            continue
        num = extra.get("num")
        numbers = number_readings(num, pack.decimal_dot) if isinstance(num, str) else ()
        if numbers and kind in (ValueKind.NUMBER, ValueKind.CURRENCY):
            scaled = _scaled(no_urls, end, kind, raw_value)
            if scaled is not None:
                exponent, end = scaled
                numbers = tuple(n.scaleb(exponent) for n in numbers)
                raw_value = text[start:end]
        # After the scale word: "4.6 万左右" is approximate.
        approx = bool(approx_before(low[max(0, start - 16):start])
                      or APPROX_AFTER_RE.match(no_urls[end:end + 3]))
        date = extra.get("date")
        values.append(ValueClaim(
            span=(start, end), clause=index, kind=kind, raw=raw_value, numbers=numbers,
            unit=str(extra.get("unit", "")), key=str(extra.get("key", "")),
            date=date if isinstance(date, tuple) else None, approx=approx))

    if pack.find_word_values is not None:
        taken_values = [v.span for v in values]
        for start, end, percent, number in pack.find_word_values(no_urls):
            index = clause_at(start)
            if _overlaps(taken_values, start, end) or flags.hedged(index) or \
                    flags.general(index):
                continue
            approx = bool(approx_before(low[max(0, start - 16):start])
                          or APPROX_AFTER_RE.match(no_urls[end:end + 3]))
            values.append(ValueClaim(
                span=(start, end), clause=index,
                kind=ValueKind.PERCENT if percent else ValueKind.NUMBER,
                raw=text[start:end], numbers=(number,), unit="%" if percent else "",
                approx=approx))

    if clauses:
        # Names presented as a tool's finding, in the sentences that attribute to a tool;
        # identifiers and full names wherever values are read.
        def keep(position: int) -> bool:
            index = clause_at(position)
            return not (flags.hedged(index) or flags.general(index))

        # And the sentences naming one a superlative picks out ("the top seller was ...").
        cue = pack.superlative_cue
        scanned = set(attributed)
        if cue is not None:
            search = cue.search
            held = sentences_holding(pack.superlative_triggers, len(bounds), gate_words, low)
            scanned.update(i for i in held if search(no_urls, *bounds[i]))
        named = find_names(no_urls, pack, [bounds[i] for i in sorted(scanned)], keep)
        taken = [(start, end) for start, end, _ in named] + [v.span for v in values]
        for start, end, name in named:
            values.append(ValueClaim(span=(start, end), clause=clause_at(start),
                                     kind=ValueKind.NAME, raw=name, key=name.lower()))
        no_code_text = mask(no_urls, code_spans)
        identifiers, full_names = find_identifiers_and_full_names(no_code_text, keep)
        for found, unit in ((identifiers, "identifier"), (full_names, "full_name")):
            for start, end, name in found:
                if unit == "full_name" and name.split(" ", 1)[0].lower() in pack.stopwords:
                    continue   # "The Rooftop", "El Prado": a function word is no first name
                if not _overlaps(taken, start, end):
                    taken.append((start, end))
                    values.append(ValueClaim(span=(start, end), clause=clause_at(start),
                                             kind=ValueKind.NAME, raw=name, key=name.lower(),
                                             unit=unit))

    urls: list[UrlClaim] = []
    for start, end, url in url_hits:
        index = clause_at(start)
        if clauses and (flags.sentence_hedged(clauses[index].sentence) or (
                flags.hedged(index) and pack.first_person is not None
                and pack.first_person.search(low, clauses[index].start, clauses[index].end))):
            continue   # a question, a condition, "I can check <url>"; not "you can see <url>"
        if _overlaps(code_spans, start, end):
            continue  # a URL inside a quoted command is part of the command, not a source
        urls.append(UrlClaim((start, end), index, url, normalise_url(url)))

    return Claims(
        language=pack.code, clauses=tuple(clauses), tool_uses=tuple(tool_uses),
        results=tuple(results), counts=tuple(counts), absences=tuple(absences),
        values=tuple(values), urls=tuple(urls),
        attributed_sentences=frozenset(attributed), sentence_bounds=tuple(bounds),
        failure_flags=flags, actions=tuple(find_action_claims(
            text, low, pack, clauses, spans, flags,
            sentence_words if len(sentence_words) == len(spans) else None)))


# Negative pronouns, as keyword stems: a subject of nothing but one says no noun.
_NEGATIVE_PRONOUNS = frozenset({"ningun", "ningún", "ninguno", "ninguna", "nadie", "nada",
                                "none", "nothing", "nobody", "noth", "nobod"})
_GROUP_WORD_RE = re.compile(r"[^\W_]+(?:-[^\W_]+)*")


def _words_of(source: str, low: str, start: int, end: int, index: int,
              gate_words: list[list[str]] | None) -> list[str] | None:
    """The words of sentence ``index`` of ``source`` (``low`` with some spans blanked) as
    the branch filters read them: the gate's letter runs of that sentence when it is not
    blanked and holds neither sign a run may hold; else None (the scan splits it)."""
    if gate_words is None:
        return None
    piece = source[start:end]
    if piece != low[start:end] or SIGNS_IN_RUNS[0] in piece or SIGNS_IN_RUNS[1] in piece:
        return None
    return gate_words[index]


def _overlaps(spans: list[Span], start: int, end: int) -> bool:
    return any(start < e and s < end for s, e in spans)


def _scaled(text: str, end: int, kind: ValueKind, raw: str) -> tuple[int, int] | None:
    """(exponent, new end) of a scale word after a value ("1.2 万", "2,5 millones", "$48k")."""
    tail = raw.rstrip()[-1:]
    if kind is ValueKind.CURRENCY and tail in ("k", "K", "m", "M"):
        return (3 if tail in "kK" else 6), end
    found = scale_after(text, end)
    if found is None:
        return None
    word = text[end:found[1]].strip().lower()
    if word == "m" and kind is not ValueKind.CURRENCY:
        return None   # "5 m" is metres or minutes, not millions
    return found


def first_group(match: re.Match[str], prefix: str) -> str:
    """The first non-empty named group whose name starts with ``prefix`` (``subj``, ``subj2``)."""
    for name, value in match.groupdict().items():
        if value and name.startswith(prefix):
            return value
    return ""
