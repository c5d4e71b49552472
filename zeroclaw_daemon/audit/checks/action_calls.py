"""What each call of a turn acts on: its :class:`CallProfile`, and the calls that failed.

A call acts, or only observes, by its own metadata: its name's words, its description
and aliases, its arguments (not the free text it carries, such as a commit message).
A call whose first verb only observes (``kubectl get``, ``helm history``,
``jira_search``) acts on nothing. A call that runs a check (tests, lint, a build) says so
in its name or arguments, or its result reports one. A failed call a later successful
call of the same tool redid no longer counts as failed. The action check
(:mod:`.actions`) links the reply's claims to these profiles.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..claims.actions import ActionClaim
from ..claims.lexicon import ActionLexicon
from ..claims.words import stem, text_keywords
from ..evidence.facts import EventFacts
from .action_words import names_a_document

# The words a call that runs a check of each class holds somewhere in its name or
# arguments ("pytest", "eslint", "npm run build"); "check", "ci" and the like run any
# check. A runner named otherwise ("tox", "mypy") is unclear: no finding.
_CHECK_WORDS: Mapping[str, tuple[str, ...]] = {
    "test": ("test", "spec"),
    "lint": ("lint",),
    "build": ("build", "compile"),
    "typecheck": ("typecheck", "type-check", "types"),
    "ci": ("ci", "check", "pipeline", "workflow", "action", "status", "run"),
}
_ANY_CHECK_WORDS = ("check", "ci", "verify", "validate", "pipeline", "workflow", "diagnos",
                    "selftest", "self_test")
# Action classes one call may carry out under the other's name: a status update
# acknowledges, closes or assigns; a release tool deploys, installs, applies or rolls
# back; a restart stops and starts; to close is to stop or resolve (关闭); a write creates
# or changes, an upload writes. Precision first: a claim in a class alike to the call's
# is linked.
_FAMILIES = (
    frozenset({"update", "acknowledge", "grant", "scale", "rotate", "drain", "apply"}),
    frozenset({"deploy", "install", "apply", "rollback", "push"}),
    frozenset({"restart", "start", "stop"}),
    frozenset({"stop", "acknowledge"}),
    frozenset({"create", "update", "write"}),
    frozenset({"push", "write"}),
    frozenset({"refund", "pay"}),
    frozenset({"send", "submit"}),
)
_ALIKE: Mapping[str, frozenset[str]] = {
    action_class: frozenset().union(*(f for f in _FAMILIES if action_class in f))
    for family in _FAMILIES for action_class in family
}
# Fields whose value is text the call carries, not a target it acts on.
# Fields of free text a call carries, and fields naming the columns a read returns or
# sorts by ("fields": ["start", "patient"]): no word of theirs is what the call acts on.
_FREE_TEXT_FIELDS = frozenset({"message", "msg", "body", "text", "content", "subject",
                               "title", "description", "comment", "note", "summary",
                               "fields", "columns", "select", "properties", "attributes",
                               "sort", "sort_by", "order_by", "group_by", "expand"})
_QUOTED_RE = re.compile(r"'[^']*'|\"[^\"]*\"")
_NOUN_SUFFIXES = ("ee", "ees", "ment", "ments", "er", "ers")
WORD_RE = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class CallProfile:
    """What one call acts on: its action classes, or that it only observes."""

    facts: EventFacts
    observes_only: bool
    classes: frozenset[str]
    keys: frozenset[str]
    words: tuple[str, ...]
    # The class of the document a tool is named for ("delivery_schedule": create): the
    # states of its entries (booked, scheduled) are what it shows, not the reply's own act.
    shown: frozenset[str] = frozenset()

    @property
    def acts_unclassed(self) -> bool:
        """It acts, in no class the lexicons know ("haulier.request_collection")."""
        return not self.observes_only and not self.classes

    def acts_like(self, claim: ActionClaim, objects: frozenset[str]) -> bool:
        if claim.kind == "state":
            return _runs_check(self, claim.action_class)
        if claim.kind == "outcome":
            return bool(objects & self.keys)
        if self.observes_only:
            return False
        return self.acts_in_class(claim) or bool(objects & self.keys)

    def backs(self, claim: ActionClaim, objects: frozenset[str]) -> bool:
        """Whether this successful call backs the claim. The speaker's own act ("I've
        texted both bookings") needs a call doing that act, or a tool named for the document
        of such acts touching what it names ("meeting_schedule" for "I've scheduled the Q4
        review"); a call merely about the same things (a read of the bookings) does not."""
        if claim.first_person and claim.kind == "action" and not self.observes_only:
            alike = _ALIKE.get(claim.action_class, {claim.action_class})
            # A call that acts in no known class, given what the act names as an argument
            # ("supplier.order" with Ames for "I've raised a PO with Ames"), may be that
            # act: unclear, backed.
            return self.acts_in_class(claim) or bool(alike & self.shown and objects & self.keys) \
                or (self.acts_unclassed and bool(objects & text_keywords(self.facts.arg_text)))
        return self.acts_like(claim, objects)

    def acts_in_class(self, claim: ActionClaim) -> bool:
        """Whether the call acts the way the claim says (or in an alike class); a state
        said of what a document-named call holds ("the rooms are reserved") too."""
        if claim.action_class == "act":
            return not self.observes_only   # an act of no known class: any acting call
        alike = _ALIKE.get(claim.action_class, {claim.action_class})
        return not self.observes_only and bool(
            alike & self.classes or (not claim.first_person and alike & self.shown))


def about_profile(about: str, lexicons: Sequence[ActionLexicon]
                  ) -> tuple[frozenset[str], frozenset[str]]:
    """The action classes and the keywords of a tool's description (lower-cased): the
    same for every call of that tool, so worked out once per turn (see :func:`call_profiles`)."""
    classes: set[str] = set()
    for word in WORD_RE.findall(about):
        for lexicon in lexicons:
            action_class = _tool_word_class(lexicon, word)
            if action_class is not None:
                classes.add(action_class)
    return frozenset(classes), text_keywords(about)


def call_profiles(facts: Sequence[EventFacts], lexicons: Sequence[ActionLexicon]
                  ) -> list[CallProfile]:
    """:func:`profile` of every call, each tool's description read once (a turn often
    calls one tool many times)."""
    abouts: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def of_about(about: str) -> tuple[frozenset[str], frozenset[str]]:
        known = abouts.get(about)
        if known is None:
            known = abouts[about] = about_profile(about, lexicons)
        return known

    return [profile(f, lexicons, of_about) for f in facts]


def profile(facts: EventFacts, lexicons: Sequence[ActionLexicon],
            of_about: Callable[[str], tuple[frozenset[str], frozenset[str]]] | None = None
            ) -> CallProfile:
    """The call's verbs in order: its name's words, then its arguments' words. The first
    verb says whether it acts (``restart_service``, ``kubectl rollout restart``) or only
    observes (``s3_ls``, ``kubectl get deploy``); the description and aliases only add
    classes (``of_about``: :func:`about_profile`, when the caller keeps them)."""
    about = facts.event.about.lower()
    about_classes, about_keys = (of_about or (lambda a: about_profile(a, lexicons)))(about)
    targets = " ".join(_target_values(facts.event.args))
    words = (*WORD_RE.findall(facts.event.tool.replace("_", " ").lower()),
             *WORD_RE.findall(targets.lower()))
    observes_only = False
    name_words = len(WORD_RE.findall(facts.event.tool.replace("_", " ").lower()))
    namespace = _namespace_words(facts.event.tool)
    verb_named = False
    for index, word in enumerate(words):
        if index < namespace:
            continue
        verb_named = index < name_words
        if any(word in lexicon.read_verbs for lexicon in lexicons):
            # A read noun before an action verb of the name is its object ("status_update",
            # "logs_delete", "estado_actualizar"): the verb says what the call does.
            observes_only = not (index < name_words and any(
                word in lexicon.read_nouns for lexicon in lexicons) and any(
                lexicon.tool_verb_class(later) and later not in lexicon.read_verbs
                for later in words[index + 1:name_words] for lexicon in lexicons))
            break
        if any(lexicon.tool_verb_class(word) for lexicon in lexicons):
            break
    classes: set[str] = set()
    shown: set[str] = set()
    if not observes_only:
        # The fields it sets name actions too ("assignee": it assigns).
        # A field named by one verb's bare form names the thing its value is ("store":
        # "Riverside", "order": "A-12"), as a noun; a form made from the verb
        # ("assignee", "scheduled_at") or a verb with its object ("delete_branch") says
        # the call does that act.
        # A switch turned off ("notify_skipper": false) names an act the call did not do.
        fields = [w for key, value in facts.event.args.items()
                  if value is not False and value not in (0, "false", "no", "off")
                  for w in WORD_RE.findall(key.replace("_", " ").lower())
                  if " " in key.replace("_", " ").strip()
                  or not any(w in lexicon.bases for lexicon in lexicons)]
        # "classes.schedule": a document noun alone after the dot names the document of
        # what the namespace holds, as "class_schedule" does; a result showing the act
        # ("scheduled") still makes it an act (names_a_document).
        document_from = namespace - 1 if namespace and name_words - namespace == 1 else namespace
        if names_a_document(words[document_from:name_words], facts.result, lexicons,
                            _tool_word_class):
            shown = {c for lx in lexicons if (c := _tool_word_class(lx, words[name_words - 1]))}
            words_of_acts = (*words[namespace:name_words - 1], *words[name_words:])
        else:
            words_of_acts = words[namespace:]
        for word in (*words_of_acts, *fields):
            for lexicon in lexicons:
                action_class = _tool_word_class(lexicon, word)
                if action_class is not None:
                    classes.add(action_class)
        classes |= about_classes
        # A name of nouns only that ends in a collection ("dispatch.jobs") or a noun of
        # what a read returns ("parts.stock"), with no act in its arguments or
        # description, names what the call returns, as a resource's path does: it reads.
        observes_only = not classes and not verb_named and name_words > namespace \
            and _names_what_it_returns(words[name_words - 1], lexicons)
    # What the call acts on: its name, its description and the arguments that name
    # targets; not free text it carries (a commit message, an e-mail body) nor its result,
    # which mention much that the call did not act on.
    keys = (frozenset(stem(w) for w in facts.name_words) | text_keywords(targets)
            | about_keys)
    return CallProfile(facts, observes_only, frozenset(classes), keys, words,
                       frozenset(shown - classes))


def _namespace_words(tool: str) -> int:
    """How many words of a dotted tool name name the system it belongs to, not its act:
    those before the last dot ("dispatch.assign" assigns, it does not dispatch;
    "deploy.status" reads a status), when the last part holds a word."""
    head, dot, last = tool.rpartition(".")
    if not dot or not WORD_RE.search(last.lower()):
        return 0
    return len(WORD_RE.findall(head.replace("_", " ").lower()))


def _names_what_it_returns(word: str, lexicons: Sequence[ActionLexicon]) -> bool:
    """A plural noun ("jobs", "inscritos"), a noun of what a read returns ("stock"), or a
    compound ending in one ("seatmap", "floorplan", "scoreboard": a noun of three letters
    or more before it; "restock" is a verb)."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return True
    return any(word in lexicon.read_nouns or any(
        len(noun) >= 3 and len(word) - len(noun) >= 3 and word.endswith(noun)
        for noun in lexicon.read_nouns) for lexicon in lexicons)


def _target_values(value: Any, key: str = "") -> list[str]:
    """Argument values naming what a call acts on: quoted text in a command line and the
    values of free-text fields (message, body, subject...) left out."""
    if isinstance(value, str):
        if key.lower() in _FREE_TEXT_FIELDS:
            return []
        return [_QUOTED_RE.sub(" ", value)]
    if isinstance(value, Mapping):
        return [v for k, item in value.items() for v in _target_values(item, str(k))]
    if isinstance(value, (list, tuple)):
        return [v for item in value for v in _target_values(item, key)]
    return [str(value)] if isinstance(value, (int, float)) else []


def _tool_word_class(lexicon: ActionLexicon, word: str) -> str | None:
    """A verb, or a noun made from one ("assignee", "deployment")."""
    found = lexicon.tool_verb_class(word)
    if found is None:
        for suffix in _NOUN_SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                found = lexicon.tool_verb_class(word[:-len(suffix)])
                if found is not None:
                    break
    return found


def ok_results(ok: Sequence[CallProfile]) -> list[str]:
    """The results of the successful calls."""
    return [p.facts.result for p in ok]


def names_its_act(call: CallProfile, nouns: frozenset[str]) -> bool:
    """The tool's name holds a noun of the claimed act ("naviera_reserva" of "reservado")."""
    return not nouns.isdisjoint(WORD_RE.findall(call.facts.event.tool.replace("_", " ").lower()))


def _runs_check(call: CallProfile, check_class: str) -> bool:
    """Whether the call ran that kind of check: its name or arguments say so, or its
    result reports one (a CI tool's result lists the tests it ran)."""
    wanted = _CHECK_WORDS.get(check_class, ()) + _ANY_CHECK_WORDS
    if any(w in word for word in call.words for w in wanted):
        return True
    result = call.facts.result.lower()
    return any(w in result for w in _CHECK_WORDS.get(check_class, ()))


def unsuperseded_failures(profiles: Sequence[CallProfile]) -> list[CallProfile]:
    """Calls that did not succeed, less those a later successful call of the same tool
    redid (same arguments, or the same actions)."""
    kept: list[CallProfile] = []
    for index, call in enumerate(profiles):
        event = call.facts.event
        if event.ok:
            continue
        later = [p for p in profiles[index + 1:] if p.facts.event.ok
                 and p.facts.event.tool == event.tool]
        if any(p.facts.event.args == event.args
               or (call.classes and call.classes <= p.classes) for p in later):
            continue
        kept.append(call)
    return kept


def names_other_check(call: CallProfile) -> bool:
    """Whether a call ran a named kind of check (tests, lint, a build) or acted otherwise:
    a call of neither kind (a runner named otherwise, "tox") may have run any check."""
    return call.observes_only or bool(call.classes) or any(
        _runs_check(call, c) for c in _CHECK_WORDS if c != "ci")
