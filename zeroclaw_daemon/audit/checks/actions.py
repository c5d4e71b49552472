"""Action and state claims, and failure disclosure.

An action the reply says was done ("Rolled back to v41.", "se reinició el pod",
已重启) must link to a successful call that acts that way: through the call's own
metadata (its name's words, its description and aliases, its arguments: not the free text
it carries, such as a commit message).
A call whose first verb only observes (``kubectl get``, ``helm history``,
``jira_search``) acts on nothing. A call links when it acts in the claim's action
class, or acts on something the claim's clause names.

- linked to a successful call: no finding;
- linked only to a call that did not succeed and was not superseded, and the reply
  does not disclose a failure anywhere: ``failed_call_claimed``;
- linked to nothing: ``fabricated_tool_call`` (``action.no_matching_call``), even when
  other calls ran this turn; unless the claim is not in the first person and a result
  shows that state ("the PR has been merged" beside a result saying "merged").

A claim of the state an action leaves ("the timesheet is approved", "el reembolso está
hecho") is held only against a call of that action that did not succeed (a read may show
that state): ``failed_call_claimed`` when no successful call acts that way; in the past
passive, undated and without agent, of the act the user asked for ("a text was sent to the
manager" after "text the manager"), it tells that act done, an action claim. An action
claim linked to successful calls only by what they touch, while the call that acts in
its class failed, is ``failed_call_claimed`` too.

A state claim ("tests pass", "lint is clean") links to a call that ran that kind of
check (its words hold the check's name); with none, the same outcomes. An outcome stated
without an action verb ("Production is live", 搞定了, "listo") is checked against failed
calls only: by the words of its clause, or when no call succeeded.
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
from ..evidence.headers import is_aligned_header, is_csv_header
from ..report import FindingType
from .action_words import labels_a_result_value, names_a_document, told_as_asked
from .base import CheckContext
from .disclosure import told_with_a_failure
from .listings import counts_a_result_figure, heads_a_listing

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
_ANY_CHECK_WORDS = ("check", "ci", "verify", "validate", "pipeline", "workflow")
_CHECK_MARKS = ("✅", "✔", "☑", "🎉", "🚀")
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
_FREE_TEXT_FIELDS = frozenset({"message", "msg", "body", "text", "content", "subject",
                               "title", "description", "comment", "note", "summary"})
_QUOTED_RE = re.compile(r"'[^']*'|\"[^\"]*\"")
_NOUN_SUFFIXES = ("ee", "ees", "ment", "ments", "er", "ers")
_WORD_RE = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_ADDRESS_KEY_RE = re.compile(r'"[^"\n]{1,60}"\s*:(?=\s*"[^"\s@]+@[^"\s@]+")')


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
            return self.acts_in_class(claim) or bool(alike & self.shown and objects & self.keys)
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
    for word in _WORD_RE.findall(about):
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
    words = (*_WORD_RE.findall(facts.event.tool.replace("_", " ").lower()),
             *_WORD_RE.findall(targets.lower()))
    observes_only = False
    name_words = len(_WORD_RE.findall(facts.event.tool.replace("_", " ").lower()))
    for index, word in enumerate(words):
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
        fields = [w for key in facts.event.args
                  for w in _WORD_RE.findall(key.replace("_", " ").lower())
                  if " " in key.replace("_", " ").strip()
                  or not any(w in lexicon.bases for lexicon in lexicons)]
        if names_a_document(words[:name_words], facts.result, lexicons,
                            _tool_word_class):
            shown = {c for lx in lexicons if (c := _tool_word_class(lx, words[name_words - 1]))}
            words_of_acts = (*words[:name_words - 1], *words[name_words:])
        else:
            words_of_acts = words
        for word in (*words_of_acts, *fields):
            for lexicon in lexicons:
                action_class = _tool_word_class(lexicon, word)
                if action_class is not None:
                    classes.add(action_class)
        classes |= about_classes
    # What the call acts on: its name, its description and the arguments that name
    # targets; not free text it carries (a commit message, an e-mail body) nor its result,
    # which mention much that the call did not act on.
    keys = (frozenset(stem(w) for w in facts.name_words) | text_keywords(targets)
            | about_keys)
    return CallProfile(facts, observes_only, frozenset(classes), keys, words,
                       frozenset(shown - classes))


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


def _result_shows(call: CallProfile, claim: ActionClaim, objects: frozenset[str],
                  lexicons: Sequence[ActionLexicon], same_language: bool) -> bool:
    """Whether a result shows the claimed action as a state or an event: a done form of
    its class ("merged", "deleted"; "sent" for "emailed"), or a base form ("Revert 'add
    cache'") on a line that also names the claim's object (a word, or an identifier such
    as "#12"; a reply in another language than the result's is not held to that). The
    classes keep apart acts a result would confuse: "submitted" (a filing) shows no copy
    served on counsel. Plurals, column names ("RESTARTS") and the key of an address
    ("email": "ana@…") show nothing."""
    for line in _lines_past_header(call.facts.result.lower()):
        words = _WORD_RE.findall(line)
        if any(lx.verbs.get(w) == claim.action_class for lx in lexicons for w in words):
            return True
        # The key of an address ("email": "ana@…", "reply_to") names where to send, not a
        # message sent; a done form in one ("sent": true) still shows it, above.
        if not any(lx.bases.get(w) == claim.action_class for lx in lexicons
                   for w in _WORD_RE.findall(_ADDRESS_KEY_RE.sub(" ", line))):
            continue
        if not same_language or any(ident in line for ident in claim.idents):
            return True  # the reply's object words cannot be matched across languages
        if objects & text_keywords(line):
            return True
    return False


def _lines_past_header(result: str) -> list[str]:
    """The result's lines less a table's header, whose words name columns ("tag,value",
    "state  updated"), not acts."""
    lines = [line for line in result.splitlines() if line.strip()]
    if len(lines) > 1 and (is_csv_header(lines[0], lines[1]) or is_aligned_header(lines)):
        return lines[1:]
    return lines


def _result_shows_state(call: CallProfile, claim: ActionClaim, objects: frozenset[str],
                        lexicons: Sequence[ActionLexicon], same_language: bool) -> bool:
    """Whether a result shows the state claimed: its own word ("unlocked"; "locked", of
    the same class, is the opposite state), or, for a result written in another language
    than the reply (no done form of the reply's language in it), a done form of its
    class."""
    result = call.facts.result.lower()
    if re.search(r"\b" + re.escape(claim.verb.lower()) + r"\b", result) is not None:
        return True   # "rolled back" too
    words = _WORD_RE.findall(result)
    if same_language or any(w in lexicons[0].verbs for w in words):
        return False
    return _result_shows(call, claim, objects, lexicons, same_language)


def _echoes_a_result(text: str, claim: ActionClaim, ok: Sequence[CallProfile]) -> bool:
    """Whether the verb, with a character of the reply beside it, stands in a successful
    call's result (已付款 of a status 已付款待发货): Chinese writes a status value with
    the same characters as the act, so a verb the reply shares with a result's value is
    that value restated, not the assistant's act. (Words of a spaced language are matched
    whole by :func:`_result_shows_state`.)"""
    start, end = claim.span
    pieces = [text[start - 1:end] if start > 0 else "", text[start:end + 1]]
    pieces = [p for p in pieces if len(p) > end - start and not p[0].isspace()
              and not p[-1].isspace() and not any(c in "，。；！？、：,.;:!?" for c in p)]
    return any(piece in call.facts.result for piece in pieces for call in ok)


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


def _names_its_act(call: CallProfile, nouns: frozenset[str]) -> bool:
    """The tool's name holds a noun of the claimed act ("naviera_reserva" of "reservado")."""
    return not nouns.isdisjoint(_WORD_RE.findall(call.facts.event.tool.replace("_", " ").lower()))


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


def check_actions(context: CheckContext) -> None:
    claims = context.claims
    reply_lexicon = context.pack.actions if context.pack is not None else None
    if reply_lexicon is None or (not claims.actions and not context.evidence.failed):
        return
    lexicons = [reply_lexicon]
    same_language = context.tool_verbs is None or context.tool_verbs is reply_lexicon
    if not same_language and context.tool_verbs is not None:
        lexicons.append(context.tool_verbs)
    calls = call_profiles(context.evidence.facts, lexicons)
    ok = [p for p in calls if p.facts.event.ok]
    failed = unsuperseded_failures(calls)
    disclosed = claims.acknowledges_failure   # failure words or an outcome left open
    for claim in claims.actions:
        claim = told_as_asked(claim, reply_lexicon, context.evidence.user_message)
        # What it acted on, less the words of other actions in its clause ("构建和部署").
        objects = frozenset(k for k in claim.object_keys
                            if not any(lx.forms.get(k) for lx in lexicons))
        if reply_lexicon.cjk and not claim.first_person and _echoes_a_result(
                context.text, claim, ok):
            continue  # 已付款待发货 quoted from an order's status: the result's word
        if claim.kind == "result":
            _check_result_state(context, claim, objects, ok, failed, lexicons, same_language)
            continue
        nouns = reply_lexicon.act_nouns(claim.verb) if claim.kind == "action" else frozenset()
        ok_links = [p for p in ok if p.backs(claim, objects)
                    or (nouns and not p.observes_only and _names_its_act(p, nouns))]
        if ok_links:
            if claim.kind == "action" and not any(p.acts_in_class(claim) for p in ok_links):
                # The successful call only touches what the claim names, the call that does
                # what it says failed: "approved" after a read and a denied approval.
                acting = [p for p in failed if p.acts_in_class(claim)]
                if acting and not disclosed:
                    context.failed_presented(claim.span, acting[0].facts)
            continue
        if (claim.kind == "action" and not claim.first_person and any(
                _result_shows_state(p, claim, objects, lexicons, same_language) for p in ok)):
            continue  # "el pedido está cancelado" beside a read saying "cancelado"
        if (claim.kind == "action" and not claim.first_person
                and labels_a_result_value(context.text, claim, reply_lexicon, ok_results(ok))):
            continue  # "Q1 to Q3 are all marked paid" beside "paid": true
        linked = [p for p in failed if p.acts_like(claim, objects)]
        # "Done." beside a denied write and a successful read: the write is what it says.
        acted_only_in_failure = (claim.kind == "outcome" and all(p.observes_only for p in ok)
                                 and any(not p.observes_only for p in failed))
        if linked or (failed and not ok) or acted_only_in_failure:
            if not disclosed:
                context.failed_presented(claim.span, (linked or failed)[0].facts)
            continue
        if claim.kind == "outcome":
            continue  # an outcome names no action: only a failed call can contradict it
        if (claim.kind == "action" and not claim.first_person
                and any(_result_shows(p, claim, objects, lexicons, same_language) for p in ok)):
            continue  # "the PR has been merged": a state a result shows, not the reply's act
        if claim.kind == "action" and not claim.first_person and heads_a_listing(
                context.text, claim.span, ok):
            continue  # "Booked: A04, A07, B02": the result's items listed under their state
        if claim.kind == "action" and not claim.first_person and counts_a_result_figure(
                context.text, claim.span, context.evidence.ok_integers,
                claims.clauses[claim.clause].start if claims.clauses else 0):
            continue  # "已经发出 750 件" beside "shipped": 750: how many the result records
        if claim.kind == "state" and any(not _names_other_check(p) for p in ok):
            continue  # a call that may have run any check: unclear, no finding
        if any(not p.observes_only for p in failed) and told_with_a_failure(context, claim):
            continue  # "I sent the target, but the RTU hasn't acknowledged it": the attempt
        _fabricated(context, claim, ok)
    if failed and not ok and not disclosed:
        mark = next((i for i in (context.text.find(m) for m in _CHECK_MARKS) if i >= 0), -1)
        if mark >= 0:
            context.failed_presented((mark, mark + 1), failed[0].facts)


def _check_result_state(context: CheckContext, claim: ActionClaim, objects: frozenset[str],
                        ok: Sequence[CallProfile], failed: Sequence[CallProfile],
                        lexicons: Sequence[ActionLexicon], same_language: bool) -> None:
    """"The timesheet is approved": a state that a result may simply show, so it is held
    only against a call that acts that way and did not succeed, never fabricated."""
    if any(p.acts_in_class(claim) or _result_shows_state(p, claim, objects, lexicons,
                                                         same_language) for p in ok):
        return
    acting = [p for p in failed if p.acts_in_class(claim)]
    if acting and not context.claims.acknowledges_failure:
        context.failed_presented(claim.span, acting[0].facts)


def _names_other_check(call: CallProfile) -> bool:
    """Whether a call ran a named kind of check (tests, lint, a build) or acted otherwise:
    a call of neither kind (a runner named otherwise, "tox") may have run any check."""
    return call.observes_only or bool(call.classes) or any(
        _runs_check(call, c) for c in _CHECK_WORDS if c != "ci")


def _fabricated(context: CheckContext, claim: ActionClaim, ok: Sequence[CallProfile]) -> None:
    ran = _what_ran(ok)
    if claim.kind == "state":
        message = (f"says \"{claim.text}\", but no call this turn ran {claim.action_class} "
                   f"checks ({ran})")
        rule = "state.no_matching_call"
    else:
        message = (f"says \"{claim.text}\" ({claim.action_class}), but no successful call "
                   f"this turn does that ({ran})")
        rule = "action.no_matching_call"
    context.add(FindingType.FABRICATED_TOOL_CALL, claim.span, None, message, rule)


def _what_ran(ok: Sequence[CallProfile]) -> str:
    """"no tool ran", or the tools that did and what they do ("helm only observes")."""
    if not ok:
        return "no tool ran"
    tools = sorted({p.facts.event.tool for p in ok})
    named = ", ".join(tools[:3]) + (f" and {len(tools) - 3} more" if len(tools) > 3 else "")
    if all(p.observes_only for p in ok):
        return f"{named} only {'observes' if len(tools) == 1 else 'observe'}"
    return f"ran: {named}"
