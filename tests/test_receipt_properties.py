"""Property tests (hypothesis) for signing, parsing, verdicts and defanging."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import struct
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.receipts import (
    ReceiptScope,
    ReceiptSigner,
    ReceiptToken,
    Verdict,
    canonical_args,
    defang,
    find_receipt_like,
    format_token,
    parse_token,
    parse_tool_arguments,
    truncate,
)
from zeroclaw_daemon.receipts.tokens import normalise_for_tokens

KEY = bytes(range(32))
TS = 1_700_000_000
PROPERTY_SETTINGS = settings(max_examples=150, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])
# Recursive JSON and full-unicode text are slow to generate on two shared cores.
HEAVY_SETTINGS = settings(PROPERTY_SETTINGS, max_examples=100)

# Any code point, lone surrogates included: the MAC encodes with surrogatepass.
any_char = st.characters(exclude_categories=()) | st.characters(categories=["Cs"])
any_text = st.text(any_char)
json_scalars = (st.none() | st.booleans() | st.integers()
                | st.floats(allow_nan=False, allow_infinity=False) | any_text)
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(any_text, children,
                                                                       max_size=4),
    max_leaves=20,
)
json_args = st.dictionaries(any_text, json_values, max_size=5)
timestamps = st.integers(min_value=0, max_value=10**20 - 1)
# Mostly short, sometimes around 2 KiB, where hashlib's update() starts to release the GIL.
GIL_RELEASE_SIZE = 2048
results = any_text | st.builds(lambda pad, tail: "r" * pad + tail,
                               st.integers(GIL_RELEASE_SIZE - 64, GIL_RELEASE_SIZE + 64), any_text)
# Text that often contains receipt-like pieces, glued in random order.
receipt_pieces = st.sampled_from([
    "zc-receipt-", "ZC-RECEIPT-", "zc-receipt", "zc-receipt(untrusted)", "(untrusted)",
    "[receipt: ", "[RECEIPT:", "]", "-", "0", "01", "1700000000", "A" * 43, "B", "=", " ", "\n",
    "ı", "K", "_", format_token(TS, bytes(32)),
])
receipt_soup = st.lists(receipt_pieces | any_text, max_size=12).map("".join)


def reference_digest(tool: str, args: dict[str, Any], result: str, ts: int) -> bytes:
    """DESIGN.md's MAC, framed by hand with struct (independent of the signer's code)."""
    def frame(data: bytes) -> bytes:
        return struct.pack(">Q", len(data)) + data

    args_json = json.dumps(args, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                           allow_nan=False).encode("utf-8", "surrogatepass")
    message = (b"zc-receipt/v1\x00" + frame(tool.encode("utf-8", "surrogatepass"))
               + frame(args_json) + frame(result.encode("utf-8", "surrogatepass"))
               + frame(str(ts).encode("ascii")))
    return hmac.new(KEY, message, hashlib.sha256).digest()


@HEAVY_SETTINGS
@given(tool=any_text, args=json_args, result=results, ts=timestamps)
def test_sign_verify_round_trip(tool: str, args: dict[str, Any], result: str, ts: int) -> None:
    """Any tool name, JSON arguments and unicode result (surrogates too) sign and verify."""
    signer = ReceiptSigner(KEY)
    token = signer.sign(tool, args, result, ts)
    assert True is signer.verify(token, tool, args, result)
    assert ReceiptToken(ts, reference_digest(tool, args, result, ts)) == parse_token(token)


@HEAVY_SETTINGS
@given(tool=any_text, args=json_args, result=any_text, other=any_text)
def test_verify_rejects_any_other_result(tool: str, args: dict[str, Any], result: str,
                                         other: str) -> None:
    """A token verifies against no result other than the one it was signed over."""
    assume(other != result)
    signer = ReceiptSigner(KEY)
    token = signer.sign(tool, args, result, TS)
    assert False is signer.verify(token, tool, args, other)


@HEAVY_SETTINGS
@given(args=json_args)
def test_canonical_args_survive_a_json_round_trip(args: dict[str, Any]) -> None:
    """Arguments re-parsed from the model's JSON frame to the same bytes as the original."""
    # ensure_ascii=False: with \u escapes, json.loads would join a lone high and a lone low
    # surrogate into one character, a change of the value (json.loads never yields such
    # pairs itself, so parsed arguments are unaffected).
    reparsed = parse_tool_arguments(json.dumps(args, ensure_ascii=False))
    assert canonical_args(args) == canonical_args(reparsed)


@PROPERTY_SETTINGS
@given(ts=timestamps, digest=st.binary(min_size=32, max_size=32))
def test_format_parse_round_trip(ts: int, digest: bytes) -> None:
    """Every timestamp of up to 20 digits and every digest spell one token that parses back."""
    token = format_token(ts, digest)
    assert ReceiptToken(ts, digest) == parse_token(token)
    assert token == str(parse_token(token))


