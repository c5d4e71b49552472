"""Field types shared by the config sections, and the base every section model derives from.

Messages raised here must not contain the value being checked.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")




def _list_to_tuple(value: object) -> object:
    # TOML arrays arrive as lists; strict mode only accepts a tuple for a tuple field, and
    # tuples keep the frozen models deeply immutable and hashable.
    return tuple(value) if isinstance(value, list) else value


def _check_env_name(value: str) -> str:
    if value and not _ENV_NAME.fullmatch(value):
        raise ValueError(
            "expected the NAME of an environment variable (letters, digits, underscores), "
            "never the secret itself"
        )
    return value


def _check_not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def _check_url(value: str) -> str:
    if value and not value.startswith(("http://", "https://")):
        raise ValueError("expected an http:// or https:// URL")
    return value


def _check_listen(value: str) -> str:
    # Port 0 is allowed: the OS picks a free port, which tests and ad-hoc runs rely on.
    host, sep, port = value.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        raise ValueError("expected host:port; write an IPv6 address as [addr]:port")
    if not sep or not host or not port.isascii() or not port.isdigit():
        raise ValueError("expected host:port, for example 127.0.0.1:8731")
    if not 0 <= int(port) <= 65535:
        raise ValueError("port must be between 0 and 65535")
    return value


def _check_irc_channels(value: tuple[str, ...]) -> tuple[str, ...]:
    for name in value:
        if not name.startswith(("#", "&")) or any(c in name for c in " ,\x07\r\n"):
            raise ValueError("expected IRC channel names starting with '#' or '&'")
    return value


StrTuple = Annotated[tuple[str, ...], BeforeValidator(_list_to_tuple)]
EnvVarName = Annotated[str, AfterValidator(_check_env_name)]
NonEmptyStr = Annotated[str, AfterValidator(_check_not_blank)]
HttpUrl = Annotated[str, AfterValidator(_check_url)]
ListenAddress = Annotated[str, AfterValidator(_check_listen)]
Seconds = Annotated[float, Field(gt=0)]
Count = Annotated[int, Field(ge=1)]


class _Section(BaseModel):
    """Shared settings of every config table."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, allow_inf_nan=False)
