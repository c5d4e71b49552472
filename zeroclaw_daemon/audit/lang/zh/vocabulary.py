"""Chinese keyword vocabulary: the synonyms that map subject words into the English words
tool names use, and the bigrams that name no subject (with the English function words
and generic nouns)."""

from __future__ import annotations

import re

from ...claims.text import phrase, word_set
from .. import en

SYNONYMS: dict[str, tuple[str, ...]] = {
    "数据库": ("database",), "天气": ("weather", "forecast"), "气温": ("weather", "temperature"),
    "温度": ("weather", "temperature"), "日志": ("log", "logs"), "搜索": ("search",),
    "网上": ("search", "web"), "监控": ("metrics", "monitor"), "文件": ("file",),
    "网页": ("page",), "网站": ("website",), "页面": ("page",), "命令": ("command",),
    "终端": ("terminal",), "仓库": ("repo", "git"), "提交": ("commit", "git"),
    "分支": ("branch", "git"), "标签": ("tag", "git"), "问题": ("issue", "problem"),
    "工单": ("ticket", "issue"), "警告": ("warning",), "错误": ("error",), "报错": ("error",),
    # 告警 and 报警 are the words Chinese tools use for a log's warning level as well as an
    # alert.
    "告警": ("alert", "warning", "alarm"), "报警": ("alert", "warning", "alarm"),
    "警报": ("alert", "alarm"), "损坏": ("damage", "damaged", "broken"),
    "行": ("line",), "进程": ("process",),
    "容器": ("container", "docker"),
    "节点": ("node",), "内存": ("memory", "oom"), "磁盘": ("disk",), "用户": ("user",),
    "订单": ("order",), "支付": ("payment",), "付款": ("payment",), "测试": ("test",),
    "依赖": ("dependency",), "漏洞": ("vulnerability", "cve"), "版本": ("version",),
    "邮件": ("email", "mail"), "日历": ("calendar",), "汇率": ("rate", "exchange", "fx"),
    "股价": ("stock", "price", "quote"), "空气质量": ("aqi", "air"), "接口": ("api",),
    "服务": ("service",), "任务": ("task", "job"), "作业": ("job",), "重复": ("duplicate",),
    "指标": ("metrics",), "延迟": ("latency",), "流量": ("traffic",), "镜像": ("image",),
    "集群": ("cluster", "kubectl"), "副本": ("replica",), "定时任务": ("cron",),
    "备份": ("backup",), "证书": ("certificate", "cert"), "域名": ("domain", "dns"),
    "配置": ("config",), "端口": ("port",), "迁移": ("migration",), "表": ("table",),
    "面板": ("dashboard",), "仪表盘": ("dashboard",), "航班": ("flight",), "机票": ("flight",),
    "价格": ("price",), "库存": ("stock", "inventory"), "包": ("package",), "发布": ("release",),
    "构建": ("build",), "流水线": ("pipeline", "ci"), "数据": ("data",),
    "开关": ("flag", "feature"), "功能": ("feature",), "会议": ("meeting", "calendar", "events"),
    "失败": ("failed",), "通过": ("passed",), "未通过": ("failed",), "没通过": ("failed",),
    "没过": ("failed",), "新增": ("insertions",), "删除": ("deletions",),
    "定时": ("cron",), "注释": ("comment",), "待处理": ("pending",), "未读": ("unread",),
    "记录": ("record",), "结果": ("result",), "网络": ("network",),
}

# Bigrams that name no subject: "any", "related", "result", "record"...
GENERIC_TERMS = word_set("""
任何 相关 记录 结果 数据 信息 内容 情况 东西 什么 一下 这个 那个 所有 全部 其他 目前 现在 当前 今天
昨天 已经 没有 找到 发现 查到 一共 总共 共有 一些 部分 具体 详细 最新 刚刚 输出 返回 显示 列表 条目
""")

SYNONYM_RE = phrase("|".join(sorted((re.escape(k) for k in SYNONYMS), key=len,
                                        reverse=True)))
STOPWORDS = en.STOPWORDS
GENERIC_WORDS = en.GENERIC_WORDS | GENERIC_TERMS
