"""Chinese verbs of action, with the completion markers that say them done, and the
checks a state claim can name. Classes are the ids of :mod:`..en.verbs`."""

from __future__ import annotations

import re

from ...claims.lexicon import ActionLexicon
from ...claims.text import phrase

# 登记/录入/入库 register a record or goods in a system, as "register" does. 退 with a
# resultative complement (退好, 退掉, 退完, 退回) is a refund or a return done; 退 alone is too
# many other verbs (退出, 退烧) to stand for one.
# 召回 (call units back out of service: robots, vehicles, a product batch) stops them;
# 下发/派发/派出 hand an order, a task or a vehicle down to its receivers; 发放 pays out
# money or goods; 设置/设为/设定 put a value in place. 锁定 is left out: it pins a version
# or a value as often as it locks an account.
ACTION_CLASSES: dict[str, str] = {
    "restart": "重启 重新启动",
    "start": "启动 拉起",
    "stop": "停止 停掉 关闭 关掉 下线 召回",
    "deploy": "部署 发布 上线 发版 滚动更新",
    "push": "推送 推到 推上 上传",
    "rollback": "回滚 回退 还原 撤销",
    "delete": "删除 删掉 清理 清掉 清除 清空 移除 干掉 注销",
    # 安排 alone is an act only after a marker of completion (已经安排重压) or with one after
    # it (安排了): the patterns below ask for either. 约了 books a slot (约了明天 8 点保养).
    "create": ("创建 新建 添加 建好 约好 约了 订好 预约 预订 预留 安排好 安排 排好 下单 订购 登记 "
               "录入 入库"),
    # 改期/改签/重新安排 move a booking (a visit, a ticket, a delivery) to another date.
    # 转给/转交/移交/改派 hand a task or an order to someone else: it is reassigned.
    "update": ("更新 修改 改成 改到 改为 调到 挪到 更改 移动 分配 指派 标记 修复 配置 "
               "设置 设为 设成 设定 调整 调成 改期 改签 重新安排 转给 转交 移交 改派 "
               "延长 延期 顺延"),
    "scale": "扩容 缩容",
    "install": "安装 升级",
    "apply": "应用 迁移",
    # 提交 is to submit (a filing, a form, a return) as often as to commit code: the
    # submit class, which a commit's merge class is alike to (checks/actions.py).
    # 递交/申报/上报/报送 hand a filing to an authority.
    "merge": "合并",
    "submit": "提交 递交 申报 上报 报送",
    "send": ("发送 发给 发到 发出 回复 通知 转发 下发 派发 派出 抄送 派单 告知 "
             "发短信 发邮件 发消息 发信息 发微信 发了短信 发了邮件 发了消息 发了信息 发了微信 "
             "发了通知"),
    "acknowledge": "确认告警 关闭告警 解决",
    "refund": "退款 退费 退还 退好 退掉 退完 退回",
    "pay": "支付 付款 取消 发放 打款 转账 汇款 充值 续费 扣款",
    # 锁 with a resultative complement (锁好, 锁上, 锁住) is a lock done; alone, 锁 is a noun
    # (门锁, 车锁) as often.
    "grant": "批准 审批 授权 封禁 解封 启用 禁用 开通 冻结 解冻 解锁 锁好 锁上 锁住",
    "write": "保存 写入 备份 导出 导入",
    "build": "构建 编译 打包",
    "rotate": "轮换 重置",
    "print": "打印 打出",
}
_VERBS = {verb: c for c, words in ACTION_CLASSES.items() for verb in words.split()}
_VERB_ALTERNATION = "|".join(sorted((re.escape(v) for v in _VERBS), key=len, reverse=True))
# 锁定 with a count of things after it locks those things (锁定两张商务座, 锁定 3 间房): an
# act of the grant class, as "lock" is; without one it pins a version or a value.
_VERB_ALTERNATION += r"|锁定(?=\s*(?:\d+|[两二三四五六七八九十几]+)\s*[张个份间台套辆位])"
_ALL_VERBS = {**_VERBS, "锁定": "grant", "发了": "send", "开了": "create", "提了": "create",
              "建了": "create", "下了": "create"}
# Done: 已/已经/都/也 before the verb (with a 把 object, 被, or a 给 recipient between), or (已)
# 了/好/完/掉/成功/完成/搞定 right after it (or after 和 and a second verb:
# 构建和部署都搞定了); not after a negation (没/未/不), not as an attribute (已关闭的订单),
# not a count of times (重启 14 次).
_NOT_NEGATED = r"(?<!没)(?<!未)(?<!不)(?<!别)"
_NOT_ATTRIBUTE = (r"(?!\s*的|\s*了?\s*(?:\d+|[一二两三四五六七八九十几多]+)\s*"
                  r"(?:次|遍|回|分钟|小时|天|秒))"
                  # 登记了 9 种花材, 入库 120 件: what the records hold, no act of this turn.
                  r"(?:(?<!登记)(?<!录入)(?<!入库)"
                  r"|(?!\s*了?\s*[*_]{0,2}\s*(?:\d|[一二两三四五六七八九十几])))")
