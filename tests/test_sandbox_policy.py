"""The shell tool's argument policy: tables, properties, and real git with hostile config."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.agent.policy import MAX_APPROVAL_PROMPT_CHARS, approval_prompt
from zeroclaw_daemon.errors import ToolDeniedError
from zeroclaw_daemon.tools.argpolicy import BUILTIN_SPECS, ArgumentRefused, check_argv
from zeroclaw_daemon.tools.base import ToolContext
from zeroclaw_daemon.tools.files import ListDirTool, WriteFileTool
from zeroclaw_daemon.tools.shell import ShellTool

CTX = ToolContext(conversation_id="conv", turn_id="turn", call_id="call_1")
ALLOW = ("echo", "date", "uname", "wc", "grep", "git", "head", "cat", "ls", "tail")


def no_confine(path: str) -> None:
    """A confinement that accepts every path (the table tests look at options)."""


def refuse_dotdot(path: str) -> None:
    """A confinement that refuses absolute paths and `..`, like the real one would here."""
    if path.startswith("/") or ".." in path.split("/"):
        raise ArgumentRefused(path, "is outside the allowed directory")


ACCEPTED = [
    ["echo", "hello", "-n"],
    ["echo", "-n", "hello"],
    ["uname", "-a"],
    ["uname", "-sr"],
    ["head", "-n", "5", "notes.txt"],
    ["head", "-n5", "notes.txt"],
    ["head", "-5", "notes.txt"],
    ["wc", "-l", "--", "-odd-name.txt"],
    ["grep", "-rn", "TODO", "src"],
    ["grep", "-e", "-x", "notes.txt"],
    ["grep", "--max-count=3", "root", "notes.txt"],
    ["git", "log", "--oneline", "-n", "5"],
    ["git", "log", "--format=%H %s", "--since=2.weeks"],
    ["git", "status", "--short"],
    ["git", "diff", "HEAD~1", "--", "src/app.py"],
    ["git", "show", "HEAD:README.md"],
    ["git", "branch", "--list", "feat*"],
    ["git", "tag", "-l", "v1.*"],
    ["git", "rev-parse", "--short", "HEAD"],
]

REFUSED = [
    (["git", "-c", "alias.x=!echo PWNED", "x"], "-c"),
    (["git", "--config-env=core.pager=X", "log"], "--config-env=core.pager=X"),
    (["git", "-C", "/etc", "log"], "-C"),
    (["git", "--exec-path=/tmp", "log"], "--exec-path=/tmp"),
    (["git", "--git-dir=/etc/.git", "log"], "--git-dir=/etc/.git"),
    (["git", "--work-tree=/", "status"], "--work-tree=/"),
    (["git", "x"], "x"),
    (["git", "config", "core.pager", "sh"], "config"),
    (["git", "commit", "-m", "x"], "commit"),
    (["git", "push"], "push"),
    (["git", "diff", "--output=/tmp/owned"], "--output=/tmp/owned"),
    (["git", "diff", "--no-index", "/etc/passwd", "x"], "--no-index"),
    (["git", "diff", "--ext-diff"], "--ext-diff"),
    (["git", "log", "--textconv"], "--textconv"),
    (["git", "grep", "-O", "foo"], "-O"),
    (["git", "grep", "--open-files-in-pager=sh", "foo"], "--open-files-in-pager=sh"),
    (["git", "branch", "evil"], "evil"),
    (["git", "tag", "v9"], "v9"),
    (["git", "branch", "-D", "main"], "-D"),
    (["git", "log", "--oneline=1"], "--oneline=1"),
    (["git", "log", "-n"], "-n"),
    (["uname", "extra"], "extra"),
    (["grep", "-R", "x", "."], "-R"),
    (["tail", "-f", "log.txt"], "-f"),
    (["date", "--set=2020-01-01"], "--set=2020-01-01"),
    (["date", "-s", "2020-01-01"], "-s"),
    (["echo", "\u2212c", "x"], "\u2212c"),
    (["head", "\u2010\u2010bytes=9", "x"], "\u2010\u2010bytes=9"),
    (["python3", "-c", "print(1)"], "python3"),
    (["sh", "-c", "id"], "sh"),
]


@pytest.mark.parametrize("argv", ACCEPTED, ids=" ".join)
def test_policy_accepts_read_only_calls(argv: list[str]) -> None:
    """Ordinary read-only calls pass, with the spec's fixed arguments inserted after the name."""
    checked = check_argv(argv, BUILTIN_SPECS, no_confine)
    assert argv[0] == checked[0]
    assert argv[-1] == checked[-1]


