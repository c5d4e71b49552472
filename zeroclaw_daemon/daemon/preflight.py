"""What startup checks beyond the config model, shared with ``zeroclaw config check``.

A config can be well-formed and still not start: the scripted model's script may be
missing or broken, a shell program may have no argument policy, a relative files
root may leave the state directory. Startup, reload and ``config check`` all run
:func:`preflight`, so a config that ``check`` calls ``ok`` starts, and one that
does not start fails with every problem at once and exit 78 (never a traceback).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..config import Config
from ..errors import ConfigError, ConfigProblem
from ..providers.scripted import load_script
from ..tools import build_tools

__all__ = ["preflight"]


def preflight(cfg: Config, environ: Mapping[str, str] | None = None) -> None:
    """Raise one ConfigError listing every startup problem of ``cfg``; None when it starts."""
    problems: list[ConfigProblem] = []
    if cfg.provider.kind == "scripted":
        script = cfg.resolve_path(cfg.provider.script)
        try:
            load_script(script)
        except ConfigError as exc:
            for problem in exc.problems:
                where = f" at {problem.path}" if problem.path != "provider.script" else ""
                problems.append(ConfigProblem(
                    "provider.script", f"{script}{where}: {problem.message}"))
    try:
        build_tools(cfg, environ)
    except ConfigError as exc:
        problems.extend(exc.problems)
    if problems:
        raise ConfigError(str(cfg.source or "<config>"), problems)
