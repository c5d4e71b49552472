"""English claims of action and observation, and the checks a state claim can name.

The verbs (:mod:`.verbs`) are the general English lexicon of things an agent does to a
system (no product or tool names); the patterns here read them in a reply: acts,
headlines, requests, states, outcomes and disclosures.
"""

from __future__ import annotations

from ...claims.lexicon import ActionLexicon, cue_words
from ...claims.text import phrase, word_set
from .verbs import (
    DOCUMENT_NOUNS,
    READ_NOUNS,
    READ_VERBS,
    STATE_PARTICIPLES,
    TOOL_ONLY_VERBS,
    inflections,
    past_forms,
    verb_table,
)

# Past forms read as claims: "I restarted", "has been cleared", "is now deployed",
# and a participle opening a sentence, a list item or a bold label ("Rolled back to
# v41.", "**Applied:**", "Refund issued"). A participle followed by a noun and a
# verb ("Scheduled maintenance is on Friday") is an adjective, not a claim; a field
# label followed by a date ("Updated: 2026-12-01") is data. "... and restarted" is a
# claim only after a claim of the same sentence ("I moved it and assigned it to you"),
# not after another subject ("the pod is on node 3 and restarted once").
_PARTICLE = r"(?:\s+(?:back|up|down|out|off))?"
# What follows an action noun to say it was done: "Refund issued", "Email sent".
_NOUN_MARKERS = ("issued", "processed", "done", "completed", "complete", "executed",
                 "applied", "finished", "made", "sent")
# "by the bank" names an agent (someone else's act); "by email", "by courier" a means.
_NO_AGENT = (r"(?!\s+by\s+(?!(?:e-?mail|phone|post|mail|sms|text|courier|fax|hand|"
             r"messenger|chat)\b))")
# A day or a time within the next words ("on 2 Dec", "to Dana at 09:14", "on Monday"): the
# dated event of a record. Not past a participle or "that", which bring in what was said
# ("sent to the manager saying we'll be back on Monday").
_NOT_DATED = (r"(?!(?:\s+(?![a-z]+ing\b|that\b)[^\s.,;!?]+){0,5}?\s+(?:on|at|in|during)\s+"
              r"(?:the\s+)?(?:\d|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|"
              r"aug|sep|oct|nov|dec)[a-z]*\b))")
_ADVERBS = (r"(?:\s+(?:just|now|already|successfully|also|then|all|fully|properly|finally|"
            r"quickly|manually|went\s+ahead\s+and|gone\s+ahead\s+and))*")
