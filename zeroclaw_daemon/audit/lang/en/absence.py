"""English absences: the negations that deny items (a noun, a state, a place), the absences
past a bound, and the words of denial or failure a disclosure of a failed call holds; a
double negation ("no month without usage"), and the negation words."""

from __future__ import annotations

import re

from ...claims.text import phrase

_ABSENT_NOUN = (
    r"[a-z][\w-]*s\b|output|data|content|match|result|record|entry|error|warning|mention|trace|"
    r"sign|evidence|file|row|issue|hit|activity|traffic|change|difference|response|log|commit|"
    r"message|alert|incident|vulnerability|conflict|update|tag|branch|release|job|task|user|"
    r"order|payment|event|crash|failure|exception|ticket|bug|process|container|pod|node|backup|"
    r"snapshot|item|line|duplicate|leak|problem|spike|anomaly|regression|timeout|reference"
)
ABSENCE = phrase(
    # The reader's own holdings denied ("you have no open invoices", "you don't have any
    # bookings"): about the records a call returned for that reader.
    r"\byou\s+(?:have|had|'ve\s+got)\s+no\s+(?P<subjposs>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*s)\b"
    r"|\byou\s+(?:don't|do\s+not|didn't|did\s+not)\s+have\s+any\s+"
    r"(?P<subjposs2>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*s)\b"
    r"|\bno\s+(?:mentions?|signs?|traces?|evidence|records?|references?|word)\s+(?:of|to|about)\s+"
    r"(?:an?\s+|the\s+|any\s+)?(?P<subj6>[\w-]+(?:\s+(?!in\b|on\b|at\b|from\b)[\w-]+)?)"
    r"|\b(?:there(?:'s|\s+(?:are|were|is|was))\s+|(?:found|returned|shows?|showed|contains?|"
    r"contained|has|had|lists?|listed|reported|reports?|turned\s+up|came\s+back\s+with|with|"
    r"see|saw|got)\s+)?no\s+(?!(?:mentions?|signs?|traces?|evidence|records?|references?|word)\s+"
    r"(?:of|to|about)\b|longer\b|need\b|problems?\b|worries\b|idea\b|way\b|more\s+than|"
    r"less\s+than|fewer\s+than|later\s+than|sooner\b|doubt\b|matter\b|one\b|reason\b|"
    r"action\b|(?:[a-z-]+\s+){1,3}(?:needed|required|necessary)\b|further\b|receipt)"
    # Two modifiers of the noun may be coordinated ("no mite or mould issues", "no
    # billing and shipping errors"): each is a word of the subject. A determiner or a
    # pronoun after the conjunction opens another clause ("no errors and the job ran").
    r"(?P<subj>(?:[a-z0-9][\w-]*\s+(?:(?:or|and|nor)\s+(?!(?:the|a|an|this|that|these|those|"
    r"its|their|our|my|your|his|her|it|they|we|i|you|he|she|there|all|every|each|some|"
    r"any|no)\b))?){0,2}(?:" + _ABSENT_NOUN + r"))\b"
    r"|\b(?:nothing|none)\s+(?:was\s+|were\s+|is\s+)?(?:found|matched|returned|came\s+back|"
    r"turned\s+up|showed\s+up|listed|reported|matching|relevant|there|in\s+(?:it|there))\b"
    # "Nothing there says it's unsafe", "nothing in it that would explain the bloom": a
    # judgement on what the data shows (a relative clause or a verb of showing follows),
    # not a denial that it holds items.
    r"(?!\s+(?:that|which|says?|said|suggests?|indicates?|explains?|points?\s+to|looks?|"
    r"seems?|would|could|might|worth|to\s+(?:worry|suggest|explain)|stands?\s+out|"
    r"jumps?\s+out)\b)"
    r"|\b(?:found|returned|shows?|showed|contains?|contained|turned\s+up|matched|got|lists?|"
    r"listed|printed|output|yielded|has|had|came\s+back\s+with|says|said|mentions?)\s+nothing"
    r"(?:\s+(?:about|on|regarding)\s+(?P<subj4>(?:the\s+|an?\s+)?[\w-]+(?:\s+[\w-]+)?))?\b"
    r"|\b(?:doesn't|does\s+not|didn't|did\s+not)\s+(?:say|mention|contain)\s+anything\s+about\s+"
    r"(?P<subj5>(?:the\s+|an?\s+)?[\w-]+(?:\s+[\w-]+)?)"
    r"|\b(?:doesn't|does\s+not|didn't|did\s+not|don't|do\s+not)\s+(?:look|seem|appear)\s+"
    r"(?:like|as\s+if|as\s+though|to\s+(?:be|have))\s+(?:there\s+(?:are|is|were|was)\s+|"
    r"there's\s+)?(?:any|anything)\b(?P<subj7>(?:\s+(?!in\b|on\b|at\b|for\b|from\b)"
    r"[a-z][\w-]*){0,3})"
    r"|\b(?:couldn't|could\s+not|can't|cannot|didn't|did\s+not)\s+(?:find|locate|see|spot)\s+"
    r"an?\s+(?P<subj8>(?:(?!in\b|on\b|at\b|for\b|from\b)[a-z][\w-]*\s*){1,3})"
    r"|\b(?:didn't|did\s+not|couldn't|could\s+not|can't|cannot|doesn't|does\s+not|don't|do\s+not|"
    r"wasn't|isn't)\s+(?:find|return|show|turn\s+up|match|see|locate|spot|list|contain|mention|"
    r"have|include|report)\s+(?:any|anything)\b(?P<subj2>(?:\s+(?!in\b|on\b|at\b|for\b|from\b)"
    r"[a-z][\w-]*){0,3})"
    r"|\bthere\s+(?:aren't|isn't|weren't|wasn't|are\s+not|is\s+not)\s+any\b"
    r"(?P<subj3>(?:\s+(?!in\b|on\b|at\b|for\b|from\b|right\b|now\b)[a-z][\w-]*){0,3})"
    r"|\b(?:is|was|are|were|came\s+back|comes\s+back|looks)\s+(?:completely\s+|totally\s+|"
    r"entirely\s+|currently\s+)?(?:empty|clean)\b"
    r"|\bempty\s+(?:result|results|output|response|list|file|array|set)\b"
    # "errors: none"; not "Good news: none of the batches failed", a partitive after a colon
    r"|\b(?P<subj9>[a-z][\w-]*s)\**\s*:\s*\**\s*(?:none|nothing|zero)\b(?!\s+of\b)"
    # "Nothing fault-wise", "nothing alarm-related": nothing of the kind the compound names.
    r"|\bnothing\s+(?P<subj13>[a-z]+)-(?:wise|related)\b"
    r"|\b(?:does\s+not|doesn't|did\s+not|didn't)\s+exist\b|\bno\s+such\b|\bnot\s+a\s+single\b"
    # "The term isn't in the memory", "hinge pin doesn't appear in the glossary", "“X” has
    # not been added to the list", "I couldn't find that user in the group": a thing denied
    # a place in a container (its name may be quoted, blanked here); held only against a
    # call whose argument it names (checks/named_args.py).
    r"|(?:\b(?P<subjloc>(?:(?:the|that|this|those|these|your|our)\s+)?[a-z0-9][\w.@+-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+|(?<=['’]\s)|(?<=\s\s))(?P<loc>(?:isn't|is\s+not|aren't|"
    r"are\s+not|wasn't|was\s+not|weren't|were\s+not)(?:\s+(?:yet|listed|present|included|"
    r"stored))?|(?:doesn't|does\s+not|don't|do\s+not|didn't|did\s+not)\s+(?:appear|"
    r"show\s+up)|(?:hasn't|has\s+not|haven't|have\s+not)\s+(?:yet\s+)?been\s+(?:added|"
    r"stored|entered|saved|included))\s+(?:yet\s+)?(?:in|on|among|to)"
    r"(?=\s+(?:the|your|our|that|this|any)\b)"
    r"|\b(?:couldn't|could\s+not|can't|cannot|didn't|did\s+not)\s+(?:find|locate|see|spot)\s+"
    r"(?:(?P<subjloc2>(?:the|that|this|those|these)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+)?"
    r"(?P<loc2>in|on|among)(?=\s+(?:the|your|our|that|this|any)\b)"
    # "There's no contact with m.chen@example.com": any noun, when an identifier names the
    # one thing denied; held, as a place denied, only against a result item holding it.
    r"|\bno\s+(?P<subjid>[a-z][\w-]*)\s+(?P<loc3>with|for|named|called|matching|under)"
    r"\s+[\w.+#-]*[@\d#_.][\w.@+#-]*"
    # "No Engelmann left", "no size 9 remaining": none of a named thing is left over.
    r"|\bno\s+(?P<subjleft>[a-z0-9][\w-]*(?:\s+[a-z0-9][\w-]*){0,2})\s+(?:left|remaining)\b"
    r"(?!\s+(?:to|for|in\s+the\s+(?:budget|plan)))"
    # "It hasn't logged any errors today": the perfect of a verb of recording or showing.
    r"|\b(?:hasn't|has\s+not|haven't|have\s+not)\s+(?:logged|recorded|reported|found|"
    r"returned|shown|seen|had|thrown|raised|produced|flagged)\s+(?:any|anything)\b"
    r"(?P<subj11>(?:\s+(?!(?:in|on|at|for|from|today|yet|so|this|last|since|during|all|"
    r"over)\b)[a-z][\w-]*){0,3})"
    # "Nothing overdue on that card", "none is pending": a negative pronoun and an adjective
    # of an item's state (a closed class) deny items in that state.
    # Persons too ("no one's overdue", "nobody is late"), and "none of" a group ("none of
    # the horses are overdue").
    r"|\b(?:nothing|none|nobody|no[\s-]one|none\s+of\s+(?:them|these|those|"
    r"(?:the|your|our|their|this|last|[a-z]+['’]s)\s+(?:(?:week|month|year)['’]s\s+)?"
    r"(?:\d+\s+)?[a-z][\w-]*(?:\s+(?!(?:in|on|at|from|here|since|"
    r"before|after|for|is|are|was|were|has|have|had)\b)[a-z][\w-]*s\b)?))"
    # where the things are may stand between ("nothing in fridge 2 is expired"); of
    # persons it names a group (the branch of groups below)
    r"(?:(?:(?<=nothing)|(?<=none))\s+(?:in|on|at)\s+(?:the\s+)?[a-z][\w-]*(?:\s+\d+)?"
    # or two places joined ("nothing in red cells or platelets expires")
    r"(?:\s+(?:or|and)\s+(?:the\s+)?[a-z][\w-]*)?)?"
    # and after the group's noun, where they are or when ("none of the dogs in at the
    # moment are out of date"), up to the verb
    r"(?:(?<=s)\s+(?:in|on|at|from|here|since|before|after|for)"
    r"(?:\s+(?!(?:is|are|was|were)\b)[a-z0-9][\w-]*){0,3}(?=\s+(?:is|are|was|were)\b))?"
    r"(?:['’]s\s+|\s+(?:(?:is|was|are|were|has|have|had)\s+)?)"
    # a verb of arrival before the state ("none came in damaged", "none came back broken")
    r"(?:(?:came|come|comes)\s+(?:in|back)\s+|arrived\s+)?"
    r"(?:currently\s+|still\s+)?"
    r"(?P<subjstate>overdue|pending|outstanding|unpaid|unread|unresolved|unassigned|expired|"
    # An outcome an item's record writes as its state ("none of the batches failed",
    # "nobody has lapsed", "none is flagged").
    r"failed|lapsed|flagged|damaged|rejected|quarantined|recalled|suspended|"
    r"out\s+of\s+date|past\s+(?:its|their)\s+(?:date|expiry|[a-z]+[\s-]by(?:\s+date)?|"
    r"best[\s-]before(?:\s+date)?)|behind|"
    r"late|missing|blocked|stuck|delayed|open|absent|offline|"
    # What falls due by a day ("none of the permits expire before 8 April"; the day is
    # read with the state, checks/absence_due.py).
    r"expires?|expiring|falls?\s+due|go(?:es)?\s+out\s+of\s+date|"
    # Used to the last ("nothing's run out", "none has sold out").
    r"(?:(?:has|have|had)\s+)?(?:run|ran|sold|used)\s+(?:out|up)|"
    # A state said with a preposition ("nobody is on leave", "no one's off sick").
    r"on\s+(?:leave|holiday|vacation|sick\s+leave)|off\s+(?:sick|work|duty)|out\s+sick|"
    # The negation of a state ("out of service", "unconfirmed", "inactive"): what an
    # item's yes/no field says false (checks/absence_flags.py).
    r"out\s+of\s+(?:service|order|stock|action|commission|use)|"
    r"un[a-z]{3,}(?:ed|able)|inactive|invalid|disabled|unavailable)\b"
    # "Nothing deviating by more than 1.5 °C", "none exceeding the limit": a negative pronoun
    # and a present participle deny items doing that.
    r"|\b(?:nothing|none)\s+(?:(?:is|are|was|were)\s+)?(?:currently\s+|still\s+)?"
    r"(?P<subjdoing>[a-z]{3,}ing)\b(?!\s+(?:to|on|about|with|else|new)\b)"
    # "Nothing gets destroyed", "none will be deleted": a negative pronoun as the subject
    # of a passive or a bare participle denies that the action has any object.
    r"|\b(?:nothing|none)(?:['’]s\s+|\s+(?:(?:gets|got|will\s+get|will\s+be|would\s+be|is|"
    r"was|are|were|has\s+been|have\s+been|is\s+being|will\s+have\s+been)\s+)?)"
    r"(?P<subjverb>[a-z]{3,}(?:ed|en))\b"
    # "Nothing on Friday afternoon", "nothing else this morning": nothing at all in a
    # part of the day (a closed class, DAYPARTS).
    r"|\bnothing\s+(?:else\s+)?(?:(?:on|in|for|during)\s+)?(?P<daypart>(?:the\s+|this\s+|"
    r"that\s+|tomorrow\s+|today\s+|(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+)?"
    r"(?:morning|afternoon|evening))\b"
    # A negative pronoun of persons ranging over a named group ("Nobody from 8B was off",
    # "no one on the night shift has logged in"): it denies that the group has any member
    # with the predicate; the check holds it against a call that selected that group.
    r"|\b(?:nobody|no\s+one|no-one)\s+(?:from|in|on|at|of)\s+(?:the\s+)?"
    r"(?P<grp>[\w-]+(?:\s+(?!was\b|were\b|is\b|are\b|has\b|had\b|got\b)[\w-]+){0,2})\s+"
    r"(?:was|were|is|are|has|had|got)\b")

