"""The ``zeroclaw agent`` REPL's input: commands, a hint on how to leave, line editing.

On a terminal the line is read with :mod:`readline` (arrow keys, Ctrl-R, history kept
in ``$XDG_STATE_HOME/zeroclaw/agent_history``, else ``~/.local/state/zeroclaw/``, mode
0600); from a pipe it is read plainly. Either way ``/help`` lists the commands, and
``/exit``, ``exit``, ``quit`` and end of input (Ctrl-D) leave: none of them reaches the
model. Other lines starting with ``/`` are refused as unknown commands.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType

import anyio

HISTORY_LINES = 1000
LEAVE_WORDS = frozenset({"/exit", "/quit", "exit", "quit"})
HINT = "Type a message for the agent. /help lists commands; /exit or Ctrl-D leaves."
HELP = """\
/help          this list
/exit, /quit   leave (also: exit, quit, or Ctrl-D on an empty line)
Anything else is sent to the agent as one message; Ctrl-C stops at once.
On a terminal: arrow keys edit and recall earlier lines, Ctrl-R searches them."""


def history_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where a terminal REPL keeps its line history."""
    env = os.environ if environ is None else environ
    state_home = env.get("XDG_STATE_HOME", "").strip()
    base = Path(state_home) if state_home else Path.home() / ".local" / "state"
    return base / "zeroclaw" / "agent_history"


class ReplInput:
    """Yields the messages a person (or a pipe) sends; handles the REPL's own commands."""

    def __init__(self, *, interactive: bool, say: Callable[[str], None]) -> None:
        self.interactive = interactive
        self._say = say  # stderr: replies own stdout
        self._readline: ModuleType | None = None
        self._history: Path | None = None
        if interactive:
            self._readline = _load_readline()
            self._history = history_path() if self._readline is not None else None
            if self._readline is not None and self._history is not None:
                with contextlib.suppress(OSError):
                    self._readline.read_history_file(str(self._history))
            say(HINT)

    async def next_message(self) -> str | None:
        """The next line for the model, or None when the person leaves."""
        while True:
            # A person may take any time to type: no timeout, but cancellable (Ctrl-C).
            line = await anyio.to_thread.run_sync(self._read_line, abandon_on_cancel=True)
            if line is None:
                return None
            text = line.strip()
            if not text:
                continue
            if text.lower() in LEAVE_WORDS:
                return None
            if text.lower() == "/help":
                self._say(HELP)
            elif text.startswith("/"):
                self._say(f"unknown command {text.split()[0]}; /help lists the commands")
            else:
                return line.rstrip("\n")

    def close(self) -> None:
        """Save the line history (a terminal session only)."""
        if self._readline is None or self._history is None:
            return
        try:
            self._history.parent.mkdir(parents=True, exist_ok=True)
            self._readline.set_history_length(HISTORY_LINES)
            self._readline.write_history_file(str(self._history))
            self._history.chmod(0o600)  # what a person typed is theirs alone
        except OSError:
            pass  # no history is no reason to fail the session

    def _read_line(self) -> str | None:
        if not self.interactive:
            line = sys.stdin.readline()
            return line if line else None
        try:
            return input("> ")  # readline (when loaded) edits the line and keeps history
        except EOFError:
            sys.stderr.write("\n")
            return None


def _load_readline() -> ModuleType | None:
    try:
        import readline
    except ImportError:  # a Python built without it: plain input still works
        return None
    return readline
