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
# - errors, logs, backoff (providers and channels retry with it), config: cross-cutting base
#   modules.
# - security (leak redaction: needs logs) and storage (the audit log: needs receipts and
#   audit) sit beside tools and providers: the agent writes the audit log, channels and
#   the daemon redact.
# - audit-bench's harness lives in agent/; its command, like every command, in cli/.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("",),
    ("receipts",),
    ("audit",),
    ("errors", "logs", "backoff"),
    ("config",),
    ("security", "storage", "providers", "tools"),
    ("agent",),
    ("channels",),
    ("daemon",),
    ("cli",),
    ("__main__",),
)
TIER = {part: tier for tier, parts in enumerate(LAYERS) for part in parts}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
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


def test_every_import_goes_down() -> None:
    """No module imports a higher layer or a peer of its own layer (lazy imports included)."""
    paths = sorted(PACKAGE_DIR.rglob("*.py"))
    assert len(paths) > 40  # the walk found the package
    found = []
    for path in paths:
        found += violations(path.read_text(encoding="utf-8"), module_name(path),
                            path.name == "__init__.py")
    assert found == []


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