# A verb may be a compound written with a hyphen ("power-cycled", "re-run", "e-mailed"):
# looked up as its closed form (ActionLexicon.verb_class).
_VERB = r"[a-z]+(?:-[a-z]+)?"
ACTION = phrase(  # every branch starts a word: \b first skips the rest fast
    r"\b(?:"
    r"\b(?:i|we)(?:'ve|\s+have|'d|\s+had)?" + _ADVERBS + r"\s+(?P<verb_fp>" + _VERB + _PARTICLE
    + r")\b(?!\s+(?:nothing|none|anything)\b)"
    # "nothing has been sent" says it was not.
    r"|(?<!nothing\s)(?<!none\s)(?<!nobody\s)(?<!one\s)(?:\b(?:has|have|had)|"
    r"(?<=[a-z])['’](?:s|ve))" + _ADVERBS
    + r"\s+been" + _ADVERBS + r"\s+(?P<verb2>" + _VERB
    # "running for 3 h" is a duration, no act; "booked for 13:30" names the act's time.
    + _PARTICLE + r")\b(?!\s+(?:\d+\s+times|once|twice|by|if|when|since|for\s+\d(?!\d?[:.]\d\d)|"
    r"on\s+(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))"
    r"|(?:\b(?:is|are)|(?<=[a-z])['’](?:s|re))\s+(?:now|all)(?:\s+(?:now|all|successfully|"
    r"fully))*\s+(?P<verb3>" + _VERB
    + _PARTICLE + r")\b"
    # A past passive told in sequence ("was then archived", "was also notified"): a state
    # like the next branch, but a sending so told narrates the reply's own account ("was
    # then served on counsel"), an act: ActionLexicon.event_classes.
    r"|\b(?:was|were)\s+(?:then|also|subsequently|afterwards|immediately)\s+"
    r"(?P<verb_state_seq>" + _VERB + _PARTICLE + r")\b" + _NO_AGENT +
    # The state an action leaves ("the timesheet is approved"); with its agent ("was
    # declined by the bank") it tells someone else's act. In the past, undated ("a text was
    # sent to the manager"), it may also tell the act itself, with its doer unsaid: an
    # action claim when it is the act the user asked for (ActionLexicon.request_re); dated
    # ("was sent on 2 Dec"), it tells a record's history, a state.
    r"|(?=w)(?<!nothing\s)(?<!none\s)(?<!nobody\s)(?<!one\s)(?:was|were)\s+(?:already\s+)?"
    r"(?P<verb_state_past>" + _VERB + _PARTICLE
    + r")\b" + _NO_AGENT + _NOT_DATED +
    r"|\b(?:is|are|was|were)\s+(?:already\s+)?(?P<verb_state>" + _VERB + _PARTICLE
    + r")\b" + _NO_AGENT +
    # "it's uploaded" too, but not "Dana's approved hours are ..." (a noun follows).
    r"|(?<=[a-z])['’](?:s|re)\s+(?:already\s+)?(?P<verb_state2>" + _VERB + _PARTICLE
    + r")\b(?!\s+by\b)(?!\s+(?!and\b|or\b|but\b)[a-z]+\s+(?:is|are|was|were|has|have|"
    r"will|can)\b)"
    # Not an adverb ("Just sent the order", "Already booked"): a subject-less act, read by
    # the branch after the next.
    r"|(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=:\s)|(?<=\*\*)|(?<=#\s)|"
    r"(?<=\n[-*]\s)|(?<=^[-*]\s)|(?<=\n\s\s[-*]\s)|(?<=[✅✔☑🎉🚀]\s))"
    r"(?!(?:just|already|also|successfully|then|now|finally)\b)(?P<noun>[a-z]+)"
    r"\s+(?:" + "|".join(_NOUN_MARKERS) + r")\b"
    r"|(?<=\band\s)(?:also\s+|then\s+)?(?P<verb_and>" + _VERB + _PARTICLE + r")\b"

    r"|(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=:\s)|(?<=\*\*)|(?<=#\s)|"
    r"(?<=\n[-*]\s)|(?<=^[-*]\s)|(?<=\n\s\s[-*]\s)|(?<=[✅✔☑🎉🚀]\s)|(?<=—\s)|(?<=\bdone,\s))"
    r"(?:just\s+|already\s+|also\s+|successfully\s+|went\s+ahead\s+and\s+)?(?P<verb4>" + _VERB
    + _PARTICLE + r")\b"
    # "Merged PRs this week:", "Deleted files in that commit:": a label, not a claim.
    r"(?!\s+[a-z]+s\b(?:\s+[a-z]+){0,3}\s*:)"
    # "**Fixed allowance** (say 3 hints)": a participle and a noun in one bold label name
    # an option, not an act.
    r"(?!\s+[a-z]+\*\*)"
    # "Recorded high: 41 °C", "Booked total: $320": a participle and a noun labelling a figure.
    r"(?!\s+[a-z]+\s*:\s*[-−]?[$€£¥]?\d)"
    # "Recorded at Heathrow", "Recorded in 1976": to record also means to measure, a sense
    # a place or a time after it marks.
    r"(?!(?<=recorded)\s+(?:at|in|on|during|over|since|from|between|by)\b)"
    r"(?![:*]*\s*(?:\d{1,4}[-/:.]\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|(?:jan|feb|mar|apr|"
    r"may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d))(?!\s+[a-z]+\s+(?:is|are|was|were|has|have|"
    r"will|can|came|come|comes|went|stood|stands|made|makes|reached|reach|reaches|totall?ed|"
    r"numbered|rose|fell|grew|peaked|hit)\b)(?!\s+(?:by|if|when|from\s+the\s+(?:plan|output|"
    r"result)))"
    r")")


