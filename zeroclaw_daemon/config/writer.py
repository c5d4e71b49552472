"""Writing a config: TOML text of a :class:`Config`, and an atomic, no-clobber file write."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import tomli_w

from zeroclaw_daemon.config.model import Config
from zeroclaw_daemon.errors import ZeroclawError


def dump_config(cfg: Config) -> str:
    """The config as TOML text; ``parse_config(dump_config(cfg)) == cfg``."""
    return tomli_w.dumps(cfg.model_dump(mode="python"))


class ConfigFileExistsError(ZeroclawError):
    """Refused to overwrite an existing config file without ``force``."""

    exit_code = 1

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"{path} already exists (use --force to overwrite it)")


def _fsync_dir(directory: Path) -> None:
    # The rename is only durable once the directory entry is on disk too.
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_config_atomic(path: str | os.PathLike[str], text: str, force: bool = False) -> Path:
    """Write ``text`` to ``path`` atomically: temp file in the same directory, fsync, rename.

    Refuses (ConfigFileExistsError) when ``path`` exists and ``force`` is false; readers
    never see a half-written file either way. Returns the path written.
    """
    target = Path(path).expanduser()
    if target.exists() and not force:
        raise ConfigFileExistsError(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp creates 0600; a config holds no secrets, so make it readable like any file,
        # keeping the mode of a file we replace.
        mode = target.stat().st_mode & 0o7777 if target.exists() else 0o644
        os.chmod(temp, mode)
        if force:
            os.replace(temp, target)
        else:
            # link() fails if the name appeared since the check above: no clobbering race.
            try:
                os.link(temp, target)
            except FileExistsError:
                raise ConfigFileExistsError(target) from None
            except OSError:
                # Some file systems have no hard links; fall back to check-then-rename.
                if target.exists():
                    raise ConfigFileExistsError(target) from None
                os.replace(temp, target)
            else:
                temp.unlink()
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        raise
    _fsync_dir(target.parent)
    return target
