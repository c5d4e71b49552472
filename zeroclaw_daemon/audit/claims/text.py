"""Text plumbing shared by every language: phrase compilation, masking, URLs and paths.

Phrase patterns are compiled in lower case and matched against
:func:`lower_same_length` of the reply, so offsets stay those of the reply.

Scanning patterns (run over a whole reply or sentence, not matched at one place) open
with a single character of a class or a literal, not a repetition: ``\\d\\d*``, not
``\\d+``; ``[A-Z][A-Z]{0,5}``, not ``[A-Z]{1,6}``. The two match exactly alike, but
``sre`` skips ahead to a possible first character only when the pattern opens with one,
and otherwise tries a match at every position: a run of digits is found in 4 KB about a
third faster, an identifier about four times.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from .types import Span


def word_set(text: str) -> frozenset[str]:
    """A table of words written as one whitespace-separated string."""
    return frozenset(text.split())


_UPPER_ESCAPE_RE = re.compile(r"\\[ABDSWZ]")


def phrase(pattern: str) -> re.Pattern[str]:
    """Compile a phrase pattern for lower-cased text.

    Patterns are written in any case and compiled in lower case, and callers
    match them against :func:`lower_same_length` of the text: ``re.IGNORECASE``
    makes ``sre`` about four times slower on long replies.
    """
    if _UPPER_ESCAPE_RE.search(pattern):
        raise ValueError("a phrase pattern cannot use upper-case escapes (\\S, \\W, \\D, \\B)")
    return re.compile(pattern.lower().replace("(?p<", "(?P<").replace("(?p=", "(?P="))


def lower_same_length(text: str) -> str:
    """``text.lower()`` with every character kept in place (offsets stay valid)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


# In lower-cased text (``str.lower``) only two characters match an ASCII letter when case
# is ignored without being that letter: the dotless ı (i) and the long ſ (s); the capital
# forms (and the Kelvin sign) are lowered. tests/test_audit_fast_passes.py checks it over
# every code point.
CASE_FOLDS_TO_ASCII = ("\u0131", "\u017f")
_CODE_ESCAPE_RE = re.compile(r"\\[xuUN0-9]")


def lowered_scan(pattern: re.Pattern[str] | None) -> re.Pattern[str] | None:
    """A quick stand-in for a case-insensitive ``pattern`` searched in lower-cased text: its
    source, case-sensitive and without a leading ``\\b``. In a lower-cased text holding
    neither of :data:`CASE_FOLDS_TO_ASCII`, every match of ``pattern`` is a match of the
    stand-in (which may find more). ``sre`` cannot skip ahead to the first letters of a
    case-insensitive pattern and tries it at every character (4 KB: ~100 µs, the stand-in
    ~25). None unless ``pattern`` ignores case and its source is ASCII in lower case with
    no character named by its code (``\\x41``) and no numbered back-reference (a named
    one, ``(?P=``, is not in lower case)."""
    if pattern is None or not pattern.flags & re.IGNORECASE:
        return None
    source = pattern.pattern
    if not source.isascii() or source != source.lower() or _CODE_ESCAPE_RE.search(source):
        return None
    return re.compile(source.removeprefix(r"\b"), pattern.flags & ~re.IGNORECASE)


CODE_SPAN_RE = re.compile(r"`([^`\n]{1,200})`")
URL_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"'`\[\]\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]+")
_URL_TRAILING = ".,;:!?'\"]}>*_"
PATH_RE = re.compile(
    r"(?<![\w/.:-])(?:~?/)?(?:[\w.-]+/)+[\w.-]+(?![\w/])"        # dir/dir/name
    r"|(?<![\w/.:-])[\w-]+\.(?:txt|log|md|json|ya?ml|toml|ini|cfg|conf|csv|py|rs|go|js|ts|"
    r"sh|sql|xml|html|lock|env|service|pem|out|PDF|pdf|csv|CSV|MD)(?![\w])")


# A run of digits longer than any figure a person reads (an identifier, a hash written in
# digits, or hostile padding): no count or value is read in it. Python's ``int`` refuses
# strings of over 4,300 digits, and a reply is what a model chose to write.
MAX_FIGURE_DIGITS = 40
# A run of white space this long reads as one gap: its inside is filled with NUL (no
# space, word or mark to any pattern), keeping its first character, its first line break
# and its last, so lines and offsets stay. A pattern that tries every position of a run
# ("\s*" then a dash) would otherwise cost the square of the run's length.
MAX_SPACE_RUN = 64
# One pass finds both kinds of run. Each pattern opens with one character class, which
# lets the regex engine skip every other character without trying a match there (a
# pattern opening with a repeat or an alternation is tried at every position: 4 KB of
# reply took 160 µs, now 110).
_LONG_RUN_RE = re.compile(
    rf"[\d\s](?:(?<=\d)\d{{{MAX_FIGURE_DIGITS},}}|(?<=\s)\s{{{MAX_SPACE_RUN},}})")
