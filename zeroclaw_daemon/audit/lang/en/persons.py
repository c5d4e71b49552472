"""English words of persons: first- and second-person words, and the cues of a person's
name given as a tool's finding."""

from __future__ import annotations

import re

SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you've|you're|you'd)\b", re.IGNORECASE)

# A person's name as a tool's finding: after "by"/"from", or before a verb whose subject is a
# person (closed class). Case-sensitive: a name is capitalised. The capital is asked for
# first, then the names it must not be: a word in lower case (most of a reply) fails at one
# character instead of at each of nineteen names (the same matches; 4 KB scanned in about
# half the time).
_PERSON = r"(?=[A-Z])" \
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|" \
    r"March|April|May|June|July|August|September|October|November|December)\b)" \
    r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)?"
ENTITY_CUE = re.compile(
    r"\b(?:by|from)\s+(?P<name>" + _PERSON + r")\b(?!['’]s\b|\s*[/.]\w)"
    r"|\b(?P<name2>" + _PERSON + r")\s+(?:sent|wrote|emailed|messaged|replied|commented|"
    r"opened|closed|merged|created|filed|reported|approved|pushed|committed|authored|posted|"
    r"signed|booked|cancelled|canceled|paid|ordered|requested|invited)\b")

# "The biggest advertiser was Vine Hollow", "the top seller is Ana Ruiz".
SUPERLATIVE_CUE = re.compile(
    r"\b[Tt]he\s+(?:top|biggest|largest|smallest|main|best|worst|most\s+[a-z]+|[a-z]+est)"
    r"(?:\s+[a-z]+)?\s+(?:was|were|is|are)\s+(?P<name>" + _PERSON + r")\b")
SUPERLATIVE_TRIGGERS = "the"

FIRST_POSSESSIVE = re.compile(r"\b(?:my|our)\b", re.IGNORECASE)

FIRST_PERSON = re.compile(r"\b(?:i|we|me|us|i'll|i'd|i'm|we'll|let\s+me)\b", re.IGNORECASE)