@PROPERTY_SETTINGS
@given(text=receipt_soup)
def test_finder_never_raises_and_spans_are_exact(text: str) -> None:
    """find_receipt_like accepts any text; each match's span is the text as written (its
    folded spelling for a disguised one, e.g. a superscript digit), parsed iff well-formed."""
    for match in find_receipt_like(text):
        written = text[match.start:match.end]
        assert match.text == (normalise_for_tokens(written)[0] if match.disguised else written)
        if match.token is not None:
            assert str(match.token) == match.text


@PROPERTY_SETTINGS
@given(text=receipt_soup, conversation=st.none() | st.sampled_from(["conv-a", "conv-b"]))
def test_check_tokens_returns_only_the_closed_verdict_set(text: str,
                                                          conversation: str | None) -> None:
    """check_tokens on any text returns only the six verdicts, one per receipt-like string."""
    scope = ReceiptScope(clock=lambda: float(TS))
    scope.issue(tool="shell", args={}, result="ok", call_id="c", conversation_id="conv-a",
                turn_id="t")
    found = scope.check_tokens(text, conversation)
    assert len(find_receipt_like(text)) == len(found)
    assert set() == {verdict.verdict for verdict in found} - set(Verdict)


def mutations(token: str, position: int, char: str) -> list[str]:
    """Substitute at, delete at, and insert before ``position`` (inside the token).

    An insertion that leaves the token whole ('z' after the leading 'z' spells the
    same string as 'z' before the token) changes text around it, not the token.
    """
    changed = [token[:position] + token[position + 1:]]
    if token[position] != char:
        changed.append(token[:position] + char + token[position + 1:])
    if position > 0:
        changed.append(token[:position] + char + token[position:])
    return [text for text in changed if token not in text]


@PROPERTY_SETTINGS
@given(data=st.data(), char=any_char | st.sampled_from(list(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_ (")),
    surround=st.sampled_from(["{}", "[receipt: {}]", "see {}.", "{}\n"]))
def test_any_single_character_change_makes_a_token_not_valid(data: st.DataObject, char: str,
                                                             surround: str) -> None:
    """Substituting, deleting or inserting one character inside a valid token loses 'valid'."""
    scope = ReceiptScope(clock=lambda: float(TS))
    token = scope.issue(tool="shell", args={"n": 1}, result="ok", call_id="c",
                        conversation_id="conv-a", turn_id="t")
    assert [Verdict.VALID] == [v.verdict for v in
                               scope.check_tokens(surround.format(token), "conv-a")]
    position = data.draw(st.integers(0, len(token) - 1))
    for changed in mutations(token, position, char):
        verdicts = [v.verdict for v in scope.check_tokens(surround.format(changed), "conv-a")]
        assert Verdict.VALID not in verdicts, (changed, verdicts)


@PROPERTY_SETTINGS
@given(text=receipt_soup)
def test_defanged_output_has_no_receipt_like_text(text: str) -> None:
    """Whatever a tool prints, after defang the finder reports nothing and no trailer remains."""
    defanged, count = defang(text)
    assert [] == find_receipt_like(defanged)
    assert "[receipt:" not in defanged.lower().replace(" ", "")
    assert (count == 0) == (defanged == text)


@PROPERTY_SETTINGS
@given(text=st.text(any_char.filter(lambda char: char != "[")), extra=st.integers(1, 5000),
       max_chars=st.integers(64, 4096))
def test_truncate_bounds_and_keeps_ends(text: str, extra: int, max_chars: int) -> None:
    """truncate keeps a long text within max_chars and keeps a prefix and a suffix of it."""
    long_text = text + "z" * (max_chars + extra)
    cut = truncate(long_text, max_chars)
    head, _, tail = cut.partition("\n[... ")
    tail = tail.split(" characters truncated ...]\n", 1)[1]
    assert len(cut) <= max_chars
    assert (True, True) == (long_text.startswith(head), long_text.endswith(tail))


@PROPERTY_SETTINGS
@given(digest=st.binary(min_size=32, max_size=32))
def test_only_the_canonical_spelling_of_a_digest_parses(digest: bytes) -> None:
    """Of the spellings that decode to one digest, only the canonical one is accepted."""
    canonical = base64.urlsafe_b64encode(digest).decode().rstrip("=")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    accepted = []
    for last in alphabet:
        spelling = canonical[:-1] + last
        if base64.urlsafe_b64decode(spelling + "=") != digest:
            continue
        try:
            parse_token(f"zc-receipt-{TS}-{spelling}")
        except ValueError:
            continue
        accepted.append(spelling)
    assert [canonical] == accepted


def test_every_single_character_change_over_ascii_loses_valid() -> None:
    """Exhaustively: every position x every printable ASCII char x substitute/delete/insert."""
    scope = ReceiptScope(clock=lambda: float(TS))
    token = scope.issue(tool="shell", args={}, result="ok", call_id="c", conversation_id="conv-a",
                        turn_id="t")
    checked = 0
    for position in range(len(token)):
        for char in map(chr, range(0x20, 0x7F)):
            for changed in mutations(token, position, char):
                verdicts = [v.verdict for v in scope.check_tokens(f"[receipt: {changed}]",
                                                                  "conv-a")]
                assert Verdict.VALID not in verdicts, changed
                checked += 1
    assert checked > 3 * 60 * 90
