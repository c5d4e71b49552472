"""Action and state claims: what the reply says was done, in any person and voice.

An *action claim* is a verb of the language's closed class of action verbs used as
done: first person ("I restarted"), passive ("has been cleared", "se reinició"),
subject-less participle ("Rolled back to v41.", "Desplegado en staging"), or with a
completion marker (已重启, 清理掉了). Each verb maps to a language-independent *action
class* (``restart``, ``delete``, ``send`` ...), the same classes the tools' own
metadata is read into, so "Se reinició el pod" links to ``kubectl rollout restart``.

A *state claim* says a verification came out well ("tests pass", "lint is clean",
"测试全部通过"): its subject is a closed class of checks (tests, lint, build,
type checks), matched to the calls that ran them.

The lexicon of each language is an :class:`ActionLexicon` in its pack
(``lang/<code>/actions.py``); this module holds no words of any language.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .lexicon import ActionLexicon
from .types import Span
from .words import stem, subject_keywords, text_keywords

if TYPE_CHECKING:
    from .pack import LanguagePack
    from .segment import ClauseFlags
    from .types import Clause

_SPACES_RE = re.compile(r"\s+")
_PARTICIPLE_RE = re.compile(r"[a-z]{3,}(?:ed|en)")
_AGENT_AFTER_RE = re.compile(r"\s+by\b")
_IDENT_RE = re.compile(r"[\w#][\w#./-]*\d[\w./-]*")
_CUE_WORD_RE = re.compile(r"[^\W\d_][^\W\d_]*")   # text.py: scanning patterns
# The groups of ``action_re`` that read a verb in the passive voice ("has been X", "is now
# X", "is X"): where a participle of ``state_participles`` is read.
_PASSIVE_GROUPS = ("verb2", "verb3", "verb_state")
# Quoted titles and code ("「支付成功页偶现白屏」", "`kubectl delete pod`") are named, not
# claimed.
_QUOTED_RE = re.compile(r"「[^」\n]*」|『[^』\n]*』|“[^”\n]*”|\"[^\"\n]*\"|`[^`\n]*`|«[^»\n]*»")
# Words written with a capital inside a sentence, CamelCase, or letters with digits:
# names of systems ("Grafana", "PagerDuty", "S3"), not common nouns.
_NAME_RE = re.compile(r"(?<![\w.])(?:[A-Z][a-z0-9]*[A-Z0-9][\w]*|[A-Z][a-z]{2,}|"
                      r"[a-z]+[0-9][a-z0-9]*)(?![\w])")


@dataclass(frozen=True, slots=True)
class ActionClaim:
    """The reply says something was done (``action``), a check came out well (``state``),
    an outcome without naming the action (``outcome``: "is live", 搞定), or the state an
    action leaves (``result``: "the timesheet is approved"), which may as well describe
    what a result shows.

    ``action_class`` is the verb's class (for a state claim: the check's class);
    ``object_keys`` are the keyword stems of its clause (what it acted on).
    """

    span: Span
    clause: int
    kind: str                      # "action", "state", "outcome" or "result"
    action_class: str
    verb: str
    object_keys: frozenset[str]
    text: str
    # "I restarted" (the reply's own act) rather than "has been restarted", "se reinició",
    # 已重启, which may also describe a state the results show.
    first_person: bool = False
    # Identifiers with digits in its clause ("#12", "a1", "v2.3"): objects in any language.
    idents: frozenset[str] = frozenset()
    # A past passive without agent or date ("a text was sent to the manager").
    past_passive: bool = False
    # A verb after "and" sharing another act's subject ("is rendered and emailed").
    coordinated: bool = False


def _moved_to_a_destination(lexicon: ActionLexicon, low: str, verb: str, end: int,
                            clauses: Sequence[Clause], starts: Sequence[int]) -> str | None:
    """The class of a verb of moving, when an object and a destination follow it in its
    clause ("pasado los 7 a la cola de averías"), or of a verb making a record, when the
    record follows it ("abierto una incidencia"); None otherwise."""
    written = _SPACES_RE.sub(" ", verb.strip())
    for verbs, after in ((lexicon.destination_verbs, lexicon.destination),
                         (lexicon.record_verbs, lexicon.record)):
        action_class = verbs.get(written)
        if action_class is None or after is None or not clauses:
            continue
        clause = clauses[max(bisect_right(starts, end) - 1, 0)]
        return action_class if after.match(low, end, clause.end) else None
    return None


def find_action_claims(text: str, low: str, pack: LanguagePack, clauses: Sequence[Clause],
                       sentences: Sequence[Span], flags: ClauseFlags,
                       sentence_words: Sequence[Sequence[str]] | None = None
                       ) -> list[ActionClaim]:
    """Action and state claims of the clauses that are not hedged, negated or general.
    ``sentence_words``: each sentence's runs of Latin letters, when the gate has them."""
    lexicon = pack.actions
    if lexicon is None or not clauses:
        return []
    if sentence_words is not None and not lexicon.latin_cues:
        sentence_words = None
    words = _CUE_WORD_RE.findall(low) if sentence_words is None and (
        lexicon.cues or lexicon.outcome_cues) else []
    scanned = lexicon.cued(low, sentences, words=words, sentence_words=sentence_words)
    # Outcomes ("is live", "is confirmed") hold no action cue: they have cues of their own.
    outcome_scanned = (lexicon.cued(low, sentences, lexicon.outcome_cues, words,
                                    sentence_words)
                       if lexicon.outcome_re is not None else [])
    starts = [c.start for c in clauses]
    if not scanned and not outcome_scanned and lexicon.open_act_re is None:
        return []
    quoted = [m.span() for m in _QUOTED_RE.finditer(low)]

    hedge = pack.patterns["hedge"]
    attribution = pack.patterns["attribution"]
    reported: dict[int, bool] = {}

    def reports_a_source(sentence: int) -> bool:
        """"Fixed in 4.2, according to the changelog": what a source says, not an act."""
        known = reported.get(sentence)
        if known is None:
            start, end = sentences[sentence]
            known = reported[sentence] = attribution.search(low, start, end) is not None
        return known

    def clause_of(position: int, end: int) -> int | None:
        """The clause holding a claim at ``position``..``end``, when it may hold one: not
        quoted, negated or general, not in a question or condition, and no offer or
        supposition before the claim's end (one after it, "I replied to say we'll pay",
        is about something else)."""
        if any(start < position < stop for start, stop in quoted):
            return None
        index = max(bisect_right(starts, position) - 1, 0)
        clause = clauses[index]
        if (flags.negated(index) or flags.general(index)
                or flags.sentence_hedged(clause.sentence) or reports_a_source(clause.sentence)
                or hedge.search(low, clause.start, max(end, position)) is not None):
            return None
        return index

    found: list[ActionClaim] = []
    claimed_sentences: dict[int, bool] = {}   # sentence -> whether its claim is first person
    patterns = [p for p in (lexicon.action_re, lexicon.headline_re) if p is not None]
    matches = sorted((m for start, end in scanned for p in patterns
                      for m in p.finditer(low, start, end)), key=lambda m: m.start())
    for match in matches:
        group = next((name for name, value in match.groupdict().items()
                      if value and name.startswith(("verb", "noun"))), None)
        if group is None:
            continue
        verb = match.group(group)
        action_class = lexicon.verb_class(verb, noun=group.startswith("noun"))
        if action_class is None and group.endswith("_inf"):
            action_class = lexicon.bases.get(verb)   # "acabo de enviar": a base form, done
        kind = "result" if group.startswith("verb_state") else "action"
        if action_class is None and group.startswith(_PASSIVE_GROUPS):
            action_class = lexicon.state_participles.get(_SPACES_RE.sub(" ", verb.strip()))
            kind = "result"
        if action_class is None and (lexicon.destination is not None
                                     or lexicon.record is not None):
            action_class = _moved_to_a_destination(lexicon, low, verb, match.end(group),
                                                   clauses, starts)
            kind = "result" if group.startswith("verb_state") else "action"
        if action_class is None:
            if group.startswith(_PASSIVE_GROUPS) and _PARTICIPLE_RE.fullmatch(verb):
                # "Proof v2 is rendered (...) and emailed": an act of no class still says
                # what was done to its subject, which a verb after "and" shares.
                position = max(bisect_right(starts, match.start(group)) - 1, 0)
                claimed_sentences.setdefault(clauses[position].sentence, False)
            continue
        if group.endswith("_seq") and action_class in lexicon.event_classes:
            kind = "action"   # "was then served on counsel": the sending, told in sequence
        products = lexicon.text_products
        if products is not None and products.match(low, match.end(group),
                                                   match.end(group) + 48) is not None:
            continue  # "I've created a summary table": the reply's own text
        if _tells_history(lexicon, low, clauses, starts, match.start(group)):
            continue  # "we deployed it last Tuesday": not this turn's act
        if any(claim.span == match.span(group) for claim in found):
            continue  # the same verb read by two patterns ("... and pushed", a headline)
        index = clause_of(match.start(group), match.end(group))
        if index is None:
            continue
        clause = clauses[index]
        if group == "verb_and":
            if clause.sentence not in claimed_sentences:
                continue  # "X ... and restarted": the subject is not the reply's
            if _AGENT_AFTER_RE.match(low, match.end(group)):
                continue  # "is held from below and moved by rods": someone else's act
            first_person = claimed_sentences[clause.sentence]
        else:
            named = match.groupdict()
            first_person = "_fp" in group or bool(named.get("benefactive") or named.get("speaker"))
            claimed_sentences[clause.sentence] = first_person
        found.append(_claim(text, pack, match.span(group), index, kind, action_class,
                            verb, clause, first_person, group.endswith(("_past", "_seq")),
                            coordinated=group == "verb_and"))
    if lexicon.open_act_re is not None:
        if lexicon.cjk:
            open_spans = [(0, len(low))] if any(c in low for c in lexicon.open_act_cues) else []
        else:
            if sentence_words is None and not words:
                words = _CUE_WORD_RE.findall(low)
            open_spans = lexicon.cued(low, sentences, lexicon.open_act_cues, words,
                                      sentence_words)
        found.extend(_open_acts(text, low, pack, clauses, starts, found, clause_of, open_spans))
    if lexicon.outcome_re is not None:
        for match in (m for start, end in outcome_scanned
                      for m in lexicon.outcome_re.finditer(low, start, end)):
            index = clause_of(match.start(), match.end())
            if index is not None:
                found.append(_claim(text, pack, match.span(), index, "outcome", "",
                                    match.group(0), clauses[index]))
    if lexicon.state_re is None or lexicon.checks is None:
        return found
    for match in (m for start, end in scanned for m in lexicon.state_re.finditer(low, start, end)):
        check_class = lexicon.checks.get(_SPACES_RE.sub(" ", match.group("check").strip()))
        index = clause_of(match.start(), match.end()) if check_class is not None else None
        if check_class is None or index is None:
            continue
        found.append(_claim(text, pack, match.span(), index, "state", check_class,
                            match.group("check"), clauses[index]))
    return found


