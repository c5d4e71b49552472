"""The ``shell`` tool: run one allow-listed program (argv, never a shell).

Every argument is checked against the program's declared policy
(:mod:`zeroclaw_daemon.tools.argpolicy`) before anything starts, and every path
argument must resolve inside the files root. git additionally runs with system
and global config ignored, program-starting settings switched off on its command
line, and refuses a repository whose own config names a program to run.

The program runs in its own session (so its whole process group can be
killed), with stdin from /dev/null, a scrubbed environment, a timeout and a
hard cap on captured output. Whatever it leaves behind in its process group is
killed when the call ends, so a tool call never leaves orphans.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.abc

from zeroclaw_daemon.errors import (
    ToolArgumentError,
    ToolDeniedError,
    ToolExecutionError,
    ToolTimeoutError,
)
from zeroclaw_daemon.tools import argpolicy
from zeroclaw_daemon.tools.argpolicy import ArgumentRefused, ProgramSpec, check_argv
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput, require_positive

READ_CHUNK_BYTES = 65536
ERROR_TAIL_CHARS = 2000
REAP_TIMEOUT_S = 5.0
# Our own timer fires first and reports partial output; the attribute the
# middleware may enforce gets this grace for killing and reaping.
TIMEOUT_GRACE_S = 2.0
# Only these variables reach the child: the daemon's environment holds API keys
# and tokens that a program's output (or `git config`) must never echo back.
PASSED_ENV = ("HOME", "LANG", "LANGUAGE", "TZ", "USER", "LOGNAME", "TMPDIR", "TERM")
FALLBACK_PATH = "/usr/local/bin:/usr/bin:/bin"
# Kernel and device views: never an argument, whatever the files root is.
NEVER_READABLE = ("/proc", "/sys", "/dev")
# A repository config key with one of these last parts names a program git would
# start (diff.<driver>.textconv, filter.<driver>.smudge, core.sshCommand, ...).
_PROGRAM_KEY_SUFFIXES = (
    ".command", ".cmd", ".program", ".driver", ".textconv", ".clean", ".smudge",
    ".process", ".helper", ".editor", ".pager", ".sshcommand", ".askpass", ".fsmonitor",
    ".hookspath", ".external", ".gitproxy", ".proxycommand", ".difffilter",
    ".packobjectshook",
)
_PROGRAM_KEY_SECTIONS = ("pager.", "difftool.", "mergetool.", "alias.")
GIT_CONFIG_SCAN_TIMEOUT_S = 5.0


@dataclass(slots=True)
class _Capture:
    """Output collected from both pipes under one shared byte budget."""

    budget: int
    stdout: bytearray = field(default_factory=bytearray)
    stderr: bytearray = field(default_factory=bytearray)
    truncated: bool = False

    def take(self, which: str, chunk: bytes) -> bool:
        """Keep what fits in the budget; return False once the cap is reached."""
        used = len(self.stdout) + len(self.stderr)
        room = self.budget - used
        target = self.stdout if which == "stdout" else self.stderr
        if len(chunk) > room:
            target += chunk[: max(room, 0)]
            self.truncated = True
            return False
        target += chunk
        return True

    def render(self) -> str:
        out = self.stdout.decode("utf-8", errors="replace")
        err = self.stderr.decode("utf-8", errors="replace")
        text = out
        if err:
            text = f"{out.rstrip(chr(10))}\n\nstderr:\n{err}" if out else f"stderr:\n{err}"
        if self.truncated:
            text = f"{text.rstrip(chr(10))}\n[output truncated at {self.budget} bytes]"
        return text


class ShellTool(Tool):
    """Run an allow-listed program with arguments, without a shell."""

    name = "shell"
    risk = RiskClass.EXEC
    parameters: Mapping[str, Any] = {
        "type": "object",
        "description": "Give exactly one of 'argv' or 'command'.",
        "properties": {
            "argv": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 1,
                "description": "Program and arguments, e.g. [\"ls\", \"-l\"].",
            },
            "command": {
                "type": "string",
                "minLength": 1,
                "description": "A command line split like a POSIX shell would, "
                               "but run without one: no pipes, globs or variables.",
            },
        },
        "additionalProperties": False,
        "minProperties": 1,
        "maxProperties": 1,
    }

    def __init__(self, allow: Sequence[str], workdir: Path, timeout_s: float,
                 max_output_bytes: int, root: Path | None = None,
                 specs: Mapping[str, ProgramSpec] | None = None) -> None:
        require_positive(timeout_s=timeout_s, max_output_bytes=max_output_bytes)
        if specs is None:
            specs = argpolicy.BUILTIN_SPECS
        unspecified = sorted(set(allow) - set(specs))
        if unspecified:
            known = ", ".join(sorted(specs))
            raise ValueError(f"no argument policy for {', '.join(map(repr, unspecified))}; "
                             f"programs with a policy: {known}")
        self.allow = frozenset(allow)
        self.specs = {name: specs[name] for name in self.allow}
        self.workdir = Path(workdir)
        # Path arguments are confined to the files root (the working directory
        # when none is given); the working directory must lie inside it.
        self.root = os.path.realpath(root if root is not None else workdir)
        if not _inside(os.path.realpath(self.workdir), self.root):
            raise ValueError("the working directory is outside the files root")
        self.run_timeout_s = float(timeout_s)
        self.timeout_s = self.run_timeout_s + TIMEOUT_GRACE_S
        self.max_output_bytes = int(max_output_bytes)
        allowed = ", ".join(sorted(self.allow)) or "none"
        self.description = (
            "Run one program from an allow-list with arguments (no shell: no pipes, "
            f"redirection, globbing or variables). Allowed programs: {allowed}. "
            f"Working directory is fixed; timeout {self.run_timeout_s:g} s; "
            f"output capped at {self.max_output_bytes} bytes.")

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        argv = self._argv(args)
        program = argv[0]
        if program not in self.allow:
            allowed = ", ".join(sorted(self.allow)) or "none"
            raise ToolDeniedError(
                self.name, f"program {program!r} is not in the allow-list (allowed: {allowed})")
        if not await anyio.Path(self.workdir).is_dir():
            raise ToolExecutionError(
                self.name, f"the working directory {str(self.workdir)!r} does not exist")
        try:
            argv = check_argv(argv, self.specs, self._confine)
        except ArgumentRefused as exc:
            raise ToolDeniedError(self.name, f"{program}: {exc}") from None
        env = _child_env()
        executable = _which(program, env["PATH"])
        if executable is None:
            raise ToolExecutionError(self.name, f"program {program!r} was not found on PATH")
        if program == "git":
            env.update(self._git_env())
            await self._refuse_program_config(executable, env)
        return await self._execute([executable, *argv[1:]], env, program)

    def _confine(self, path: str) -> None:
        """Refuse a path argument that resolves outside the files root."""
        candidate = path if os.path.isabs(path) else os.path.join(self.workdir, path)
        real = os.path.realpath(candidate)
        if any(_inside(real, banned) for banned in NEVER_READABLE):
            raise ArgumentRefused(path, "kernel and device files are never readable by tools")
        if not _inside(real, self.root):
            if _inside(os.path.normpath(candidate), self.root):
                raise ArgumentRefused(path, "goes through a symbolic link that leads outside "
                                            "the allowed directory")
            raise ArgumentRefused(path, "is outside the allowed directory")

    def _git_env(self) -> dict[str, str]:
        return {
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_ATTR_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_PAGER": "cat",
            "PAGER": "cat",
            "GIT_OPTIONAL_LOCKS": "0",
            # Repository discovery stops at the files root's parent: no repository
            # above the root is ever read.
            "GIT_CEILING_DIRECTORIES": os.path.dirname(self.root),
        }

    async def _refuse_program_config(self, executable: str, env: dict[str, str]) -> None:
        """Refuse to run git in a repository whose config names a program to start."""
        try:
            with anyio.fail_after(GIT_CONFIG_SCAN_TIMEOUT_S):
                result = await anyio.run_process(
                    [executable, "config", "--list", "--name-only"], stdin=subprocess.DEVNULL,
                    cwd=self.workdir, env=env, check=False)
        except (OSError, TimeoutError):
            raise ToolExecutionError(self.name, "could not read the repository's git config") \
                from None
        names = result.stdout.decode("utf-8", errors="replace").lower().split()
        risky = sorted({name for name in names
                        if name.endswith(_PROGRAM_KEY_SUFFIXES)
                        or name.startswith(_PROGRAM_KEY_SECTIONS)})
        if risky:
            raise ToolDeniedError(
                self.name, "git refused: the repository's config names programs for git to "
                f"run ({', '.join(risky)}); remove them to use git through this tool")

    def _argv(self, args: Mapping[str, Any]) -> list[str]:
        argv_value = args.get("argv")
        command_value = args.get("command")
        if (argv_value is None) == (command_value is None):
            raise ToolArgumentError(self.name, "give exactly one of 'argv' or 'command'")
        if command_value is not None:
            if not isinstance(command_value, str):
                raise ToolArgumentError(self.name, "argument 'command': expected string")
            try:
                argv = shlex.split(command_value)
            except ValueError as exc:
                raise ToolArgumentError(self.name, f"argument 'command': {exc}") from None
        else:
            if not isinstance(argv_value, list) or not all(isinstance(a, str) for a in argv_value):
                raise ToolArgumentError(self.name, "argument 'argv': expected array of strings")
            argv = list(argv_value)
        if not argv or not argv[0]:
            raise ToolArgumentError(self.name, "no program given")
        if any("\0" in part for part in argv):
            raise ToolArgumentError(self.name, "arguments must not contain NUL characters")
        return argv

    async def _execute(self, argv: list[str], env: dict[str, str], program: str) -> ToolOutput:
        try:
            process = await anyio.open_process(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=self.workdir, env=env, start_new_session=True)
        except OSError as exc:
            raise ToolExecutionError(
                self.name, f"could not start {program!r}: {exc.strerror or exc}") from None
        # start_new_session makes the child a session and group leader: pgid == pid.
        group_id = process.pid
        capture = _Capture(self.max_output_bytes)
        try:
            with anyio.move_on_after(self.run_timeout_s) as deadline:
                await _collect(process, group_id, capture)
                # Reached at exit (pipes drained) or at the cap (group cancelled early).
                _kill_group(group_id)
                await process.wait()
        finally:
            # Runs on success, timeout, cap and cancellation alike: kill whatever
            # is left in the group, then reap (shielded: never leave a zombie).
            _kill_group(group_id)
            with anyio.CancelScope(shield=True), anyio.move_on_after(REAP_TIMEOUT_S):
                await process.aclose()
        text = capture.render()
        if deadline.cancelled_caught:
            raise ToolTimeoutError(
                self.name, f"{program!r} timed out after {self.run_timeout_s:g} s "
                "(process group killed)" + _tail_note(text))
        if capture.truncated:
            # We killed it for talking too much; its exit status says nothing.
            return ToolOutput(text=text)
        code = process.returncode
        if code is None or code != 0:
            raise ToolExecutionError(self.name, f"{program!r} {_exit_phrase(code)}"
                                     + _tail_note(text))
        return ToolOutput(text=text if text else "(no output; exit code 0)")


async def _collect(process: anyio.abc.Process, group_id: int, capture: _Capture) -> None:
    """Read both pipes until the program exits and they drain, or until the cap is reached."""
    async with anyio.create_task_group() as group:
        async def pump(stream: anyio.abc.ByteReceiveStream | None, which: str) -> None:
            if stream is None:
                return
            while True:
                try:
                    chunk = await stream.receive(READ_CHUNK_BYTES)
                except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
                    return
                if not capture.take(which, chunk):
                    group.cancel_scope.cancel()
                    return

        group.start_soon(pump, process.stdout, "stdout")
        group.start_soon(pump, process.stderr, "stderr")
        await process.wait()
        # A background child (`cmd &`) may still hold our pipes open; once the
        # program itself has exited, kill the rest of its group so the pipes
        # reach EOF (what they already hold is still read).
        _kill_group(group_id)


def _inside(path: str, root: str) -> bool:
    return os.path.commonpath([root, path]) == root


def _kill_group(group_id: int) -> None:
    # ProcessLookupError: already gone (the usual case after a clean exit).
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group_id, signal.SIGKILL)


def _child_env() -> dict[str, str]:
    env = {name: os.environ[name] for name in PASSED_ENV if name in os.environ}
    env.update({name: value for name, value in os.environ.items() if name.startswith("LC_")})
    # Relative PATH entries (".", "") would let a file the model wrote into the
    # working directory shadow an allowed program.
    path_entries = [p for p in os.environ.get("PATH", FALLBACK_PATH).split(os.pathsep)
                    if os.path.isabs(p)]
    env["PATH"] = os.pathsep.join(path_entries) or FALLBACK_PATH
    return env


def _which(program: str, search_path: str) -> str | None:
    if "/" in program:
        # Only reachable when an admin allow-listed a path explicitly.
        return program if os.access(program, os.X_OK) and os.path.isfile(program) else None
    return shutil.which(program, path=search_path)


def _exit_phrase(code: int | None) -> str:
    if code is None:
        return "ended without an exit status"
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


def _tail_note(text: str) -> str:
    if not text:
        return "; no output"
    tail = text if len(text) <= ERROR_TAIL_CHARS else "..." + text[-ERROR_TAIL_CHARS:]
    return f"; output:\n{tail}"

