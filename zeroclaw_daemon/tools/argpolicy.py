"""What each allow-listed program may be given: subcommands, flags, path arguments.

Checking only ``argv[0]`` against an allow-list is not a sandbox: ``git -c
alias.x=!sh x`` runs anything, and ``head /etc/passwd`` reads outside the files
root. So every runnable program has a :class:`ProgramSpec`, and an argv is
accepted only when every token is something its spec names:

* an option the spec lists (``--name=value`` and ``-n5`` are split the way the
  program itself would split them, so a value cannot smuggle a second option);
* a positional of the kind the spec declares: free text, a pattern, or a path;
* ``--`` ends the options; everything after it is a positional.

Paths (positionals of path kind and the values of path options) go through the
caller's confinement, the same rule as the file tools: resolved with symlinks
and ``..``, they must land inside the files root and never in ``/proc``,
``/sys`` or ``/dev``. A program without a spec is not runnable.

The check runs before the program starts and is pure: it returns the argv to
run (with the spec's own fixed arguments inserted) or raises
:class:`ArgumentRefused` naming the token it refused.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

__all__ = [
    "BUILTIN_SPECS",
    "ArgumentRefused",
    "Positionals",
    "ProgramSpec",
    "check_argv",
]


class ArgumentRefused(ValueError):
    """An argv token the program's spec does not allow; carries the token."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(f"{token!r}: {reason}")
        self.token = token
        self.reason = reason


class Positionals(Enum):
    """What a program's non-option arguments are."""

    NONE = "none"                   # no positional at all
    TEXT = "text"                   # free text, never opened (echo, date's +FORMAT)
    PATHS = "paths"                 # every positional is a file the program opens
    PATTERN_THEN_PATHS = "pattern"  # grep: the first is a pattern unless -e/-f gave one
    REVISIONS = "revisions"         # git: revisions or in-repository paths


@dataclass(frozen=True, slots=True)
class ProgramSpec:
    """The arguments one program (or one git subcommand) accepts."""

    name: str
    switches: frozenset[str] = frozenset()
    valued: frozenset[str] = frozenset()
    path_valued: frozenset[str] = frozenset()
    positionals: Positionals = Positionals.PATHS
    # `head -5`: a dash and digits is a count, not an option.
    numeric_short: bool = False
    # Positionals are refused unless one of these options is present
    # (`git branch NAME` creates a branch; `git branch --list NAME` lists).
    positionals_need: frozenset[str] = frozenset()
    subcommands: Mapping[str, ProgramSpec] = field(default_factory=dict)
    # Fixed arguments inserted right after the program (or subcommand) name.
    inserted: tuple[str, ...] = ()

    def takes_value(self, option: str) -> bool:
        return option in self.valued or option in self.path_valued


# Dash look-alikes (U+2010..U+2015, U+2212 minus, fullwidth hyphen...): a token
# that starts with one reads like an option to a person but not to the program.
def _starts_with_dash_lookalike(token: str) -> bool:
    if not token or token[0] == "-":
        return False
    first = unicodedata.normalize("NFKC", token[0])
    return first == "-" or unicodedata.category(token[0]) == "Pd" or token[0] == "\u2212"


def check_argv(argv: Sequence[str], specs: Mapping[str, ProgramSpec],
               confine: Callable[[str], None]) -> list[str]:
    """The argv to run, or :class:`ArgumentRefused`; ``confine`` raises on a bad path."""
    program = argv[0]
    spec = specs.get(program)
    if spec is None:
        raise ArgumentRefused(program, "no argument policy is declared for this program, "
                                       "so it cannot run")
    rest = list(argv[1:])
    head = [program, *spec.inserted]
    if spec.subcommands:
        if not rest or rest[0].startswith("-"):
            names = ", ".join(sorted(spec.subcommands))
            token = rest[0] if rest else program
            raise ArgumentRefused(token, f"{program} takes one of these subcommands first "
                                         f"(options before it are not allowed): {names}")
        sub = spec.subcommands.get(rest[0])
        if sub is None:
            names = ", ".join(sorted(spec.subcommands))
            raise ArgumentRefused(rest[0], f"not an allowed {program} subcommand "
                                           f"(allowed: {names})")
        head += [rest[0], *sub.inserted]
        spec, rest = sub, rest[1:]
    _check_tokens(rest, spec, confine)
    return [*head, *rest]


def _check_tokens(tokens: Sequence[str], spec: ProgramSpec,
                  confine: Callable[[str], None]) -> None:
    positionals: list[str] = []
    seen: set[str] = set()
    options_done = False
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if options_done or token == "-" or not token.startswith("-"):
            if not options_done and _starts_with_dash_lookalike(token):
                raise ArgumentRefused(token, "starts with a character that looks like a dash "
                                             "but is not one")
            positionals.append(token)
            continue
        if token == "--":
            options_done = True
            continue
        option, value, index = _split_option(token, tokens, index, spec)
        seen.add(option)
        if value is not None and option in spec.path_valued:
            confine(value)
    _check_positionals(positionals, spec, seen, confine)


