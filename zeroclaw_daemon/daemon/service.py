"""The daemon's lifecycle: one root task group, signals, reload, drain.

``zeroclaw daemon --config PATH`` ends up in :func:`run_daemon`::

    load config (bad -> exit 78)  ->  logging  ->  no core dumps  ->  anyio.run(main) on uvloop
    main: signal receiver (SIGTERM, SIGINT, SIGHUP)
          ChannelRuntimeContext (one receipt scope for the process)
          a supervisor per enabled channel (crash -> log, restart with backoff)
          READY=1 once every listener is bound and every channel started; watchdog pings
    SIGHUP:          RELOADING=1, re-read + validate; bad -> keep running, ERROR + STATUS;
                     good -> swap, restart channels whose section changed; READY=1
    SIGTERM/SIGINT:  STOPPING=1, refuse new turns, drain in-flight ones (replies delivered)
                     up to daemon.drain_timeout_s, stop channels, exit 0
    drain budget spent: the remaining turns are cancelled, their callers told "shutting down"
    second SIGINT:   cut every turn now, stop (exit 130); a third one exits at once

Only this module installs signal handlers; uvicorn's are disabled in the gateway.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import resource
import signal
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
from anyio.abc import TaskGroup

from ..config import Config, load_config
from ..errors import EX_CONFIG, EX_SOFTWARE, EX_UNAVAILABLE, ConfigError
from ..logs import configure_logging, get_logger
from ..security.hardening import mark_non_dumpable
from .context import LOG_TARGET, ChannelRuntimeContext
from .preflight import preflight
from .sdnotify import SdNotifier
from .supervisor import (
    CHANNEL_START_TIMEOUT_S,
    CHANNEL_STOP_TIMEOUT_S,
    ChannelSpec,
    ChannelSupervisor,
    bind_moved_gateway,
    build_channel_specs,
    describe_error,
    discard_bound_ahead,
)

EXIT_OK = 0
EXIT_FORCED = 130  # 128 + SIGINT, as a shell reports an interrupted program

# After the drain, chat channels get this long to send the replies they just got.
DELIVERY_GRACE_S = 1.0
# Cancelled turns unwind (tools kill their processes) within this.
ABANDON_WAIT_S = 2.0


# --- channels -------------------------------------------------------------------------------


# --- the daemon -----------------------------------------------------------------------------


class Daemon:
    """The running daemon: context, channel supervisors, signal handling."""

    def __init__(self, config: Config, config_path: Path, *,
                 notifier: SdNotifier | None = None,
                 environ: Mapping[str, str] | None = None) -> None:
        self.config = config
        self.config_path = config_path
        self.notifier = notifier or SdNotifier.from_env()
        self._environ = os.environ if environ is None else environ
        self.supervisors: dict[str, ChannelSupervisor] = {}
        self.exit_code = EXIT_OK
        self._stopping = False
        self._ready = False
        self._forced = False
        self._done = anyio.Event()
        self._ctx: ChannelRuntimeContext | None = None
        self._tg: TaskGroup | None = None
        self._specs: dict[str, ChannelSpec] = {}

    async def main(self) -> int:
        log = get_logger(LOG_TARGET)
        with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT, signal.SIGHUP) as signals:
            try:
                ctx = ChannelRuntimeContext(
                    self.config, environ=self._environ,
                    close_timeout_s=max(5.0, self.config.daemon.drain_timeout_s))
                self._specs = build_channel_specs(self.config, ctx, self._environ)
            except ConfigError as exc:
                _log_config_error(exc, "Invalid config")
                return EX_CONFIG
            try:
                async with ctx:
                    self._ctx = ctx
                    async with anyio.create_task_group() as tg:
                        self._tg = tg
                        await self._start_channels(list(self._specs.values()))
                        failed = self._failed_listener()
                        if failed is not None:
                            tg.cancel_scope.cancel()
                            return self._listener_failed(failed)
                        ctx.log_startup(list(self._specs))
                        self._ready = True
                        self.notifier.ready(status=self._status_line("Ready"))
                        tg.start_soon(self._watchdog)
                        # Signals that arrived during startup wait in the receiver's
                        # buffer: a reload or stop never races the first start.
                        tg.start_soon(self._handle_signals, signals)
                        await self._done.wait()
                        tg.cancel_scope.cancel()
            except ConfigError as exc:  # a provider or tool the config names cannot be built
                _log_config_error(exc, "Invalid config")
                return EX_CONFIG
        log.info("Daemon stopped", exit_code=self.exit_code)
        return self.exit_code

    # --- channels ----

    async def _start_channels(self, specs: list[ChannelSpec]) -> None:
        assert self._ctx is not None and self._tg is not None
        started: list[ChannelSupervisor] = []
        for spec in specs:
            supervisor = ChannelSupervisor(spec, self._ctx.handle)
            supervisor.on_change = self._channel_changed
            self.supervisors[spec.name] = supervisor
            self._tg.start_soon(supervisor.run)
            started.append(supervisor)
        with anyio.move_on_after(CHANNEL_START_TIMEOUT_S):
            for supervisor in started:
                await supervisor.first_start.wait()
        for supervisor in started:
            sink = getattr(supervisor.channel, "send_followup", None)
            if callable(sink):
                self._ctx.register_followup(supervisor.name, sink)

    async def _stop_channel(self, name: str, *, grace_s: float = CHANNEL_STOP_TIMEOUT_S,
                            delivery_grace_s: float = 0.0) -> None:
        supervisor = self.supervisors.pop(name, None)
        if supervisor is None:
            return
        if self._ctx is not None:
            self._ctx.unregister_followup(name)
        await supervisor.stop(grace_s=grace_s, delivery_grace_s=delivery_grace_s)

    def _failed_listener(self) -> ChannelSupervisor | None:
        for supervisor in self.supervisors.values():
            if (supervisor.spec.fatal_at_start and not supervisor.ever_started
                    and supervisor.last_error is not None):
                return supervisor
        return None

    def _listener_failed(self, supervisor: ChannelSupervisor) -> int:
        settings = supervisor.spec.settings
        address = f"{getattr(settings, 'host', '?')}:{getattr(settings, 'port', '?')}"
        assert supervisor.last_error is not None
        get_logger(LOG_TARGET).error(
            "Cannot start: a listener failed to bind", channel=supervisor.name,
            address=address, error=describe_error(supervisor.last_error))
        self.notifier.status(f"Failed: {supervisor.name} cannot listen on {address}")
        return EX_UNAVAILABLE

    def _channel_changed(self) -> None:
        # After READY a crash (or recovery) must show in `systemctl status`, not the
        # stale "Ready" line; before READY the startup path reports.
        if self._ready and not self._stopping:
            failed = any(s.state == "failed" for s in self.supervisors.values())
            self.notifier.status(self._status_line("Degraded" if failed else "Running"))

    def _status_line(self, prefix: str) -> str:
        parts = [s.describe() for s in self.supervisors.values()] or ["no channels"]
        return f"{prefix}: " + "; ".join(parts)

    # --- signals ----

    async def _handle_signals(self, signals: Any) -> None:
        log = get_logger(LOG_TARGET)
        async for signum in signals:
            if signum == signal.SIGHUP:
                if self._stopping:
                    log.info("Ignoring SIGHUP while stopping")
                    continue
                await self.reload()
            elif not self._stopping:
                self._stopping = True
                log.info("Shutdown requested", signal=signal.Signals(signum).name)
                assert self._tg is not None
                self._tg.start_soon(self.shutdown)
            elif signum == signal.SIGINT and not self._forced:
                self._forced = True
                log.warning("Second SIGINT: stopping now, in-flight turns are cut")
                assert self._tg is not None
                self._tg.start_soon(self._force_stop)
            elif signum == signal.SIGINT:
                self.exit_code = EXIT_FORCED
                self._done.set()
            else:
                log.info("Already stopping", signal=signal.Signals(signum).name)

    async def shutdown(self) -> None:
        """Refuse new turns, drain accepted ones, stop channels; then main returns 0."""
        assert self._ctx is not None
        log = get_logger(LOG_TARGET)
        ctx = self._ctx
        in_flight = ctx.dispatcher.accepted
        drain_s = self.config.daemon.drain_timeout_s
        self.notifier.stopping(status=f"Stopping: draining {in_flight} turn(s)")
        log.info("Draining", turns_in_flight=in_flight, drain_timeout_s=drain_s)
        drained = await ctx.dispatcher.drain(drain_s)
        if not drained:
            log.warning("Drain timeout reached; cutting the remaining turns",
                        turns_in_flight=ctx.dispatcher.accepted)
            drained = await self._abandon_turns()
        delivery_grace = DELIVERY_GRACE_S if in_flight else 0.0
        # Drained: replies are written, give the gateway time to flush them. Not drained:
        # the budget is spent, cut what is left almost at once.
        grace = CHANNEL_STOP_TIMEOUT_S if drained else DELIVERY_GRACE_S
        async with anyio.create_task_group() as tg:
            for name in list(self.supervisors):
                tg.start_soon(functools.partial(self._stop_channel, name, grace_s=grace,
                                                delivery_grace_s=delivery_grace))
        if not self._forced:
            self.exit_code = EXIT_OK
            self._done.set()

    async def _abandon_turns(self) -> bool:
        """Cancel accepted turns (their callers answer "shutting down"); True once unwound."""
        assert self._ctx is not None
        self._ctx.dispatcher.abandon_all()
        return await self._ctx.dispatcher.drain(ABANDON_WAIT_S)

    async def _force_stop(self) -> None:
        """Second SIGINT: cut every turn, give channels a moment to answer, stop."""
        self.exit_code = EXIT_FORCED
        with anyio.move_on_after(ABANDON_WAIT_S + DELIVERY_GRACE_S + 1):
            await self._abandon_turns()
            async with anyio.create_task_group() as tg:
                for name in list(self.supervisors):
                    tg.start_soon(functools.partial(self._stop_channel, name,
                                                    grace_s=DELIVERY_GRACE_S))
        self._done.set()

    async def reload(self) -> None:
        """Re-read the config; apply it if valid, keep the running one otherwise."""
        assert self._ctx is not None
        log = get_logger(LOG_TARGET)
        self.notifier.reloading()
        log.info("Reloading config", path=str(self.config_path))
        new_specs: dict[str, ChannelSpec] = {}
        try:
            new_config = load_config(self.config_path, check_env=True)
            preflight(new_config, self._environ)
            new_specs = build_channel_specs(new_config, self._ctx, self._environ)
            refused = bind_moved_gateway(self._specs, new_specs)
            if refused is not None:
                address, error = refused
                log.error("Config reload failed; keeping the running config",
                          channel="gateway", address=address, error=describe_error(error))
                self.notifier.ready(status=self._status_line(
                    f"Reload failed (gateway cannot listen on {address}), running config kept"))
                return
            await self._ctx.apply_config(new_config)
        except ConfigError as exc:
            discard_bound_ahead(new_specs)
            _log_config_error(exc, "Config reload failed; keeping the running config")
            self.notifier.ready(status=self._status_line(
                f"Reload failed ({len(exc.problems)} config problem(s)), running config kept"))
            return
        except Exception as exc:
            discard_bound_ahead(new_specs)
            log.exception("Config reload failed; keeping the running config",
                          error=type(exc).__name__)
            self.notifier.ready(status=self._status_line(
                f"Reload failed ({type(exc).__name__}), running config kept"))
            return
        configure_logging(new_config.logging.filter, new_config.logging.format)
        old_specs, self._specs = self._specs, new_specs
        self.config = new_config
        changed = [name for name in sorted(set(old_specs) | set(new_specs))
                   if name not in new_specs or name not in old_specs
                   or old_specs[name].settings != new_specs[name].settings]
        for name in changed:
            if name in self.supervisors:
                log.info("Stopping channel for reload", channel=name)
                await self._stop_channel(name)
        await self._start_channels([new_specs[name] for name in changed if name in new_specs])
        log.info("Config reloaded", restarted_channels=changed)
        self.notifier.ready(status=self._status_line("Reloaded"))

    async def _watchdog(self) -> None:
        interval = self.notifier.watchdog_interval()
        if interval is None:
            return
        get_logger(LOG_TARGET).debug("Watchdog enabled", interval_s=interval)
        while True:
            self.notifier.watchdog()
            await anyio.sleep(interval)


def _log_config_error(exc: ConfigError, event: str) -> None:
    # One line per problem: what journalctl shows first must name the fix.
    log = get_logger("zeroclaw_config")
    for problem in exc.problems:
        log.error(event, source=exc.source, problem=str(problem))


def disable_core_dumps() -> bool:
    """RLIMIT_CORE = 0: a core dump would hold the receipt key (and API keys) on disk."""
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (OSError, ValueError) as exc:  # a seccomp filter may refuse; systemd's LimitCORE=0
        get_logger(LOG_TARGET).warning("Could not disable core dumps", error=str(exc))
        return False
    return True


def load_daemon_config(path: Path) -> Config:
    """Load the config and set logging up from it; raises ConfigError (already logged).

    Until the config names the log format, only warnings and errors are printed, and
    the ZEROCLAW_LOG/RUST_LOG filter waits too: a JSON log shipper must not find
    console lines at the top of a healthy daemon's output (a broken config has no
    format, so its errors come out in the console format).
    """
    configure_logging("warn", "console", environ={})
    try:
        config = load_config(path, check_env=True)
        preflight(config)
    except ConfigError as exc:
        _log_config_error(exc, "Invalid config")
        raise
    configure_logging(config.logging.filter, config.logging.format)
    return config


def run_daemon(config_path: str | os.PathLike[str], *, use_uvloop: bool = True) -> int:
    """Run the daemon until it is stopped; the process exit code."""
    path = Path(config_path)
    try:
        config = load_daemon_config(path)
    except ConfigError:
        return EX_CONFIG
    disable_core_dumps()
    non_dumpable = mark_non_dumpable()
    if not non_dumpable:
        get_logger(LOG_TARGET).warning(
            "Could not mark the daemon non-dumpable: processes of the same user may read "
            "its environment and memory")
    uvloop = use_uvloop and importlib.util.find_spec("uvloop") is not None
    daemon = Daemon(config, path)
    log = get_logger(LOG_TARGET)
    log.info("Starting daemon", config=str(path.absolute()), pid=os.getpid(),
             non_dumpable=non_dumpable,
             event_loop="uvloop" if uvloop else "asyncio")
    try:
        return anyio.run(daemon.main, backend="asyncio",
                         backend_options={"use_uvloop": uvloop})
    except KeyboardInterrupt:  # SIGINT before the signal receiver was installed
        return EXIT_FORCED
    except Exception as exc:
        config_error = _only_config_error(exc)
        if config_error is not None:  # found while starting a part (not by preflight)
            _log_config_error(config_error, "Invalid config")
            return EX_CONFIG
        log.exception("Daemon crashed", error=type(exc).__name__)
        return EX_SOFTWARE


def _only_config_error(exc: BaseException) -> ConfigError | None:
    """The ConfigError behind ``exc`` when that is all it is (task groups wrap errors)."""
    while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    return exc if isinstance(exc, ConfigError) else None
