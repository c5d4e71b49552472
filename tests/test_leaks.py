"""Outbound leak redaction: real-looking secrets go, receipts and look-alikes stay."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.security import LeakRedactor

RECEIPT = "zc-receipt-1718000000-_uIr2xtYQGWrK_f2F-X9ZWxrZlLvc6ZnBGkO3k_jecY"
RECEIPT_2 = "zc-receipt-1718000123-h9iyE1fepzIQ8GD-hTjsP9rHJy24mBfSpLPnwdIpaJQ"
CONFIGURED_SECRET = "correct-horse-battery-staple"

PEM_RSA = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEpAIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\n"
    "aFDrBz9vFqU4yvEkXEW2rEh2r3Nn1lFKPYhKqQ4L8ZqG5eYkVvK7mO4hN9HqkTvP\n"
    "-----END RSA PRIVATE KEY-----"
)
PEM_OPENSSH = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACDk3rGAvOZ5dV0JH4xNqKp8n2kq5yVYwq9c1r7uQm0r1AAAAJhQvXxQUL18\n"
    "-----END OPENSSH PRIVATE KEY-----"
)
JWT = (
    "eyJhbGciOiAiSFMyNTYiLCAidHlwIjogIkpXVCJ9."
    "eyJzdWIiOiAiMTIzNDU2Nzg5MCIsICJuYW1lIjogIkFkYSIsICJpYXQiOiAxNzE4MDAwMDAwfQ."
    "cF_Ha6ili8GjHEAD6-Wj9KfzjsQGMrb9h_ImB_LK777"
)

# (id, text containing a secret, exact expected output). The expected output names the kind.
SECRETS: list[tuple[str, str, str]] = [
    ("openai_legacy",
     "key is sk-u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzdocJ2isAj ok",
     "key is [REDACTED:openai_api_key] ok"),
    ("openai_project",
     "use sk-proj-pNxnyVmihA-2O76UMFxFkM-R5Kjp1vRt_1fjORS-6ilI8ihN5KXSc7Tvo-hBKqFYY-kv5ZJr3J"
     "T3BlbkFJTAwR4y9ojfljoQoaF1Ll.",
     "use [REDACTED:openai_api_key]."),
    ("anthropic",
     "ANTHROPIC: sk-ant-api03-HKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtGSU8po_799NksnRH9ucAUsdMl"
     "HUvTCQCyEZDz-TddJ8HyS5SUkCnD8zRAAA",
     "ANTHROPIC: [REDACTED:anthropic_api_key]"),
    ("github_classic", "ghp_EN5N1aE6PwZPf1Qh6yYTWmE4lBYOvfZ8UzDz is the PAT",
     "[REDACTED:github_token] is the PAT"),
    ("github_oauth", "(gho_V8fUkkibjL5DZPjN0MEQ7wjJJibaZUPgHV7i)", "([REDACTED:github_token])"),
    ("github_fine_grained",
     "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",
     "[REDACTED:github_token]"),
    ("aws_access_key_id", "AWS_ACCESS_KEY_ID AKIA6846P7Q9M2I0HZ2U.",
     "AWS_ACCESS_KEY_ID [REDACTED:aws_access_key_id]."),
    ("aws_secret_access_key",
     "aws_secret_access_key = jE2jBMptUsGr7CmY/uCu3ZR1zTOlUcR64cXQLioD\nregion = eu-west-1",
     "aws_secret_access_key = [REDACTED:aws_secret_access_key]\nregion = eu-west-1"),
    ("slack_bot", "xoxb-11440242646-2889751402614-8bOfZqfM2oeq3hDavJA76rNi",
     "[REDACTED:slack_token]"),
    ("slack_user", "token xoxp-2889751402614-11440242646-EXAMPLEtoken99 here",
     "token [REDACTED:slack_token] here"),
    ("google", "maps key AIzafEouHgxzNNAL5wIScGebcy8F5n3-YNBDRzr!",
     "maps key [REDACTED:google_api_key]!"),
    ("stripe_secret", "stripe: sk_live_zwd1iaeOV4qBkdfQ1y3GQsMp", "stripe: [REDACTED:stripe_key]"),
    ("stripe_restricted", "rk_live_SscDlkrCaqx9vJupc94tnwla", "[REDACTED:stripe_key]"),
    ("telegram_bot_token", "bot 5617483380:AAlHlsZfYcMMDktXP-tKsf2rcDkdfrUnW5g started",
     "bot [REDACTED:telegram_bot_token] started"),
    ("pem_rsa", f"Here it is:\n{PEM_RSA}\nDone.", "Here it is:\n[REDACTED:private_key]\nDone."),
    ("pem_openssh", f"{PEM_OPENSSH}\n", "[REDACTED:private_key]\n"),
    ("jwt", f"Authorization cookie: session={JWT}; Path=/",
     "Authorization cookie: session=[REDACTED:jwt]; Path=/"),
    ("password_assignment", "DB_PASSWORD=hunter2 ./run.sh",
     "DB_PASSWORD=[REDACTED:password] ./run.sh"),
    ("token_in_query", "https://example.com/callback?token=abc123XYZ&next=%2Fhome",
     "https://example.com/callback?token=[REDACTED:token]&next=%2Fhome"),
    ("json_api_key", '{"api_key": "q8Zr4mX1vB", "region": "us"}',
     '{"api_key": "[REDACTED:api_key]", "region": "us"}'),
    ("client_secret", "CLIENT_SECRET='s3cr3t value'", "CLIENT_SECRET='[REDACTED:secret]'"),
    ("yaml_password", "  password: Tr0ub4dor&3x\n", "  password: [REDACTED:password]\n"),
    ("bearer_header", "Authorization: Bearer pzNk8cL6j-5IXAAjlsHUqJoUD_.Ydua.5ZMs1SWO",
     "Authorization: Bearer [REDACTED:bearer_token]"),
    ("url_password", "postgres://app:Sup3rS3cret@db.internal:5432/app",
     "postgres://app:[REDACTED:url_password]@db.internal:5432/app"),
    ("configured_exact", f"the passphrase is {CONFIGURED_SECRET}, keep it",
     "the passphrase is [REDACTED:configured], keep it"),
    ("high_entropy_base64url", "blob vuCcWBi4KpcbAw-z0QmJR5psdj81PrDbYx9zb4Oq end",
     "blob [REDACTED:high_entropy] end"),
    ("high_entropy_base64", "k=/2ngqibUxqrIVMFbz3vtwyqDMLXgpHqP9qisDKc3c/yt",
     "k=[REDACTED:high_entropy]"),
    ("assignment_holding_a_key",
     "OPENAI_TOKEN=sk-u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzdocJ2isAj",
     "OPENAI_TOKEN=[REDACTED:openai_api_key]"),
]

# Text that must survive byte for byte.
NEAR_MISSES: list[tuple[str, str]] = [
    ("receipt_token", RECEIPT),
    ("receipt_trailer", f"3 files found\n\n[receipt: {RECEIPT}]"),
    ("receipts_block",
     f"Done.\n\n---\nTool receipts:\n  shell: {RECEIPT}\n  http_get: {RECEIPT_2}"),
    ("receipt_in_assignment", f"token={RECEIPT}"),
    ("defanged_receipt",
     "zc-receipt(untrusted)-1718000000-_uIr2xtYQGWrK_f2F-X9ZWxrZlLvc6ZnBGkO3k_jec"),
    ("uuid", "request 550e8400-e29b-41d4-a716-446655440000 accepted"),
    ("git_sha_full", "commit 11f6ad8ec52a2984abaafd7c3b516503785c2072 (HEAD -> main)"),
    ("git_sha_short", "fixed in 3f2a9c1 and 3f2a9c1b7e4d"),
    ("sha256", "sha256:2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"),
    ("base64_short_text", "aGVsbG8gd29ybGQ= decodes to hello world; WmVyb0NsYXcgcm9ja3M= too"),
    ("prose", "The secret to good tokens is patience; reset your password in the settings page."),
    ("prose_with_colon", "The secret: patience. Your token: the one from the welcome email."),
    ("url_with_query", "https://www.example.com/search?q=zeroclaw+receipts&page=2&lang=en"),
    ("github_commit_url",
     "https://github.com/zeroclaw/zeroclaw/commit/11f6ad8ec52a2984abaafd7c3b516503785c2072"),
    ("file_path", "/usr/lib/python3.11/site-packages/zeroclaw_daemon/channels/telegram.py"),
    ("sk_learn", "Try sk-learn-style pipelines from scikit-learn-contrib-extensions."),
    ("camel_case", "AbstractSingletonProxyFactoryBean and ThisIsAVeryLongJavaClassNameFactory2"),
    ("max_tokens", "max_tokens=1024, token_count: 42, tokens=12"),
    ("code_call", "password = getpass.getpass()\ntoken = self.token\nif token == expected:"),
    ("placeholders", "export API_KEY=$OPENAI_API_KEY\npassword=***\nsecret=<your-secret>"),
    ("times_and_dates", "2024-06-10T12:30:45Z at 12:30:45, build 20240610.3"),
    ("ssh_public_key",
     "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGsW3h1v9Qk2tXq0mYz8rPp4LxV7cN5bJd6eF0aH1iK2 ada@host"),
    ("redacted_marker", "password=[REDACTED:password]"),
]


@pytest.fixture
def redactor() -> LeakRedactor:
    """A redactor that also knows one configured secret."""
    return LeakRedactor([CONFIGURED_SECRET])


@pytest.mark.parametrize(("text", "expected"), [(t, e) for _, t, e in SECRETS],
                         ids=[case_id for case_id, _, _ in SECRETS])
def test_secret_is_redacted_with_its_kind(redactor: LeakRedactor, text: str,
                                          expected: str) -> None:
    """Each real-looking secret is replaced by [REDACTED:<kind>] and nothing else changes."""
    assert expected == redactor.redact(text)


@pytest.mark.parametrize("text", [t for _, t in NEAR_MISSES], ids=[i for i, _ in NEAR_MISSES])
def test_near_miss_survives_byte_for_byte(redactor: LeakRedactor, text: str) -> None:
    """Receipts, hashes, UUIDs, URLs and prose pass through unmodified."""
    assert text == redactor.redact(text)


def test_table_sizes_meet_the_brief() -> None:
    """The tables hold at least 20 secrets and 12 near-misses."""
    assert (True, True) == (len(SECRETS) >= 20, len(NEAR_MISSES) >= 12)


def test_redaction_is_idempotent(redactor: LeakRedactor) -> None:
    """Redacting already-redacted text changes nothing (markers are never re-matched)."""
    once = redactor.redact("\n".join(text for _, text, _ in SECRETS))
    assert once == redactor.redact(once)


def test_receipt_beside_a_secret_is_kept(redactor: LeakRedactor) -> None:
    """A receipt next to a key keeps its exact spelling while the key goes."""
    text = f"result ghp_EN5N1aE6PwZPf1Qh6yYTWmE4lBYOvfZ8UzDz\n\n[receipt: {RECEIPT}]"
    expected = f"result [REDACTED:github_token]\n\n[receipt: {RECEIPT}]"
    assert expected == redactor.redact(text)


def test_find_reports_kinds_and_spans(redactor: LeakRedactor) -> None:
    """find() gives kind and span of each secret, in text order."""
    text = "a AKIA6846P7Q9M2I0HZ2U b password=hunter2"
    found = [(r.kind, text[r.start:r.end]) for r in redactor.find(text)]
    assert [("aws_access_key_id", "AKIA6846P7Q9M2I0HZ2U"), ("password", "hunter2")] == found


def test_short_configured_secret_is_ignored() -> None:
    """A configured value too short to be safe (would mangle words) is not redacted."""
    assert "the cat sat" == LeakRedactor(["cat"]).redact("the cat sat")


def test_overlapping_configured_secrets_redact_the_longer_whole() -> None:
    """When one configured secret contains another, the longer one is replaced in one piece."""
    redactor = LeakRedactor(["abcdef", "abcdefghij"])
    assert "x [REDACTED:configured] y" == redactor.redact("x abcdefghij y")


def test_repr_holds_no_secret() -> None:
    """The redactor's repr counts configured secrets without showing them."""
    assert "LeakRedactor(configured_secrets=1)" == repr(LeakRedactor([CONFIGURED_SECRET]))


