"""One language's action lexicon: the closed classes of verbs of action and observation
its replies use, and the patterns that find its action and state claims (read by
:mod:`.actions`)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .gate import LETTER_RUN_RE
from .types import Span

_SPACES_RE = re.compile(r"\s+")
_CUE_WORD_RE = re.compile(r"[^\W\d_][^\W\d_]*")   # text.py: scanning patterns


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
    # The outcomes that report the speaker's own errand done and nothing else ("Done.",
    # "All set", "Listo", 搞定了), matched whole: after reads alone, no call did it
    # (checks/actions.py).
    bare_done: re.Pattern[str] | None = None
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
    # The speaker's own done act whose verb is in no class ("I've raised a request", "ya
    # los he encendido", 已经把 3 号线停下来了): group ``verb_open`` of ``open_act_re``,
    # claimed with the class ``act`` (any call that acts backs it) unless the verb is one
    # of ``not_acts``: the reply's own work on its text, observing, thinking.
    open_act_re: re.Pattern[str] | None = None
    not_acts: frozenset[str] = frozenset()
    # Words one of which every match of ``open_act_re`` holds ("i", "he", 把): only the
    # sentences holding one are scanned for open acts (in a CJK pack, the reply at all).
    open_act_cues: frozenset[str] = frozenset()
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
