"""ReceiptScope: one key, one ledger, one start time; and the per-turn collector.

The daemon holds one scope for its whole life (shared by every channel, kept
across reloads); ``zeroclaw agent`` makes a fresh one per turn. A synchronous
delegate finds its parent's scope and collector through :data:`current_turn`;
a background delegate works in a detached copy, so its receipts reach the
ledger but never the parent's receipts block.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NoReturn

from .events import ToolEvent
from .ledger import Ledger, LedgerRecord
from .render import count_items
from .signer import ReceiptSigner
from .tokens import ReceiptToken, format_token, parse_token, receipt_like_spans, well_formed


class Verdict(StrEnum):
    """What a receipt-like string in a reply turned out to be (DESIGN.md section 3)."""

    VALID = "valid"        # issued in this scope, for this conversation
    FOREIGN = "foreign"    # issued in this scope, for another conversation
    STALE = "stale"        # timestamp before this scope started
    EXPIRED = "expired"    # older than the ledger retains: cannot be checked
    FORGED = "forged"      # well-formed, within the horizon, never issued
    MALFORMED = "malformed"


@dataclass(frozen=True, slots=True)
class TokenVerdict:
    """A verdict for the receipt-like string at ``text[start:end]`` of a reply."""

    text: str
    start: int
    end: int
    verdict: Verdict
    record: LedgerRecord | None = None


class ReceiptScope:
    """A signing key with its ledger. Nothing outside this object sees the key."""

    def __init__(self, ledger_max_entries: int = 100_000,
                 clock: Callable[[], float] = time.time) -> None:
        self.id = secrets.token_hex(8)
        self._clock = clock
        self.started_at = int(clock())
        self._signer = ReceiptSigner()
        self.ledger = Ledger(ledger_max_entries)
        self.issued = 0

    def now(self) -> int:
        """The scope's clock, in whole seconds: the timestamp a receipt issued now carries."""
        return int(self._clock())

    def __repr__(self) -> str:
        return f"<ReceiptScope id={self.id} started_at={self.started_at} ledger={len(self.ledger)}>"

    # A copy would share the signer (and so the key) under a second owner
    # whose close() wipes it for both; a pickle would fail deep inside.
    def __reduce_ex__(self, protocol: Any) -> NoReturn:
        raise TypeError("ReceiptScope cannot be pickled or copied: its key stays in memory")

    def __copy__(self) -> NoReturn:
        raise TypeError("ReceiptScope cannot be copied")

    def __deepcopy__(self, memo: Any) -> NoReturn:
        raise TypeError("ReceiptScope cannot be copied")

    def issue(self, *, tool: str, args: Mapping[str, Any], result: str, call_id: str,
              conversation_id: str, turn_id: str, urls: Sequence[str] = (),
              result_count: int | None = None, timestamp: int | None = None,
              args_bytes: bytes | None = None) -> str:
        """Sign ``result`` for this call, record it in the ledger, return the token.

        ``args_bytes``: ``canonical_args(args)``, when the caller already has it.
        """
        ts = self.now() if timestamp is None else timestamp
        # Encoded once for both the MAC and the ledger's digest of the result.
        result_bytes = result.encode("utf-8", "surrogatepass")
        token = format_token(ts, self._signer.digest(tool, args, result, ts,
                                                     args_bytes=args_bytes,
                                                     result_bytes=result_bytes))
        count = count_items(result) if result_count is None else result_count
        self.ledger.add(LedgerRecord(token, tool, call_id, conversation_id, turn_id, ts,
                                     hashlib.sha256(result_bytes).hexdigest(), count,
                                     tuple(urls)))
        self.issued += 1
        return token

    def verify(self, token: str, tool: str, args: Mapping[str, Any], result: str) -> bool:
        """True exactly when ``token`` is this scope's receipt for these fields."""
        return self._signer.verify(token, tool, args, result)

    def check_tokens(self, text: str, conversation_id: str | None) -> list[TokenVerdict]:
        """A verdict for every receipt-like string in ``text``.

        With ``conversation_id`` None, ``foreign`` is not decided: every issued
        token is ``valid``.
        """
        verdicts: list[TokenVerdict] = []
        # The strings unparsed: a token the ledger holds is judged by its text alone; the
        # timestamp and digest are read only for one it does not.
        for candidate, start, end, disguised in receipt_like_spans(text):
            if well_formed(candidate) is None:
                verdicts.append(TokenVerdict(candidate, start, end, Verdict.MALFORMED))
                continue
            record = self.ledger.get(candidate, conversation_id)
            if record is not None:
                same = conversation_id is None or record.conversation_id == conversation_id
                verdict = Verdict.VALID if same else Verdict.FOREIGN
            else:
                verdict = self._unrecorded_verdict(parse_token(candidate))
            if disguised:
                # The disguise itself breaks the format: malformed. A disguised real receipt
                # is never valid; any other verdict of the folded token is kept beside it.
                if verdict is not Verdict.VALID:
                    verdicts.append(TokenVerdict(candidate, start, end, verdict, record))
                verdicts.append(TokenVerdict(candidate, start, end, Verdict.MALFORMED))
                continue
            verdicts.append(TokenVerdict(candidate, start, end, verdict, record))
        return verdicts

    def _unrecorded_verdict(self, token: ReceiptToken) -> Verdict:
        """The verdict on a well-formed token the ledger holds no record of."""
        if token.timestamp < self.started_at:
            return Verdict.STALE
        if (self.ledger.evicted_through is not None
                and token.timestamp <= self.ledger.evicted_through
                and self.ledger.was_evicted(token.digest, token.timestamp)):
            # Issued and evicted (its fingerprint is kept): too old to judge. An old
            # timestamp alone is not enough: without a fingerprint it is forged.
            return Verdict.EXPIRED
        return Verdict.FORGED

    def close(self) -> None:
        """Wipe the key. Tokens can no longer be issued or verified."""
        self._signer.close()


class TurnCollector:
    """Every tool event of one turn, in the model's call order."""

    def __init__(self) -> None:
        self._events: list[ToolEvent] = []

    def add(self, event: ToolEvent) -> None:
        self._events.append(event)

    @property
    def events(self) -> tuple[ToolEvent, ...]:
        return tuple(self._events)

    @property
    def receipts(self) -> tuple[ToolEvent, ...]:
        """The successful events that carry a receipt."""
        return tuple(e for e in self._events if e.receipt is not None)

    def __len__(self) -> int:
        return len(self._events)


@dataclass(frozen=True, slots=True)
class TurnContext:
    """Where a tool call's receipt goes: which scope signs, which collector gathers."""

    scope: ReceiptScope | None
    collector: TurnCollector = field(default_factory=TurnCollector)
    conversation_id: str = ""
    turn_id: str = ""
    detached: bool = False

    def detach(self) -> TurnContext:
        """Same scope and conversation, a fresh collector the parent never reads."""
        return TurnContext(self.scope, TurnCollector(), self.conversation_id,
                           self.turn_id, detached=True)


current_turn: ContextVar[TurnContext | None] = ContextVar("zeroclaw_current_turn", default=None)


@contextmanager
def bind_turn(ctx: TurnContext) -> Iterator[TurnContext]:
    """Make ``ctx`` the current turn for the code (and tasks started) inside."""
    reset = current_turn.set(ctx)
    try:
        yield ctx
    finally:
        current_turn.reset(reset)