@pytest.fixture
def captured_logs(clean_logging: None) -> Iterator[io.StringIO]:
    """JSON log lines of every level, written to a buffer."""
    stream = io.StringIO()
    configure_logging("trace", fmt="json", stream=stream, environ={})
    yield stream


def test_redaction_logs_count_and_kinds_never_values(captured_logs: io.StringIO) -> None:
    """An INFO line on zeroclaw_runtime::security names count and kinds, not the secret."""
    redactor = LeakRedactor([CONFIGURED_SECRET])
    redactor.redact(f"{CONFIGURED_SECRET} and password=hunter2 and password=swordfish")
    records = [json.loads(line) for line in captured_logs.getvalue().splitlines()]
    security = [r for r in records if r.get("target") == "zeroclaw_runtime::security"]
    assert 1 == len(security)
    assert ("INFO", 3, ["configured", "password"]) == (
        security[0]["level"], security[0]["fields"]["count"], security[0]["fields"]["kinds"])
    logged = captured_logs.getvalue()
    assert (False, False, False) == (
        CONFIGURED_SECRET in logged, "hunter2" in logged, "swordfish" in logged)


def test_clean_text_logs_nothing(captured_logs: io.StringIO) -> None:
    """Nothing is logged on the security target when nothing was redacted."""
    LeakRedactor().redact(f"all good\n\n[receipt: {RECEIPT}]")
    records = [json.loads(line) for line in captured_logs.getvalue().splitlines()]
    assert [] == [r for r in records if r.get("target") == "zeroclaw_runtime::security"]