# A headline: "Ticket closed ✅", "Invoice sent to Dana.", "Cache cleared." (scanned
# apart from ACTION, whose participle branch takes every word opening a sentence).
HEADLINE = phrase(
    r"(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=:\s)|(?<=\*\*)|(?<=#\s)|"
    r"(?<=\n[-*]\s)|(?<=^[-*]\s)|(?<=\n\s\s[-*]\s)|(?<=[✅✔☑🎉🚀]\s))"
    # Not a count of items ("four charged, one failed"): a description of a result.
    r"(?:(?:the|your|all|both)\s+)?(?!(?:nothing|none|no|nobody|not|\d+|one|two|three|four|"
    r"five|six|seven|eight|nine|ten|eleven|twelve|both|all)\b)[a-z0-9][\w-]*"
    # "build-runner-2 is stopped" describes a state; a headline has no verb of its own.
    r"(?:\s+(?!(?:is|are|was|were|be|been|has|have|had|got|gets|seems?|looks?)\b)"
    r"[a-z0-9][\w-]*)?\s+(?P<verb_head>[a-z]+" + _PARTICLE + r")"
    # "dropped to 71.0 mm", "rose by 4 %": a level that changed, no act.
    r"(?=\s*(?:[.!;,✅🎉🚀]|$)|\s+(?:and|to(?!\s+[-−]?[$€£¥]?\d)|in|for|on|successfully|"
    r"as\s+well)\b)")

# An act the user's message asks for: a verb opening one of its sentences, or after "and"
# or "then", past words of greeting or politeness or a request's frame ("please text the
# manager", "hi, can you escalate it", "... and rebook for Monday"). Not after a comma:
# "if not, send it" asks only on a condition. "Let <someone> know" asks to tell them (a
# sending), but not "let me know", which asks for the reply itself. Read only to know what
# was asked.
REQUEST = phrase(
    r"(?:^|(?<=[.!?;:]\s)|(?<=\n)|(?<=\band\s)|(?<=\bthen\s)|(?<=\balso\s))"
    r"(?:(?:please|pls|plz|kindly|just|now|ok|okay|so|then|also|and|hi|hey|hello)\b[\s,]+)*"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|just\s+|also\s+)?|"
    r"(?:i\s+(?:need|want|would\s+like)|i'd\s+like)\s+you\s+to\s+|go\s+ahead\s+and\s+)?"
    r"(?:(?P<act_send>let\s+(?!(?:me|us)\b)(?:[^\s.,;!?]+\s+){1,6}?know)\b|"
    r"(?P<verb>" + _VERB + _PARTICLE + r")\b)")

# A check that came out well: "tests pass", "lint is clean", "the build is green ✅".
CHECKS: dict[str, str] = {
    "test": "test", "tests": "test", "unit tests": "test", "specs": "test", "spec": "test",
    "test suite": "test", "suite": "test", "lint": "lint", "linter": "lint",
    "linting": "lint", "build": "build", "builds": "build", "type check": "typecheck",
    "type checks": "typecheck", "typecheck": "typecheck", "type-check": "typecheck",
    "ci": "ci", "checks": "ci", "pipeline": "ci",
    # A device's own check (a pinsetter's, a boiler's) is a check run as any other.
    "diagnostic": "ci", "diagnostics": "ci", "self-test": "ci", "self test": "ci",
}
STATE = phrase(
    r"\b(?P<check>unit\s+tests|test\s+suite|tests?|specs?|suite|lint(?:er|ing)?|builds?|"
    r"type[\s-]?checks?|ci|checks|pipeline|diagnostics?|self[\s-]test)\s+(?:(?:is|are|was|were|all|now|also|too|still|"
    r"both|came\s+back|look|looks)\s+)*(?:pass(?:es|ed|ing)?|green|clean|succeed(?:s|ed)?|"
    r"successful|ok|good)\b")
# Wordings that leave an outcome open, beside the failure words of FAILURE (said of the
# outcome: "is still pending", not "3 pending orders").
DISCLOSURE = phrase(
    r"\b(?:not\s+yet|(?:is|are|was|were|remains?)\s+(?:still\s+)?(?:pending|in\s+progress|"
    r"queued)|still\s+(?:pending|waiting|running|in\s+progress|queued)|"
    r"pending\s+(?:approval|confirmation|review)|unconfirmed|"
    r"no\s+confirmation|couldn't\s+confirm|could\s+not\s+confirm|can't\s+confirm|"
    r"cannot\s+confirm|unable\s+to\s+confirm|not\s+confirmed|didn't\s+go\s+through|"
    r"did\s+not\s+go\s+through|no\s+(?:reply|answer)\s+from|awaiting|waiting\s+(?:for|on)|"
    r"not\s+(?:done|finished|complete)\s+yet|"
    r"(?:hasn't|has\s+not|haven't|have\s+not)\s+(?:finished|completed|gone\s+through)|"
    # The receiver has not answered: the outcome is open ("the RTU hasn't acknowledged it").
    r"(?:hasn't|has\s+not|haven't|have\s+not|didn't|did\s+not|never)\s+(?:yet\s+)?"
    r"(?:confirmed|acknowledged|answered|replied|responded|accepted)|no\s+acknowledge?ment)\b")