# 发 (send) is done by the 了 between it and the message it sends (给他们发了短信); alone,
# 发 is too many other verbs (发现, 发生, 发布) to stand for a sending.
_MESSAGES = r"(?:短信|邮件|消息|信息|微信|通知)"
_SENT_WITH_OBJECT = r"发了" + _MESSAGES
# The message may be counted or told by its purpose between 了 and its noun (发了一封邮件,
# 发了两条提醒短信, 发了催款通知): the same sending, said at 发了.
_SENT_WITH_MODIFIED_OBJECT = (r"发了(?=(?:[\d一两二三四五六七八九十几]+\s*[封条份则个])?"
                              r"[\u4e00-\u9fff]{0,6}?" + _MESSAGES + ")")
# 开/提/建 with 了 make a ticket when one follows (开了工单, 提了一张报修单, 建了故障工单); alone
# they are too many other verbs (开会, 提到, 建议) to stand for an act.
_OPENED_RECORD = (r"(?:开|提|建)了(?=(?:[一两二三四五六七八九十几\d]+\s*[张个份])?"
                  r"[\u4e00-\u9fff]{0,4}?(?:工单|报修单|事件单|故障单))"
                  # 下 with 了 places an order when one follows (下了补货单, 下了一张采购单).
                  r"|下了(?=(?:[一两二三四五六七八九十几\d]+\s*[张个份笔])?"
                  r"[\u4e00-\u9fff]{0,4}?单)")
# 上 with 了 is a resultative complement of reaching the goal (约上了, 订上了, 预约上了).
_DONE = r"(?:都|也|已经?)?(?:了|好|完|掉|上了|成功|完成|完毕|搞定|✅)"
# Adverbs of manner between the marker and the verb (已经正式发布, 已成功退款, 已经自动重启): a
# closed class that leaves the verb done.
_MANNER = (r"(?:全部|全都|都|正式|成功|顺利|直接|自动|手动|重新(?!安排)|及时|统一|一并|提前|按时|"
           r"远程|人工|手工|批量|临时|强制|紧急|原路)")
# For whom it was done (帮您, 为你, 替客户) may stand between 已 and the verb or its 把
# object: "已帮您把会议改到周五".
# The one it was done for may be named ("已经帮王丽华把洁牙改到下午"): two to four Han
# characters before the 把 of the object.
# Done for someone, the doer is the one speaking: "已经帮您改签" is the assistant's own act.
# So may a record's identifier ("已经帮 R-2044 预约上了": for that reader).
_BENEFACTIVE = (r"(?:(?P<benefactive>(?:帮|为|替)\s*(?:您|你们|你|大家|他们|他|她|客户|顾客|"
                r"[\u4e00-\u9fff]{2,4}?(?=\s*把)|[A-Za-z][\w-]*\d[\w-]*))\s*)?")
# The means it was done by (通过邮件, 用短信, 经由系统) may stand there too:
# "已经通过邮件发给全体员工".
# So may the place it was done in ("已经在系统里把 QC-07 标记为停用", "已经帮你在修理厂约了"):
# one without 里/上 only before a verb done with 了, since 在 is also the progressive
# ("都在正常上报": they are reporting).
_MEANS = (r"(?:(?:通过|经由|借助|用)[^，。；！？\n\d]{1,8}?)?"
          r"(?:在[^，。；！？\n\d]{1,8}?(?:[里上中内]\s*|(?=[^，。；！？\n]{1,4}了)))?")
# 我 right before the marker ("我已经…", "我们刚…") is the speaker: the act is its own.
ACTION = phrase(
    r"(?:(?P<speaker>我们?)\s*)?"
    r"(?:已经?|都|也|刚刚?)\s*(?:" + _MANNER + r"\s*){0,2}" + _BENEFACTIVE + _MEANS
    + r"(?:把[^，。；！？\n]{0,24}?|被|从[^，。；！？\n]{1,12}?|"
    r"(?:给|向|跟)[^，。；！？\n]{0,12}?)?" + _NOT_NEGATED
    + r"(?P<verb>" + _VERB_ALTERNATION + r")" + _NOT_ATTRIBUTE
    + r"|" + _NOT_NEGATED + r"(?P<verb2>" + _VERB_ALTERNATION + r")" + _NOT_ATTRIBUTE
    + r"(?=\s*" + _DONE + r"|[和与、](?:" + _VERB_ALTERNATION + r")\s*" + _DONE + r")"
    + r"|" + _NOT_NEGATED + r"(?P<verb_sent>" + _SENT_WITH_OBJECT + r")"
    + r"|" + _NOT_NEGATED + r"(?P<verb_sent_modified>" + _SENT_WITH_MODIFIED_OBJECT + r")"
    + r"|" + _NOT_NEGATED + r"(?P<verb_opened>" + _OPENED_RECORD + r")")

