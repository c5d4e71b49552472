"""File tools confined to one root directory: ``read_file``, ``write_file``, ``list_dir``.

Every path the model gives is resolved with ``os.path.realpath`` (which follows
symbolic links and ``..`` the way the kernel does) and must land inside the
root's real path. So ``..`` escapes, absolute paths elsewhere and symlinks that
point out of the root are all refused, while ``a/../b`` inside the root is fine.
Blocking file I/O runs in a worker thread.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio.to_thread

from zeroclaw_daemon.errors import ToolArgumentError, ToolDeniedError, ToolExecutionError

from .base import RiskClass, Tool, ToolContext, ToolOutput, closed_object_schema, require_positive

DEFAULT_MAX_ENTRIES = 1000
NEW_FILE_MODE = 0o644
_PROC_FD = "/proc/self/fd"


def _printable(name: str) -> str:
    """A filesystem name as text the model (and the MAC's UTF-8 framing) can carry."""
    raw = name.encode("utf-8", errors="surrogateescape")
    return raw.decode("utf-8", errors="replace").replace("\n", "\\n").replace("\r", "\\r")


class _Confinement:
    """Maps model-supplied paths to real paths inside one root, or refuses them."""

    def __init__(self, root: Path) -> None:
        self.root = os.path.realpath(root)
        # Looked up once: whether this system shows open descriptors under /proc.
        self._proc_fd = os.path.isdir(_PROC_FD)

    def contains(self, real_path: str) -> bool:
        return os.path.commonpath([self.root, real_path]) == self.root

    def resolve(self, tool: str, user_path: str) -> str:
        if not user_path:
            raise ToolArgumentError(tool, "argument 'path': must not be empty")
        if "\0" in user_path:
            raise ToolArgumentError(tool, "argument 'path': must not contain NUL characters")
        candidate = user_path if os.path.isabs(user_path) else os.path.join(self.root, user_path)
        real = os.path.realpath(candidate)
        if self.contains(real):
            return real
        if self.contains(os.path.normpath(candidate)):
            raise ToolDeniedError(
                tool, f"path {user_path!r} goes through a symbolic link that leads "
                "outside the allowed directory")
        raise ToolDeniedError(tool, f"path {user_path!r} is outside the allowed directory")

    def display(self, real_path: str) -> str:
        relative = os.path.relpath(real_path, self.root)
        return _printable(Path(relative).as_posix())

    def check_open_fd(self, tool: str, fd: int, user_path: str) -> None:
        # Re-check what was really opened: closes the window in which a path
        # component could be swapped for a symlink after resolve() (Linux only).
        if not self._proc_fd:
            return
        try:
            # The kernel's own path of the open file: absolute and free of symbolic
            # links, so one readlink does what realpath() did with a dozen syscalls
            # (18 -> 1 us per call). A pipe or socket reads as "pipe:[...]": not a path.
            opened = os.readlink(f"{_PROC_FD}/{fd}")
        except OSError:
            return
        if not os.path.isabs(opened) or not self.contains(opened):
            raise ToolDeniedError(tool, f"path {user_path!r} is outside the allowed directory")


_FILE_PATH = {"type": "string", "minLength": 1,
              "description": "File path, relative to the allowed directory."}


class _ConfinedTool(Tool):
    """A file tool: every path it is given must resolve inside one root."""

    def __init__(self, root: Path, limit: int, limit_name: str) -> None:
        require_positive(**{limit_name: limit})
        self.confinement = _Confinement(root)

    def _paths(self, args: Mapping[str, Any], default: str | None = None) -> tuple[str, str]:
        """The ``path`` argument as the model wrote it, and its real path inside the root."""
        value = args.get("path", default)
        user_path = value if isinstance(value, str) else ""
        return user_path, self.confinement.resolve(self.name, user_path)


class ReadFileTool(_ConfinedTool):
    """Read a UTF-8 text file inside the root."""

    name = "read_file"
    risk = RiskClass.READ
    parameters: Mapping[str, Any] = closed_object_schema({"path": _FILE_PATH},
                                                         required=["path"])

    def __init__(self, root: Path, max_read_bytes: int) -> None:
        super().__init__(root, max_read_bytes, "max_read_bytes")
        self.max_read_bytes = int(max_read_bytes)
        self.description = (
            "Read a text file inside the allowed directory (paths are relative to it). "
            f"Files over {self.max_read_bytes} bytes are refused; invalid UTF-8 is replaced.")

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        user_path, real = self._paths(args)
        text = await anyio.to_thread.run_sync(self._read, real, user_path)
        return ToolOutput(text=text)

    def _read(self, real: str, user_path: str) -> str:
        # O_NONBLOCK so a FIFO cannot hang the worker; O_NOFOLLOW because the
        # final component was already resolved and must not have become a link.
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            fd = os.open(real, flags)
        except FileNotFoundError:
            raise ToolExecutionError(self.name, f"no such file: {user_path!r}") from None
        except OSError as exc:
            raise _os_failure(self.name, "open", user_path, exc) from None
        try:
            self.confinement.check_open_fd(self.name, fd, user_path)
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise ToolExecutionError(
                    self.name, f"{user_path!r} is a directory; use list_dir to see its entries")
            if not stat.S_ISREG(info.st_mode):
                raise ToolExecutionError(self.name, f"{user_path!r} is not a regular file")
            if info.st_size > self.max_read_bytes:
                raise ToolExecutionError(self.name, _too_big(user_path, info.st_size,
                                                             self.max_read_bytes))
        except BaseException:
            os.close(fd)
            raise
        with os.fdopen(fd, "rb") as handle:
            # Read one byte past the cap: the file may have grown since fstat.
            data = handle.read(self.max_read_bytes + 1)
        if len(data) > self.max_read_bytes:
            raise ToolExecutionError(self.name, _too_big(user_path, None, self.max_read_bytes))
        return data.decode("utf-8", errors="replace")


def _os_failure(tool: str, verb: str, user_path: str, exc: OSError) -> ToolExecutionError:
    """What the model is told when the OS refuses to ``verb`` ``user_path``."""
    if isinstance(exc, PermissionError):
        return ToolExecutionError(tool, f"permission denied: {user_path!r}")
    return ToolExecutionError(tool, f"cannot {verb} {user_path!r}: {exc.strerror or exc}")


def _too_big(user_path: str, size: int | None, cap: int) -> str:
    actual = f"{size} bytes" if size is not None else "larger than that"
    return f"{user_path!r} is {actual}, over the read limit of {cap} bytes"


class WriteFileTool(_ConfinedTool):
    """Write (create or replace) a UTF-8 text file inside the root, atomically."""

    name = "write_file"
    risk = RiskClass.WRITE
    parameters: Mapping[str, Any] = closed_object_schema(
        {"path": _FILE_PATH,
         "content": {"type": "string", "description": "The complete new file content."}},
        required=["path", "content"])

    def __init__(self, root: Path, max_write_bytes: int) -> None:
        super().__init__(root, max_write_bytes, "max_write_bytes")
        self.max_write_bytes = int(max_write_bytes)
        self.description = (
            "Create or replace a text file inside the allowed directory (paths are relative "
            "to it; missing parent directories are created). The write is atomic. "
            f"Content over {self.max_write_bytes} bytes (UTF-8) is refused.")

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        content = args.get("content")
        if not isinstance(content, str):
            raise ToolArgumentError(self.name, "argument 'content': expected string")
        try:
            data = content.encode("utf-8")
        except UnicodeEncodeError:
            raise ToolArgumentError(
                self.name, "argument 'content': contains characters that are not valid "
                "Unicode (lone surrogates)") from None
        if len(data) > self.max_write_bytes:
            raise ToolExecutionError(
                self.name, f"content is {len(data)} bytes, over the write limit of "
                f"{self.max_write_bytes} bytes")
        user_path, real = self._paths(args)
        # Not abandoned on cancellation: the write finishes or never happened.
        created = await anyio.to_thread.run_sync(self._write, real, data, user_path)
        verb = "created" if created else "replaced"
        return ToolOutput(text=f"{verb} {self.confinement.display(real)} ({len(data)} bytes)")

    def _write(self, real: str, data: bytes, user_path: str) -> bool:
        relative = os.path.relpath(real, self.confinement.root)
        if any(part.casefold() == ".git" for part in Path(relative).parts):
            # A repository's config and hooks name programs git runs; writing
            # them would turn the read-only git policy into code execution.
            raise ToolDeniedError(self.name, f"path {user_path!r} is inside a .git directory "
                                             "(repository internals are not writable)")
        if real == self.confinement.root or os.path.isdir(real):
            raise ToolExecutionError(self.name, f"{user_path!r} is a directory")
        parent = os.path.dirname(real)
        try:
            os.makedirs(parent, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise ToolExecutionError(
                self.name, f"cannot create {user_path!r}: a parent path is a file") from None
        except OSError as exc:
            raise ToolExecutionError(
                self.name, f"cannot create {user_path!r}: {exc.strerror or exc}") from None
        # Everything below works relative to the opened parent directory, checked
        # after it was opened: a path component swapped for a symlink after
        # resolve() cannot redirect the write out of the root.
        try:
            directory_fd = os.open(parent, _DIR_FLAGS)
        except OSError:
            raise ToolDeniedError(
                self.name, f"path {user_path!r} is outside the allowed directory") from None
        try:
            self.confinement.check_open_fd(self.name, directory_fd, user_path)
            name = os.path.basename(real)
            try:
                info = os.stat(name, dir_fd=directory_fd, follow_symlinks=False)
            except FileNotFoundError:
                mode, created = NEW_FILE_MODE, True
            else:
                if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
                    raise ToolExecutionError(self.name, f"{user_path!r} is not a regular file")
                mode, created = stat.S_IMODE(info.st_mode), False
            try:
                _atomic_write(directory_fd, name, data, mode)
            except OSError as exc:
                raise ToolExecutionError(
                    self.name, f"cannot write {user_path!r}: {exc.strerror or exc}") from None
        finally:
            os.close(directory_fd)
        return created


_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _atomic_write(directory_fd: int, name: str, data: bytes, mode: int) -> None:
    """Temp file in the directory, fsync, rename over ``name``, fsync the directory."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    while True:
        temp_name = f".{name}.{secrets.token_hex(6)}.tmp"
        try:
            fd = os.open(temp_name, flags, 0o600, dir_fd=directory_fd)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(temp_name, name, src_dir_fd=directory_fd, dst_dir_fd=directory_fd)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name, dir_fd=directory_fd)
        raise
    os.fsync(directory_fd)


class ListDirTool(_ConfinedTool):
    """List a directory inside the root: one entry per line, directories end in '/'."""

    name = "list_dir"
    risk = RiskClass.READ
    parameters: Mapping[str, Any] = closed_object_schema({
        "path": {"type": "string", "minLength": 1, "default": ".",
                 "description": "Directory path, relative to the allowed directory "
                                "(default: the allowed directory itself)."},
    })

    def __init__(self, root: Path, max_entries: int = DEFAULT_MAX_ENTRIES) -> None:
        super().__init__(root, max_entries, "max_entries")
        self.max_entries = int(max_entries)
        self.description = (
            "List the entries of a directory inside the allowed directory, sorted, one per "
            "line; subdirectories end with '/'.")

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        user_path, real = self._paths(args, default=".")
        entries = await anyio.to_thread.run_sync(self._list, real, user_path)
        if not entries:
            return ToolOutput(text="(empty directory)", count=0)
        shown = entries[: self.max_entries]
        text = "\n".join(shown)
        if len(entries) > len(shown):
            text += f"\n[... {len(entries) - len(shown)} more entries not shown]"
        return ToolOutput(text=text, count=len(entries))

    def _list(self, real: str, user_path: str) -> list[str]:
        entries: list[str] = []
        try:
            # Listed through the opened descriptor, checked after opening (like reads).
            directory_fd = os.open(real, _DIR_FLAGS)
        except FileNotFoundError:
            raise ToolExecutionError(self.name, f"no such directory: {user_path!r}") from None
        except NotADirectoryError:
            raise ToolExecutionError(
                self.name, f"{user_path!r} is a file, not a directory; use read_file") from None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise ToolDeniedError(
                    self.name, f"path {user_path!r} is outside the allowed directory") from None
            raise ToolExecutionError(
                self.name, f"cannot list {user_path!r}: {exc.strerror or exc}") from None
        try:
            self.confinement.check_open_fd(self.name, directory_fd, user_path)
            with os.scandir(directory_fd) as iterator:
                for entry in iterator:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    entries.append(_printable(entry.name) + ("/" if is_dir else ""))
        except OSError as exc:
            raise _os_failure(self.name, "list", user_path, exc) from None
        finally:
            os.close(directory_fd)
        entries.sort()
        return entries