def _open_acts(text: str, low: str, pack: LanguagePack, clauses: Sequence[Clause],
               starts: Sequence[int], found: Sequence[ActionClaim],
               clause_of: Callable[[int, int], int | None],
               spans: Sequence[tuple[int, int]]) -> list[ActionClaim]:
    """The speaker's own done acts whose verb is in no class (``ActionLexicon.open_act_re``,
    searched in ``spans``: the sentences holding a cue): class ``act``, first person. A verb
    of the reply's own work (``not_acts``), one already read as a claim, the history of an
    earlier time, a text product: none."""
    lexicon = pack.actions
    if lexicon is None or lexicon.open_act_re is None:
        return []
    acts: list[ActionClaim] = []
    pattern = lexicon.open_act_re
    for match in (m for start, end in spans for m in pattern.finditer(low, start, end)):
        start, end = match.span("verb_open")
        start += len(low[start:end]) - len(low[start:end].lstrip())
        verb = low[start:end]
        if lexicon.cjk:
            # No word boundaries: what 把 takes is read whole; a word of the reply's own
            # work or a verb of a class anywhere in it rules it out.
            if any(word in verb for word in (*lexicon.not_acts, *lexicon.verbs)):
                continue
        elif verb in lexicon.not_acts or lexicon.verb_class(verb) is not None \
                or verb in lexicon.record_verbs or verb in lexicon.destination_verbs \
                or verb in lexicon.state_participles:
            continue
        if any(claim.span[0] < end and start < claim.span[1] for claim in found):
            continue
        products = lexicon.text_products
        if products is not None and products.match(low, end, end + 48) is not None:
            continue  # "I've drafted a summary table": the reply's own text
        if _tells_history(lexicon, low, clauses, starts, start):
            continue  # "I raised it last week"
        index = clause_of(start, end)
        if index is not None:
            acts.append(_claim(text, pack, (start, end), index, "action", "act", verb,
                               clauses[index], True, False))
    return acts


