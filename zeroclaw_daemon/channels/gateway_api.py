"""The gateway's contract: settings, request bodies and the JSON error shape
(``{"error": {"code", "message", ...}}``) every answer that is not a success uses."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..logs import get_logger
from ..receipts import ReceiptScope
from ..receipts.render import append_block
from .base import OutboundReply

if TYPE_CHECKING:
    from ..config import Config

LOG_TARGET = "zeroclaw_channels::gateway"


MAX_IDEMPOTENCY_KEY_CHARS = 255


DEFAULT_SENDER = "api"


class GatewayBackend(Protocol):
    """What the gateway needs from the daemon besides the turn handler."""

    @property
    def receipt_scope(self) -> ReceiptScope | None: ...

    @property
    def accepting(self) -> bool:
        """False while the daemon drains: new turns are refused."""
        ...

    def metrics_text(self) -> bytes: ...

    def metrics_content_type(self) -> str: ...

    def health(self) -> Mapping[str, object]: ...

    @property
    def config(self) -> Config:
        """The running config (the OpenAI-compatible API names the model from it)."""
        ...


def parse_listen(listen: str) -> tuple[str, int]:
    """``"127.0.0.1:8731"``, ``"[::1]:8731"`` or ``"localhost:0"`` -> (host, port)."""
    host, sep, port_text = listen.rpartition(":")
    if not sep or not host or not port_text.isdigit():
        raise ValueError(f"listen must be HOST:PORT, got {listen!r}")
    port = int(port_text)
    if port > 65535:
        raise ValueError(f"port out of range in {listen!r}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, port


@dataclass(frozen=True, slots=True)
class GatewaySettings:
    """How the gateway listens and what it accepts."""

    host: str = "127.0.0.1"
    port: int = 8731
    # The bearer token(s) (the env var's value: one, or several separated by commas);
    # never shown.
    auth_token: str | None = field(default=None, repr=False)
    # X-Forwarded-For is believed only from these peers (addresses or CIDR networks).
    trusted_proxies: tuple[str, ...] = ()
    max_concurrent_turns_per_client: int = 16
    turns_per_minute_per_client: int = 600
    max_body_bytes: int = 1_048_576
    idempotency_cache_entries: int = 1024
    graceful_shutdown_s: int = 10
    backlog: int = 1024
    header_timeout_s: float = 10.0
    body_timeout_s: float = 30.0
    keep_alive_s: float = 20.0
    followup_keep_s: float = 600.0
    followup_max_wait_s: float = 30.0
    openai_api: bool = True

    @classmethod
    def from_section(cls, section: Any, environ: Mapping[str, str] | None = None,
                     ) -> GatewaySettings:
        """Settings from ``cfg.channels.gateway``; the token from the env var it names."""
        env = os.environ if environ is None else environ
        host, port = parse_listen(section.listen)
        token_env = section.auth_token_env
        token = env.get(token_env) if token_env else None
        return cls(host=host, port=port, auth_token=token or None,
                   trusted_proxies=tuple(section.trusted_proxies),
                   max_concurrent_turns_per_client=section.max_concurrent_turns_per_client,
                   turns_per_minute_per_client=section.turns_per_minute_per_client,
                   max_body_bytes=section.max_body_bytes,
                   header_timeout_s=section.header_timeout_s,
                   body_timeout_s=section.body_timeout_s,
                   keep_alive_s=section.keep_alive_s,
                   followup_keep_s=section.followup_keep_s,
                   followup_max_wait_s=section.followup_max_wait_s,
                   openai_api=section.openai_api)

    @property
    def tokens(self) -> tuple[str, ...]:
        """Each accepted bearer token; a client is known by its token's position."""
        return split_tokens(self.auth_token)


def split_tokens(value: str | None) -> tuple[str, ...]:
    """The tokens in an auth-token variable's value: comma-separated, blanks dropped."""
    return tuple(part.strip() for part in (value or "").split(",") if part.strip())


class _Body(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class TurnRequest(_Body):
    conversation_id: str = Field(min_length=1, max_length=256)
    message: str = Field(min_length=1)
    sender: str | None = Field(default=None, min_length=1, max_length=256)


class VerifyTextRequest(_Body):
    text: str
    conversation_id: str | None = Field(default=None, min_length=1, max_length=256)


class VerifyReceiptRequest(_Body):
    receipt: str
    tool: str
    args: dict[str, Any]
    result: str


class GatewayHTTPError(Exception):
    """An error answer: status, a machine-readable code, a message for people."""

    def __init__(self, status: int, code: str, message: str, *,
                 headers: Mapping[str, str] | None = None, **extra: object) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = dict(headers or {})
        self.extra = extra

    def response(self) -> JSONResponse:
        return error_response(self.status, self.code, self.message, headers=self.headers,
                              **self.extra)


def error_response(status: int, code: str, message: str, *,
                   headers: Mapping[str, str] | None = None, **extra: object) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, **extra}},
                        status_code=status, headers=dict(headers or {}))


_HTTP_ERROR_CODES = {404: "not_found", 405: "method_not_allowed"}


async def _http_exception(request: Request, exc: Exception) -> Response:
    """Starlette's own 404/405 (routing) as JSON."""
    if isinstance(exc, HTTPException):
        code = _HTTP_ERROR_CODES.get(exc.status_code, "http_error")
        message = {404: f"no route {request.url.path}",
                   405: f"{request.method} is not allowed on {request.url.path}"}.get(
                       exc.status_code, str(exc.detail))
        return error_response(exc.status_code, code, message, headers=exc.headers)
    return await _internal_error(request, exc)


async def _internal_error(request: Request, exc: Exception) -> Response:
    get_logger(LOG_TARGET).error("Gateway request failed", path=request.url.path,
                                 error=type(exc).__name__, exc_info=exc)
    return error_response(500, "internal", "internal error")


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not valid JSON")


def _validation_error(exc: ValidationError) -> GatewayHTTPError:
    # Field paths and messages only: pydantic's "input" would echo the client's values.
    details = [{"path": ".".join(str(part) for part in error["loc"]),
                "message": error["msg"], "type": error["type"]}
               for error in exc.errors(include_url=False, include_input=False)]
    paths = ", ".join(d["path"] or "<body>" for d in details)
    return GatewayHTTPError(422, "invalid_request", f"invalid fields: {paths}", details=details)


def turn_payload(reply: OutboundReply) -> dict[str, object]:
    """The ``POST /v1/turns`` response body for a reply."""
    return {
        "turn_id": reply.turn_id,
        "reply": append_block(reply.text, reply.receipts_block),
        "receipts": [{"tool": line.tool, "call_id": line.call_id, "receipt": line.receipt}
                     for line in reply.receipts],
        "audit": {"trust": reply.trust, "findings": list(reply.findings),
                  **({"revision": reply.revision} if reply.revision is not None else {}),
                  **({"unchecked_from": reply.unchecked_from}
                     if reply.unchecked_from is not None else {})},
    }
