"""Outbound secret redaction: the last filter before text leaves the daemon.

Every reply, receipts block and notice passes through :meth:`LeakRedactor.redact`
on every channel. A secret is replaced by ``[REDACTED:<kind>]``; an assignment
(``password=...``) keeps its name and loses its value.

What is found, strongest rule first (a weaker rule never claims text that a
stronger one matched):

1. the configured secrets' exact values (kind ``configured``);
2. shapes that are secrets by construction: PEM private keys, OpenAI and
   Anthropic keys, GitHub, AWS, Slack, Google, Stripe and Telegram tokens, JWTs,
   passwords inside URLs;
3. ``name=value`` / ``"name": "value"`` assignments whose name ends in password,
   secret, token, api_key, access_key or private_key, and ``Bearer`` values;
4. high-entropy blobs: a run of 32+ base64-ish characters that mixes upper,
   lower and digits evenly and whose Shannon entropy is high.

What must pass byte for byte: receipt tokens (``zc-receipt-<ts>-<43 chars>``,
the daemon's own proof, not secrets), UUIDs, git SHAs and sha256 digests (pure
hex is treated as a hash, never as a blob: a hex API key is only caught by the
rules above), ordinary words and URLs.

Redaction is best effort against *accidental* leaks (a tool printed a key, the
model repeated it). It cannot stop a model that deliberately encodes a secret.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..logs import get_logger

LOG_TARGET = "zeroclaw_runtime::security"

# Shorter configured values would redact ordinary words; they are ignored (and
# counted in a warning) rather than mangling every reply.
MIN_CONFIGURED_SECRET_LEN = 6

ENTROPY_MIN_LEN = 32
# Bits per character. Random base64 of 32 characters sits around 4.2-4.6 (hex
# never exceeds 4.0); with the shape checks in _looks_random, about 2.5% of
# random 32-character blobs and under 1% of 40-character ones slip through,
# while identifiers, paths and words stay untouched (measured on the stdlib).
ENTROPY_THRESHOLD = 4.0
MIN_CLASS_CHANGE_SHARE = 0.4
MAX_LOWER_RUN_SHARE = 0.5

# --- protected spans -------------------------------------------------------

# A receipt token in the strict grammar's shape: never touched by any rule.
_RECEIPT_TOKEN_RE = re.compile(
    r"(?<![A-Za-z0-9_-])zc-receipt-(?:0|[1-9][0-9]{0,19})-[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"
)
# Anything receipt-like (malformed, defanged) is evidence the audit quotes; the
# generic rules (entropy, assignments) leave it alone, the specific ones do not.
_RECEIPT_LIKE_RE = re.compile(r"zc-receipt(?:\(untrusted\))?-[A-Za-z0-9_-]*", re.IGNORECASE)
_URL_RE = re.compile(r"(?i)\b(?:https?|ftp|wss?)://[^\s<>\"'`]+")
# Public material looks random but is not secret: certificates, public keys.
_PUBLIC_KEY_MATERIAL_RE = re.compile(
    r"-----BEGIN (?:CERTIFICATE|(?:[A-Z0-9]+ )*PUBLIC KEY(?: BLOCK)?)-----"
    r".*?-----END [A-Z0-9 ]+-----"
    r"|\b(?:ssh|ecdsa-sha2|sk-ssh|sk-ecdsa)-[a-z0-9@.-]+ AAAA[A-Za-z0-9+/]+=*",
    re.DOTALL,
)

# --- specific shapes -------------------------------------------------------

_PEM_PRIVATE_KEY_RE = re.compile(
    r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
    # A truncated block (no END line): take the header lines and base64 lines.
    r"|(?:\r?\n(?:[A-Za-z-]+: [^\n]*|[A-Za-z0-9+/=]+))*)",
    re.DOTALL,
)
_ANTHROPIC_KEY_RE = re.compile(r"(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}")
# OpenAI keys mix case and digits; requiring all three keeps "sk-learn-..." prose out.
_OPENAI_KEY_RE = re.compile(
    r"(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?"
    r"(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])"
    r"[A-Za-z0-9_-]{20,}"
)
_GITHUB_TOKEN_RE = re.compile(
    r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})"
)
_AWS_ACCESS_KEY_ID_RE = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Z])")
_AWS_SECRET_KEY_RE = re.compile(
    r"(?i)(?<![a-z0-9])aws_?secret_?access_?key[\"']?\s*[:=]\s*[\"']?"
    r"(?P<value>[a-z0-9/+=]{40})(?![a-z0-9/+=])"
)
_SLACK_TOKEN_RE = re.compile(r"(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}")
_SLACK_WEBHOOK_RE = re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9_/]{20,}")
_GOOGLE_API_KEY_RE = re.compile(r"(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])")
_STRIPE_KEY_RE = re.compile(r"(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}")
_TELEGRAM_BOT_TOKEN_RE = re.compile(
    r"(?<![A-Za-z0-9])[0-9]{6,12}:[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])"
)
_JWT_RE = re.compile(
    r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"
)
_URL_PASSWORD_RE = re.compile(
    r"(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@]+:(?P<value>[^/\s@]+)@"
)

# --- assignments ------------------------------------------------------------

_SECRET_NAME = (
    r"(?P<name>[A-Za-z0-9_.-]*?"
    r"(?P<key>password|passwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key))"
)
_VALUE_CHARS = r"[^\s\"'&,;<>()\[\]{}]"
# name=value: any value (shell, .env, URL query strings).
_ASSIGN_EQUALS_RE = re.compile(
    r"(?i)(?<![A-Za-z0-9_-])" + _SECRET_NAME + r"[\"']?[ \t]*(?<![=!<>])=(?!=)[ \t]*"
    r"(?:\"(?P<dq>[^\"\n]+)\"|'(?P<sq>[^'\n]+)'|(?P<bare>" + _VALUE_CHARS + r"+))"
)
# name: value (JSON, YAML, headers): prose uses colons too ("the secret: patience"),
# so an unquoted value must look like a credential (6+ characters with a digit).
# No query strings here, so "&" and ";" belong to the value.
_COLON_VALUE_CHARS = r"[^\s\"',{}\[\]]"
_ASSIGN_COLON_RE = re.compile(
    r"(?i)(?<![A-Za-z0-9_-])[\"']?" + _SECRET_NAME + r"[\"']?[ \t]*:[ \t]*"
    r"(?:\"(?P<dq>[^\"\n]+)\"|'(?P<sq>[^'\n]+)'"
    r"|(?P<bare>(?=" + _COLON_VALUE_CHARS + r"*[0-9])" + _COLON_VALUE_CHARS + r"{6,}))"
)
_BEARER_RE = re.compile(
    r"(?i)(?<![a-z0-9])bearer[ \t]+(?P<value>(?=[a-z0-9._~+/-]*[0-9])[a-z0-9._~+/-]{20,}=*)"
)
# Values that name a secret rather than hold one ($VAR, masks, null).
_PLACEHOLDER_VALUE_RE = re.compile(
    r"(?i)^(?:\$.*|%.*%|<.*>|[*x.]+|null|none|nil|true|false|undefined|redacted|\[redacted.*)$"
)

# --- high-entropy blobs ---------------------------------------------------------

_BLOB_CANDIDATE_RE = re.compile(
    r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{" + str(ENTROPY_MIN_LEN) + r",}={0,2}"
    r"(?![A-Za-z0-9+/=_-])"
)
_HEXISH_RE = re.compile(r"^[0-9a-fA-F-]+$")
_LOWER_RUN_RE = re.compile(r"[a-z]{3,}")
_IDENTIFIER_PATH_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$")
# ``self.token``, ``os.environ``: a lower-case identifier, then attributes.
_ATTRIBUTE_PATH_RE = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")

_ASSIGNMENT_KINDS = {
    "password": "password",
    "passwd": "password",
    "secret": "secret",
    "token": "token",
    "apikey": "api_key",
    "api_key": "api_key",
    "api-key": "api_key",
    "accesskey": "access_key",
    "access_key": "access_key",
    "access-key": "access_key",
    "privatekey": "private_key",
    "private_key": "private_key",
    "private-key": "private_key",
}

# Rule strength: lower runs first and wins overlaps.
_PRIORITY_CONFIGURED = 0
_PRIORITY_SPECIFIC = 1
_PRIORITY_ASSIGNMENT = 2
_PRIORITY_ENTROPY = 3


@dataclass(frozen=True, slots=True)
class Redaction:
    """One secret found in a text: its span and what kind it is (never its value)."""

    kind: str
    start: int
    end: int


class _Candidate(NamedTuple):
    priority: int
    start: int
    end: int
    kind: str
    generic: bool


@dataclass(frozen=True, slots=True)
class _Rule:
    kind: str
    pattern: re.Pattern[str]
    priority: int
    group: str | int = 0
    # True when the rule must also leave receipt-like (malformed/defanged) text alone.
    generic: bool = False
    # Lower-case strings of which any match must contain at least one: when none is
    # in the lower-cased text the rule cannot match and its scan is skipped. Empty:
    # always scan. (A substring test is a memchr-speed pass; a regex scan is not.)
    needles: tuple[str, ...] = ()


_SPECIFIC_RULES: tuple[_Rule, ...] = (
    _Rule("private_key", _PEM_PRIVATE_KEY_RE, _PRIORITY_SPECIFIC, needles=("-----begin ",)),
    _Rule("anthropic_api_key", _ANTHROPIC_KEY_RE, _PRIORITY_SPECIFIC, needles=("sk-ant-",)),
    _Rule("openai_api_key", _OPENAI_KEY_RE, _PRIORITY_SPECIFIC, needles=("sk-",)),
    _Rule("github_token", _GITHUB_TOKEN_RE, _PRIORITY_SPECIFIC,
          needles=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    _Rule("aws_access_key_id", _AWS_ACCESS_KEY_ID_RE, _PRIORITY_SPECIFIC,
          needles=("akia", "asia")),
    _Rule("aws_secret_access_key", _AWS_SECRET_KEY_RE, _PRIORITY_SPECIFIC, "value",
          needles=("secret",)),
    _Rule("slack_token", _SLACK_TOKEN_RE, _PRIORITY_SPECIFIC, needles=("xox",)),
    _Rule("slack_webhook", _SLACK_WEBHOOK_RE, _PRIORITY_SPECIFIC,
          needles=("hooks.slack.com/services/",)),
    _Rule("google_api_key", _GOOGLE_API_KEY_RE, _PRIORITY_SPECIFIC, needles=("aiza",)),
    _Rule("stripe_key", _STRIPE_KEY_RE, _PRIORITY_SPECIFIC, needles=("_live_", "_test_")),
    _Rule("telegram_bot_token", _TELEGRAM_BOT_TOKEN_RE, _PRIORITY_SPECIFIC, needles=(":",)),
    _Rule("jwt", _JWT_RE, _PRIORITY_SPECIFIC, needles=("eyj",)),
    _Rule("url_password", _URL_PASSWORD_RE, _PRIORITY_SPECIFIC, "value", needles=("://",)),
)
# Every name _SECRET_NAME accepts contains one of these (password/passwd, secret,
# token, and the *key names).
_ASSIGNMENT_NEEDLES = ("pass", "secret", "token", "key")
_PUBLIC_KEY_NEEDLES = ("-----begin ", " aaaa")


def _has_needle(lowered: str | None, needles: tuple[str, ...]) -> bool:
    """Whether a rule with ``needles`` can match; ``lowered`` None: assume it can."""
    return lowered is None or not needles or any(needle in lowered for needle in needles)


def _assignment_kind(match: re.Match[str]) -> str:
    return _ASSIGNMENT_KINDS.get(match.group("key").lower(), "secret")


def _assignment_value_group(match: re.Match[str]) -> str | None:
    for group in ("dq", "sq", "bare"):
        if match.group(group) is not None:
            return group
    return None


def shannon_entropy(text: str) -> float:
    """Bits per character of ``text``'s character distribution (0.0 for empty text)."""
    if not text:
        return 0.0
    length = len(text)
    return -sum(n / length * math.log2(n / length) for n in Counter(text).values())


