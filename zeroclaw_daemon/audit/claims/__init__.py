"""Claim extraction, language-neutral: a language pack (:mod:`..lang`) plus text to claims.

``types`` (claims), ``text`` (phrases, masking, URLs), ``words`` (stems,
keywords), ``numbers`` and ``values`` (numbers, dates, values), ``gate``
(trigger words), ``segment`` (sentences, clauses, hedges), ``counts``
(Latin-script counts), ``extract`` (claim extraction), ``pack`` (the pack type).
"""

from __future__ import annotations

from .extract import extract_claims
from .pack import LanguagePack
from .types import (
    AbsenceClaim,
    Claims,
    Clause,
    CountClaim,
    ResultClaim,
    ToolUseClaim,
    UrlClaim,
    ValueClaim,
    ValueKind,
)

__all__ = [
    "AbsenceClaim",
    "Claims",
    "Clause",
    "CountClaim",
    "LanguagePack",
    "ResultClaim",
    "ToolUseClaim",
    "UrlClaim",
    "ValueClaim",
    "ValueKind",
    "extract_claims",
]
