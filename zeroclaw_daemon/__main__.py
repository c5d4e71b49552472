"""``python -m zeroclaw_daemon``: the same command line as ``zeroclaw``."""

from __future__ import annotations

from zeroclaw_daemon.cli import main

if __name__ == "__main__":
    main(prog_name="zeroclaw")