def _split_option(token: str, tokens: Sequence[str], index: int,
                  spec: ProgramSpec) -> tuple[str, str | None, int]:
    """(option, its value or None, next index) for one option token, or refuse it."""
    if token.startswith("--"):
        name, has_value, inline = token.partition("=")
        if name in spec.switches and not has_value:
            return name, None, index
        if spec.takes_value(name):
            if has_value:
                return name, inline, index
            if index >= len(tokens):
                raise ArgumentRefused(token, "needs a value")
            return name, tokens[index], index + 1
        raise _unknown(token, spec)
    if spec.numeric_short and token[1:].isdigit():
        return "-N", None, index
    if token in spec.switches:
        return token, None, index
    short = token[:2]
    if spec.takes_value(short):
        if len(token) > 2:
            return short, token[2:], index
        if index >= len(tokens):
            raise ArgumentRefused(token, "needs a value")
        return short, tokens[index], index + 1
    # Bundled switches (`-la`): every letter must be a switch of its own.
    letters = token[1:]
    if letters and all(f"-{letter}" in spec.switches for letter in letters):
        return token, None, index
    raise _unknown(token, spec)


def _unknown(token: str, spec: ProgramSpec) -> ArgumentRefused:
    allowed = sorted(spec.switches | spec.valued | spec.path_valued)
    listed = ", ".join(allowed) if allowed else "none"
    return ArgumentRefused(token, f"not an allowed option of {spec.name} (allowed: {listed})")


def _check_positionals(positionals: list[str], spec: ProgramSpec, seen: set[str],
                       confine: Callable[[str], None]) -> None:
    if not positionals:
        return
    kind = spec.positionals
    if kind is Positionals.NONE:
        raise ArgumentRefused(positionals[0], f"{spec.name} takes no arguments here")
    if spec.positionals_need and not (seen & spec.positionals_need):
        needed = " or ".join(sorted(spec.positionals_need))
        raise ArgumentRefused(positionals[0], f"{spec.name} takes arguments only with {needed} "
                                              "(without it, it would change the repository)")
    if kind is Positionals.TEXT:
        return
    if kind is Positionals.PATTERN_THEN_PATHS and not (seen & {"-e", "-f", "--regexp", "--file"}):
        positionals = positionals[1:]
    if kind is Positionals.REVISIONS:
        # git itself refuses paths outside its work tree; these are refused here
        # too, so the reason the model sees is ours and no repository is searched.
        positionals = [p for p in positionals if p.startswith("/") or ".." in p.split("/")]
    for path in positionals:
        confine(path)


def _spec(name: str, switches: str = "", valued: str = "", path_valued: str = "",
          **kwargs: object) -> ProgramSpec:
    return ProgramSpec(name, frozenset(switches.split()), frozenset(valued.split()),
                       frozenset(path_valued.split()), **kwargs)  # type: ignore[arg-type]


_LOG_SWITCHES = (
    "--oneline --stat --shortstat --numstat --summary --name-only --name-status --graph "
    "--decorate --no-decorate --all --reverse --merges --no-merges --first-parent -p -u "
    "--patch --no-patch -s --abbrev-commit --no-abbrev-commit --follow --no-color -w "
    "--ignore-all-space -b --ignore-space-change --cached --staged -M -C --full-history "
    "--date-order --topo-order --word-diff --raw --no-renames --exit-code --quiet -z")
_LOG_VALUED = (
    "-n --max-count --skip --since --after --until --before --author --committer --grep "
    "--format --pretty --date -U --unified --diff-filter --abbrev --color")
# Inserted into every git subcommand that can show a diff: never an external
# diff program or a textconv filter, whatever the repository's config says.
_NO_PROGRAMS = ("--no-ext-diff", "--no-textconv")


