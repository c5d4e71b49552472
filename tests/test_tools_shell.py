"""The shell tool with real subprocesses: allow-list, timeout, process groups, output cap."""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path

import anyio
import pytest

from tests.conftest import process_test_specs
from zeroclaw_daemon.errors import ToolDeniedError, ToolExecutionError, ToolTimeoutError
from zeroclaw_daemon.tools.argpolicy import ProgramSpec
from zeroclaw_daemon.tools.base import RiskClass, ToolContext
from zeroclaw_daemon.tools.shell import ShellTool

CTX = ToolContext(conversation_id="conv", turn_id="turn", call_id="call_1")
ALLOW = ("echo", "sh", "head", "yes", "printf", "true")


def _tool(workdir: Path, timeout_s: float = 10.0, max_output_bytes: int = 65536) -> ShellTool:
    return ShellTool(allow=ALLOW, workdir=workdir, timeout_s=timeout_s,
                     max_output_bytes=max_output_bytes, specs=process_test_specs())


def _real(path: Path) -> str:
    return os.path.realpath(path)


def _alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (a container's init may reap late)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


async def _wait_gone(pid: int, timeout_s: float = 3.0) -> bool:
    """Poll (the pid is not ours to wait on) until ``pid`` is gone or the timeout passes."""
    for _ in range(int(timeout_s / 0.02)):
        if not _alive(pid):
            return True
        await anyio.sleep(0.02)
    return not _alive(pid)


async def test_echo_output_is_the_result(tmp_path: Path) -> None:
    """A successful command's stdout is the result text, risk is exec."""
    tool = _tool(tmp_path)
    output = await tool.run({"argv": ["echo", "hello", "world"]}, CTX)
    assert "hello world\n" == output.text
    assert RiskClass.EXEC == tool.risk
    assert "shell" == tool.name


async def test_command_string_is_split_without_a_shell(tmp_path: Path) -> None:
    """`command` is split like a shell would, but `$HOME` and `;` stay literal."""
    output = await _tool(tmp_path).run({"command": "echo 'a  b' $HOME ';' c"}, CTX)
    assert "a  b $HOME ; c\n" == output.text


async def test_runs_in_the_workdir(tmp_path: Path) -> None:
    """The program's working directory is the configured one."""
    output = await _tool(tmp_path).run({"argv": ["sh", "-c", "pwd"]}, CTX)
    assert f"{_real(tmp_path)}\n" == output.text


async def test_program_not_in_allow_list_is_denied(tmp_path: Path) -> None:
    """A program missing from the allow-list is refused before anything runs."""
    marker = tmp_path / "ran"
    with pytest.raises(ToolDeniedError) as caught:
        await _tool(tmp_path).run({"argv": ["touch", str(marker)]}, CTX)
    assert "denied" == caught.value.status
    assert "'touch' is not in the allow-list" in caught.value.message
    assert not marker.exists()


async def test_path_to_allowed_program_is_denied(tmp_path: Path) -> None:
    """/bin/echo is not "echo": entries match exactly, so paths cannot sneak past."""
    with pytest.raises(ToolDeniedError):
        await _tool(tmp_path).run({"argv": ["/bin/echo", "x"]}, CTX)


async def test_relative_path_entries_cannot_shadow_programs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file named like an allowed program in the workdir is not run even with "." on PATH."""
    fake = tmp_path / "echo"
    fake.write_text("#!/bin/sh\necho hijacked\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f".:{os.environ['PATH']}")
    output = await _tool(tmp_path).run({"argv": ["echo", "real"]}, CTX)
    assert "real\n" == output.text


async def test_environment_is_scrubbed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Secrets in the daemon's environment do not reach the program."""
    monkeypatch.setenv("ZC_TEST_API_KEY", "sk-should-not-leak")
    output = await _tool(tmp_path).run({"argv": ["sh", "-c", 'echo "[$ZC_TEST_API_KEY]"']}, CTX)
    assert "[]\n" == output.text


async def test_nonzero_exit_is_an_error_with_code_and_output(tmp_path: Path) -> None:
    """A failing program raises ToolExecutionError with its exit code and output tail."""
    with pytest.raises(ToolExecutionError) as caught:
        await _tool(tmp_path).run({"argv": ["sh", "-c", "echo partial; echo oops >&2; exit 3"]},
                                  CTX)
    assert "failed" == caught.value.status
    assert "'sh' exited with code 3; output:\npartial\n\nstderr:\noops\n" == caught.value.message


async def test_stderr_is_appended_under_a_header(tmp_path: Path) -> None:
    """On success stderr follows stdout under "stderr:"."""
    output = await _tool(tmp_path).run({"argv": ["sh", "-c", "echo out; echo warn >&2"]}, CTX)
    assert "out\n\nstderr:\nwarn\n" == output.text


async def test_no_output_says_so(tmp_path: Path) -> None:
    """A silent success is reported explicitly, not as an empty string."""
    output = await _tool(tmp_path).run({"argv": ["true"]}, CTX)
    assert "(no output; exit code 0)" == output.text


async def test_binary_output_is_decoded_with_replacement(tmp_path: Path) -> None:
    """Invalid UTF-8 becomes U+FFFD instead of an exception."""
    output = await _tool(tmp_path).run({"argv": ["printf", "\\377\\376ok"]}, CTX)
    assert "\ufffd\ufffdok" == output.text


async def test_fifty_megabytes_of_output_are_capped(tmp_path: Path) -> None:
    """50 MB of output stop at the cap quickly, marked as truncated."""
    started = time.monotonic()
    output = await _tool(tmp_path, max_output_bytes=65536).run(
        {"argv": ["sh", "-c", "head -c 52428800 /dev/zero"]}, CTX)
    assert "\0" * 65536 + "\n[output truncated at 65536 bytes]" == output.text
    assert time.monotonic() - started < 5.0


async def test_endless_output_is_capped_and_the_program_killed(tmp_path: Path) -> None:
    """`yes` never stops on its own; the cap ends it."""
    output = await _tool(tmp_path, max_output_bytes=1000).run({"argv": ["yes"]}, CTX)
    assert "y\n" * 500 + "[output truncated at 1000 bytes]" == output.text


async def test_timeout_kills_the_whole_process_group(tmp_path: Path) -> None:
    """On timeout the grandchild dies too: no orphan is left behind."""
    script = "sleep 30 & echo $!; sleep 30"
    with pytest.raises(ToolTimeoutError) as caught:
        await _tool(tmp_path, timeout_s=1.0).run({"argv": ["sh", "-c", script]}, CTX)
    assert "timeout" == caught.value.status
    found = re.search(r"output:\n(\d+)", caught.value.message)
    assert found is not None, caught.value.message
    assert await _wait_gone(int(found.group(1)))


async def test_background_child_is_killed_when_the_program_exits(tmp_path: Path) -> None:
    """A child left running after a clean exit is killed, and the call returns at once."""
    started = time.monotonic()
    output = await _tool(tmp_path, timeout_s=10.0).run(
        {"argv": ["sh", "-c", "sleep 30 & echo $!"]}, CTX)
    assert time.monotonic() - started < 5.0
    assert await _wait_gone(int(output.text.strip()))


async def test_cancellation_kills_the_group_and_propagates(tmp_path: Path) -> None:
    """Cancelling the caller kills the program's group and the cancellation is not swallowed."""
    pid_file = tmp_path / "pid"
    tool = _tool(tmp_path, timeout_s=30.0)
    with anyio.move_on_after(1.0) as scope:
        await tool.run({"argv": ["sh", "-c", f"sleep 30 & echo $! > {pid_file}; sleep 30"]}, CTX)
    assert scope.cancelled_caught
    assert await _wait_gone(int(pid_file.read_text().strip()))


async def test_unparseable_command_is_an_argument_error(tmp_path: Path) -> None:
    """An unbalanced quote in `command` is reported as invalid arguments."""
    from zeroclaw_daemon.errors import ToolArgumentError

    with pytest.raises(ToolArgumentError) as caught:
        await _tool(tmp_path).run({"command": "echo 'unterminated"}, CTX)
    assert "argument 'command': No closing quotation" == caught.value.message


async def test_missing_workdir_is_reported_as_such(tmp_path: Path) -> None:
    """A misconfigured working directory is named, not mistaken for a missing program."""
    with pytest.raises(ToolExecutionError) as caught:
        await _tool(tmp_path / "gone").run({"argv": ["echo", "x"]}, CTX)
    assert f"the working directory {str(tmp_path / 'gone')!r} does not exist" == (
        caught.value.message)


async def test_allowed_but_missing_program_fails_clearly(tmp_path: Path) -> None:
    """An allow-listed program that is not installed is a failed call naming it."""
    specs = {"no-such-program-zc": ProgramSpec("no-such-program-zc")}
    tool = ShellTool(allow=["no-such-program-zc"], workdir=tmp_path, timeout_s=5,
                     max_output_bytes=1000, specs=specs)
    with pytest.raises(ToolExecutionError) as caught:
        await tool.run({"argv": ["no-such-program-zc"]}, CTX)
    assert "program 'no-such-program-zc' was not found on PATH" == caught.value.message