def _tells_history(lexicon: ActionLexicon, low: str, clauses: Sequence[Clause],
                   starts: Sequence[int], position: int) -> bool:
    if lexicon.past_time is None:
        return False
    clause = clauses[max(bisect_right(starts, position) - 1, 0)]
    return lexicon.past_time.search(low, clause.start, clause.end) is not None


def _claim(text: str, pack: LanguagePack, span: Span, index: int, kind: str,
           action_class: str, verb: str, clause: Clause,
           first_person: bool = False, past_passive: bool = False,
           coordinated: bool = False) -> ActionClaim:
    # What was acted on is somewhere in the clause (before the verb in the passive voice
    # and in 把 constructions, after it otherwise): its words, all of them, err toward
    # linking the claim to a call.
    clause_text = text[clause.start:clause.end]
    if pack.actions is not None and pack.actions.translate_objects:
        keys, _ = subject_keywords(clause_text, pack)   # 工单 -> ticket, issue
    else:
        # Its own words, not their synonyms: "the release branch" is no "git" (any git call).
        keys = text_keywords(clause_text, pack.common_words)
    keys -= {stem(word) for word in verb.split()}   # the verb names the action, not its object
    idents = frozenset(i.rstrip(".") for i in _IDENT_RE.findall(clause_text.lower()))
    return ActionClaim(span, index, kind, action_class, verb, keys, text[span[0]:span[1]],
                       first_person, idents, past_passive, coordinated)


def names_in(text: str) -> tuple[str, ...]:
    """Names of systems in ``text``: capitalised or CamelCase words, letters with digits."""
    return tuple(m.group(0) for m in _NAME_RE.finditer(text) if m.group(0) != "I")
