"""``GET /healthz``: the daemon's health report as a bare ASGI endpoint.

A supervisor or load balancer polls this route more than any other, so it skips
what the other routes need and it does not: a Starlette ``Request``, the route
wrapper's bearer check and per-client key (the route is open and unlimited),
and a ``JSONEncoder`` built per answer. Every field is computed for each request
(nothing is cached), so ``turns_in_flight`` and ``ledger_entries`` are current.
XX
throughput to about 0.9 (bench/gateway.py).
"""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from .gateway_api import GatewayBackend, _internal_error

MEDIA_TYPE = "application/json"


class HealthEndpoint:
    """The ASGI app behind ``GET /healthz``: 200 ``{"status": "ok", ...}`` while serving,
    503 ``{"status": "draining", ...}`` during a drain; the rest is ``backend.health()``."""

    def __init__(self, backend: GatewayBackend) -> None:
        self.backend = backend
        self._encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False,
                                        separators=(",", ":")).encode

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            accepting = self.backend.accepting
            status = "ok" if accepting else "draining"
            body = self._encode({"status": status, **self.backend.health()})
            response = Response(body, status_code=200 if accepting else 503,
                                media_type=MEDIA_TYPE)
        except Exception as exc:  # cancellation is a BaseException and passes
            # The same JSON 500 as every other route; the details go to the log only.
            response = await _internal_error(Request(scope, receive), exc)
        await response(scope, receive, send)
