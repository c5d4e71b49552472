"""Fixtures shared by every test module (generic ones only)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from zeroclaw_daemon.logs import reset_logging

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def repo_root() -> Path:
    """The checkout's top directory."""
    return REPO_ROOT


@pytest.fixture
def shipped_config_path() -> Path:
    """config/zeroclaw.toml, the default config the package ships."""
    return REPO_ROOT / "config" / "zeroclaw.toml"


@pytest.fixture
def clean_logging() -> Iterator[None]:
    """Put logging back to its unconfigured state after a test that configures it."""
    yield
    reset_logging()
