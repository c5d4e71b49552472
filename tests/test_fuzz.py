"""Fuzzing with hypothesis where the properties elsewhere do not reach.

``test_receipt_properties`` fuzzes the token finder and verdicts over arbitrary text and
``test_audit`` the auditor over arbitrary text. Random text rarely looks like a receipt
or a claim, so here the inputs are built from the pieces that do: near-miss tokens
mutated from real ones, and replies assembled from claim vocabulary in three languages
with real receipts mixed in. The config loader gets arbitrary documents over its real
sections and arbitrary bytes; ``zeroclaw config check`` is run on a broken file.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.config import Config, parse_config
from zeroclaw_daemon.errors import ConfigError
from zeroclaw_daemon.receipts import (
    MalformedReceiptError,
    ReceiptScope,
    ToolEvent,
    ToolStatus,
    Verdict,
    find_receipt_like,
    parse_token,
)
from zeroclaw_daemon.receipts.tokens import ReceiptToken, normalise_for_tokens

FAST = settings(max_examples=150, deadline=None, database=None)
B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
FINDING_TYPES = {"forged_receipt", "stale_receipt", "foreign_receipt", "malformed_receipt",
                 "fabricated_tool_call", "failed_call_claimed", "count_mismatch",
                 "false_absence", "ungrounded_value", "source_fabrication"}
TRUSTS = {"verified", "unverified", "suspect", "contradicted"}


def issued(scope: ReceiptScope, result: str = "alpha\nbeta\n", conversation: str = "c1") -> str:
    return scope.issue(tool="shell", args={"argv": ["ls"]}, result=result, call_id="call_1",
                       conversation_id=conversation, turn_id="t1")


# --- near-miss tokens ---------------------------------------------------------------------

@st.composite
def near_miss(draw: st.DrawFn, token: str) -> str:
    """``token`` with one damage of the kinds a model or a copy-paste inflicts."""
    prefix, epoch, digest = token.rsplit("-", 2)[0], token.split("-")[2], token.split("-", 3)[3]
    kind = draw(st.sampled_from(["truncate", "substitute", "epoch", "pad", "case", "insert",
                                 "wrap"]))
    if kind == "truncate":
        return token[:draw(st.integers(0, len(token) - 1))]
    if kind == "substitute":
        at = draw(st.integers(0, len(digest) - 1))
        char = draw(st.sampled_from(B64URL + "+/=.~ "))
        return f"{prefix}-{epoch}-{digest[:at]}{char}{digest[at + 1:]}"
    if kind == "epoch":
        new_epoch = draw(st.sampled_from(["0", "-1", "9" * 20, epoch + "0", epoch[:-1], "x"]))
        return f"{prefix}-{new_epoch}-{digest}"
    if kind == "pad":
        return token + draw(st.sampled_from(["=", "==", "A", "-", "_x"]))
    if kind == "case":
        return draw(st.sampled_from(["ZC-RECEIPT-", "Zc-Receipt-", "zc_receipt-", "zcreceipt-"])
                    ) + token[len("zc-receipt-"):]
    if kind == "insert":
        at = draw(st.integers(0, len(token)))
        return token[:at] + draw(st.sampled_from(["\u200b", "\n", "`", "*", " "])) + token[at:]
    left, right = draw(st.sampled_from([("[receipt: ", "]"), ("`", "`"), ("**", "**"),
                                        ("(", ")"), ("<", ">"), ("", ".")]))
    return f"{left}{token}{right}"


SCOPE_FOR_TOKENS = ReceiptScope()  # only read: one key to mutate real tokens of
REAL_TOKEN = issued(SCOPE_FOR_TOKENS)


@FAST
@given(text=near_miss(REAL_TOKEN), noise=st.text(max_size=40))
def test_near_miss_tokens_parse_or_fail_with_the_documented_error(text: str, noise: str
                                                                   ) -> None:
    """A damaged token either parses or raises MalformedReceiptError; the finder never
    raises, its spans are exact (a disguised one's text is its folded spelling), and a
    damaged token is never judged valid."""
    try:
        parsed = parse_token(text)
    except MalformedReceiptError as exc:
        assert (text, True) == (exc.text, bool(exc.reason))  # the error carries what it rejected
    else:
        assert isinstance(parsed, ReceiptToken)
    haystack = noise + text + noise
    for match in find_receipt_like(haystack):
        written = haystack[match.start:match.end]
        # A disguised token's text is its folded form; its span is the spelling as written.
        assert match.text == (normalise_for_tokens(written)[0] if match.disguised else written)
    verdicts = SCOPE_FOR_TOKENS.check_tokens(haystack, "c1")
    assert set(Verdict) >= {v.verdict for v in verdicts}
    damaged = REAL_TOKEN not in haystack
    if damaged:
        assert Verdict.VALID not in {v.verdict for v in verdicts}


# --- replies built from claim vocabulary ----------------------------------------------------

WORDS = st.sampled_from([
    "I ran", "I checked", "I read", "I fetched", "according to the search results", "there are",
    "no", "none", "files", "lines", "issues", "results", "three", "seven", "twelve", "5", "42",
    "1,024", "3.5", "`git log`", "`ls -la`", "/etc/hosts", "notes.txt", "https://example.com/a",
    "http://127.0.0.1:8080/x", "我查询了数据库", "共有", "七", "行", "没有", "文件",
    "revisé el archivo",
    "hay", "dos", "resultados", "ningún", "consulté", "the", "and", ",", ".", "\n", "- ", "1. ",
    "weather API", "returned", "failed", "timed out", "[receipt: ", "]", "zc-receipt-",
])


@st.composite
def replies(draw: st.DrawFn, tokens: list[str]) -> str:
    parts = draw(st.lists(st.one_of(WORDS, st.sampled_from(tokens), st.text(max_size=8)),
                          max_size=40))
    return " ".join(parts)


EVENTS = st.builds(
    ToolEvent,
    call_id=st.sampled_from(["call_1", "call_2", ""]),
    tool=st.sampled_from(["shell", "read_file", "list_dir", "http_get", "db_query"]),
    args=st.sampled_from([{}, {"argv": ["git", "log"]}, {"path": "notes.txt"},
                          {"url": "https://example.com/a"}]),
    status=st.sampled_from(list(ToolStatus)),
    result=st.sampled_from(["", "alpha\nbeta\ngamma\n", "3 files", "error: timed out",
                            "共有 7 行", "dos resultados", "x" * 300]),
)


@FAST
@given(data=st.data(), events=st.lists(EVENTS, max_size=4),
       language=st.sampled_from([None, "en", "zh", "es"]),
       conversation=st.sampled_from(["c1", "c2", None]))
def test_auditor_on_claim_shaped_replies_stays_in_its_closed_sets(
        data: st.DataObject, events: list[ToolEvent], language: str | None,
        conversation: str | None) -> None:
    """Replies made of claim words, numbers, paths, URLs and real, foreign and damaged
    receipts: the auditor never raises, reports only closed-set findings with spans inside
    the reply, and a closed-set trust."""
    scope = ReceiptScope()
    real = issued(scope)
    other_conversation = issued(scope, "other", conversation="c2")
    damaged = real[:-3] + "AAA"
    reply = data.draw(replies([real, other_conversation, damaged, REAL_TOKEN]))
    report = audit_reply(reply, events, scope, conversation, "how many files?", language)
    assert TRUSTS >= {str(report.trust)}
    assert FINDING_TYPES >= {str(f.type) for f in report.findings}
    assert all(0 <= f.start <= f.end <= len(reply) for f in report.findings)
    assert all(f.message and "\n" not in f.message for f in report.findings)
    if report.findings:
        assert "verified" != str(report.trust)


# --- the config loader --------------------------------------------------------------------

SCALARS = st.one_of(st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=20),
                    st.floats(allow_nan=False, allow_infinity=False),
                    st.lists(st.text(max_size=5), max_size=3))
SECTIONS = {
    "daemon": ["state_dir", "drain_timeout_s", "max_concurrent_turns", "bogus"],
    "logging": ["filter", "format", "bogus"],
    "provider": ["kind", "script", "base_url", "model", "api_key_env", "timeout_s", "bogus"],
    "agent": ["autonomy", "system_prompt", "max_tool_iterations", "history_max_messages"],
    "channels": ["gateway", "telegram", "irc", "bogus"],
    "tools": ["shell", "files", "http_get", "delegate"],
    "bogus": ["x"],
}


@st.composite
def config_documents(draw: st.DrawFn) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for section in draw(st.lists(st.sampled_from(sorted(SECTIONS)), max_size=5, unique=True)):
        keys = draw(st.lists(st.sampled_from(SECTIONS[section]), max_size=4, unique=True))
        document[section] = {key: draw(st.one_of(SCALARS, st.dictionaries(
            st.sampled_from(["enabled", "listen", "allow", "root", "timeout_s", "x"]), SCALARS,
            max_size=3))) for key in keys}
    return document


@FAST
@given(document=config_documents())
def test_config_loader_gives_a_config_or_one_error_with_paths(document: dict[str, Any]) -> None:
    """Any TOML document over the real sections (and wrong ones) loads into a Config or
    raises ConfigError whose every problem names a path and a message."""
    text = tomli_w.dumps(document)
    try:
        cfg = parse_config(text)
    except ConfigError as exc:
        assert exc.problems
        assert all(isinstance(p.path, str) and p.message for p in exc.problems)
    else:
        assert isinstance(cfg, Config)


@FAST
@given(raw=st.binary(max_size=200))
def test_config_loader_on_arbitrary_bytes_raises_only_config_error(raw: bytes) -> None:
    """Arbitrary bytes as a config (decoded as the loader's caller would) never raise
    anything but ConfigError."""
    try:
        parse_config(raw.decode("utf-8", errors="replace"))
    except ConfigError as exc:
        assert exc.problems


def test_config_check_lists_every_problem_and_exits_78(tmp_path: Path) -> None:
    """`zeroclaw config check` on a file with three distinct problems exits 78 and names
    each problem's path on stderr."""
    path = tmp_path / "bad.toml"
    path.write_text(tomli_w.dumps({
        "agent": {"autonomy": "reckless"},
        "channels": {"gateway": {"max_body_bytes": -5}},
        "daemon": {"no_such_key": 1},
    }), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "zeroclaw_daemon", "config", "check",
                           "--no-env", str(path)], capture_output=True, text=True, timeout=60)
    assert 78 == done.returncode
    for where in ("agent.autonomy", "channels.gateway.max_body_bytes", "daemon.no_such_key"):
        assert where in done.stderr
