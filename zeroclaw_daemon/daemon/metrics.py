"""Prometheus metrics of one daemon, in a registry of its own.

A per-context :class:`CollectorRegistry` (never prometheus_client's global
one) keeps two contexts in one process (tests, benchmarks) from sharing
counters, and keeps the default process collectors' names from colliding.
:class:`DaemonMetrics` is also the agent's ``TurnObserver``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    process_collector,
)

from ..receipts.events import ToolEvent, ToolStatus

if TYPE_CHECKING:
    from ..agent.loop import TurnResult

METRICS_CONTENT_TYPE = CONTENT_TYPE_LATEST

# Turn latency buckets: scripted turns take milliseconds, real models seconds to minutes.
TURN_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
                120.0, 300.0)

# A tool the model invented gets this label: model-chosen label values would be unbounded.
UNKNOWN_TOOL_LABEL = "<unknown>"


class DaemonMetrics:
    """Counters and histograms of turns, tool calls, receipts and audit findings."""

    def __init__(self, *, process_metrics: bool = True) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        if process_metrics:
            # RSS, CPU and open fds of this process, as Prometheus users expect.
            process_collector.ProcessCollector(registry=self.registry)
        self.turns = Counter("zeroclaw_turns", "Turns completed, by channel.",
                             ["channel"], registry=self.registry)
        self.turn_errors = Counter("zeroclaw_turn_errors", "Turns that raised, by channel.",
                                   ["channel"], registry=self.registry)
        self.tool_calls = Counter("zeroclaw_tool_calls", "Tool calls, by tool and how they ended.",
                                  ["tool", "status"], registry=self.registry)
        self.receipts_issued = Counter("zeroclaw_receipts_issued", "Tool receipts signed.",
                                       registry=self.registry)
        self.audit_findings = Counter("zeroclaw_audit_findings", "Reply audit findings, by type.",
                                      ["type"], registry=self.registry)
        self.revision_rounds = Counter(
            "zeroclaw_audit_revision_rounds", "Correction rounds run under mode = revise.",
            registry=self.registry)
        self.revisions = Counter(
            "zeroclaw_audit_revisions", "Revise-mode turns with findings, by outcome "
            "(fixed, fallback, provider_error, audit_error).", ["outcome"],
            registry=self.registry)
        self.turn_seconds = Histogram("zeroclaw_turn_seconds", "Wall time of one turn.",
                                      buckets=TURN_BUCKETS, registry=self.registry)
        self.turns_in_flight = Gauge("zeroclaw_turns_in_flight",
                                     "Turns accepted and not finished.", registry=self.registry)
        # Labelled children by (metric, label values): labels() validates and locks on every
        # call (~1.2 us, a few per turn); every label set here is bounded (tools, statuses,
        # channels, finding types, outcomes).
        self._children: dict[tuple[object, tuple[str, ...]], Any] = {}

    def _child(self, metric: Any, *values: str) -> Any:
        key = (metric, values)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*values)
        return child

    def track_in_flight(self, read: Callable[[], int]) -> None:
        """Read the in-flight gauge from ``read`` at scrape time."""
        self.turns_in_flight.set_function(lambda: float(read()))

    # --- the agent's TurnObserver protocol -------------------------------------------------

    def on_tool_event(self, event: ToolEvent) -> None:
        tool = UNKNOWN_TOOL_LABEL if event.status is ToolStatus.UNKNOWN else event.tool
        self._child(self.tool_calls, tool, event.status.value).inc()
        if event.receipt is not None:
            self.receipts_issued.inc()

    def on_turn(self, result: TurnResult, seconds: float) -> None:
        self.turn_seconds.observe(seconds)
        revision = result.revision
        if revision is not None and revision.rounds:
            self.revision_rounds.inc(len(revision.rounds))
            self._child(self.revisions, revision.outcome.value).inc()
        if result.audit is None:  # audit off, or a reply the runtime wrote itself
            return
        for finding in result.audit.findings:
            self._child(self.audit_findings, str(finding.type)).inc()

    # --- per channel, counted by the context that knows the channel ------------------------

    def count_turn(self, channel: str, *, failed: bool = False) -> None:
        self._child(self.turn_errors if failed else self.turns, channel).inc()

    def render(self) -> bytes:
        """The Prometheus text exposition of this registry."""
        return generate_latest(self.registry)
