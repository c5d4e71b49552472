"""Outbound safety: what must never leave the daemon in a reply."""

from __future__ import annotations

from .leaks import LeakRedactor, Redaction

__all__ = ["LeakRedactor", "Redaction"]
