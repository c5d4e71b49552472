"""The daemon: one ChannelRuntimeContext per process, its channels, signals and drain."""

from __future__ import annotations