def _git_subcommands() -> dict[str, ProgramSpec]:
    revs = Positionals.REVISIONS
    return {
        "log": _spec("git log", _LOG_SWITCHES, _LOG_VALUED, positionals=revs,
                     numeric_short=True, inserted=_NO_PROGRAMS),
        "show": _spec("git show", _LOG_SWITCHES, _LOG_VALUED, positionals=revs,
                      inserted=_NO_PROGRAMS),
        "diff": _spec("git diff", _LOG_SWITCHES, _LOG_VALUED, positionals=revs,
                      inserted=_NO_PROGRAMS),
        "status": _spec("git status", "-s --short -b --branch --porcelain --long --ignored "
                        "-z --no-renames -uno -unormal -uall", "--untracked-files",
                        positionals=revs),
        "blame": _spec("git blame", "-w -e -s -l -t -c --porcelain --line-porcelain -f "
                       "--show-name -n --show-number", "-L --date", positionals=revs),
        "rev-parse": _spec("git rev-parse", "--abbrev-ref --verify --show-toplevel "
                           "--is-inside-work-tree --is-bare-repository --symbolic-full-name "
                           "--quiet -q --all --branches --tags", "--short",
                           positionals=revs),
        "ls-files": _spec("git ls-files", "-c -m -o -d -s -u -z --cached --modified "
                          "--others --deleted --stage --unmerged --exclude-standard "
                          "--full-name", positionals=revs),
        "tag": _spec("git tag", "-l --list", "-n --sort --contains --points-at --merged "
                     "--no-merged --format", positionals=Positionals.TEXT,
                     positionals_need=frozenset({"-l", "--list"})),
        "branch": _spec("git branch", "-a -r -v -vv -l --list --all --remotes --verbose "
                        "--show-current", "--contains --merged --no-merged --sort --format",
                        positionals=Positionals.TEXT,
                        positionals_need=frozenset({"-l", "--list"})),
        "shortlog": _spec("git shortlog", "-s -n -e --summary --numbered --email --all",
                          "--since --until --author", positionals=revs),
        "describe": _spec("git describe", "--tags --always --long --all", "--abbrev",
                          positionals=revs),
        "rev-list": _spec("git rev-list", "--count --all --reverse --merges --no-merges "
                          "--first-parent", "-n --max-count --since --until --author",
                          positionals=revs),
        "ls-tree": _spec("git ls-tree", "-r -t -d -l -z --name-only --name-status --long "
                         "--full-tree", positionals=revs),
        "cat-file": _spec("git cat-file", "-t -s -p -e", positionals=revs),
        "grep": _spec("git grep", "-n -i -w -l -L -c -E -F -G -I -v -h -H --count "
                      "--line-number --cached --untracked --all-match",
                      "-e -m --max-count -A -B -C", positionals=Positionals.PATTERN_THEN_PATHS,
                      inserted=("--no-textconv",)),
    }


def _builtin_specs() -> dict[str, ProgramSpec]:
    text, none = Positionals.TEXT, Positionals.NONE
    return {
        "echo": _spec("echo", "-n -e -E", positionals=text),
        "date": _spec("date", "-u --utc --universal -R --rfc-email", "-d --date -I",
                      "-r --reference -f --file", positionals=text),
        "sleep": _spec("sleep", positionals=text),
        "uname": _spec("uname", "-a -s -n -r -v -m -p -i -o --all --kernel-name --nodename "
                       "--kernel-release --kernel-version --machine --processor "
                       "--hardware-platform --operating-system", positionals=none),
        "wc": _spec("wc", "-l -w -c -m -L --lines --words --bytes --chars "
                    "--max-line-length", path_valued="--files0-from"),
        "grep": _spec("grep", "-i -v -n -c -l -L -w -x -E -F -G -H -h -o -q -s -r -I -y "
                      "--ignore-case --invert-match --line-number --count "
                      "--files-with-matches --files-without-match --word-regexp "
                      "--line-regexp --extended-regexp --fixed-strings --basic-regexp "
                      "--with-filename --no-filename --only-matching --quiet --silent "
                      "--no-messages --recursive",
                      "-e --regexp -m --max-count -A -B -C --after-context "
                      "--before-context --context --include --exclude --exclude-dir --color",
                      "-f --file --exclude-from", positionals=Positionals.PATTERN_THEN_PATHS),
        "head": _spec("head", "-q -v --quiet --silent --verbose", "-n -c --lines --bytes",
                      numeric_short=True),
        "tail": _spec("tail", "-q -v --quiet --silent --verbose", "-n -c --lines --bytes",
                      numeric_short=True),
        "cat": _spec("cat", "-n -b -s -A -E -T -v --number --number-nonblank "
                     "--squeeze-blank --show-all --show-ends --show-tabs"),
        "ls": _spec("ls", "-l -a -A -h -R -1 -t -r -S -d -F -i -s -n -G -p --all "
                    "--almost-all --human-readable --recursive --directory --classify "
                    "--reverse", "--sort --color --time-style"),
        "git": ProgramSpec("git", subcommands=_git_subcommands(), inserted=_GIT_NEUTRAL),
    }


# Before the subcommand, on every git run: settings that would start a program
# (pager, fsmonitor hook, hooks, signature checks through gpg) are switched off
# on the command line, which outranks every config file.
_GIT_NEUTRAL = (
    "--no-pager",
    "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat",
    "-c", "log.showSignature=false", "-c", "protocol.allow=never",
)

BUILTIN_SPECS: Mapping[str, ProgramSpec] = MappingProxyType(_builtin_specs())
