"""read_file, write_file and list_dir on real temp directories: confinement, caps, atomicity."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from zeroclaw_daemon.errors import ToolDeniedError, ToolExecutionError
from zeroclaw_daemon.tools.base import RiskClass, ToolContext
from zeroclaw_daemon.tools.files import ListDirTool, ReadFileTool, WriteFileTool

CTX = ToolContext(conversation_id="conv", turn_id="turn", call_id="call_1")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A root directory with a file, a subdirectory and a secret next to it (outside)."""
    inside = tmp_path / "root"
    (inside / "sub").mkdir(parents=True)
    (inside / "hello.txt").write_text("hello\nworld\n")
    (inside / "sub" / "nested.txt").write_text("nested")
    (tmp_path / "secret.txt").write_text("top secret")
    return inside


async def test_read_file_returns_the_text(root: Path) -> None:
    """A file inside the root is read whole; the middleware counts lines (count None)."""
    tool = ReadFileTool(root, 1000)
    output = await tool.run({"path": "hello.txt"}, CTX)
    assert "hello\nworld\n" == output.text
    assert output.count is None
    assert RiskClass.READ == tool.risk


async def test_inner_dotdot_that_stays_inside_is_fine(root: Path) -> None:
    """`sub/../hello.txt` resolves inside the root and is allowed."""
    output = await ReadFileTool(root, 1000).run({"path": "sub/../hello.txt"}, CTX)
    assert "hello\nworld\n" == output.text


async def test_absolute_path_inside_the_root_is_fine(root: Path) -> None:
    """An absolute path that lies inside the root is accepted."""
    output = await ReadFileTool(root, 1000).run({"path": str(root / "sub" / "nested.txt")}, CTX)
    assert "nested" == output.text


@pytest.mark.parametrize("path", ["../secret.txt", "sub/../../secret.txt", "/etc/passwd"])
async def test_paths_outside_the_root_are_denied(root: Path, path: str) -> None:
    """`..` escapes and absolute paths elsewhere are refused as denied."""
    with pytest.raises(ToolDeniedError) as caught:
        await ReadFileTool(root, 1000).run({"path": path}, CTX)
    assert "denied" == caught.value.status
    assert f"path {path!r} is outside the allowed directory" == caught.value.message


async def test_symlink_escape_is_denied_for_every_tool(root: Path) -> None:
    """A symlink inside the root pointing outside cannot be read, written or listed."""
    outside = root.parent
    (root / "link").symlink_to(outside / "secret.txt")
    (root / "dirlink").symlink_to(outside)
    with pytest.raises(ToolDeniedError) as caught:
        await ReadFileTool(root, 1000).run({"path": "link"}, CTX)
    assert "symbolic link" in caught.value.message
    with pytest.raises(ToolDeniedError):
        await WriteFileTool(root, 1000).run({"path": "dirlink/new.txt", "content": "x"}, CTX)
    with pytest.raises(ToolDeniedError):
        await ListDirTool(root).run({"path": "dirlink"}, CTX)
    assert "top secret" == (outside / "secret.txt").read_text()
    assert not (outside / "new.txt").exists()


async def test_symlink_inside_the_root_is_followed(root: Path) -> None:
    """A symlink whose target is inside the root works normally."""
    (root / "alias").symlink_to(root / "hello.txt")
    output = await ReadFileTool(root, 1000).run({"path": "alias"}, CTX)
    assert "hello\nworld\n" == output.text


async def test_read_over_the_cap_is_an_error(root: Path) -> None:
    """A file larger than max_read_bytes is refused with its size and the limit."""
    (root / "big.txt").write_bytes(b"x" * 101)
    with pytest.raises(ToolExecutionError) as caught:
        await ReadFileTool(root, 100).run({"path": "big.txt"}, CTX)
    assert "'big.txt' is 101 bytes, over the read limit of 100 bytes" == caught.value.message


async def test_read_exactly_at_the_cap_is_fine(root: Path) -> None:
    """A file of exactly max_read_bytes is read."""
    (root / "edge.txt").write_bytes(b"y" * 100)
    assert "y" * 100 == (await ReadFileTool(root, 100).run({"path": "edge.txt"}, CTX)).text


async def test_read_missing_file_and_directory_are_errors(root: Path) -> None:
    """Missing files and directories give failed calls with clear messages."""
    tool = ReadFileTool(root, 1000)
    with pytest.raises(ToolExecutionError) as missing:
        await tool.run({"path": "nope.txt"}, CTX)
    assert "no such file: 'nope.txt'" == missing.value.message
    with pytest.raises(ToolExecutionError) as directory:
        await tool.run({"path": "sub"}, CTX)
    assert "'sub' is a directory; use list_dir to see its entries" == directory.value.message


async def test_read_fifo_does_not_hang(root: Path) -> None:
    """A named pipe is refused instead of blocking the worker thread."""
    os.mkfifo(root / "pipe")
    with pytest.raises(ToolExecutionError) as caught:
        await ReadFileTool(root, 1000).run({"path": "pipe"}, CTX)
    assert "'pipe' is not a regular file" == caught.value.message


async def test_invalid_utf8_is_replaced(root: Path) -> None:
    """Binary content is decoded with replacement characters."""
    (root / "bin").write_bytes(b"\xff\xfeok")
    assert "\ufffd\ufffdok" == (await ReadFileTool(root, 1000).run({"path": "bin"}, CTX)).text


async def test_write_creates_file_and_parents(root: Path) -> None:
    """write_file creates missing parent directories inside the root."""
    tool = WriteFileTool(root, 1000)
    output = await tool.run({"path": "a/b/c.txt", "content": "héllo"}, CTX)
    assert "created a/b/c.txt (6 bytes)" == output.text
    assert "héllo" == (root / "a" / "b" / "c.txt").read_text(encoding="utf-8")
    assert RiskClass.WRITE == tool.risk