def _char_class(char: str) -> int:
    if char.isupper():
        return 0
    if char.islower():
        return 1
    return 2 if char.isdigit() else 3


def _class_change_share(body: str) -> float:
    changes = sum(_char_class(a) != _char_class(b) for a, b in itertools.pairwise(body))
    return changes / (len(body) - 1)


def _looks_random(blob: str) -> bool:
    """Whether a 32+ character base64-ish run is a random blob rather than a word or hash."""
    body = blob.rstrip("=")
    if len(body) < ENTROPY_MIN_LEN or _HEXISH_RE.match(body):
        return False
    upper = sum(c.isupper() for c in body)
    lower = sum(c.islower() for c in body)
    digits = sum(c.isdigit() for c in body)
    if not (upper and lower and digits):
        return False
    # Identifiers (CamelCase, snake_case, paths) are mostly lower case; random
    # base64 splits its letters evenly between the cases.
    upper_share = upper / (upper + lower)
    if not 0.25 <= upper_share <= 0.75:
        return False
    # Words change character class only at their edges; random base64 changes
    # class (upper/lower/digit/other) at about two of three neighbouring pairs.
    if _class_change_share(body) < MIN_CLASS_CHANGE_SHARE:
        return False
    # CamelCase names made of short words ("ThisIsAVeryLongName2") change class
    # often too, but most of their characters sit in lower-case runs.
    in_words = sum(len(run) for run in _LOWER_RUN_RE.findall(body))
    if in_words / len(body) >= MAX_LOWER_RUN_SHARE:
        return False
    return shannon_entropy(body) >= ENTROPY_THRESHOLD


