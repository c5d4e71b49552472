"""English sentences and clauses: where they end, and the words that flag a clause as a
question, a condition, a hedge, a contrast, a negation, a general statement or a failure."""

from __future__ import annotations

from ...claims.text import phrase

# Sentence ends: after . ! ? (and closing quotes), or at a line break. Both patterns open
# with the character class of their first character, which lets ``sre`` skip ahead to
# the candidates instead of trying every position of a long reply.
SENTENCE_END = phrase(r"[.!?\n](?:(?<=[.!?])[\"')\]]*(?:\s+|$)|(?<=\n)\s*)")
CLAUSE_BREAK = phrase(
    r"[,;:\s](?:(?<=,)\s+|(?<=;)\s*|(?<=:)\s+|(?<=\s)\s*[-–—]+\s+|(?<=\s)\s*(?=(?:but|"
    r"although|though|however|whereas|while|yet|so\s+(?!far\b)|except)\b))")
QUESTION = phrase(r"\?\s*[\"')\]]*\s*$")
# "If you mean the bonsai, it is 119 EUR" conditions on what the reader means, not on the
# facts: its main clause states the facts of the item meant (not a conditional).
CONDITIONAL = phrase(r"\s*(?:if(?!\s+you(?:\s+are|'re)?\s+(?:mean|meant|referring))|unless|"
                         r"in\s+case|suppose|supposing|assuming|whether|"
                         r"once|when\s+you|should\s+you|or\s+else|"
                         r"without\s+(?:that|this|it|them|those|these))\b")
HEDGE = phrase(
    r"\b(?:I|we)\s+(?:can(?!\s+see\s+(?:in|on|from)\b)|could|would|will|might|may|should|shall)\b"
    r"|\b(?:I|we)'(?:ll|d)\b"
    r"|\blet\s+me\b|\bshall\s+I\b|\bshould\s+I\b|\bwant\s+me\s+to\b|\bwould\s+you\s+like\b"
    r"|\bif\s+you\s+(?:like|want|wish|prefer|need|'d\s+like)\b|\bif\s+needed\b"
    r"|\bI\s*(?:'m|am)\s+(?:going|about|happy|glad|able)\s+to\b|\bI\s+(?:need|needed)\s+to\b"
    r"|\b(?:you|one)\s+(?:can|could|might|may|should|would|need\s+to|want\s+to)\b"
    r"|\b(?:try|consider|recommend|suggest)\s+running\b|\bI\s+(?:suggest|recommend|propose)\b"
    r"|\bhypothetically\b|\bfor\s+example\b|\bfor\s+instance\b|\be\.g\.|\bsay\s+you\b"
    r"|\bI\s+tried\b|\btried\s+to\b|\battempted\s+to\b|\bplan\s+to\b|\bready\s+to\b"
    r"|\bjust\s+(?:say|tell|ask)\b|\blet\s+me\s+know\b|\bhappy\s+to\b|\bwould\s+need\b"
    r"|\bwhen(?:ever)?\s+you(?:'re|\s+are)?\s+ready\b|\bon\s+request\b|\bif\s+so\b"
    r"|\b(?:would|will|should)\s+(?:tell|show|give|list)\s+you\b")
CONTRAST = phrase(r"\b(?:but|only|just|except|though|although|however|while|whereas|"
                      r"besides|apart\s+from|other\s+than|aside\s+from)\b")
NEGATED = phrase(
    r"\b(?:I|we)\s+(?:haven't|have\s+not|hadn't|had\s+not|didn't|did\s+not|don't|do\s+not|"
    r"never|wasn't\s+able|was\s+not\s+able|weren't\s+able|couldn't|could\s+not|can't|cannot|"
    r"won't|will\s+not)\b|\b(?:I|we)'ve\s+not\b|\bnot\s+yet\b|\bhaven't\s+yet\b"
    r"|\bwithout\s+(?:running|checking|looking|querying|access|fetching)\b"
    # A negative determiner or pronoun as the subject denies the predicate ("No vans have
    # been sent", "none of the pods was restarted", "nothing was forwarded"): the clause says
    # the action did not happen, which discloses a failure rather than claiming the act. The
    # subject opens its clause (not "I queried it and nothing is pending", a second one),
    # maybe after a connective of consequence ("So nothing is scheduled yet").
    r"|(?:(?<=\bso\s)|(?<=\bthen\s)|(?<=\bthus\s)|(?<![\w'’]\s))\b(?:no|none\s+of\s+(?:the|them|these|those|your|my|our|its|their)|neither|nothing|"
    r"nobody|none|"
    r"not\s+(?:a\s+single|one|any))\s+(?!(?:longer|more|less|fewer|later|sooner|doubt|"
    r"problem|worries|need)\b)(?:(?!(?:and|but|or|so|then|if|when)\b)[\w-]+\s+){0,3}?"
    r"(?:has|have|had|was|were|is|are|got|gets|will\s+be|went)\s+"
    r"(?:(?:yet|been|being|actually|even|ever)\s+)*[a-z]+\b")
# "normally" after a verb in -ing ("is lifting normally", "running normally again") says how
# a thing is doing now (manner), not what it usually does.
GENERAL = phrase(
    r"\b(?:typically|usually|generally|(?<!ing\s)normally(?!\s+again\b)|by\s+default|in\s+general|on\s+average|"
    r"historically|as\s+a\s+rule|commonly|often|tends?\s+to|in\s+theory|rule\s+of\s+thumb)\b")
FAILURE = phrase(
    r"\b(?:fail(?:ed|s|ing|ure)?|denied|refused|rejected|blocked(?!\s+from\b)|forbidden|timed?[\s-]*out|"
    r"time-?out|timeouts?|couldn't|could\s+not|can't|cannot|unable|wasn't\s+able|"
    r"weren't\s+able|was\s+not\s+able|didn't\s+(?:work|succeed|complete|return|respond|finish|"
    r"go\s+through|run|update|load|refresh|sync)|did\s+not\s+(?:work|succeed|complete|return|"
    r"respond|finish|run|update|load|refresh|sync)|"
    # An HTTP status of failure, told as what came back ("came back with a 503").
    r"(?:with|returned|gave|got)\s+(?:an?\s+(?:http\s+)?|http\s+)[45]\d\d|"
    r"no\s+response|unreachable|not\s+permitted|not\s+allowed|not\s+authori[sz]ed|"
    r"unauthori[sz]ed|permission|requires?\s+(?:an?\s+)?approval|needs?\s+(?:an?\s+)?approval|"
    r"errored|(?:an|the)\s+error|with\s+(?:an?\s+)?error|error\s+(?:message|code)|"
    r"unavailable|aborted|crashed|exit(?:ed)?\s+(?:with\s+)?(?:code|status)\s+[1-9]|"
    r"(?:never|not)\s+(?:ran|run|completed|finished|executed|went\s+through)|"
    # Not sent ("the email did **not** go out", "wasn't delivered"), emphasis or not.
    r"(?:did|was|were)(?:n't|\s+[*_]{0,2}not[*_]{0,2})\s+(?:go\s+out|sent|delivered)|"
    r"nothing\s+(?:came|was)\s+back|still\s+unknown|no\s+(?:data|result)\s+(?:came|was)|"
    # The receiver never answered the call ("the RTU hasn't acknowledged it").
    r"(?:hasn't|has\s+not|haven't|have\s+not|never)\s+(?:yet\s+)?(?:acknowledged|responded|"
    r"answered|replied))\b")
