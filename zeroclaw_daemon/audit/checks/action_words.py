"""Words of a tool's name and of a reply's act that say no act: a tool named for the document
it holds, and a state label the reply reads off a result."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..claims.actions import ActionClaim, ActionLexicon

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