_LONG_SPACE_RE = re.compile(rf"\s\s{{{MAX_SPACE_RUN},}}")
# A run of more than MAX_FIGURE_DIGITS digits (MAX_SPACE_RUN white-space characters) holds
# at least (MAX + 1) // stride of the characters at every stride-th position, one after
# the other in the text sliced by that stride: the slice, an eighth of the text, is
# scanned first, and a text whose slice shows no such stretch has no run (most replies:
# 4 KB scanned in about 10 µs instead of 65).
_RUN_STRIDE = 8
_SAMPLED_RUN_RE = re.compile(rf"[\d\s](?:(?<=\d)\d{{{(MAX_FIGURE_DIGITS + 1) // _RUN_STRIDE - 1}}}"
                             rf"|(?<=\s)\s{{{(MAX_SPACE_RUN + 1) // _RUN_STRIDE - 1}}})")
_SPACE_RUN = " " * (MAX_SPACE_RUN + 1)


def defuse_runs(text: str) -> str:
    """The text the claim finders read, offsets kept: each run of more than
    :data:`MAX_FIGURE_DIGITS` digits replaced by as many ``#`` (no number is read there),
    and the inside of each run of more than :data:`MAX_SPACE_RUN` white-space characters
    filled (:func:`fill_space_runs`)."""
    if len(text) <= MAX_FIGURE_DIGITS or _SAMPLED_RUN_RE.search(text[::_RUN_STRIDE]) is None:
        return text
    return _LONG_RUN_RE.sub(_defuse_run, text)


def fill_space_runs(text: str) -> str:
    """``text`` with the inside of each run of more than :data:`MAX_SPACE_RUN` white-space
    characters filled with NUL (its first character, first line break and last kept)."""
    if len(text) <= MAX_SPACE_RUN:
        return text
    return _LONG_SPACE_RE.sub(_fill_space_run, text)


def _defuse_run(match: re.Match[str]) -> str:
    run = match.group(0)
    return "#" * len(run) if run[0].isdigit() else _fill_space_run(match)


def _fill_space_run(match: re.Match[str]) -> str:
    run = match.group(0)
    # Built from slices, not character by character: every masked receipt token is such
    # a run (20 of them in a 4 KB reply citing 20 results).
    last = len(run) - 1
    newline = run.find("\n")
    if 0 < newline < last:
        return run[0] + "\0" * (newline - 1) + "\n" + "\0" * (last - newline - 1) + run[last]
    return run[0] + "\0" * (last - 1) + run[last]


def mask(text: str, spans: Iterable[Span]) -> str:
    """``text`` with ``spans`` blanked to spaces, so offsets stay the same."""
    pieces: list[str] = []
    last = 0
    for start, end in sorted(spans):
        if start < last:
            start = last
        if end <= start:
            continue
        pieces.append(text[last:start])
        pieces.append(" " * (end - start))
        last = end
    pieces.append(text[last:])
    # Blanked spans side by side (a list of URLs) make one long run of spaces (a run of
    # the text's own white space was filled before: see defuse_runs).
    masked = "".join(pieces)
    return fill_space_runs(masked) if _SPACE_RUN in masked else masked


def find_urls(text: str, lowered: str | None = None) -> list[tuple[int, int, str]]:
    """URLs in ``text`` with trailing punctuation (and unbalanced ``)``) stripped.
    ``lowered``: :func:`lower_same_length` of ``text``, when known."""
    found: list[tuple[int, int, str]] = []
    low = lower_same_length(text) if lowered is None else lowered
    if "://" not in text and "www." not in low:
        return found   # every URL opens with one of them: the text is not scanned
    for match in URL_RE.finditer(low):
        url = text[match.start():match.end()]
        while url:
            if url[-1] in _URL_TRAILING or (url[-1] == ")" and url.count("(") < url.count(")")):
                url = url[:-1]
            else:
                break
        if len(url) > 8:
            found.append((match.start(), match.start() + len(url), url))
    return found


def normalise_url(url: str) -> str:
    """Host lower-cased, scheme, default port and trailing slash dropped; path kept."""
    raw = url.strip().rstrip(_URL_TRAILING)
    if raw.lower().startswith("www."):
        raw = "http://" + raw
    try:
        parts = urlsplit(raw)
        host = (parts.hostname or "").lower()
        port = parts.port
    except ValueError:
        return raw.lower().rstrip("/")
    netloc = host if port in (None, 80, 443) else f"{host}:{port}"
    path = parts.path.rstrip("/")
    out = netloc + path
    if parts.query:
        out += "?" + parts.query
    if parts.fragment:
        out += "#" + parts.fragment
    return out


def url_forms(normalised: str) -> tuple[str, ...]:
    """The URL, without its fragment, and without query and fragment."""
    no_fragment = normalised.split("#", 1)[0].rstrip("/")
    bare = no_fragment.split("?", 1)[0].rstrip("/")
    return (normalised, no_fragment, bare)


def past_emphasis(text: str, start: int, end: int) -> int:
    """Where a sentence's words begin, past white space and emphasis marks ("**")."""
    while start < end and text[start] in " \t\n*_":
        start += 1
    return start