async def test_write_replaces_atomically_and_keeps_mode(root: Path) -> None:
    """Replacing swaps in a new inode (temp + rename), keeps the mode, leaves no temp file."""
    target = root / "hello.txt"
    target.chmod(0o600)
    before = target.stat().st_ino
    output = await WriteFileTool(root, 1000).run({"path": "hello.txt", "content": "new"}, CTX)
    assert "replaced hello.txt (3 bytes)" == output.text
    assert "new" == target.read_text()
    assert before != target.stat().st_ino
    assert 0o600 == target.stat().st_mode & 0o777
    assert ["hello.txt", "sub"] == sorted(os.listdir(root))


async def test_write_through_inner_symlink_replaces_its_target(root: Path) -> None:
    """Writing via a symlink inside the root updates the real file and keeps the link."""
    (root / "alias").symlink_to(root / "hello.txt")
    await WriteFileTool(root, 1000).run({"path": "alias", "content": "via link"}, CTX)
    assert "via link" == (root / "hello.txt").read_text()
    assert (root / "alias").is_symlink()


async def test_write_over_the_cap_is_refused_and_nothing_written(root: Path) -> None:
    """Content over max_write_bytes (as UTF-8) is refused before touching the disk."""
    with pytest.raises(ToolExecutionError) as caught:
        await WriteFileTool(root, 4).run({"path": "x.txt", "content": "héllo"}, CTX)
    assert "content is 6 bytes, over the write limit of 4 bytes" == caught.value.message
    assert not (root / "x.txt").exists()


async def test_write_outside_root_is_denied(root: Path) -> None:
    """`..` in a write path cannot escape the root."""
    with pytest.raises(ToolDeniedError):
        await WriteFileTool(root, 1000).run({"path": "../evil.txt", "content": "x"}, CTX)
    assert not (root.parent / "evil.txt").exists()


async def test_write_to_a_directory_or_under_a_file_fails(root: Path) -> None:
    """A directory cannot be overwritten and a file cannot become a parent."""
    tool = WriteFileTool(root, 1000)
    with pytest.raises(ToolExecutionError) as directory:
        await tool.run({"path": "sub", "content": "x"}, CTX)
    assert "'sub' is a directory" == directory.value.message
    with pytest.raises(ToolExecutionError) as under_file:
        await tool.run({"path": "hello.txt/child", "content": "x"}, CTX)
    assert "cannot create 'hello.txt/child': a parent path is a file" == under_file.value.message


async def test_list_dir_sorted_with_trailing_slash_and_count(root: Path) -> None:
    """Entries are sorted, one per line, directories marked, count = entries."""
    (root / ".hidden").write_text("")
    tool = ListDirTool(root)
    output = await tool.run({}, CTX)
    assert ".hidden\nhello.txt\nsub/" == output.text
    assert 3 == output.count
    assert "nested.txt" == (await tool.run({"path": "sub"}, CTX)).text


async def test_list_dir_empty_and_capped(root: Path) -> None:
    """An empty directory says so with count 0; a long listing is cut but counted fully."""
    (root / "empty").mkdir()
    empty = await ListDirTool(root).run({"path": "empty"}, CTX)
    assert ("(empty directory)", 0) == (empty.text, empty.count)
    many = root / "many"
    many.mkdir()
    for index in range(5):
        (many / f"f{index}").write_text("")
    capped = await ListDirTool(root, max_entries=2).run({"path": "many"}, CTX)
    assert ("f0\nf1\n[... 3 more entries not shown]", 5) == (capped.text, capped.count)


async def test_list_dir_on_a_file_or_missing_path_fails(root: Path) -> None:
    """Listing a file or a missing directory is a failed call."""
    tool = ListDirTool(root)
    with pytest.raises(ToolExecutionError) as on_file:
        await tool.run({"path": "hello.txt"}, CTX)
    assert "'hello.txt' is a file, not a directory; use read_file" == on_file.value.message
    with pytest.raises(ToolExecutionError) as missing:
        await tool.run({"path": "gone"}, CTX)
    assert "no such directory: 'gone'" == missing.value.message


async def test_non_utf8_names_are_listed_printably(root: Path) -> None:
    """A filename that is not UTF-8 is shown with a replacement character, not a crash."""
    os.close(os.open(os.fsencode(root) + b"/bad\xffname", os.O_CREAT | os.O_WRONLY, 0o644))
    output = await ListDirTool(root).run({}, CTX)
    assert "bad\ufffdname" in output.text.splitlines()
    output.text.encode("utf-8")


def test_open_descriptor_check_refuses_what_lies_outside(root: Path) -> None:
    """The after-open check passes a descriptor inside the root and refuses one outside it,
    a symlinked root included, and one that is no path at all (a pipe)."""
    linked = root.parent / "linked-root"
    linked.symlink_to(root)
    confinement = ListDirTool(linked).confinement
    inside = os.open(root / "sub", os.O_RDONLY)
    outside = os.open(root.parent / "secret.txt", os.O_RDONLY)
    pipe_read, pipe_write = os.pipe()
    try:
        confinement.check_open_fd("list_dir", inside, "sub")
        refused = []
        for fd, name in ((outside, "../secret.txt"), (pipe_read, "pipe")):
            with pytest.raises(ToolDeniedError) as denied:
                confinement.check_open_fd("list_dir", fd, name)
            refused.append(denied.value.message)
    finally:
        for fd in (inside, outside, pipe_read, pipe_write):
            os.close(fd)
    assert ["path '../secret.txt' is outside the allowed directory",
            "path 'pipe' is outside the allowed directory"] == refused
