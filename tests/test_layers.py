"""Imports only go down: every module of the package imports only its own part or lower layers.

The layer order is written once, here (README "Architecture", DESIGN.md section 1).
Every import counts: top-level, inside functions (lazy), under ``TYPE_CHECKING``,
relative, and ``importlib.import_module("zeroclaw_daemon...")`` with a literal name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = "zeroclaw_daemon"
PACKAGE_DIR = Path(__file__).resolve().parent.parent / PACKAGE

# Lowest first. A part may import itself and any part in a LOWER tier; parts in the
# same tier are independent of each other. "" is the package root (``__version__``).
# - receipts: the core, imports nothing of ours; audit: the reply auditor, only receipts
#   (it sits below the base modules so that it cannot reach config or logs).
# - errors, logs, backoff (providers and channels retry with it), taskgroups (a task group
#   an object holds open: daemon context, MCP hub, background delegates), config:
#   cross-cutting base modules.
# - security (leak redaction: needs logs) and storage (the audit log: needs receipts and
#   audit) sit beside tools and providers: the agent writes the audit log, channels and
#   the daemon redact.
# - audit-bench's harness lives in agent/; its command, like every command, in cli/.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("",),
    ("receipts",),
    ("audit",),
    ("errors", "logs", "backoff", "taskgroups"),
    ("config",),
    ("security", "storage", "providers", "tools"),
    ("agent",),
    ("channels",),
    ("daemon",),
    ("cli",),
    ("__main__",),
)
TIER = {part: tier for tier, parts in enumerate(LAYERS) for part in parts}


def module_name(path: Path, package_dir: Path = PACKAGE_DIR) -> str:
    parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str) -> str:
    """The layer part of a dotted module name inside the package ("" for the root)."""
    rest = module.split(".")[1:]
    return rest[0] if rest else ""


def imported_modules(source: str, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) for every import of our package in ``source``."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target == PACKAGE:
                # ``from zeroclaw_daemon import config``: each name may be a part.
                for alias in node.names:
                    name = f"{PACKAGE}.{alias.name}"
                    yield node.lineno, name if part_of(name) in TIER else PACKAGE
            else:
                yield node.lineno, target
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                   or (isinstance(node.func, ast.Name) and node.func.id == "__import__"))):
            yield node.lineno, node.args[0].value


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every import in ``source`` (of ``module``) that goes up or sideways."""
    found = []
    own = part_of(module)
    for line, target in imported_modules(source, module, is_package):
        if target != PACKAGE and not target.startswith(PACKAGE + "."):
            continue
        theirs = part_of(target)
        if theirs == own:
            continue
        if own not in TIER or theirs not in TIER:
            found.append(f"{module}:{line} imports {target}: put "
                         f"{own if own not in TIER else theirs!r} in LAYERS")
        elif TIER[theirs] >= TIER[own]:
            way = "up" if TIER[theirs] > TIER[own] else "sideways"
            found.append(f"{module}:{line} imports {target} ({way}: {own} -> {theirs})")
    return found


def walk(package_dir: Path) -> tuple[int, list[str]]:
    """How many modules the package at ``package_dir`` holds, and every bad import in them."""
    paths = sorted(package_dir.rglob("*.py"))
    found = []
    for path in paths:
        found += violations(path.read_text(encoding="utf-8"), module_name(path, package_dir),
                            path.name == "__init__.py")
    return len(paths), found


def test_every_import_goes_down() -> None:
    """No module imports a higher layer or a peer of its own layer (lazy imports included)."""
    modules, found = walk(PACKAGE_DIR)
    assert modules > 40  # the walk found the package
    assert found == []