@pytest.mark.parametrize(("argv", "token"), REFUSED, ids=lambda v: " ".join(v)
                         if isinstance(v, list) else v)
def test_policy_refuses_what_no_spec_names(argv: list[str], token: str) -> None:
    """Each hostile argv is refused, and the refusal names the token that broke the policy."""
    with pytest.raises(ArgumentRefused) as caught:
        check_argv(argv, BUILTIN_SPECS, no_confine)
    assert token == caught.value.token


def test_git_always_runs_with_programs_switched_off() -> None:
    """Every git run carries --no-pager and -c overrides before the subcommand, and the
    diff-showing subcommands refuse external diff and textconv programs."""
    checked = check_argv(["git", "log", "-p"], BUILTIN_SPECS, no_confine)
    assert ["git", "--no-pager"] == checked[:2]
    assert "core.fsmonitor=false" in checked and "core.hooksPath=/dev/null" in checked
    assert checked.index("log") < checked.index("--no-ext-diff")
    assert "--no-textconv" in checked


@pytest.mark.parametrize("argv", [
    ["cat", "../secret"],
    ["head", "-c", "200", "/etc/passwd"],
    ["grep", "-r", "root:x:0", "/etc/passwd"],
    ["grep", "-f", "/etc/shadow", "notes.txt"],
    ["wc", "--files0-from=/etc/list"],
    ["git", "log", "--", "../../etc"],
    ["cat", "a/../../b"],
])
def test_path_arguments_go_through_confinement(argv: list[str]) -> None:
    """Path positionals and path-valued options (inline `=value` too) reach the confinement."""
    with pytest.raises(ArgumentRefused):
        check_argv(argv, BUILTIN_SPECS, refuse_dotdot)


def test_grep_pattern_is_not_a_path() -> None:
    """grep's first positional is the pattern, so a pattern like `../x` is not refused as a path."""
    check_argv(["grep", "../x", "notes.txt"], BUILTIN_SPECS, refuse_dotdot)


GLOBAL_SMUGGLE = st.sampled_from(["-c", "-C", "--config-env", "--exec-path", "--git-dir",
                                  "--work-tree", "--namespace", "-p", "--paginate"])


@settings(max_examples=200, deadline=None)
@given(option=GLOBAL_SMUGGLE, value=st.text(min_size=0, max_size=12),
       inline=st.booleans(), sub=st.sampled_from(sorted(BUILTIN_SPECS["git"].subcommands)))
def test_no_option_before_the_git_subcommand(option: str, value: str, inline: bool,
                                             sub: str) -> None:
    """Whatever global option, spelling (`--opt=value` or separate) or subcommand: refused."""
    smuggled = [f"{option}={value}"] if inline else [option, value]
    with pytest.raises(ArgumentRefused):
        check_argv(["git", *smuggled, sub], BUILTIN_SPECS, no_confine)


@settings(max_examples=200, deadline=None)
@given(tokens=st.lists(st.text(min_size=1, max_size=10), max_size=6))
def test_after_double_dash_everything_is_a_path(tokens: list[str]) -> None:
    """Behind `--`, even option-shaped tokens are positionals and every one is confined."""
    seen: list[str] = []
    check_argv(["cat", "--", *tokens], BUILTIN_SPECS, seen.append)
    assert tokens == seen


@settings(max_examples=200, deadline=None)
@given(repeat=st.integers(min_value=1, max_value=5))
def test_repeated_options_are_each_checked(repeat: int) -> None:
    """A repeated allowed option passes; one bad copy among them is still refused."""
    check_argv(["git", "log", *(["--oneline"] * repeat)], BUILTIN_SPECS, no_confine)
    with pytest.raises(ArgumentRefused):
        check_argv(["git", "log", *(["--oneline"] * repeat), "--output=x"],
                   BUILTIN_SPECS, no_confine)


# --- the real tool, real programs -------------------------------------------------

