"""Words of a tool's name and of a reply's act that say no act: a tool named for the document
it holds, and a state label the reply reads off a result; and a state that says the act the
user asked for."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..claims.actions import ActionClaim
from ..claims.lexicon import ActionLexicon
from ..claims.numbers import find_dates
from .base import CheckContext

# The word after a labelling verb, past "as"/"como" ("marked as paid", "marcado como pagado").
_WORD_RE = re.compile(r"[a-z]+")
_LABEL_RE = re.compile(r"\s+(?:as\s+|como\s+)?([^\W\d_]{3,})")


def names_a_document(name: Sequence[str], result: str, lexicons: Sequence[ActionLexicon],
                     verb_class: Callable[[ActionLexicon, str], str | None]) -> bool:
    """Whether a tool's name ends in a noun of a document of entries after a noun
    ("delivery_schedule", "patient_record", "attendance_register"), with no verb before it,
    and its result shows no done form of that verb's class: the name says what the call
    holds (the schedule of deliveries), not an act of scheduling, so that word gives it no
    action class (what it touches still links it). A result saying "registered" or
    "scheduled" shows the act ("visit_register" that registered a visit)."""
    if len(name) < 2 or not any(name[-1] in lx.document_nouns for lx in lexicons):
        return False
    if any(verb_class(lx, word) or word in lx.read_verbs
           for word in name[:-1] for lx in lexicons):
        return False
    classes = {c for lx in lexicons if (c := verb_class(lx, name[-1]))}
    return not any(lx.verbs.get(word) in classes
                   for word in _WORD_RE.findall(result.lower()) for lx in lexicons)


def labels_a_result_value(text: str, claim: ActionClaim, lexicon: ActionLexicon,
                          results: Sequence[str]) -> bool:
    """Whether the claim's verb labels ("marked", "flagged", "marcado") with a word a
    successful result holds as a whole word ("marked paid" beside "paid": true): the
    label the result records, read off it, not an act of the reply's."""
    if claim.verb.lower() not in lexicon.label_verbs:
        return False
    label = _LABEL_RE.match(text, claim.span[1])
    if label is None:
        return False
    word = re.compile(r"(?<![^\W_])" + re.escape(label.group(1).lower()) + r"(?![^\W_])")
    return any(word.search(result.lower()) is not None for result in results)


def requested_acts(message: str, lexicon: ActionLexicon) -> frozenset[str]:
    """The classes of the acts the user's message asks for: the verbs its ``request_re``
    finds, in their base form ("text", "escalate"; not a done form such as "sent"), and
    the classes its idioms name (group ``act_send``: "let them know")."""
    if lexicon.request_re is None:
        return frozenset()
    acts: set[str] = set()
    for match in lexicon.request_re.finditer(message.lower()):
        acts.update(name.removeprefix("act_") for name, value in match.groupdict().items()
                    if value and name.startswith("act_"))
        if match.group("verb") is None:
            continue
        verb = " ".join(match.group("verb").split())
        found = lexicon.bases.get(verb) or (
            lexicon.verb_class(verb, noun=True) if verb not in lexicon.verbs else None)
        if found is not None:
            acts.add(found)
    return frozenset(acts)


def told_as_asked(claim: ActionClaim, lexicon: ActionLexicon, message: str) -> ActionClaim:
    """A past passive without agent or date ("a text message was sent to the manager") of
    the act the user asked for ("text the manager"): the act told done, its doer unsaid, so
    an action claim, held to a call that did it or a result that shows it ("last_sent");
    otherwise the claim as it is (a state a result may show: "the parcel was delivered").
    The message tells what was asked, never that it was done."""
    if (claim.kind != "result" or not claim.past_passive
            or claim.action_class not in requested_acts(message, lexicon)):
        return claim
    return replace(claim, kind="action")


# The questions of the user's message: a sentence ending in a question mark (any width),
# opened by "¿", or a Chinese clause ending in a question particle.
_QUESTION_RE = re.compile(r"¿[^?]*\?|[^.!?。！？\n]*(?:[?？]|[吗嘛](?=\s*(?:[，。！？,.!?]|$)))")
_CJK_DONE_AFFIXES_RE = re.compile(r"^(?:已经|已)|(?:了|过|好了)$")


def answered_as_asked(claim: ActionClaim, message: str,
                      second_person: re.Pattern[str] | None) -> ActionClaim:
    """An act told without its doer, in the verb of the user's own question about a thing
    ("下周日的轮值表排好了吗？" answered "基本排好了"; "¿Está reservada la sala?"): the
    user asked for a state, not for the assistant's act, and the reply gives it; a state a
    read may show, held only against a failed call acting that way. A question put to
    the assistant ("did you restart it?", "你订了吗") asks for its act: no change."""
    if claim.kind != "action" or claim.first_person or not message:
        return claim
    questions = [q for q in _QUESTION_RE.findall(message)
                 if second_person is None or second_person.search(q) is None]
    verb = claim.verb.lower()
    if any("\u4e00" <= c <= "\u9fff" for c in verb):
        verb = _CJK_DONE_AFFIXES_RE.sub("", verb)
        asked = len(verb) >= 2 and any(verb in q for q in questions)
    else:
        word = re.compile(r"\b" + re.escape(verb) + r"\b")
        asked = any(word.search(q.lower()) is not None for q in questions)
    return replace(claim, kind="result") if asked else claim


def listed_on_its_date(context: CheckContext, claim: ActionClaim, results: list[str]) -> bool:
    """A state of creation said of an entry on a day its clause names ("la próxima está
    programada para el miércoles 16 de diciembre", "the fitting is booked for 3 March"),
    when a successful result holds that day written as a date (2026-12-16): the listing of
    the entry shows it made, as a listed booking is booked."""
    clauses = context.claims.clauses
    if not clauses:
        return False
    clause = clauses[claim.clause]
    days = [(month, day) for _, _, (_, month, day) in find_dates(
        context.text[clause.start:clause.end])]
    return any(f"-{month:02d}-{day:02d}" in result for month, day in days for result in results)
