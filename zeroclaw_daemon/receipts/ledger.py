"""A bounded index of the receipts a scope issued: token -> what it was issued for."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import NamedTuple

from .errors import MalformedReceiptError
from .fingerprints import EvictedFingerprints
from .tokens import parse_token


class LedgerRecord(NamedTuple):
    """What one receipt was issued for. Holds hashes and counts, not payloads.

    A named tuple rather than a frozen dataclass: one is built per receipt, and a frozen
    dataclass's ``__init__`` sets each of its nine fields through ``object.__setattr__``
    (about 1 µs against 0.3 µs). Immutable all the same; and a tuple of strings and ints
    is one the cyclic GC stops tracking, which matters in a ledger of 100,000 records.
    """

    token: str
    tool: str
    call_id: str
    conversation_id: str
    turn_id: str
    ts: int
    result_sha256: str
    result_count: int
    urls: tuple[str, ...] = ()


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class Ledger:
    """Insertion-ordered, oldest evicted first once ``max_entries`` is reached.

    ``evicted_through`` is the newest timestamp among evicted records: a token
    at or before it may have been issued and forgotten, so it can no longer be
    judged (``expired``); a token after it that is not here was never issued.

    A token names (tool, args, result, second), not a conversation: two
    conversations that run the same call in the same second get the same
    token. So records are kept per (token, conversation), and
    ``get(token, conversation_id)`` finds that conversation's own record.
    """

    def __init__(self, max_entries: int = 100_000,
                 fingerprint_capacity: int | None = None) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        # Evicted tokens are remembered as Bloom fingerprints (see fingerprints.py), ten
        # ledgers' worth per generation unless told; built at the first eviction.
        self.fingerprint_capacity = fingerprint_capacity or 10 * max_entries
        self.evicted: EvictedFingerprints | None = None
        self._records: OrderedDict[tuple[str, str], LedgerRecord] = OrderedDict()
        # token -> its most recently added record. Eviction is oldest first,
        # so when that record goes, every other record of the token is gone.
        self._latest: dict[str, LedgerRecord] = {}
        self.evicted_through: int | None = None
        self.evicted_count = 0

    def __len__(self) -> int:
        return len(self._records)

    def __contains__(self, token: object) -> bool:
        return token in self._latest

    def __repr__(self) -> str:
        return f"<Ledger {len(self)}/{self.max_entries} evicted={self.evicted_count}>"

    def add(self, record: LedgerRecord) -> None:
        records = self._records
        token = record.token
        key = (token, record.conversation_id)
        if key in records:
            records.move_to_end(key)  # a re-issued token is as young as its latest issue
        records[key] = record
        self._latest[token] = record
        while len(records) > self.max_entries:
            _, oldest = records.popitem(last=False)
            if self._latest.get(oldest.token) is oldest:
                del self._latest[oldest.token]
                self._remember_evicted(oldest)
            self.evicted_count += 1
            if self.evicted_through is None or oldest.ts > self.evicted_through:
                self.evicted_through = oldest.ts

    def _remember_evicted(self, record: LedgerRecord) -> None:
        try:
            digest = parse_token(record.token).digest
        except MalformedReceiptError:
            return  # only the signer adds records; a test's hand-made token has no MAC
        if self.evicted is None:
            self.evicted = EvictedFingerprints(self.fingerprint_capacity)
        self.evicted.add(digest, record.ts)

    def was_evicted(self, digest: bytes, ts: int) -> bool:
        """Whether a token of this MAC and time was issued and evicted (or can no longer be
        told apart: older than the fingerprints' own memory)."""
        evicted = self.evicted
        if evicted is None:
            return False
        if evicted.forgotten_through is not None and ts <= evicted.forgotten_through:
            return True
        return digest in evicted

    def get(self, token: str, conversation_id: str | None = None) -> LedgerRecord | None:
        """The record of ``token`` for ``conversation_id`` if there is one, else its latest."""
        if conversation_id is not None:
            record = self._records.get((token, conversation_id))
            if record is not None:
                return record
        return self._latest.get(token)

    @property
    def horizon(self) -> int | None:
        """Timestamp of the oldest retained record (None when empty)."""
        for record in self._records.values():
            return record.ts
        return None