def make_repo(path: Path) -> Path:
    """A git repository with one commit, made with the user's git outside the tool."""
    path.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    for argv in (["git", "init", "-q"], ["git", "add", "-A"],
                 ["git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                  "commit", "-q", "-m", "first commit"]):
        (path / "notes.txt").write_text("root:x:0 is not here\nTODO one\n", encoding="utf-8")
        subprocess.run(argv, cwd=path, env=env, check=True, capture_output=True)
    return path


def tool_for(root: Path) -> ShellTool:
    return ShellTool(allow=ALLOW, workdir=root, root=root, timeout_s=10, max_output_bytes=65536)


async def test_git_alias_injection_is_refused_and_runs_nothing(tmp_path: Path) -> None:
    """The issue's first attack: `git -c alias.x=!touch MARK x` is denied; MARK never appears."""
    root = make_repo(tmp_path / "repo")
    marker = tmp_path / "PWNED"
    with pytest.raises(ToolDeniedError):
        await tool_for(root).run({"argv": ["git", "-c", f"alias.x=!touch {marker}", "x"]}, CTX)
    assert not marker.exists()


@pytest.mark.parametrize("setting", [
    "[core]\n\tpager = touch {marker}\n",
    "[core]\n\tfsmonitor = touch {marker}\n",
    "[diff]\n\texternal = touch {marker}\n",
    '[diff "x"]\n\ttextconv = touch {marker}\n',
    '[filter "x"]\n\tclean = touch {marker}\n',
    "[core]\n\thooksPath = /tmp\n",
    "[alias]\n\tlg = !touch {marker}\n",
])
async def test_repository_config_naming_a_program_refuses_git(tmp_path: Path,
                                                              setting: str) -> None:
    """The second route: a .git/config that names a program (written by anyone) makes
    every git call refuse, naming the key; the program never runs."""
    root = make_repo(tmp_path / "repo")
    marker = tmp_path / "PWNED"
    with (root / ".git" / "config").open("a", encoding="utf-8") as handle:
        handle.write(setting.format(marker=marker))
    (root / ".gitattributes").write_text("* diff=x filter=x\n", encoding="utf-8")
    (root / "notes.txt").write_text("changed\n", encoding="utf-8")
    for argv in (["git", "status"], ["git", "log", "-p"], ["git", "diff"]):
        with pytest.raises(ToolDeniedError) as caught:
            await tool_for(root).run({"argv": argv}, CTX)
        assert "names programs for git to run" in caught.value.message
    assert not marker.exists()


async def test_global_git_config_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    """A ~/.gitconfig with a program-starting setting is not read: git runs, nothing fires."""
    root = make_repo(tmp_path / "repo")
    home = tmp_path / "home"
    home.mkdir()
    marker = tmp_path / "PWNED"
    (home / ".gitconfig").write_text(f"[core]\n\tfsmonitor = touch {marker}\n"
                                     f"\tpager = touch {marker}\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    output = await tool_for(root).run({"argv": ["git", "log", "--oneline"]}, CTX)
    assert "first commit" in output.text
    output = await tool_for(root).run({"argv": ["git", "status", "--short"]}, CTX)
    assert not marker.exists()


async def test_repository_above_the_root_is_not_discovered(tmp_path: Path) -> None:
    """git stops looking for a repository at the root's parent: a repo above the root is
    never read from inside it."""
    outer = make_repo(tmp_path / "outer")
    inner = outer / "sub" / "root"
    inner.mkdir(parents=True)
    with pytest.raises(Exception) as caught:
        await tool_for(inner).run({"argv": ["git", "log", "--oneline"]}, CTX)
    assert "first commit" not in str(caught.value)


@pytest.mark.parametrize("argv", [
    ["head", "-c", "200", "/etc/passwd"],
    ["grep", "-r", "root:x:0", "/etc/passwd"],
    ["cat", "/proc/self/environ"],
    ["cat", "../outside.txt"],
    ["cat", "link-out"],
    ["wc", "-l", "/dev/stdin"],
])
async def test_shell_paths_stay_inside_the_files_root(tmp_path: Path, argv: list[str]) -> None:
    """Absolute paths elsewhere, `..`, a symlink out of the root and /proc are refused."""
    root = make_repo(tmp_path / "repo")
    (tmp_path / "outside.txt").write_text("secret\n", encoding="utf-8")
    (root / "link-out").symlink_to(tmp_path / "outside.txt")
    with pytest.raises(ToolDeniedError):
        await tool_for(root).run({"argv": argv}, CTX)


async def test_paths_inside_the_root_still_work(tmp_path: Path) -> None:
    """A confined call that stays inside the root runs and returns the file's content."""
    root = make_repo(tmp_path / "repo")
    output = await tool_for(root).run({"argv": ["grep", "-n", "TODO", "notes.txt"]}, CTX)
    assert "2:TODO one\n" == output.text


def test_allow_list_program_without_a_spec_is_refused_at_build(tmp_path: Path) -> None:
    """An allow-list naming a program with no policy cannot be built (config error)."""
    with pytest.raises(ValueError, match="no argument policy for 'python3'"):
        ShellTool(allow=["python3"], workdir=tmp_path, timeout_s=5, max_output_bytes=10)


def test_workdir_outside_the_root_is_refused(tmp_path: Path) -> None:
    """The working directory must lie inside the files root."""
    (tmp_path / "root").mkdir()
    with pytest.raises(ValueError, match="outside the files root"):
        ShellTool(allow=["echo"], workdir=tmp_path, root=tmp_path / "root", timeout_s=5,
                  max_output_bytes=10)


@pytest.mark.parametrize("path", [".git/config", ".git/hooks/pre-commit", "sub/.GIT/config"])
async def test_write_file_refuses_git_internals(tmp_path: Path, path: str) -> None:
    """write_file never writes inside a .git directory (config and hooks run programs)."""
    with pytest.raises(ToolDeniedError, match=r"\.git"):
        await WriteFileTool(tmp_path, 1000).run({"path": path, "content": "x"}, CTX)
    assert not (tmp_path / path).exists()


async def test_write_into_a_directory_swapped_for_a_symlink_is_refused(tmp_path: Path) -> None:
    """A parent directory that is (or became) a symlink out of the root is refused, and
    nothing is written outside."""
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (root / "d").symlink_to(outside)
    with pytest.raises(ToolDeniedError):
        await WriteFileTool(root, 1000).run({"path": "d/x.txt", "content": "x"}, CTX)
    assert [] == list(outside.iterdir())
    with pytest.raises(ToolDeniedError):
        await ListDirTool(root).run({"path": "d"}, CTX)


def test_approval_prompt_shows_the_whole_call() -> None:
    """Padding cannot hide a dangerous tail: the prompt shows every argument, escaped, and
    a prompt over the limit says it was cut and how long the call is."""
    argv = ["git", "log", " " * 600, "--output=/etc/cron.d/x"]
    prompt = approval_prompt("shell", {"argv": argv})
    assert "--output=/etc/cron.d/x" in prompt
    tricky = approval_prompt("write_file", {"path": "a\nshell: rm -rf /", "content": "\u202e"})
    assert "\\n" in tricky and "\\u202e" in tricky
    assert 2 == len(tricky.splitlines()) - 1
    long = approval_prompt("write_file", {"path": "x", "content": "y" * 10_000})
    assert len(long) <= MAX_APPROVAL_PROMPT_CHARS
    assert "[cut: the call is 10039 characters" in long


def test_tool_paths_under_systemd_stay_in_the_state_directory(tmp_path: Path) -> None:
    """Under StateDirectory= the shipped relative root lands in $STATE_DIRECTORY/workspace
    (created), not next to /etc's config; a relative `..` there is a config error."""
    from zeroclaw_daemon.config import parse_config
    from zeroclaw_daemon.errors import ConfigError
    from zeroclaw_daemon.tools import build_tools, tool_path

    etc = tmp_path / "etc"
    etc.mkdir()
    state = tmp_path / "var-lib-zeroclaw"
    state.mkdir()
    cfg = parse_config('[tools.files]\nroot = "workspace"\n[tools.shell]\nworkdir = "workspace"\n',
                       base_dir=etc)
    env = {"STATE_DIRECTORY": str(state)}
    assert state / "workspace" == tool_path(cfg, "workspace", "tools.files.root", env)
    assert (state / "workspace").is_dir()
    tools = build_tools(cfg, env)
    assert os.path.realpath(state / "workspace") == tools["shell"].root  # type: ignore[attr-defined]
    bad = parse_config('[tools.files]\nroot = ".."\n', base_dir=etc)
    with pytest.raises(ConfigError) as caught:
        build_tools(bad, env)
    assert "tools.files.root" == caught.value.problems[0].path
    assert etc / "workspace" == tool_path(cfg, "workspace", "tools.files.root", {})