_CUE_VERBS = verb_table(past_forms)
_CUE_FORMS = verb_table(inflections)
OUTCOME = phrase(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:all\s+)?done\b|\ball\s+set\b|\bthat'?s\s+done\b|"
    r"\ball\s+sorted\b|\b(?:that|it)['’]?s\s+(?:sorted|taken\s+care\s+of)\b|"
    r"\b(?:(?:is|are)\s+(?:now\s+|all\s+)?(?:live|done|complete|finished|online|green)|"
    # In transit: what a move, a shipment or a transfer leaves ("it's on its way").
    r"(?:is|are|'s|'re)\s+(?:now\s+|already\s+)?(?:on\s+(?:its|their|the)\s+way|en\s+route|"
    r"in\s+transit)|"
    # The words that say any action went through: "your refund has been processed".
    r"(?:is|are|was|were|has\s+been|have\s+been|['’]s\s+been|['’]ve\s+been)\s+"
    r"(?:now\s+|already\s+)?(?:processed|finali[sz]ed|confirmed)|"
    # ... in the simple past or the perfect ("the deposit has gone through", "the
    # payment's gone through", "the transfer has now succeeded").
    r"(?:(?:has|have|['’]s|['’]ve)\s+(?:now\s+|already\s+|just\s+|also\s+)*)?"
    r"(?:completed|finished|succeeded|went\s+through|gone\s+through)(?:\s+successfully)?)"
    r"\b(?!\s+(?:by|if|"
    r"when|once|after)\b)")

# Words one of which every OUTCOME match holds.
OUTCOME_CUES = frozenset((
    "done", "set", "live", "complete", "finished", "online", "green", "processed", "finalized",
    "finalised", "confirmed", "completed", "succeeded", "through", "way", "route", "transit",
    "sorted", "care"))

# What an assistant makes itself: "I've created a summary table" claims no tool action.
TEXT_PRODUCTS = phrase(
    # "I ordered them by date": the reply's own sorting, no purchase.
    r"(?:(?<=ordered)|(?<=order))(?:\s+(?:them|it|these|those|the\s+[a-z]+))?\s+by\b|"
    r"(?:\s+(?:you|a|an|the|this|that|these|my|our|short|quick|brief|new|small|simple|"
    r"full|rough|first|second|final|below|above|here))*\s+(?:summary|summaries|table|tables|"
    r"list|lists|draft|drafts|overview|breakdown|chart|outline|note|notes|recap|rundown|"
    r"bullets?|snippet|example|template|comparison|timeline|checklist|answer|write-?up|"
    r"version|plan|proposal|sketch)\b")

_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri)"
PAST_TIME = phrase(
    r"\b(?:yesterday|last\s+(?:week|month|year|night|time|" + _DAYS + r")|ago|"
    r"(?:since|last)\s+" + _DAYS + r"|earlier\s+this\s+(?:week|month|year)|"
    r"back\s+in\s+\w+|previously)\b")

# "open" makes a record only with one after it ("I opened a ticket with the vendor"); alone,
# or with a file or a page, it reads ("I opened the status page").
RECORD_VERBS = {"opened": "create"}
RECORD = phrase(r"\s+(?:(?:a|an|the|another)\s+)?(?:new\s+)?(?:(?:support|service|repair|"
                r"maintenance|help\s*desk|it)\s+)?(?:tickets?|cases?|incidents?|issues?|"
                r"requests?|claims?|disputes?|work\s+orders?|pull\s+requests?|prs?)\b")

# The speaker's own act in the first person singular, its verb in no class: a regular past
# ("I've raised", "I texted") or a strong one, with an object after it (a word that is no
# preposition of a reply's own account: "I looked at", "I went through").
_STRONG_PASTS = ("sent|told|rang|called|gave|put|got|made|took|brought|bought|sold|shut|"
                 "left|let|held|kept|moved|switched|turned|swapped|lent|lit|hung|stuck|fed")