# "Nothing this month.", "None so far.", "No, nothing.": the answer itself, a negative
# pronoun opening its sentence with at most a deictic of time (a closed class) before the
# stop; what it denies is what the question asked about, all the result's items. Matched
# at each sentence's start only (claims/extract.py), never searched through the reply.
ANSWER_ABSENCE = phrase(
    r"(?:no[,.!]?\s+)?(?:nothing|none)(?:\s+(?:at\s+all|yet|so\s+far|today|tonight|"
    r"right\s+now|at\s+the\s+moment|currently|this\s+(?:week|month|year|morning|afternoon|"
    r"evening|time|round|season|term|quarter)))?(?=[\s*_]*(?:[.!]|\n|$))")

# An absence past a bound: a negator, a few words, a side and a bound with its unit
# ("nothing under the 3 mm limit", "no reading above 8 °C"); not "no more than 3 mm"
# (at most), nor past "but" or "except"; nor "by more than 1.5 °C", a difference.
THRESHOLD_ABSENCE = phrase(
    r"\b(?:no|nothing|none|nobody|not\s+(?:a\s+single|one|any))\b"
    r"(?!\s+(?:more|less|fewer|higher|lower|later|earlier|longer|shorter)\s+than)"
    r"(?:(?!\b(?:but|except)\b)[^.;:!?\n]){0,40}?(?<!\bby\s)\b(?:(?P<below>under|below|beneath|"
    r"less\s+than|lower\s+than|short\s+of)|(?P<above>over|above|beyond|exceed(?:s|ed|ing)?|"
    r"more\s+than|higher\s+than|greater\s+than|past))\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<bound>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>%|[°º]\s?[cf]\b|[a-zµ]+(?:/[a-z]+)?\b)")