def test_walk_catches_an_upward_import_planted_in_a_package_on_disk(tmp_path: Path) -> None:
    """The same walk over a package tree on disk reports a planted function-level upward
    import (tools -> agent) and a relative one (receipts -> errors), and nothing else."""
    package = tmp_path / PACKAGE
    for part in ("receipts", "tools", "agent"):
        (package / part).mkdir(parents=True)
        (package / part / "__init__.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text('__version__ = "0"\n', encoding="utf-8")
    (package / "errors.py").write_text("from . import __version__\n", encoding="utf-8")
    (package / "agent" / "loop.py").write_text(
        "from zeroclaw_daemon.tools.files import ReadFileTool\n", encoding="utf-8")
    (package / "tools" / "files.py").write_text(
        "import os\n\n\ndef read():\n    from zeroclaw_daemon.agent.loop import X\n",
        encoding="utf-8")
    (package / "receipts" / "signer.py").write_text("from ..errors import E\n",
                                                    encoding="utf-8")
    modules, found = walk(package)
    assert (8, [
        "zeroclaw_daemon.receipts.signer:1 imports zeroclaw_daemon.errors (up: receipts -> errors)",
        "zeroclaw_daemon.tools.files:5 imports zeroclaw_daemon.agent.loop (up: tools -> agent)",
    ]) == (modules, found)


def test_every_part_has_a_layer() -> None:
    """Each top-level module and package of zeroclaw_daemon is placed in LAYERS."""
    parts = {path.stem if path.is_file() else path.name
             for path in PACKAGE_DIR.iterdir()
             if (path.is_file() and path.suffix == ".py" and path.name != "__init__.py")
             or (path.is_dir() and (path / "__init__.py").exists())}
    assert sorted(parts - TIER.keys()) == []


@pytest.mark.parametrize(("module", "source"), [
    ("zeroclaw_daemon.agent.policy", "from zeroclaw_daemon.channels.base import X\n"),
    ("zeroclaw_daemon.channels.gateway", "from ..daemon.dispatch import ShuttingDownError\n"),
    ("zeroclaw_daemon.tools.delegate", "def f():\n    from zeroclaw_daemon.agent import loop\n"),
    ("zeroclaw_daemon.receipts.tokens", "import zeroclaw_daemon.errors\n"),
    ("zeroclaw_daemon.audit.engine", "from zeroclaw_daemon import config\n"),
    ("zeroclaw_daemon.tools.files", "from zeroclaw_daemon.providers import base\n"),
    ("zeroclaw_daemon.cli.common",
     "import importlib\nimportlib.import_module('zeroclaw_daemon.newpart')\n"),
])
def test_checker_flags_upward_and_sideways_imports(module: str, source: str) -> None:
    """The checker itself catches up, sideways, lazy, relative, dynamic and unplaced imports."""
    assert len(violations(source, module)) == 1


def test_checker_allows_downward_and_own_imports() -> None:
    """Imports of lower layers and of the module's own part are allowed."""
    source = ("from zeroclaw_daemon.receipts import ReceiptScope\n"
              "from zeroclaw_daemon.config import Config\n"
              "from .loop import AgentRuntime\n"
              "from zeroclaw_daemon import __version__\n")
    assert violations(source, "zeroclaw_daemon.agent.direct") == []


@pytest.mark.parametrize(("lower", "higher"), [
    ("receipts", "audit"), ("audit", "errors"), ("tools", "agent"), ("providers", "agent"),
    ("agent", "channels"), ("channels", "daemon"), ("daemon", "cli"),
])
def test_the_order_keeps_the_documented_arrows(lower: str, higher: str) -> None:
    """DESIGN.md's arrows hold in LAYERS: tools/ and providers/ below agent/, agent/ below
    channels/ and daemon/, cli/ on top."""
    assert TIER[lower] < TIER[higher]


def test_receipts_and_audit_sit_at_the_bottom() -> None:
    """receipts/ can reach nothing of ours (only the package root's version); audit/ can
    reach receipts/ and nothing else."""
    assert [""] == [part for part in TIER if TIER[part] < TIER["receipts"]]
    assert ["", "receipts"] == [part for part in TIER if TIER[part] < TIER["audit"]]