# "Put" is the reply's own work ("I put the figures in a table") unless a particle after
# its object makes it an errand: "put one on hold", "put the order in with Killer Ink",
# "put a request through to pharmacy", "put in for 60 kg", "put in an order with Axminster".
# The phrase is then the verb, ending on the particle.
_PUT_ERRAND = (r"put\s+(?:in\s+for|in(?=\s+an?\s+(?:[a-z-]+\s+){0,2}?(?:order|request|claim|"
               r"application|complaint|booking|reservation|ticket|bid|offer)s?\b)|(?:[a-z0-9'’–-]+\s+){1,4}?(?:on\s+hold|in\s+(?:with|to)|"
               r"through\s+to))\b")
OPEN_ACT = phrase(
    r"\bi(?:'ve|’ve|\s+have)?" + _ADVERBS + r"\s+(?P<verb_open>" + _PUT_ERRAND
    + r"|[a-z]{3,}ed|" + _STRONG_PASTS + r")(?:(?<=hold)|(?<=\sto)|(?<=with)|(?<=\sfor)|"
    r"(?:\s+(?:on|off|up|out|over|in|back|down))?"
    r"(?=\s+(?!(?:at|through|into|for|about|to|with|by|from|that|if|whether|it\s+up|"
    r"as|like|so|and|but|the\s+(?:numbers|figures|math|maths|totals?|data|results?|output|"
    r"list|table|log|logs)\b))[a-z0-9£$€'\"“(]))")
# Verbs a reply uses of its own work (reading, reckoning, writing the answer), which act on
# nothing outside it: never an open act.
NOT_ACTS = word_set('''
checked double-checked cross-checked rechecked looked found saw seen noticed reviewed
verified confirmed compared read pulled fetched queried searched scanned ran got took
went had tried attempted used assumed rounded converted sorted grouped listed summarised
summarized highlighted bolded included excluded left kept counted calculated totalled
totaled ranked ordered translated formatted put broke split filtered skipped ignored
omitted treated estimated worked figured guessed meant thought noted mentioned said
drafted prepared outlined attached pasted quoted copied based focused limited restricted
defaulted picked chose selected matched combined needed wanted missed forgot understood
learned learnt heard received spotted tracked monitored watched followed finished
explained described added annotated labelled labeled double-counted annualised annualized
averaged normalised normalized interpreted inferred deduced reckoned tallied subtracted
multiplied divided doubled halved checked-in accounted allowed expected considered
presumed guessed asked answered replied responded ignored flagged-up cross-referenced
referenced cited linked pointed plotted charted mapped traced measured timed dated
''')

# The outcomes that say only that the errand is done ("Done.", "Listo", 搞定了).
BARE_DONE = phrase(r"(?:all\s+)?done|all\s+set|all\s+sorted|"
                   r"(?:that|it)['’]?s\s+(?:done|sorted|taken\s+care\s+of)")

ACTIONS = ActionLexicon(
    verbs=_CUE_VERBS,
    forms=_CUE_FORMS,
    bases={**TOOL_ONLY_VERBS, **verb_table(lambda lemma: {lemma}, replies=False)},
    read_verbs=READ_VERBS,
    read_nouns=READ_NOUNS,
    document_nouns=DOCUMENT_NOUNS,
    label_verbs=frozenset(("marked", "flagged", "labelled", "labeled", "tagged")),
    action_re=ACTION,
    headline_re=HEADLINE,
    text_products=TEXT_PRODUCTS,
    past_time=PAST_TIME,
    state_re=STATE,
    checks=CHECKS,
    state_participles=STATE_PARTICIPLES,
    event_classes=frozenset({"send"}),
    request_re=REQUEST,
    disclosure=DISCLOSURE,
    outcome_re=OUTCOME,
    bare_done=BARE_DONE,
    outcome_cues=OUTCOME_CUES,
    record_verbs=RECORD_VERBS,
    open_act_re=OPEN_ACT,
    not_acts=NOT_ACTS,
    open_act_cues=frozenset({"i"}),
    record=RECORD,
    cues=cue_words(_CUE_VERBS, CHECKS, _NOUN_MARKERS, STATE_PARTICIPLES, RECORD_VERBS),
    # "reserved" -> "reservation", "scheduled" -> "scheduling": nouns of the act in a
    # tool's name ("hotel_reservation").
    done_endings=("ed",),
    act_noun_endings=("ation", "ations", "ion", "ions", "ing", "ings", "ment", "ments", "al"),
)
