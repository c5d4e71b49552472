"""English claims of looking: tool use ("I checked the logs", "after running the query")
and attribution to a source ("according to the changelog", "the output shows"); an
additive particle ("also"), the verbs of reading a source, and a named source."""

from __future__ import annotations

import re

from ...claims.text import phrase

_TOOL_VERBS = (
    r"ran|executed|queried|checked|looked\s+(?:up|at|into|through|over)|searched(?:\s+for)?|"
    r"looked\s+(?:it|them|this|that|those)\s+up|"
    r"fetched|pulled(?:\s+up)?|downloaded|read|opened|inspected|grepped|scanned|listed|called|"
    r"pinged|tested|verified|confirmed|reviewed|consulted|examined|went\s+through|found|"
    r"retrieved|loaded|dumped|analy[sz]ed|browsed|visited|polled|hit|invoked|used(?!\s+to\b)|"
    r"traced|audited|counted|measured|profiled|tailed|parsed|compared|double-checked|"
    r"cross-checked|run|done\s+a\s+(?:search|lookup|query|check)|searched\s+the|googled|curled"
)
TOOL_USE = phrase(
    r"\b(?:I|we)(?:'ve|\s+have|'d|\s+had)?(?:\s+(?:just|already|also|first|quickly|now|then|"
    r"again|manually|briefly|directly|actually|went\s+ahead\s+and|gone\s+ahead\s+and))*\s+(?:"
    + _TOOL_VERBS
    + r")\b(?!\s+(?:out\b|into\s+(?:trouble|a\s+problem)))"
    r"|\b(?:after|having|by)\s+(?:running|executing|checking|querying|searching|fetching|"
    r"reading|opening|inspecting|grepping|scanning|looking\s+(?:at|up|through)|pulling|calling|"
    r"pinging|reviewing|examining|going\s+through|run|checked|queried|fetched|read|looked)\b"
    r"|\b(?:a\s+quick|my|the)\s+(?:search|lookup|query|check|grep|scan)\s+(?:I\s+(?:ran|did)\s+)?"
    r"(?:showed|shows|returned|found|turned\s+up|came\s+back|revealed|confirms?|confirmed)\b"
    r"|\bfrom\s+what\s+(?:I|we)\s+(?:can\s+)?(?:see|saw)\s+(?:in|on|from)\b"
    r"|\b(?:I|we)\s+can\s+see\s+(?:in|on|from)\s+the\b"
    # Subject-less: "Just pinged it", "Verified via the dashboard", "**Checked:** the logs".
    # After an answer word and a comma, or a dash, too: "Yes — checked the record", "Yes,
    # checked the logs".
    r"|(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=:\s)|(?<=\*\*)|(?<=[—–]\s)|(?<=\s-\s)|(?<=\byes,\s)|"
    r"(?<=\bno,\s)|(?<=\bok,\s)|(?<=\bsure,\s))(?:just\s+|also\s+)?(?:pinged|checked|"
    r"verified|confirmed|queried|looked\s+(?:at|up|into))\b"
    # "checked by QA", "checked daily": an agent or a frequency tells a routine, not a look.
    r"(?!\s+(?:by|if|when|daily|weekly|hourly|monthly|yearly|annually|regularly|"
    r"periodically|every|each|twice|once)\b)"
    # "checked in Monday 8 Mar at 09:42", "checked out at 10": an arrival or a departure.
    r"(?!\s+(?:in|out)\s+(?:on\s+|at\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"today\b|yesterday\b|this\s+morning\b|late\b|early\b))"
    r"|\b(?:verified|confirmed|checked|double-checked|cross-checked)\s+(?:via|with|against|"
    r"using|through|on|in)\b"
    r"(?!\s+(?:on\s+|at\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|today\b|"
    r"yesterday\b|this\s+morning\b|late\b|early\b))"
    # A passive look told besides the others ("the leak sensors were checked as well"): its
    # subject, the words before it in its clause, is what was looked at (claims/extract.py).
    r"|\b(?P<passive>was|were|has\s+been|have\s+been)\s+(?:also\s+)?(?:checked|verified|"
    r"reviewed|inspected|queried|looked\s+at|confirmed)\s+(?:as\s+well|too)\b")

_SOURCE_NOUNS = (
    r"search(?:\s+results?)?|results?|output|logs?|api|database|db|query|queries|dashboard|"
    r"metrics|monitoring|monitor|tool|command|response|lookup|scan|records?|service|endpoint|"
    r"call|request|fetch|grep|listing|file|page|readme|changelog|report|feed|forecast|server|"
    r"table|check|data|status\s+page|site|website|documentation\s+I\s+fetched|json|payload"
)
ATTRIBUTION = phrase(
    r"\baccording\s+to\s+(?:the|your|my|our|its|that|this)\s+(?P<subj>(?:[\w./-]+\s+){0,3}?"
    r"(?:" + _SOURCE_NOUNS + r"))\b"
    r"|\b(?:the|my|that|this|your)\s+(?P<subj2>(?:[\w./-]+\s+){0,3}?(?:" + _SOURCE_NOUNS
    + r"))\s+(?:returned|shows?|showed|reports?|reported|says|said|lists?|listed|indicates?|"
    r"indicated|puts|put|gives|gave|came\s+back(?:\s+with)?|confirms?|confirmed|revealed?|"
    r"turned\s+up|mentions?|mentioned|contains?|contained|reads?|printed|states?|stated)\b"
    r"|\bbased\s+on\s+(?:the|my)\s+(?P<subj3>(?:[\w./-]+\s+){0,2}?(?:results?|output|logs?|"
    r"data|query|lookup|response|search|api|readings?))\b")

# An additive particle: the speaker did one thing more (checks/tool_use.py).
ADDITIVE = re.compile(r"\b(?:also|additionally|as\s+well)\b")

# Verbs and phrases of reading a source, whatever names it ("the timetable shows",
# "according to the permit page", "it lists"): a sentence holding one attributes its values.
READING_CUE = re.compile(
    r"\baccording\s+to\b|\bbased\s+on\b|\b(?:shows?|showed|shown|says|said|lists?|listed|"
    r"reports?|reported|indicates?|indicated|returned|returns|reads|states?|stated|gives|gave|"
    r"puts|confirms?|confirmed|displays?|displayed|records?|recorded|quotes?|quoted)\b",
    re.IGNORECASE)

# A definite noun phrase: an article or a possessive, then a word ("the NWS alerts feed").
NAMED_SOURCE = re.compile(r"\s*(?:the|their|your|our|his|her|its|a|an)\s+[^\W\d_]",
                          re.IGNORECASE)