CHECKS: dict[str, str] = {"单元测试": "test", "测试": "test", "用例": "test", "构建": "build",
                          "编译": "build", "lint": "lint", "代码检查": "lint", "检查": "ci",
                          "流水线": "ci", "类型检查": "typecheck"}
STATE = phrase(
    r"(?P<check>单元测试|类型检查|代码检查|测试|用例|构建|编译|lint|检查|流水线)"
    r"[^，。；！？\n]{0,6}?(?:全部|都|也)?(?:通过|成功|全绿|没问题)")
# Said of the outcome, not of items ("处理中的工单" are tickets in progress).
# 没有确认/没有应答: the receiver has not answered, so the outcome is open.
# 没有送达/未生效/状态未知: the command did not arrive or take effect, or its outcome is
# unknown: the failure told in other words.
DISCLOSURE = phrase(r"还没|尚未|暂未|待确认|无法确认|没法确认|不确定|未确认|没有?确认|没有?应答|"
                    r"没有?回应|未应答|(?:等待|排队中|处理中|进行中)(?!的)|"
                    r"(?:没有?|未)(?:送达|生效|到达)|(?:状态|结果)(?:未知|不明)")

# 到账: money arrived in the account, the outcome of any payment.
# 已经开好了, 都办好了: a verb of doing (开 an invoice or a certificate, 办 a procedure, 换 a
# part) done by the complement 好 after a marker of completion: an act said done, whatever
# it did. A verb of the assistant's own work (算好, 写好, 想好) is no such verb.
_DOING_VERBS = r"(?:开|办|改|修|装|换|补|交|弄|处理|办理|安装|更换|修复)"
OUTCOME = phrase(r"(?:已经?|都)(?:帮你|帮您|给你|给您|为你|为您)?" + _DOING_VERBS + r"好了?|"
                 r"搞定了?|(?<!未)(?<!没)完成了|(?<!未)(?<!没)(?<!不)成功了|已经?上线|"
                 r"在线上了|弄好了|已经?在路上|已经?(?:全部)?到账(?!的)|到账了")

TEXT_PRODUCTS = phrase(r"[^，。；！？\n]{0,6}?(?:总结|表格|列表|清单|草稿|大纲|对比|示例|"
                       r"模板|方案)")

PAST_TIME = phrase(r"昨天|前天|昨晚|上周|上个月|去年|之前|以前|\d+\s*(?:天|周|个月|小时|分钟)前|"
                   r"[一二两三四五六七八九十几]+(?:天|周|个月)前|上周[一二三四五六日天]")

# The speaker's own act with 把, its verb in no class: 已经把 3 号线停下来了, 刚帮您把座位换了.
# What 把 takes up to the completion marker is the claim (a verb of the reply's own work
# inside it, NOT_ACTS, makes it none: 已经把结果整理成表格了).
# Done for the reader without 把, a verb of one or two characters is the whole act
# (已经帮你退了: the ticket the reader asked about, refunded); one done by 好 (帮你办好了)
# is an outcome (OUTCOME).
OPEN_ACT = phrase(
    r"(?:已经?|刚刚?)\s*(?:(?:" + _MANNER + r"\s*){0,2}(?:(?:帮|为|替|给)(?:您|你们|你)\s*)?"
    + _NOT_NEGATED + r"把(?=[^，。；！？\n]{2})|(?:帮|替)(?:您|你们|你)\s*" + _NOT_NEGATED
    + r"(?=(?:(?!好)[\u4e00-\u9fff]){1,2}(?:了|掉了|完了)(?:[，。；！？\s]|$)))"
    r"(?P<verb_open>[^，。；！？\n]{1,20}?)(?:了|好了|掉了|完了|好)(?=[，。；！？\s]|$)")
NOT_ACTS = frozenset(("整理", "列", "汇总", "总结", "排序", "排了", "换算", "折算", "标", "翻译",
                      "算", "统计", "合计", "放", "写", "分", "归", "对比", "比较", "圈", "加粗",
                      "高亮", "查", "看", "核对", "检查", "记下", "记在"))

# The outcomes that say only that the errand is done ("Done.", "Listo", 搞定了).
BARE_DONE = phrase(r"搞定了?|(?:弄|办|改|搞|做|处理)好了")

ACTIONS = ActionLexicon(
    verbs=_ALL_VERBS,
    forms=_ALL_VERBS,
    bases=_ALL_VERBS,
    read_verbs=frozenset(),
    action_re=ACTION,
    state_re=STATE,
    text_products=TEXT_PRODUCTS,
    past_time=PAST_TIME,
    checks=CHECKS,
    disclosure=DISCLOSURE,
    outcome_re=OUTCOME,
    bare_done=BARE_DONE,
    translate_objects=True,
    cjk=True,
    open_act_re=OPEN_ACT,
    not_acts=NOT_ACTS,
    open_act_cues=frozenset({"把", "帮你", "帮您", "替你", "替您"}),
)
