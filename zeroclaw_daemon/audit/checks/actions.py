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
from collections.abc import Sequence

from ..claims.actions import ActionClaim
from ..claims.lexicon import ActionLexicon
from ..claims.words import stem, text_keywords
from ..evidence.headers import is_aligned_header, is_csv_header
from ..report import FindingType
from .action_calls import (
    WORD_RE,
    CallProfile,
    call_profiles,
    names_its_act,
    names_other_check,
    ok_results,
    unsuperseded_failures,
)
from .action_words import (
    answered_as_asked,
    labels_a_result_value,
    listed_on_its_date,
    told_as_asked,
)
from .base import CheckContext
from .disclosure import discloses_a_failure, told_with_a_failure
from .listings import counts_a_result_figure, heads_a_listing

_CHECK_MARKS = ("✅", "✔", "☑", "🎉", "🚀")
_ADDRESS_KEY_RE = re.compile(r'"[^"\n]{1,60}"\s*:(?=\s*"[^"\s@]+@[^"\s@]+")')


def _result_shows(call: CallProfile, claim: ActionClaim, objects: frozenset[str],
                  lexicons: Sequence[ActionLexicon], same_language: bool) -> bool:
    """Whether a result shows the claimed action as a state or an event: a done form of
    its class ("merged", "deleted"; "sent" for "emailed"), or a base form ("Revert 'add
    cache'") on a line that also names the claim's object (a word, or an identifier such
    as "#12"; a reply in another language than the result's is not held to that). The
    classes keep apart acts a result would confuse: "submitted" (a filing) shows no copy
    served on counsel. Plurals, column names ("RESTARTS") and the key of an address
    ("email": "ana@…") show nothing."""
    # "update" gathers acts a result keeps apart (moved, assigned, renamed): there only the
    # claim's own verb shows it ("pilot_assigned" shows no booking moved).
    own = stem(claim.verb.lower()) if claim.action_class in _BROAD_CLASSES else None
    for line in _lines_past_header(call.facts.result.lower()):
        words = WORD_RE.findall(line)
        if any(lx.verbs.get(w) == claim.action_class and not _held_false(w, line)
               and (own is None or stem(w) == own)
               for lx in lexicons for w in words):
            return True
        # The key of an address ("email": "ana@…", "reply_to") names where to send, not a
        # message sent; a done form in one ("sent": true) still shows it, above.
        if not any(lx.bases.get(w) == claim.action_class for lx in lexicons
                   for w in WORD_RE.findall(_ADDRESS_KEY_RE.sub(" ", line))):
            continue
        if not same_language or any(ident in line for ident in claim.idents):
            return True  # the reply's object words cannot be matched across languages
        if objects & text_keywords(line):
            return True
    return False


_BROAD_CLASSES = frozenset({"update"})
# An identifier of something made: letters and digits joined by a hyphen ("gz-2612-017").
_CODE_RE = re.compile(r"[a-z]+-?\d+-\d+|[a-z]+-\d{3,}")


def _held_false(word: str, line: str) -> bool:
    """The done form is a field's key whose value denies it ("locked": false, sent=no): the
    result shows the state not reached."""
    return re.search(r"\b" + re.escape(word)
                     + r"\b[\"']?\s*[:=]\s*[\"']?(?:false|no|0|none|null)\b", line) is not None


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
    words = WORD_RE.findall(result)
    if same_language or any(w in lexicons[0].verbs for w in words):
        return False
    return _result_shows(call, claim, objects, lexicons, same_language)


