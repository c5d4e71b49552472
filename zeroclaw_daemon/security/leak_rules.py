"""The leak rules: what a secret looks like (the engine that applies them is leaks.py).

Patterns for secrets by construction, assignments and high-entropy blobs; the
spans that must pass (receipt tokens, URLs, public key material); and the shape
tests that tell a random blob from an identifier or a hash.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass

ENTROPY_MIN_LEN = 32
# Bits per character. Random base64 of 32 characters sits around 4.2-4.6 (hex
# never exceeds 4.0); with the shape checks in looks_random, about 2.5% of
# random 32-character blobs and under 1% of 40-character ones slip through,
# while identifiers, paths and words stay untouched (measured on the stdlib).
ENTROPY_THRESHOLD = 4.0
MIN_CLASS_CHANGE_SHARE = 0.4
MAX_LOWER_RUN_SHARE = 0.5

# --- protected spans -------------------------------------------------------

# A receipt token in the strict grammar's shape: never touched by any rule.
RECEIPT_TOKEN_RE = re.compile(
    r"(?<![A-Za-z0-9_-])zc-receipt-(?:0|[1-9][0-9]{0,19})-[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"
)
# Anything receipt-like (malformed, defanged) is evidence the audit quotes; the
# generic rules (entropy, assignments) leave it alone, the specific ones do not.
RECEIPT_LIKE_RE = re.compile(r"zc-receipt(?:\(untrusted\))?-[A-Za-z0-9_-]*", re.IGNORECASE)
URL_RE = re.compile(r"(?i)\b(?:https?|ftp|wss?)://[^\s<>\"'`]+")
# Public material looks random but is not secret: certificates, public keys.
PUBLIC_KEY_MATERIAL_RE = re.compile(
    r"-----BEGIN (?:CERTIFICATE|(?:[A-Z0-9]+ )*PUBLIC KEY(?: BLOCK)?)-----"
    r".*?-----END [A-Z0-9 ]+-----"
    r"|\b(?:ssh|ecdsa-sha2|sk-ssh|sk-ecdsa)-[a-z0-9@.-]+ AAAA[A-Za-z0-9+/]+=*",
    re.DOTALL,
)

# --- specific shapes -------------------------------------------------------

PEM_PRIVATE_KEY_RE = re.compile(
    r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
    # A truncated block (no END line): take the header lines and base64 lines.
    r"|(?:\r?\n(?:[A-Za-z-]+: [^\n]*|[A-Za-z0-9+/=]+))*)",
    re.DOTALL,
)
ANTHROPIC_KEY_RE = re.compile(r"(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}")
# OpenAI keys mix case and digits; requiring all three keeps "sk-learn-..." prose out.
OPENAI_KEY_RE = re.compile(
    r"(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?"
    r"(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])"
    r"[A-Za-z0-9_-]{20,}"
)
GITHUB_TOKEN_RE = re.compile(
    r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})"
)
AWS_ACCESS_KEY_ID_RE = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Z])")
AWS_SECRET_KEY_RE = re.compile(
    r"(?i)(?<![a-z0-9])aws_?secret_?access_?key[\"']?\s*[:=]\s*[\"']?"
    r"(?P<value>[a-z0-9/+=]{40})(?![a-z0-9/+=])"
)
SLACK_TOKEN_RE = re.compile(r"(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}")
SLACK_WEBHOOK_RE = re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9_/]{20,}")
GOOGLE_API_KEY_RE = re.compile(r"(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])")
STRIPE_KEY_RE = re.compile(r"(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}")
TELEGRAM_BOT_TOKEN_RE = re.compile(
    r"(?<![A-Za-z0-9])[0-9]{6,12}:[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])"
)
JWT_RE = re.compile(
    r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"
)
URL_PASSWORD_RE = re.compile(
    r"(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@]+:(?P<value>[^/\s@]+)@"
)

# --- assignments ------------------------------------------------------------

SECRET_NAME = (
    r"(?P<name>[A-Za-z0-9_.-]*?"
    r"(?P<key>password|passwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key))"
)
VALUE_CHARS = r"[^\s\"'&,;<>()\[\]{}]"
# name=value: any value (shell, .env, URL query strings).
ASSIGN_EQUALS_RE = re.compile(
    r"(?i)(?<![A-Za-z0-9_-])" + SECRET_NAME + r"[\"']?[ \t]*(?<![=!<>])=(?!=)[ \t]*"
    r"(?:\"(?P<dq>[^\"\n]+)\"|'(?P<sq>[^'\n]+)'|(?P<bare>" + VALUE_CHARS + r"+))"
)
# name: value (JSON, YAML, headers): prose uses colons too ("the secret: patience"),
# so an unquoted value must look like a credential (6+ characters with a digit).
# No query strings here, so "&" and ";" belong to the value.
COLON_VALUE_CHARS = r"[^\s\"',{}\[\]]"
ASSIGN_COLON_RE = re.compile(
    r"(?i)(?<![A-Za-z0-9_-])[\"']?" + SECRET_NAME + r"[\"']?[ \t]*:[ \t]*"
    r"(?:\"(?P<dq>[^\"\n]+)\"|'(?P<sq>[^'\n]+)'"
    r"|(?P<bare>(?=" + COLON_VALUE_CHARS + r"*[0-9])" + COLON_VALUE_CHARS + r"{6,}))"
)
BEARER_RE = re.compile(
    r"(?i)(?<![a-z0-9])bearer[ \t]+(?P<value>(?=[a-z0-9._~+/-]*[0-9])[a-z0-9._~+/-]{20,}=*)"
)
# Values that name a secret rather than hold one ($VAR, masks, null).
PLACEHOLDER_VALUE_RE = re.compile(
    r"(?i)^(?:\$.*|%.*%|<.*>|[*x.]+|null|none|nil|true|false|undefined|redacted|\[redacted.*)$"
)

# --- high-entropy blobs ---------------------------------------------------------

BLOB_CANDIDATE_RE = re.compile(
    r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{" + str(ENTROPY_MIN_LEN) + r",}={0,2}"
    r"(?![A-Za-z0-9+/=_-])"
)
HEXISH_RE = re.compile(r"^[0-9a-fA-F-]+$")
LOWER_RUN_RE = re.compile(r"[a-z]{3,}")
IDENTIFIER_PATH_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$")
# ``self.token``, ``os.environ``: a lower-case identifier, then attributes.
ATTRIBUTE_PATH_RE = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")

ASSIGNMENT_KINDS = {
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
PRIORITY_CONFIGURED = 0
PRIORITY_SPECIFIC = 1
PRIORITY_ASSIGNMENT = 2
PRIORITY_ENTROPY = 3


@dataclass(frozen=True, slots=True)
class Rule:
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


SPECIFIC_RULES: tuple[Rule, ...] = (
    Rule("private_key", PEM_PRIVATE_KEY_RE, PRIORITY_SPECIFIC, needles=("-----begin ",)),
    Rule("anthropic_api_key", ANTHROPIC_KEY_RE, PRIORITY_SPECIFIC, needles=("sk-ant-",)),
    Rule("openai_api_key", OPENAI_KEY_RE, PRIORITY_SPECIFIC, needles=("sk-",)),
    Rule("github_token", GITHUB_TOKEN_RE, PRIORITY_SPECIFIC,
          needles=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    Rule("aws_access_key_id", AWS_ACCESS_KEY_ID_RE, PRIORITY_SPECIFIC,
          needles=("akia", "asia")),
    Rule("aws_secret_access_key", AWS_SECRET_KEY_RE, PRIORITY_SPECIFIC, "value",
          needles=("secret",)),
    Rule("slack_token", SLACK_TOKEN_RE, PRIORITY_SPECIFIC, needles=("xox",)),
    Rule("slack_webhook", SLACK_WEBHOOK_RE, PRIORITY_SPECIFIC,
          needles=("hooks.slack.com/services/",)),
    Rule("google_api_key", GOOGLE_API_KEY_RE, PRIORITY_SPECIFIC, needles=("aiza",)),
    Rule("stripe_key", STRIPE_KEY_RE, PRIORITY_SPECIFIC, needles=("_live_", "_test_")),
    Rule("telegram_bot_token", TELEGRAM_BOT_TOKEN_RE, PRIORITY_SPECIFIC, needles=(":",)),
    Rule("jwt", JWT_RE, PRIORITY_SPECIFIC, needles=("eyj",)),
    Rule("url_password", URL_PASSWORD_RE, PRIORITY_SPECIFIC, "value", needles=("://",)),
)
# Every name SECRET_NAME accepts contains one of these (password/passwd, secret,
# token, and the *key names).
ASSIGNMENT_NEEDLES = ("pass", "secret", "token", "key")
PUBLIC_KEY_NEEDLES = ("-----begin ", " aaaa")


def assignment_kind(match: re.Match[str]) -> str:
    return ASSIGNMENT_KINDS.get(match.group("key").lower(), "secret")


def assignment_value_group(match: re.Match[str]) -> str | None:
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


def char_class(char: str) -> int:
    if char.isupper():
        return 0
    if char.islower():
        return 1
    return 2 if char.isdigit() else 3


def class_change_share(body: str) -> float:
    changes = sum(char_class(a) != char_class(b) for a, b in itertools.pairwise(body))
    return changes / (len(body) - 1)


def looks_random(blob: str) -> bool:
    """Whether a 32+ character base64-ish run is a random blob rather than a word or hash."""
    body = blob.rstrip("=")
    if len(body) < ENTROPY_MIN_LEN or HEXISH_RE.match(body):
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
    if class_change_share(body) < MIN_CLASS_CHANGE_SHARE:
        return False
    # CamelCase names made of short words ("ThisIsAVeryLongName2") change class
    # often too, but most of their characters sit in lower-case runs.
    in_words = sum(len(run) for run in LOWER_RUN_RE.findall(body))
    if in_words / len(body) >= MAX_LOWER_RUN_SHARE:
        return False
    return shannon_entropy(body) >= ENTROPY_THRESHOLD


def is_literal_value(match: re.Match[str], group: str) -> bool:
    """Whether an assignment's value holds a secret rather than naming one.

    Quoted values always count. A bare value is skipped when it is a
    placeholder (``$VAR``, ``***``, ``<password>``) or code: a call
    (``password=getpass()``) or an attribute path (``token = self.token``).
    """
    value = match.group(group)
    if PLACEHOLDER_VALUE_RE.match(value):
        return False
    if group != "bare":
        return True
    following = match.string[match.end(group):match.end(group) + 1]
    if following in ("(", "[") and IDENTIFIER_PATH_RE.match(value):
        return False
    return not ATTRIBUTE_PATH_RE.match(value)