def _is_literal_value(match: re.Match[str], group: str) -> bool:
    """Whether an assignment's value holds a secret rather than naming one.

    Quoted values always count. A bare value is skipped when it is a
    placeholder (``$VAR``, ``***``, ``<password>``) or code: a call
    (``password=getpass()``) or an attribute path (``token = self.token``).
    """
    value = match.group(group)
    if _PLACEHOLDER_VALUE_RE.match(value):
        return False
    if group != "bare":
        return True
    following = match.string[match.end(group):match.end(group) + 1]
    if following in ("(", "[") and _IDENTIFIER_PATH_RE.match(value):
        return False
    return not _ATTRIBUTE_PATH_RE.match(value)


class _SpanSet:
    """Disjoint, sorted spans with a logarithmic overlap test (texts can hold many matches)."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []
        for start, end in sorted(spans):
            if self._ends and start < self._ends[-1]:
                self._ends[-1] = max(self._ends[-1], end)  # merge overlapping input
            else:
                self._starts.append(start)
                self._ends.append(end)

    def overlaps(self, start: int, end: int) -> bool:
        index = bisect.bisect_right(self._starts, start)
        if index and self._ends[index - 1] > start:
            return True
        return index < len(self._starts) and self._starts[index] < end

    def add(self, start: int, end: int) -> None:
        """Add a span that overlaps none already present."""
        index = bisect.bisect_right(self._starts, start)
        self._starts.insert(index, start)
        self._ends.insert(index, end)


class LeakRedactor:
    """Finds and replaces secrets in outbound text; receipt tokens pass unmodified.

    ``exact_secrets`` are the values the daemon knows to be secret (API keys,
    bot tokens, passwords from the environment); each is redacted wherever it
    appears, as kind ``configured``. The instance is immutable after construction
    and safe to share between channels.
    """

    def __init__(self, exact_secrets: Iterable[str] = ()) -> None:
        self._logger = get_logger(LOG_TARGET)
        values = {value for value in exact_secrets if value}
        usable = sorted(
            (value for value in values if len(value) >= MIN_CONFIGURED_SECRET_LEN),
            key=len,
            reverse=True,
        )
        ignored = len(values) - len(usable)
        if ignored:
            self._logger.warning(
                "Configured secrets too short to redact safely; ignored",
                count=ignored,
                min_length=MIN_CONFIGURED_SECRET_LEN,
            )
        rules: list[_Rule] = []
        if usable:
            # Longest first, so a secret that contains another is replaced whole.
            pattern = re.compile("|".join(re.escape(value) for value in usable))
            rules.append(_Rule("configured", pattern, _PRIORITY_CONFIGURED))
        rules.extend(_SPECIFIC_RULES)
        rules.append(_Rule("bearer_token", _BEARER_RE, _PRIORITY_ASSIGNMENT, "value", True,
                           needles=("bearer",)))
        self._rules: tuple[_Rule, ...] = tuple(rules)
        self._configured_count = len(usable)

    def __repr__(self) -> str:
        return f"LeakRedactor(configured_secrets={self._configured_count})"

    def find(self, text: str) -> list[Redaction]:
        """Every secret in ``text``, in text order, non-overlapping."""
        if not text:
            return []
        # One lower-casing, then a substring test per rule: a reply with no secret-ish
        # text costs a handful of memchr passes and the blob scan, not twenty regex scans.
        # Only for ASCII text (isascii is O(1)): under re.IGNORECASE "ſecret"
        # matches "secret" while its lower() does not contain "secret".
        lowered = text.lower() if text.isascii() else None
        receipt_spans = ([m.span() for m in _RECEIPT_TOKEN_RE.finditer(text)]
                         if "zc-receipt-" in text else [])
        receipts = _SpanSet(receipt_spans)
        receipt_like = _SpanSet(
            receipt_spans + ([m.span() for m in _RECEIPT_LIKE_RE.finditer(text)]
                             if _has_needle(lowered, ("zc-receipt",)) else [])
        )
        not_blob_spans: list[tuple[int, int]] = []
        if _has_needle(lowered, ("://",)):
            not_blob_spans += [m.span() for m in _URL_RE.finditer(text)]
        if _has_needle(lowered, _PUBLIC_KEY_NEEDLES):
            not_blob_spans += [m.span() for m in _PUBLIC_KEY_MATERIAL_RE.finditer(text)]
        not_blobs = _SpanSet(not_blob_spans)

        candidates: list[_Candidate] = []
        for rule in self._rules:
            if not _has_needle(lowered, rule.needles):
                continue
            for match in rule.pattern.finditer(text):
                start, end = match.span(rule.group)
                if start < end and not (
                    rule.group and _PLACEHOLDER_VALUE_RE.match(text[start:end])
                ):
                    candidate = _Candidate(rule.priority, start, end, rule.kind, rule.generic)
                    candidates.append(candidate)
        assignments = ((_ASSIGN_EQUALS_RE, _ASSIGN_COLON_RE)
                       if _has_needle(lowered, _ASSIGNMENT_NEEDLES) else ())
        for pattern in assignments:
            for match in pattern.finditer(text):
                group = _assignment_value_group(match)
                if group is None or not _is_literal_value(match, group):
                    continue
                start, end = match.span(group)
                kind = _assignment_kind(match)
                candidates.append(_Candidate(_PRIORITY_ASSIGNMENT, start, end, kind, True))
        for match in _BLOB_CANDIDATE_RE.finditer(text):
            start, end = match.span()
            # A receipt token is a 32+ run too: the span tests are cheaper than the shape test.
            if (not receipt_like.overlaps(start, end) and not not_blobs.overlaps(start, end)
                    and _looks_random(match.group())):
                candidates.append(_Candidate(_PRIORITY_ENTROPY, start, end, "high_entropy", True))

        candidates.sort(key=lambda c: (c.priority, c.start))
        accepted: list[Redaction] = []
        taken = _SpanSet()
        for candidate in candidates:
            protected = receipt_like if candidate.generic else receipts
            span = (candidate.start, candidate.end)
            if protected.overlaps(*span) or taken.overlaps(*span):
                continue
            accepted.append(Redaction(candidate.kind, candidate.start, candidate.end))
            taken.add(*span)
        accepted.sort(key=lambda r: r.start)
        return accepted

    def redact(self, text: str) -> str:
        """``text`` with every secret replaced by ``[REDACTED:<kind>]``."""
        found = self.find(text)
        if not found:
            return text
        pieces: list[str] = []
        position = 0
        for redaction in found:
            pieces.append(text[position:redaction.start])
            pieces.append(f"[REDACTED:{redaction.kind}]")
            position = redaction.end
        pieces.append(text[position:])
        kinds = sorted({redaction.kind for redaction in found})
        self._logger.info("Redacted secrets from outbound text", count=len(found), kinds=kinds)
        return "".join(pieces)
