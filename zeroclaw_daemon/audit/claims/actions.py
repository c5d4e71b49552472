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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .gate import LETTER_RUN_RE
from .types import Span
from .words import stem, subject_keywords, text_keywords

if TYPE_CHECKING:
    from .pack import LanguagePack
    from .segment import ClauseFlags
    from .types import Clause

_SPACES_RE = re.compile(r"\s+")
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


def cue_words(*tables: Iterable[str]) -> frozenset[str]:
    """The first word of every form in ``tables``: the words a sentence must hold before
    it is scanned for action claims (the cue gate)."""
    return frozenset(form.split()[0] for table in tables for form in table)


_MIN_ACT_STEM = 4


@dataclass(frozen=True, slots=True)
class ActionLexicon:
    """One language's closed classes for action and state claims.

    ``verbs`` maps the forms of an action verb that say it was done (lower case,
    single spaces: "rolled back", "reinició", "重启") to its action class; ``forms``
    maps every form (lemma, -s, -ing: "restart", "restarts") to its class, to read
    action nouns ("Refund issued"); ``bases`` maps the base forms ("restart", "roll back"),
    which with ``verbs`` read tool metadata (a plural such as ``stripe_charges`` names
    things, not an action); ``read_verbs`` are the forms of
    verbs that only observe (get, list, show, search): a call whose first verb is one
    of them acts on nothing. ``action_re`` finds candidate claims: the first of its
    groups named ``verb...`` that matched is looked up in ``verbs`` (``verb_and``: only
    after a claim of the same sentence; a name holding ``_fp``: first person;
    ``verb_state``: a state the action leaves, "is approved"; ``..._past``, ``..._seq``:
    in the past passive, "was sent"), a group
    ``noun``
    in ``forms`` (a candidate whose word is in neither is no claim). ``state_re``
    finds state claims with the group ``check`` (a form in ``checks``: its class). ``disclosure``
    finds the wordings that leave an outcome open ("not yet", "still pending") beside
    the failure words of the pack's ``failure`` pattern.
    """

    verbs: Mapping[str, str]
    forms: Mapping[str, str]
    bases: Mapping[str, str]
    read_verbs: frozenset[str]
    action_re: re.Pattern[str]
    # Nouns of a document of entries that are verbs as well (schedule, record, register): the
    # last word of a tool's name after a noun, such a word names what the call holds.
    document_nouns: frozenset[str] = frozenset()
    # Done forms of the verbs that label a thing with a state ("marked", "flagged",
    # "marcado"): followed by a word a result holds, the label read off the result.
    label_verbs: frozenset[str] = frozenset()
    # The nouns among ``read_verbs`` (status, report, logs, estado): in a tool's name one
    # of them before an action verb is that verb's object ("status_update", "logs_delete").
    read_nouns: frozenset[str] = frozenset()
    state_re: re.Pattern[str] | None = None
    # Claims scanned apart from ``action_re``, same groups ("Ticket closed ✅").
    headline_re: re.Pattern[str] | None = None
    # Matched right after a verb: what the assistant makes itself ("a summary table"),
    # not a tool action.
    text_products: re.Pattern[str] | None = None
    # A time before this turn ("yesterday", "3 days ago", 上周): the clause tells history.
    past_time: re.Pattern[str] | None = None
    checks: Mapping[str, str] | None = None
    # Participles of verbs an assistant also uses of its own text ("set", "written"),
    # read only in a passive group ("is set on the controller", "has been written"): the
    # state an action leaves (kind ``result``), which a read may show, so held only
    # against a call acting that way that did not succeed.
    state_participles: Mapping[str, str] = field(default_factory=dict)
    # Classes whose act leaves no state of its object that a result would show (a message
    # sent): their past passive told in sequence (group ``..._seq``: "a copy was then
    # emailed to counsel") narrates the act, an action claim, not a state; without the
    # sequence it may tell a result's history ("the invoice was emailed on 3 Dec").
    event_classes: frozenset[str] = frozenset()
    # The acts a user's message asks for (group ``verb``, a base form: "please text the
    # manager"; a group ``act_<class>``: an idiom of that class, "let them know"): a past
    # passive of one of them ("a text was sent") tells that act done, its doer unsaid, an
    # action claim. The message says only what was asked, never that it was done.
    request_re: re.Pattern[str] | None = None
    disclosure: re.Pattern[str] | None = None
    # Verbs that move a thing only with an object and a destination after them ("se han
    # pasado los 7 a la cola": alone, "pasar" is to happen or to spend time): their done
    # forms, read as claims only where ``destination`` matches the rest of the clause.
    destination_verbs: Mapping[str, str] = field(default_factory=dict)
    destination: re.Pattern[str] | None = None
    # Verbs that make a record only with one as their object ("he abierto una incidencia",
    # "I opened a ticket": alone, "open" reads a file or a page): their done forms, read as
    # claims (of ``record_verbs``' class) only where ``record`` matches right after them.
    record_verbs: Mapping[str, str] = field(default_factory=dict)
    record: re.Pattern[str] | None = None
    # Outcomes stated without an action verb ("is live", "completed", 搞定, "listo"):
    # checked only against calls that did not succeed.
    outcome_re: re.Pattern[str] | None = None
    cjk: bool = False
    # Object words are read through the pack's synonyms, which translate them into the
    # language tools are named in (工单 -> ticket): for languages other than that one.
    translate_objects: bool = False
    # Words one of which every claim holds (first words of the done forms, the words
    # after an action noun, checks): a sentence with none of them is not scanned.
    # Empty: every sentence is.
    cues: frozenset[str] = frozenset()
    # Words one of which every match of ``outcome_re`` holds ("live", "done", "listo").
    # Empty: every sentence is scanned for outcomes.
    outcome_cues: frozenset[str] = frozenset()
    # A done form's ending and the endings of the nouns of its act made on the same stem
    # ("reservado" -> "reserva", "reservacion"; "booked" -> "booking"): such a noun in a
    # tool's name names the act the verb claims (see :meth:`act_nouns`).
    done_endings: tuple[str, ...] = ()
    act_noun_endings: tuple[str, ...] = ()
    # Whether every cue a word of the reply can be is a run of Latin letters (then the
    # gate's words find them; a cue such as "type-check" is never one word).
    latin_cues: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "latin_cues", all(
            LETTER_RUN_RE.fullmatch(cue) for cue in self.cues | self.outcome_cues
            if _CUE_WORD_RE.fullmatch(cue)))

    def cued(self, low: str, sentences: Sequence[Span], cues: frozenset[str] | None = None,
             words: Sequence[str] | None = None,
             sentence_words: Sequence[Sequence[str]] | None = None) -> list[Span]:
        """The sentences that hold a cue (all of them when the lexicon has none); ``words``:
        the words of ``low``, when already split; ``sentence_words``: each sentence's runs
        of Latin letters (the gate's), which spare a pass over the reply."""
        cues = self.cues if cues is None else cues
        if not cues:
            return list(sentences)
        if sentence_words is not None:
            # A cue standing alone is one of its sentence's letter runs; the runs hold more
            # (a cue glued to a letter of another script), so each is confirmed in place.
            intersection = cues.intersection
            # Most sentences hold no cue: the set operation alone rules them out.
            return [span for span, runs in zip(sentences, sentence_words, strict=True)
                    if (hits := intersection(runs))
                    and any(_stands_alone(low, cue, span) for cue in hits)]
        found = cues.intersection(_CUE_WORD_RE.findall(low) if words is None else words)
        if not found:
            return []
        # Where the (few) cues found stand: a search for them alone.
        where = re.compile(r"\b(?:" + "|".join(map(re.escape, found)) + r")\b")
        starts = [start for start, _ in sentences]
        hit = {max(bisect_right(starts, m.start()) - 1, 0) for m in where.finditer(low)}
        return [sentences[i] for i in sorted(hit)]

    def act_nouns(self, verb: str) -> frozenset[str]:
        """The nouns of the act a done form claims, made on its stem of four letters or
        more ("reservado" -> "reserva", "reservas", "reservacion"...); none when the form
        has no regular done ending."""
        for ending in self.done_endings:
            stem = verb[:-len(ending)]
            if verb.endswith(ending) and len(stem) >= _MIN_ACT_STEM and " " not in verb:
                return frozenset(stem + noun for noun in self.act_noun_endings)
        return frozenset()

    def tool_verb_class(self, word: str) -> str | None:
        """The class of a word of a tool's name, arguments or description."""
        return self.bases.get(word) or self.verbs.get(word)

    def verb_class(self, written: str, noun: bool = False) -> str | None:
        key = _SPACES_RE.sub(" ", written.strip().lower())
        table = self.forms if noun else self.verbs
        found = table.get(key)
        if found is None and "-" in key:
            return table.get(key.replace("-", ""))   # "power-cycled" is "powercycled"
        return found


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