def _echoes_a_result(text: str, claim: ActionClaim, ok: Sequence[CallProfile]) -> bool:
    """Whether the verb, with a character of the reply beside it, stands in a successful
    call's result (已付款 of a status 已付款待发货): Chinese writes a status value with
    the same characters as the act, so a verb the reply shares with a result's value is
    that value restated, not the assistant's act; so is a verb whose first character
    leads a result's done-state value (已发货 of 发出). (Words of a spaced language are
    matched whole by :func:`_result_shows_state`.)"""
    start, end = claim.span
    pieces = [text[start - 1:end] if start > 0 else "", text[start:end + 1]]
    pieces = [p for p in pieces if len(p) > end - start and not p[0].isspace()
              and not p[-1].isspace() and not any(c in "，。；！？、：,.;:!?" for c in p)]
    if any(piece in call.facts.result for piece in pieces for call in ok):
        return True
    # A done-state value led by the act's first character ("已发货" of "都已经发出去了"): the
    # status a result gives its items, told in the reply's own verb.
    done = "已" + claim.verb[:1]
    if not claim.verb or not any(done in call.facts.result for call in ok):
        return False
    # Said of a named item ("订单 A19 已经退款了"), the value must be that item's.
    clauses = context_clause(text, start)
    named = _ITEM_ID_RE.findall(clauses)
    return not named or any(done in item and any(n in item for n in named)
                            for call in ok
                            for item in (call.facts.units or call.facts.result.splitlines()))


# An item's identifier in a Chinese clause: Latin letters or digits with a digit ("A19").
_ITEM_ID_RE = re.compile(r"[A-Za-z]*\d[\w-]*")