_FRAGMENTS = [
    "password=", "PASSWD: ", "Secret", "api_key", "x-api-key: ", "token", "Bearer ",
    "sk-", "sk-ant-", "proj-", "ghp_", "github_pat_", "AKIA", "ASIA", "aws_secret_access_key=",
    "xoxb-", "https://hooks.slack.com/services/", "AIza", "sk_live_", "rk_test_", "123456789:",
    "eyJ", ".", "https://user:", "@host/", "-----BEGIN RSA PRIVATE KEY-----",
    "-----BEGIN CERTIFICATE-----", "-----END CERTIFICATE-----", "ssh-ed25519 AAAA",
    "zc-receipt-1700000000-", "zc-receipt(untrusted)-", "\u017fecret=", "\u0130", "K",
    "Zx9Qw3Er7Ty1Ui5Op2As6Df4Gh8Jk0Lz", "AbCdEf0123456789GhIjKl", "deadbeef" * 5,
    "'", '"', " ", "\n", "=", ":", "abc123XYZ", "$HOME", "getpass()", "self.token",
]


def test_substring_prefilter_finds_exactly_what_a_full_scan_finds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Skipping a rule whose needles are absent never changes what find() reports: on
    texts built from every rule's trigger fragments (ASCII and not), the prefiltered
    redactor and one that scans every rule agree span for span."""
    import random

    from zeroclaw_daemon.security import leaks

    redactor = LeakRedactor(["configured-Secret-Value-1"])
    rng = random.Random(17)
    texts = ["".join(rng.choice([*_FRAGMENTS, "configured-Secret-Value-1"])
                     for _ in range(rng.randint(1, 30))) for _ in range(3000)]
    fast = [redactor.find(text) for text in texts]
    monkeypatch.setattr(leaks, "_has_needle", lambda lowered, needles: True)
    full = [redactor.find(text) for text in texts]
    assert sum(map(len, full)) > 1000  # the corpus does contain secrets to find
    assert full == fast
