"""Autonomy policy: which risk classes run, when approval is asked, how it is denied."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import anyio
import pytest

from zeroclaw_daemon.agent.policy import Autonomy, Policy, PolicyDecision
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput


class _RiskTool(Tool):
    description = "test tool"
    parameters: Mapping[str, Any] = {"type": "object"}

    def __init__(self, risk: RiskClass) -> None:
        self.name = f"{risk.value}_tool"
        self.risk = risk

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        return ToolOutput("ran")


class _Approver:
    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[tuple[str, str]] = []

    async def __call__(self, tool: str, summary: str) -> bool:
        self.asked.append((tool, summary))
        return self.answer


ALL_RISKS = list(RiskClass)


@pytest.mark.parametrize("risk", ALL_RISKS)
async def test_read_only_allows_only_read(risk: RiskClass) -> None:
    """read_only runs read tools and denies every other class without asking."""
    approver = _Approver(True)
    decision = await Policy("read_only").check(_RiskTool(risk), "summary", approver)
    assert (risk is RiskClass.READ) == decision.allowed
    assert [] == approver.asked
    if risk is not RiskClass.READ:
        assert f"autonomy is read_only and {risk.value}_tool ({risk.value}) is not a read " \
               "tool" == decision.reason


@pytest.mark.parametrize("risk", ALL_RISKS)
async def test_full_allows_everything(risk: RiskClass) -> None:
    """full runs every risk class and never asks."""
    approver = _Approver(False)
    decision = await Policy(Autonomy.FULL).check(_RiskTool(risk), "summary", approver)
    assert decision.allowed is True
    assert [] == approver.asked


async def test_supervised_read_runs_without_asking() -> None:
    """supervised does not ask about read tools."""
    approver = _Approver(False)
    decision = await Policy("supervised").check(_RiskTool(RiskClass.READ), "s", approver)
    assert (True, False) == (decision.allowed, decision.asked)
    assert [] == approver.asked


@pytest.mark.parametrize("risk", [RiskClass.WRITE, RiskClass.EXEC, RiskClass.NETWORK])
@pytest.mark.parametrize("answer", [True, False])
async def test_supervised_asks_for_risky_tools(risk: RiskClass, answer: bool) -> None:
    """supervised asks the approval hook for write/exec/network and follows its answer."""
    approver = _Approver(answer)
    decision = await Policy("supervised").check(_RiskTool(risk), "shell ls", approver)
    assert [(f"{risk.value}_tool", "shell ls")] == approver.asked
    assert (answer, True) == (decision.allowed, decision.asked)


async def test_supervised_without_approval_flow_denies() -> None:
    """supervised denies risky tools when the channel has no approval flow."""
    decision = await Policy("supervised").check(_RiskTool(RiskClass.EXEC), "s", None)
    assert PolicyDecision(False, "exec_tool (exec) requires approval; this channel has no "
                                 "approval flow") == decision


async def test_approval_timeout_denies() -> None:
    """An approval hook that never answers is denied after the approval timeout."""
    async def never(tool: str, summary: str) -> bool:
        await anyio.sleep(30)
        return True

    with anyio.fail_after(5):
        decision = await Policy("supervised", approval_timeout_s=0.05).check(
            _RiskTool(RiskClass.WRITE), "s", never)
    assert (False, True) == (decision.allowed, decision.asked)
    assert "timed out" in decision.reason


async def test_broken_approval_flow_denies() -> None:
    """An approval hook that raises denies the call instead of failing the turn."""
    async def broken(tool: str, summary: str) -> bool:
        raise RuntimeError("socket closed")

    decision = await Policy("supervised").check(_RiskTool(RiskClass.WRITE), "s", broken)
    assert PolicyDecision(False, "the approval flow failed (RuntimeError)", asked=True) == \
        decision


async def test_non_true_approval_is_denied() -> None:
    """Only a literal True approves: a truthy non-bool from a sloppy hook denies."""
    async def sloppy(tool: str, summary: str) -> bool:
        return "yes"  # type: ignore[return-value]

    decision = await Policy("supervised").check(_RiskTool(RiskClass.WRITE), "s", sloppy)
    assert decision.allowed is False


def test_unknown_autonomy_is_rejected() -> None:
    """An autonomy name outside the three levels is a ValueError."""
    with pytest.raises(ValueError):
        Policy("yolo")


async def test_a_summary_builder_runs_only_when_someone_is_asked() -> None:
    """A callable summary is built for the approval prompt, and never for a call the
    autonomy level allows or denies without asking."""
    built: list[str] = []

    def summary() -> str:
        built.append("built")
        return "exec_tool:\n  argv = [\"ls\"]"

    approver = _Approver(True)
    tool = _RiskTool(RiskClass.EXEC)
    await Policy(Autonomy.FULL).check(tool, summary, approver)
    await Policy("read_only").check(tool, summary, approver)
    assert ([], []) == (built, approver.asked)
    decision = await Policy("supervised").check(tool, summary, approver)
    assert (["built"], [("exec_tool", "exec_tool:\n  argv = [\"ls\"]")], True) == (
        built, approver.asked, decision.allowed)
