"""``zeroclaw receipts verify|log``: check receipt tokens and read the audit log.

``verify`` asks a running daemon (only it holds the key). ``log`` prints the
newest rows of the audit log: tool events and reply audits merged in time order
(oldest of the shown rows first, like a log). ``--json`` prints one JSON object
per row instead; payload columns appear only if the log was written with
``store_payloads = true``.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from zeroclaw_daemon.channels.gateway_api import split_tokens
from zeroclaw_daemon.cli.common import ZeroclawGroup, cli_state_dir, load_agent_config
from zeroclaw_daemon.config import require_env
from zeroclaw_daemon.storage import audit_db_path, read_recent_audits, read_recent_events


@click.group("receipts", cls=ZeroclawGroup)
def receipts_group() -> None:
    """Check receipt tokens and read the audit log."""


@receipts_group.command("verify")
@click.argument("text", required=False)
@click.option("--url", default="http://127.0.0.1:8731", show_default=True,
              help="Base URL of the running daemon's gateway.")
@click.option("--conversation", default=None,
              help="Decide 'foreign' against this conversation id.")
@click.option("--token-env", default=None,
              help="Name of the env var holding the gateway's bearer token.")
def receipts_verify(text: str | None, url: str, conversation: str | None,
                    token_env: str | None) -> None:
    """Judge every receipt token in TEXT (or stdin) against a running daemon's ledger.

    Only the daemon that issued a receipt holds its key, so verification asks it
    over the gateway (POST /v1/receipts/verify): a receipt from another process
    (`zeroclaw agent`, another daemon) reads 'forged' there. Prints one line per
    token, then on stderr the conversation it judged against and what each verdict
    means. Exit 0 when every token is valid, 1 otherwise.
    """
    import httpx

    if text is None:
        text = sys.stdin.read()
    body: dict[str, str] = {"text": text}
    if conversation is not None:
        body["conversation_id"] = conversation
    headers: dict[str, str] = {}
    if token_env:
        # The variable may list several clients' tokens; any one of them will do.
        token = split_tokens(require_env(token_env, "gateway bearer token"))[:1]
        headers["Authorization"] = f"Bearer {token[0] if token else ''}"
    try:
        response = httpx.post(f"{url.rstrip('/')}/v1/receipts/verify", json=body,
                              headers=headers, timeout=10.0)
    except httpx.HTTPError as exc:
        reason = type(exc).__name__
        raise click.ClickException(f"cannot reach the daemon at {url}: {reason}") from None
    if response.status_code != 200:
        raise click.ClickException(f"daemon answered {response.status_code}: {response.text[:200]}")
    tokens = response.json().get("tokens", [])
    for item in tokens:
        tool = f" ({item['tool']})" if item.get("tool") else ""
        click.echo(f"{item['verdict']:<9} {item['token']}{tool}")
    if not tokens:
        click.echo("no receipt tokens found", err=True)
    else:
        # What the verdicts mean goes to stderr: stdout stays one line per token.
        for line in explain_verdicts([str(item["verdict"]) for item in tokens], url,
                                     conversation):
            click.echo(line, err=True)
    if any(item["verdict"] != "valid" for item in tokens) or not tokens:
        raise SystemExit(1)


def explain_verdicts(verdicts: list[str], url: str, conversation: str | None) -> list[str]:
    """Which conversation the tokens were judged against, and each verdict's meaning."""
    where = f"the daemon at {url}"
    if conversation is None:
        lines = [f"Judged by {where} for no particular conversation: 'valid' means issued "
                 "by it for any conversation (give --conversation ID to tell 'foreign' "
                 "apart)."]
    else:
        lines = [f"Judged by {where} against conversation {conversation!r}."]
    meaning = {
        "valid": ("issued by this daemon" + (f" for conversation {conversation!r}"
                                             if conversation is not None else "")),
        "foreign": f"issued by this daemon, for another conversation than {conversation!r}",
        "stale": "dated before this daemon's key was made: issued before it last started, "
                 "or by another process",
        "expired": "issued by this daemon, then evicted from its ledger: too old to check",
        "forged": "not issued by this daemon's key: forged (or altered), or issued by "
                  "another process, such as `zeroclaw agent` or another daemon",
        "malformed": "not a well-formed receipt: altered spelling, padding, or look-alike "
                     "and invisible characters",
    }
    for verdict in dict.fromkeys(verdicts):
        if verdict in meaning:
            lines.append(f"  {verdict}: {meaning[verdict]}")
    return lines


@receipts_group.command("log")
@click.option("--conversation", default=None, help="Only rows of this conversation.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(min=1),
              help="How many rows to show.")
@click.option("-c", "--config", "config_path", default=None,
              type=click.Path(dir_okay=False, path_type=Path),
              help="Config file (its [daemon] state_dir holds audit.db).")
@click.option("--db", "db_path", default=None, type=click.Path(dir_okay=False, path_type=Path),
              help="Read this audit.db instead of the config's.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per row.")
def receipts_log_command(conversation: str | None, limit: int, config_path: Path | None,
                         db_path: Path | None, as_json: bool) -> None:
    """Print recent tool events (with their receipts) and reply audits."""
    if db_path is None:
        cfg = load_agent_config(config_path)
        db_path = audit_db_path(cli_state_dir(cfg))
    if not db_path.exists():
        click.echo(f"no audit log at {db_path} yet", err=True)
        return
    try:
        events = read_recent_events(db_path, conversation, limit)
        audits = read_recent_audits(db_path, conversation, limit)
    except sqlite3.Error as exc:
        click.echo(f"error: cannot read audit log {db_path}: {exc}", err=True)
        sys.exit(1)
    rows = [("tool", row) for row in events] + [("reply", row) for row in audits]
    rows.sort(key=lambda item: (item[1]["ts"], item[1]["id"]))
    for kind, row in rows[-limit:]:
        click.echo(json.dumps({"kind": kind, **_json_row(row)}, ensure_ascii=False)
                   if as_json else _text_row(kind, row))


def _json_row(row: dict[str, Any]) -> dict[str, Any]:
    shown = {key: value for key, value in row.items() if value is not None or key in
             ("receipt", "trust")}
    for key in ("findings", "urls"):
        if isinstance(shown.get(key), str):
            shown[key] = json.loads(shown[key])
    return shown


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _text_row(kind: str, row: dict[str, Any]) -> str:
    if kind == "tool":
        detached = " detached" if row["detached"] else ""
        return (f"{_when(row['ts'])} tool  conversation={row['conversation']} "
                f"turn={row['turn'][:12]} call={row['call_id']} tool={row['tool']} "
                f"status={row['status']} receipt={row['receipt'] or '-'} "
                f"duration_ms={row['duration_ms']:.1f}{detached}")
    findings = json.loads(row["findings"]) if row["findings"] else []
    types = ",".join(sorted({str(f.get("type")) for f in findings if isinstance(f, dict)}))
    return (f"{_when(row['ts'])} reply conversation={row['conversation']} "
            f"turn={row['turn'][:12]} outcome={row['outcome']} mode={row['mode']} "
            f"trust={row['trust'] or '-'} findings={types or '-'}"
            + (f" unchecked_from={row['unchecked_from']}"
               if row.get("unchecked_from") is not None else ""))
