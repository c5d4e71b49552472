"""The daemon's channels: which to run (from the config) and a supervisor per channel that
restarts it with backoff when it fails."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import anyio
from anyio.abc import TaskStatus

from ..backoff import Backoff, BackoffPolicy
from ..channels.base import Channel, MessageHandler
from ..channels.gateway import GatewayChannel, GatewaySettings, bind_socket
from ..config import Config
from ..errors import ConfigError, ConfigProblem
from ..logs import get_logger
from .context import LOG_TARGET, ChannelRuntimeContext
from .settings import configured_secrets

BACKOFF_INITIAL_S = 1.0


BACKOFF_MAX_S = 60.0


# A channel that ran this long before crashing is healthy again: restart its backoff.
BACKOFF_RESET_AFTER_S = 60.0


# How long a channel may take to report itself started before READY=1 goes out anyway.
CHANNEL_START_TIMEOUT_S = 30.0


# A channel asked to stop gracefully gets this long before it is cancelled.
CHANNEL_STOP_TIMEOUT_S = 15.0


class _Stoppable(Protocol):
    def request_stop(self) -> None: ...


@dataclass(frozen=True, slots=True)
class ChannelSpec:
    """How to build one channel, and the settings that, when changed, restart it."""

    name: str
    settings: object
    factory: Callable[[], Channel]
    # A listener that cannot start at daemon start is fatal (no READY, exit 69):
    # systemd must see the port conflict, not a daemon retrying forever.
    fatal_at_start: bool = False


def build_channel_specs(cfg: Config, ctx: ChannelRuntimeContext,
                        environ: Mapping[str, str] | None = None) -> dict[str, ChannelSpec]:
    """A spec per enabled channel; raises ConfigError for what cannot be built.

    Everything that can fail (addresses, tokens from the environment) is
    resolved here, before any channel starts, so a bad config fails at start
    (exit 78) or leaves a reload without effect.
    """
    env = os.environ if environ is None else environ
    specs: dict[str, ChannelSpec] = {}
    channels = cfg.channels
    # A changed secret set must reach every chat channel's redactor: it is part of
    # each channel's identity.
    secrets_key = tuple(sorted(configured_secrets(cfg, env)))
    if channels.gateway.enabled:
        try:
            gateway_settings = GatewaySettings.from_section(channels.gateway, env)
        except ValueError as exc:
            raise ConfigError("config", [ConfigProblem("channels.gateway.listen",
                                                       str(exc))]) from None
        specs["gateway"] = ChannelSpec(
            "gateway", gateway_settings, GatewayFactory(gateway_settings, ctx),
            fatal_at_start=True)
    if channels.telegram.enabled:
        telegram = channels.telegram
        token = _env_secret(env, telegram.bot_token_env, "channels.telegram.bot_token_env")

        def make_telegram() -> Channel:
            from ..channels.telegram import TelegramChannel
            return TelegramChannel(token=token, api_base=telegram.api_base,
                                   allowed_users=telegram.allowed_users,
                                   poll_timeout_s=telegram.poll_timeout_s,
                                   redactor=ctx.redactor)

        specs["telegram"] = ChannelSpec("telegram", (telegram, secrets_key), make_telegram)
    if channels.irc.enabled:
        irc = channels.irc
        password = (_env_secret(env, irc.password_env, "channels.irc.password_env")
                    if irc.password_env else None)

        def make_irc() -> Channel:
            from ..channels.irc import IrcChannel, IrcSettings
            return IrcChannel(IrcSettings(server=irc.server, port=irc.port, tls=irc.tls,
                                          nick=irc.nick, channels=irc.channels,
                                          password=password,
                                          allowed_users=irc.allowed_users),
                              ctx.redactor)

        specs["irc"] = ChannelSpec("irc", (irc, secrets_key), make_irc)
    return specs


class GatewayFactory:
    """Builds the gateway channel; can bind its address ahead of the first build, so a
    reload that moves the gateway keeps the old listener when the new address is taken."""

    def __init__(self, settings: GatewaySettings, backend: ChannelRuntimeContext) -> None:
        self.settings = settings
        self.backend = backend
        self._bound_ahead: socket.socket | None = None

    @property
    def address(self) -> str:
        host = self.settings.host
        return f"[{host}]:{self.settings.port}" if ":" in host else f"{host}:{self.settings.port}"

    def bind_ahead(self) -> None:
        """Bind the listening socket now; OSError (address in use, not available...)."""
        self.discard()
        self._bound_ahead = bind_socket(self.settings.host, self.settings.port,
                                        self.settings.backlog)

    def discard(self) -> None:
        """Close a socket bound ahead and never served (the reload did not go through)."""
        sock, self._bound_ahead = self._bound_ahead, None
        if sock is not None:
            sock.close()

    def __call__(self) -> Channel:
        # The socket bound ahead serves the first run only; a restart binds again.
        listener, self._bound_ahead = self._bound_ahead, None
        return GatewayChannel(self.settings, self.backend, listener=listener)


def bind_moved_gateway(old_specs: Mapping[str, ChannelSpec],
                       new_specs: Mapping[str, ChannelSpec]) -> tuple[str, OSError] | None:
    """Bind the gateway a reload moves (or adds) before the running one closes, so a
    taken address fails the reload and the running listener stays. Returns the address
    that could not be bound and why, else None (bound ahead, or nothing to bind)."""
    new = new_specs.get("gateway")
    if new is None or not isinstance(new.factory, GatewayFactory):
        return None
    old = old_specs.get("gateway")
    if old is not None and old.settings == new.settings:
        return None  # not restarted
    settings = new.factory.settings
    if (old is not None and isinstance(old.factory, GatewayFactory) and settings.port != 0
            and (old.factory.settings.host, old.factory.settings.port)
            == (settings.host, settings.port)):
        return None  # the running listener holds this address; the restart rebinds it
    try:
        new.factory.bind_ahead()
    except OSError as exc:
        return new.factory.address, exc
    return None


def discard_bound_ahead(specs: Mapping[str, ChannelSpec]) -> None:
    """Close sockets bound ahead for a reload that did not go through."""
    for spec in specs.values():
        if isinstance(spec.factory, GatewayFactory):
            spec.factory.discard()


def _env_secret(env: Mapping[str, str], name: str, path: str) -> str:
    value = env.get(name, "") if name else ""
    if not value.strip():
        raise ConfigError("environment", [ConfigProblem(
            path, f"environment variable {name or '(unnamed)'} is not set or empty")])
    return value


class _StartedSignal(TaskStatus[Any]):
    """A TaskStatus a channel reports 'listening' to; the supervisor waits on it."""

    def __init__(self) -> None:
        self.event = anyio.Event()
        self.value: object = None

    def started(self, value: object = None) -> None:
        self.value = value
        self.event.set()


class ChannelSupervisor:
    """Runs one channel; restarts it with exponential backoff when it crashes."""

    def __init__(self, spec: ChannelSpec, handler: MessageHandler) -> None:
        self.spec = spec
        self.handler = handler
        self.channel: Channel | None = None
        self.first_start = anyio.Event()
        self.finished = anyio.Event()
        self.failures = 0
        self.state = "starting"
        self.ever_started = False
        self.last_error: Exception | None = None
        # Called when the channel crashes or comes back: the daemon's STATUS follows it.
        self.on_change: Callable[[], None] | None = None
        self._stopping = False
        self._cancel = anyio.CancelScope()

    @property
    def name(self) -> str:
        return self.spec.name

    async def run(self) -> None:
        log = get_logger(LOG_TARGET).bind(channel=self.name)
        # Read at run time, so tests can shorten the delays.
        backoff = Backoff(BackoffPolicy(initial_s=BACKOFF_INITIAL_S, max_s=BACKOFF_MAX_S,
                                        jitter=0.0))
        try:
            with self._cancel:
                while not self._stopping:
                    started_at = time.monotonic()
                    try:
                        await self._run_once()
                        if self._stopping:
                            break
                        delay = _next_delay(backoff, started_at)
                        log.warning("Channel returned unexpectedly; restarting",
                                    retry_in_s=delay)
                    except Exception as exc:
                        if self._stopping:
                            break
                        self.failures += 1
                        self.state = "failed"
                        self.last_error = exc
                        if self.spec.fatal_at_start and not self.ever_started:
                            return  # the daemon reports it and exits
                        delay = _next_delay(backoff, started_at)
                        # One line per crash; the traceback only for those who ask.
                        log.warning("Channel crashed; restarting", error=describe_error(exc),
                                    failures=self.failures, retry_in_s=delay)
                        log.debug("Channel crash traceback", exc_info=exc)
                        self._changed()
                    self.first_start.set()  # the first attempt is over, good or bad
                    await anyio.sleep(delay)
        finally:
            self.state = "stopped"
            self.first_start.set()
            self.finished.set()

    async def _run_once(self) -> None:
        channel = self.spec.factory()
        self.channel = channel
        if isinstance(channel, GatewayChannel):
            status = _StartedSignal()
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._mark_started, status)
                try:
                    await channel.run(self.handler, task_status=status)
                finally:
                    tg.cancel_scope.cancel()
        else:
            # A chat channel connects inside run(); it counts as started once launched.
            self._set_running()
            await channel.run(self.handler)

    async def _mark_started(self, status: _StartedSignal) -> None:
        await status.event.wait()
        self.failures = 0
        self._set_running()

    def _set_running(self) -> None:
        was_failed = self.state == "failed"
        self.state = "running"
        self.ever_started = True
        self.first_start.set()
        if was_failed:
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None and not self._stopping:
            self.on_change()

    def describe(self) -> str:
        channel = self.channel
        if isinstance(channel, GatewayChannel) and channel.bound is not None:
            host, port = channel.bound
            shown = f"[{host}]" if ":" in host else host
            return f"gateway listening on {shown}:{port}"
        if self.state == "failed" and self.last_error is not None:
            return f"{self.name} failed ({describe_error(self.last_error)}), retrying"
        return f"{self.name} {self.state}"

    async def stop(self, *, grace_s: float = CHANNEL_STOP_TIMEOUT_S,
                   delivery_grace_s: float = 0.0) -> None:
        """Stop the channel: gracefully where it can (the gateway finishes the requests it
        is answering, for up to ``grace_s``), else after ``delivery_grace_s``, cancel."""
        self._stopping = True
        channel = self.channel
        request_stop = getattr(channel, "request_stop", None)
        if callable(request_stop):
            request_stop(grace_s)
            with anyio.move_on_after(grace_s + 1):
                await self.finished.wait()
        elif delivery_grace_s > 0:
            with anyio.move_on_after(delivery_grace_s):
                await self.finished.wait()
        self._cancel.cancel()
        with anyio.move_on_after(grace_s):
            await self.finished.wait()


def _next_delay(backoff: Backoff, started_at: float) -> float:
    """The pause before a restart; a channel that ran a while starts the backoff over."""
    if time.monotonic() - started_at > BACKOFF_RESET_AFTER_S:
        backoff.reset()
    return backoff.next_delay()


def describe_error(exc: BaseException) -> str:
    """One line for a channel failure: the class and the OS's words (``[Errno 98] ...``)."""
    while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