def _stands_alone(text: str, word: str, span: Span) -> bool:
    """Whether ``word`` occurs in ``text[span]`` as ``\\bword\\b`` finds it: no word
    character (``str.isalnum`` or ``_``, as ``re`` has it) on either side."""
    start, end = span
    size = len(word)
    at = text.find(word, start, end)
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + size] if at + size < len(text) else " "
        if not (before.isalnum() or before == "_" or after.isalnum() or after == "_"):
            return True
        at = text.find(word, at + 1, end)
    return False


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
    if not scanned and not outcome_scanned:
        return []
    starts = [c.start for c in clauses]
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
            first_person = claimed_sentences[clause.sentence]
        else:
            first_person = "_fp" in group
            claimed_sentences[clause.sentence] = first_person
        found.append(_claim(text, pack, match.span(group), index, kind, action_class,
                            verb, clause, first_person, group.endswith(("_past", "_seq"))))
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


def _tells_history(lexicon: ActionLexicon, low: str, clauses: Sequence[Clause],
                   starts: Sequence[int], position: int) -> bool:
    if lexicon.past_time is None:
        return False
    clause = clauses[max(bisect_right(starts, position) - 1, 0)]
    return lexicon.past_time.search(low, clause.start, clause.end) is not None


def _claim(text: str, pack: LanguagePack, span: Span, index: int, kind: str,
           action_class: str, verb: str, clause: Clause,
           first_person: bool = False, past_passive: bool = False) -> ActionClaim:
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
                       first_person, idents, past_passive)


def names_in(text: str) -> tuple[str, ...]:
    """Names of systems in ``text``: capitalised or CamelCase words, letters with digits."""
    return tuple(m.group(0) for m in _NAME_RE.finditer(text) if m.group(0) != "I")