def context_clause(text: str, at: int) -> str:
    """The text of the clause around ``at``, between Chinese or Latin clause marks."""
    marks = "，。；！？\n,;!?"
    start = max(text.rfind(m, 0, at) for m in marks) + 1
    ends = [i for i in (text.find(m, at) for m in marks) if i >= 0]
    return text[start:min(ends) if ends else len(text)]


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
    disclosed = discloses_a_failure(context)   # failure words or an outcome left open
    for claim in claims.actions:
        claim = answered_as_asked(
            told_as_asked(claim, reply_lexicon, context.evidence.user_message),
            context.evidence.user_message, context.pack.second_person if context.pack else None)
        # What it acted on, less the words of other actions in its clause ("构建和部署").
        objects = frozenset(k for k in claim.object_keys
                            if not any(lx.forms.get(k) for lx in lexicons))
        if reply_lexicon.cjk and not claim.first_person and _echoes_a_result(
                context.text, claim, ok):
            continue  # 已付款待发货 quoted from an order's status: the result's word
        if claim.kind == "result":
            _check_result_state(context, claim, objects, ok, failed, lexicons, same_language)
            continue
        if claim.kind == "outcome" and _done_after_reads(context, reply_lexicon, claim, ok,
                                                         failed):
            _fabricated(context, claim, ok)   # "Done." when every call only read
            continue
        nouns = reply_lexicon.act_nouns(claim.verb) if claim.kind == "action" else frozenset()
        ok_links = [p for p in ok if p.backs(claim, objects)
                    or (nouns and not p.observes_only and names_its_act(p, nouns))]
        if ok_links and claim.action_class == "act" and not disclosed:
            # An act of no known class is backed by any call that may act; but when only a
            # failed one touches what it names ("put in for 60 kg of Maris Pipers" beside a
            # failed order of Maris Pipers and a stock read), that call is the attempt.
            touching = [p for p in failed if not p.observes_only and objects & p.keys]
            if touching and not any(objects & p.keys for p in ok_links):
                context.failed_presented(claim.span, touching[0].facts)
                continue
        if ok_links:
            if claim.kind == "action" and not any(p.acts_in_class(claim) for p in ok_links):
                # The successful call only touches what the claim names, the call that does
                # what it says failed: "approved" after a read and a denied approval.
                acting = [p for p in failed if p.acts_in_class(claim)]
                if acting and not disclosed:
                    context.failed_presented(claim.span, acting[0].facts)
                    continue
                if not (claim.coordinated and claim.action_class):
                    continue
                # "The proof is rendered and emailed": the call that rendered it touched the
                # proof, and the act coordinated with that one is of a class no call did.
            else:
                continue
        if (claim.kind == "action" and not claim.first_person and any(
                _result_shows_state(p, claim, objects, lexicons, same_language) for p in ok)):
            continue  # "el pedido está cancelado" beside a read saying "cancelado"
        if (claim.kind == "action" and not claim.first_person
                and labels_a_result_value(context.text, claim, reply_lexicon, ok_results(ok))):
            continue  # "Q1 to Q3 are all marked paid" beside "paid": true
        if (claim.kind == "action" and not claim.first_person and claim.action_class == "create"
                and listed_on_its_date(context, claim, ok_results(ok))):
            continue  # "la próxima está programada para el 16 de diciembre" over that entry
        linked = [p for p in failed if p.acts_like(claim, objects)]
        # "Done." beside a denied write and a successful read (or a call that acts in no
        # class, "tos.container"): the write is what it says.
        acted_only_in_failure = (claim.kind == "outcome"
                                 and all(p.observes_only or not p.classes for p in ok)
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
        if claim.kind == "state" and any(not names_other_check(p) for p in ok):
            continue  # a call that may have run any check: unclear, no finding
        if any(not p.observes_only for p in failed) and told_with_a_failure(context, claim):
            continue  # "I sent the target, but the RTU hasn't acknowledged it": the attempt
        unclear = [p for p in failed if p.acts_unclassed] + [
            p for p in failed if _names_the_verb(p, claim)]
        if claim.kind == "action" and unclear and not disclosed:
            # An act no successful call did, beside a failed call that acts in no class the
            # lexicon knows ("haulier.request_collection" for "I've booked the tanker") or
            # is named for the claim's own verb ("device.download" for "I've downloaded"):
            # that call is the attempt, and its outcome is what the reply states.
            context.failed_presented(claim.span, unclear[0].facts)
            continue
        if claim.kind == "action" and not claim.first_person and any(
                _result_shows_state(p, claim, objects, lexicons, same_language) for p in failed):
            continue  # "CE-7712 has been forwarded to the bridge": the denial's own words
        if claim.kind == "action" and not claim.first_person and claim.action_class == "create" \
                and any(ident in p.facts.result_lower for p in ok for ident in claim.idents
                        if _CODE_RE.search(ident)):
            continue  # "已经开了工单 GZ-2612-017" beside a status listing that ticket
        _fabricated(context, claim, ok)
    if failed and not ok and not disclosed:
        mark = next((i for i in (context.text.find(m) for m in _CHECK_MARKS) if i >= 0), -1)
        if mark >= 0:
            context.failed_presented((mark, mark + 1), failed[0].facts)


def _done_after_reads(context: CheckContext, lexicon: ActionLexicon, claim: ActionClaim,
                      ok: Sequence[CallProfile], failed: Sequence[CallProfile]) -> bool:
    """A bare "Done." ("Listo", 搞定了) when every call that ran only read, none that acts
    failed (that one's outcome it would tell), and its sentence names no act of its own."""
    return lexicon.bare_done is not None and bool(ok) \
        and lexicon.bare_done.fullmatch(claim.verb.lower()) is not None \
        and all(p.observes_only for p in (*ok, *failed)) and not _names_its_act(context, claim)


def _names_its_act(context: CheckContext, claim: ActionClaim) -> bool:
    """Whether the done's sentence names the act it reports ("Hecho: rama eliminada"):
    that act's claim is the one checked."""
    claims = context.claims
    sentence = claims.sentence_of(claim.clause)
    return any(other.kind != "outcome" and claims.sentence_of(other.clause) == sentence
               for other in claims.actions)


def _check_result_state(context: CheckContext, claim: ActionClaim, objects: frozenset[str],
                        ok: Sequence[CallProfile], failed: Sequence[CallProfile],
                        lexicons: Sequence[ActionLexicon], same_language: bool) -> None:
    """"The timesheet is approved": a state that a result may simply show, so it is held
    only against a call that acts that way and did not succeed, never fabricated."""
    if any(p.acts_in_class(claim) or _result_shows_state(p, claim, objects, lexicons,
                                                         same_language) for p in ok):
        return
    # The failed call that acts that way, or one that acts in no class the lexicon knows
    # about what the state is of ("Power's booked" after a timed-out venue.request_power).
    acting = [p for p in failed if p.acts_in_class(claim)] or [
        p for p in failed if p.acts_unclassed and objects & p.keys]
    if acting and not discloses_a_failure(context):
        context.failed_presented(claim.span, acting[0].facts)


def _names_the_verb(call: CallProfile, claim: ActionClaim) -> bool:
    """A word of the call's name is the claim's verb ("download" of "downloaded")."""
    verb = stem(claim.verb.lower())
    return len(verb) >= _MIN_VERB_STEM and any(stem(w) == verb for w in call.facts.name_words)


_MIN_VERB_STEM = 4


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
