"""Chinese trigger substrings: the substrings one of which every match of each pattern
holds, so a sentence holding none is not scanned."""

from __future__ import annotations

from .numbers import DIGITS, MULTIPLIERS

# Substrings every match of each pattern holds (format in claims/gate.py).
TRIGGERS: dict[str, str] = {
    "hedge": (
        "一下 下次 不妨 之后再 你能 例如 假如 准备 可以 可能 吗 告诉我 回头 如果 尚未 尝试 "
        "就能 建议 想看 想要 我会 我可以 我将 我来 我能 才能 打算 是否需要 未曾 比如 的话 "
        "稍后 等你 能够 若是 要不要 要是 让我 试着 试试 请 还没 随时 需要我"
    ),
    "negated": "不曾 并未 并没有 无法 未 未能 没 没有 没法 没能 还没 还没有",
    "general": "一般 一般情况下 一般来说 大多数情况 常见 平均 往往 按惯例 理论上 通常 默认",
    "failure": (
        "不可用 不能 中断 做不到 出错 办不到 失败 崩溃 异常退出 执行不了 报错 拒绝 拦截 "
        "无响应 无权限 无法 未完成 未成功 未授权 未经授权 未能 未返回 权限不足 没成功 "
        "没有响应 没有完成 没有成功 没有权限 没有返回 没法 没能 没跑完 禁止 被拒 被禁止 "
        "被阻止 超时 跑不了 连不上 连接不上 错误 错误码 需要审批 需要批准 需要授权 需要确认 驳回 "
        "返回 权限 不到 不了 不上 不开 不出 离线 掉线 "
        # an act with its result denied (clauses.FAILURE: "没发出去"): the act's last
        # character and the complement's first
        "交出 交成 交上 交进 付出 付成 付上 付进 传出 传成 传上 传进 单出 单成 "
        "单上 单进 发出 发成 发上 发进 存出 存成 存上 存进 寄出 寄成 寄上 寄进 "
        "录出 录成 录上 录进 款出 款成 款上 款进 步出 步成 步上 步进 登出 登成 "
        "登上 登进 订出 订成 订上 订进 连出 连成 连上 连进 送出 送成 送上 送进"
    ),
    "tool_use": "之后 以后 后 我 经 刚 查过 查了 看过 看了 核实过 核对过 检查过 确认过 查询过",
    "attribution": (
        "上显示 中写着 中显示 从 列出 据 提示 显示 根据 给出 表明 记录了 说明 返回了 里写着 "
        "里显示"
    ),
    "completion": "了 又能用了 已 恢复正常运行 成功 我 搞定 跑起来了",
    "presentation": "中有 以下是 如下 如下所示 显示 表明 返回了 里有",
    "absence": (
        "一 一片空白 不到 不在 不存在 为空 匹配到 发现 并没有 找不到 找到 搜到 无 是空的 未 查到 "
        "查无 检索到 没 没有 没有找到 空空如也 齐"
    ),
    "count_pattern": "# " + " ".join(DIGITS) + " " + " ".join(MULTIPLIERS),
}