# Where such an absence may be: a side and a figure (the absence is looked for back from it).
THRESHOLD_SIDES = ("under", "below", "beneath", "than", "short", "over", "above", "beyond",
                   "exceed", "past")
THRESHOLD_BOUND = phrase(
    r"\b(?:under|below|beneath|than|short\s+of|over|above|beyond|exceed(?:s|ed|ing)?|past)"
    r"\s+(?:the\s+|a\s+|an\s+)?\d")
# Any word of denial or failure, broadly (checks/disclosure.check_undisclosed_failure).
DENIAL = re.compile(
    r"\b(?:not|no|never|none|nothing|nobody|neither|nor|without|unable|cannot|yet)\b|n['’]t\b|"
    r"\b(?:refus|deni|declin|reject|fail|error|timed?\s*out|forbidden|unauthori[sz]|blocked|"
    r"disconnect|unavailable|unreachable|problem|issue|hung|hang|stuck|bounced|crash|offline)|"
    r"\b(?:went|was|is)\s+down\b|"
    # An HTTP error status ("came back with a 502", "HTTP 503", "(404)").
    r"(?:\ban?\s+|\bhttp\s*|\bstatus\s*|\bcode\s*|\()[45]\d\d\b", re.IGNORECASE)

# "No month without usage", "nobody without a badge": "without" and a noun after the denied
# noun says every item has it (a gerund, "without being read", is a state: still an absence).
DOUBLE_NEGATION = re.compile(r"\bwithout\s+(?:an?\s+|any\s+|the\s+)?(?![a-z]+ing\b|being\b)[a-z]",
                             re.IGNORECASE)

NEGATION = re.compile(r"\b(?:no|not|none|never|neither|nor|nothing)\b|n't\b", re.IGNORECASE)
