"""Source claims: a cited URL must appear in a result, a fetch argument or the user's message."""

from __future__ import annotations

from ..claims.text import url_forms
from ..report import FindingType
from .base import CheckContext, clip


def check_sources(context: CheckContext) -> None:
    for url in context.claims.urls:
        check_url(context, url.span, url.url, url.normalised)


def check_url(context: CheckContext, span: tuple[int, int], url: str, normalised: str) -> None:
    evidence = context.evidence
    forms = url_forms(normalised)
    # The URL written out in a result or an argument grounds it: looked for as text
    # first, before every URL of the evidence is read and normalised.
    if forms[2] and forms[2] in evidence.haystack_lower:
        return
    if url.lower().rstrip("/") in evidence.haystack_lower:
        return
    if set(forms) & evidence.url_forms:
        return
    host, _, path = normalised.partition("/")
    if not path and host in evidence.url_hosts:
        return
    if url.lower().rstrip("/") in evidence.user_message.lower():
        return  # the user's own link: the one thing the user's message grounds
    context.add(FindingType.SOURCE_FABRICATION, span, None,
                f"{clip(url, 80)} appears in no tool result, fetch argument or user message",
                "source.url_not_seen")
