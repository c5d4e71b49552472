"""Keep other processes of the same user out of the daemon's memory and environment.

``prctl(PR_SET_DUMPABLE, 0)`` makes the kernel treat the process as
non-dumpable: ``/proc/<pid>/environ``, ``/proc/<pid>/mem`` and ptrace attach
are then refused to every process without ``CAP_SYS_PTRACE`` (so to a tool's
child running as the same user, which could otherwise read the provider API
keys in the environment or the receipt key in memory). It does not stop root,
and it does not hide what the daemon itself hands a child. Core dumps are
switched off beside it (RLIMIT_CORE = 0 in the service module).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

__all__ = ["is_dumpable", "mark_non_dumpable"]

_PR_SET_DUMPABLE = 4
_PR_GET_DUMPABLE = 3


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c") or "libc.so.6"
    try:
        return ctypes.CDLL(name, use_errno=True)
    except OSError:
        return None


def mark_non_dumpable() -> bool:
    """Set PR_SET_DUMPABLE to 0; False where the platform has no prctl or refuses it."""
    libc = _libc()
    if libc is None:
        return False
    return int(libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)) == 0


def is_dumpable() -> bool | None:
    """The process's dumpable flag, or None where it cannot be read."""
    libc = _libc()
    if libc is None:
        return None
    value = int(libc.prctl(_PR_GET_DUMPABLE, 0, 0, 0, 0))
    return None if value < 0 else value != 0
