"""Chinese claims of looking: tool use (我刚查了, 经查询) and attribution to a source (根据日志,
查询结果显示); an additive particle (还, 也), and a named source."""

from __future__ import annotations

import re

from ...claims.text import phrase

_LOOKUP_VERBS = (
    r"查询|查看|查了|查到|查过|看了|看过|检查|核查|核实|核对|确认了|运行|执行|跑了|搜索|搜了|检索|读取|读了|"
    r"打开|调用|获取|拉取|拉了|翻了|翻看|浏览|访问|请求|抓取|下载|测试|统计|对比|比对|扫描|调取|查阅|"
    r"ping了|grep了|看到"
)
_DONE_LOOKS = "查过|查了|看过|看了|核实过|核对过|检查过|确认过|查询过"
TOOL_USE = phrase(
    r"我们?(?:刚刚|刚才|刚|已经|已|也|还|先|又|特意|这边|这里|帮你|替你|为你|给你)*"
    # Where it looked: 我刚在后台查过了, 我刚去系统里看了, 我刚登录后台看过了.
    r"(?:(?:在|去|到|登录|登陆|进)[^，。；！？\s]{1,12}?)?"
    r"(?:" + _LOOKUP_VERBS + r")了?"
    r"|(?:经|经过)(?:查询|查看|检查|核实|确认|搜索|检索|排查)"
    r"|(?:查询|检索|搜索|运行|执行|排查)(?:之后|以后|后)"
    # The subject left out, as it often is: 刚才查了一下, 刚在后台看了 (the speaker's look).
    r"|(?:^|(?<=[，。；！？：\n]))(?:刚刚|刚才|刚)(?:(?:在|去|到)[^，。；！？\s]{1,12}?)?"
    r"(?:" + _LOOKUP_VERBS + r")了?"
    # A look told done with the subject left out, alone before the answer: "查过了，…",
    # "核实过，…" (as "Checked: ..." opens an English reply).
    r"|(?:^|(?<=[，。；！？：\n]))(?:已经?|都)?(?:" + _DONE_LOOKS + r")了?(?=\s*[，,。：:！!；;])")

_SOURCES = (r"搜索结果|查询结果|检索结果|结果|输出|日志|接口|API|api|数据库|监控|返回|记录|数据|"
            r"报告|页面|文件|命令|面板|仪表盘")
ATTRIBUTION = phrase(
    r"根据(?P<subj>[^，。！？\s]{0,8}?(?:" + _SOURCES + r"))"
    r"|(?<![数根证依占])据(?P<subj2>[^，。！？\s]{0,8}?(?:接口|API|api|日志|监控|查询|搜索|数据库|系统|面板))"
    r"|(?P<subj3>[^，。！？\s]{0,8}?(?:查询|搜索|检索|命令|接口|API|api|日志|监控|输出|返回|页面|"
    r"文件|数据库|面板|仪表盘)(?:结果)?)(?:显示|表明|返回了|给出|列出|说明|提示|记录了|里写着|中写着|"
    r"上显示|里显示|中显示)"
    r"|从(?P<subj4>[^，。！？\s]{0,8}?(?:日志|输出|结果|监控|数据库|接口|页面|文件|面板))(?:里|中|上)?"
    r"(?:看到|来看|看出|发现|查到)")

# An additive particle: the speaker did one thing more (checks/tool_use.py).
ADDITIVE = re.compile(r"还|也|另外|顺便")

# A noun phrase ending on its noun (福特官方的技术规格), not on 的 or a figure (最近 7 天的).
NAMED_SOURCE = re.compile(r".*[^\W\d_的]{2}\s*$")
