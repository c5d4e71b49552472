"""Simplified Chinese claim tables.

Chinese has no spaces, so clause marks (，：；) and sentence marks (。！？)
do the segmenting, subject words are matched as character bigrams plus a
synonym table into the English words tool names use, and counts are
"<numeral><classifier><noun>" (``七个``, ``共有 7 行``).
"""

from __future__ import annotations

import re
from decimal import Decimal

from ...claims.pack import LanguagePack, build_pack
from ...claims.text import phrase, word_set
from ...claims.types import RawCount
from .. import en
from .actions import ACTIONS
from .states import STATES as STATES

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
          "七": 7, "八": 8, "九": 9}
MULTIPLIERS = {"十": 10, "百": 100, "千": 1000, "万": 10_000}


def parse_chinese_number(text: str) -> int | None:
    """``七`` -> 7, ``十二`` -> 12, ``二十三`` -> 23, ``一百零五`` -> 105; digits as digits."""
    cleaned = text.replace(",", "")
    if cleaned.isdigit():
        return int(cleaned)
    total, section, digit = 0, 0, None
    for char in text:
        if char in DIGITS:
            digit = DIGITS[char]
        elif char in MULTIPLIERS:
            multiplier = MULTIPLIERS[char]
            if multiplier == 10_000:
                total = (total + section + (digit or 0)) * multiplier
                section, digit = 0, None
            else:
                section += (1 if digit is None else digit) * multiplier
                digit = None
        else:
            return None
    return total + section + (digit or 0)


_NUMERAL = "零〇一二两三四五六七八九十百千"
# "百分之二十五(点四)", "三点五万", "一百二十万", "两亿": values written in number words.
WORD_VALUE_RE = re.compile(
    r"百分之(?P<pct>[" + _NUMERAL + r"]+)(?:点(?P<pct_dec>[零〇一二三四五六七八九]+))?"
    r"|(?<![" + _NUMERAL + r"\d])(?P<num>[" + _NUMERAL + r"]{1,6})(?:点(?P<num_dec>"
    r"[零〇一二三四五六七八九]+))?(?P<scale>万|亿)")


def find_word_values(text: str) -> list[tuple[int, int, bool, Decimal]]:
    """Percentages and 万/亿 amounts written in Chinese numerals, with their values (the
    precision is the last digit written: 三点五万 is 35000 to the thousand)."""
    found: list[tuple[int, int, bool, Decimal]] = []
    for match in WORD_VALUE_RE.finditer(text):
        whole = match.group("pct") or match.group("num")
        integer = parse_chinese_number(whole)
        if integer is None:
            continue
        decimals = match.group("pct_dec") or match.group("num_dec") or ""
        digits = "".join(str(DIGITS[c]) for c in decimals)
        value = Decimal(f"{integer}.{digits}") if digits else Decimal(integer)
        if match.group("scale"):
            value = value.scaleb(4 if match.group("scale") == "万" else 8)
        found.append((match.start(), match.end(), bool(match.group("pct")), value))
    return found


SENTENCE_END = phrase(r"[。！？!?；;]+[”」』）)]*|(?<=[.])\s+|\n+")
CONTRAST = phrase(r"但|只有|不过|只是|除了|而是|仅有|只")
CLAUSE_BREAK = phrase(
    r"[，：]|,(?!\d)\s*|:(?!\d)\s*|\s*(?=但是|不过|然而|可是|所以|因此|因而|于是)")
QUESTION = phrase(r"[？?]\s*[”」』）)]*\s*$|[吗么呢]\s*[。！!]?\s*$")
# 如果你说的是…, 如果您指的是…: a condition on what the reader means, whose main clause
# states the facts of the item meant (not a conditional).
CONDITIONAL = phrase(r"\s*(?:(?:如果|若|假如|要是)(?![你您](?:说的是|指的是|是说|问的是))|"
                         r"万一|倘若|如需|需要的话|要不要|是否|否则|不然|要不然)")
HEDGE = phrase(
    r"可以|可能|能够|就能|才能|我能|你能|要不要|需要我|是否需要|如果|若是|要是|假如|我来|我会|"
    r"我将|我可以|打算|准备|还没|尚未|未曾|建议|想看|告诉我|试试|尝试|试着|等你|的话|请|比如|"
    r"例如|不妨|想要|让我|吗|(?<!了)一下(?!了)|随时|稍后|之后再|回头|下次")
NEGATED = phrase(
    r"(?:没有|没|未|并未|并没有|还没有|还没|不曾)(?:帮你|替你|给你|为你)?"
    r"(?:查|运行|执行|检查|看|搜索|读取|打开|调用|获取|试|跑)|无法|没能|未能|没法")
GENERAL = phrase(r"通常|一般来说|一般情况下|一般|往往|默认|平均|大多数情况|按惯例|理论上|常见")
FAILURE = phrase(
    r"失败(?!的)|出错|报错|错误码|拒绝|被拒|驳回|超时|无法|没能|未能|不能|没有权限|权限不足|无权限|"
    r"需要审批|需要批准|需要授权|需要确认|未授权|未经授权|被阻止|被禁止|禁止|拦截|不可用|连不上|"
    r"连接不上|无响应|没有响应|没有返回|未返回|中断|崩溃|异常退出|没有成功|未成功|没成功|执行不了|"
    r"跑不了|没跑完|没有完成|未完成|没法|办不到|做不到|"
    # A verb with its potential negated ("读不到", "查不到", "拿不到", "打不开"): it could not.
    r"(?:读|查|拿|取|连|登|打|收|发|看)不(?:到|了|上|开|出)|离线|掉线|"
    # A permission said lacking or required ("只有 viewer 权限", "需要管理员权限", "权限不够"),
    # as "permission" / "permiso" tell a denial in English and Spanish.
    r"(?:只有|仅有|需要|缺少|缺乏|没有|无)[^，。；！？\n]{0,16}?权限|权限(?:不够|不足|受限)|"
    # An error returned or named as one ("返回了一个错误", "报了个错误"); 错误 alone is also
    # the noun of "没有错误", and "一个错误都没有" denies one.
    r"返回了?(?:一个|个)?错误|(?:一个|个)错误(?![都也])"
    # An HTTP error status returned ("返回了 503", "返回 HTTP 429"): the call failed.
    r"|返回了?\s*(?:http\s*)?[45]\d\d(?!\d)")

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

_DONE = (
    r"重启|重新启动|部署|发布|创建|写入|保存|更新|删除|移除|发送|安装|卸载|升级|合并|推送|修复|停止|"
    r"启动|开启|关闭|完成|提交|上传|回滚|清理|清空|迁移|重命名|移动|复制|重置|撤销|恢复|扩容|缩容|"
    r"下单|取消|支付|退款|通知|分配|批准|解决|添加|修改|配置|替换|备份|导入|导出|同步|处理|执行|运行|"
    r"预订|订好|约好|约了|订了|安排好|预约|改好|设置|发出去|发出|推送到|推到|推上去|退了|扩到|扩容到|删掉|写好|装好"
)
COMPLETION = phrase(
    r"已(?:经)?(?:成功)?(?:帮你|替你|为你|给你)?(?:" + _DONE + r")(?:了|好|完毕|完成)?(?!的)"
    r"|(?:" + _DONE + r")(?:成功|完成|完毕|好)了"
    r"|成功(?:地)?(?:" + _DONE + r")"
    r"|(?P<fp>我)(?:已经|已|刚刚|刚)?(?:[把给为替帮][^，。！？]{0,20}?)?(?:" + _DONE
    + r")(?:[^，。！？]{0,20}?)(?:了|好了|完了)"
    r"|(?:又|已经|重新)?恢复正常运行|跑起来了|又能用了|搞定了?")
PRESENTATION = phrase(
    r"(?:输出|结果|返回|日志|查询结果|搜索结果)(?:显示|如下|表明|里有|中有)|(?<!没有)返回了|如下所示|"
    r"以下是(?:查询|搜索|命令)?(?:结果|输出)")

_SUBJ = r"[^，。！？；\n]{0,15}"
# 没有 before a verb of comparison is "did not pass" a bound, not "there is no ...": when
# all that follows is the bound, a figure ("没有超过 900 ppm", "pH 没有低于 7.0"), a noun of
# a limit ("没有超过警戒线", "没有超过 900 的上限") or nothing ("没超标"). A noun of the items
# after it is still an absence ("没有超过 120 厘米的读数", "没有超标记录", "没有超速记录").
_COMPARISON_VERBS = r"(?:超过|超出|超标|高于|低于|大于|小于|多于|少于|达到|突破|跌破|高过|低过)"
_BOUND_NOUNS = (r"(?:上限|下限|限值|限度|阈值|警戒线|警戒值|标准|设定值|目标值|红线|限额|额度|预算|"
                r"最大值|最小值|规定|要求|范围)")
_NOT_PASSED = (r"(?!" + _COMPARISON_VERBS + r"\s*(?:\d[\d.,]*\s*[^\s\d，。！？；\n的]{0,4}?)?"
               r"\s*(?:的?\s*" + _BOUND_NOUNS + r")?\s*(?:[，。！？；\n]|$))")
ABSENCE = phrase(
    # "8B 班今天没有人缺勤", "运维组没人请假": no person of a named group (a code, or a name
    # ending in a word for a group); the check holds it against a call that selected it.
    r"(?P<grp>[A-Za-z0-9][A-Za-z0-9-]*|[\u4e00-\u9fff]{1,4}(?:班|组|队|科|部))\s*"
    r"(?:班|组|队|团队|部门|科室|小组)?[^，。！？；\n]{0,6}?(?:没有人|没人|无人)"
    r"|没有找到(?P<subj>" + _SUBJ + r")"
    r"|(?:未|没有?)能?(?:找到|发现|查到|搜到|检索到|匹配到|看到)(?P<subj2>" + _SUBJ + r")"
    r"|找不到(?P<subj3>" + _SUBJ + r")|查无(?P<subj4>" + _SUBJ + r")"
    r"|(?:并)?不存在|为空|是空的|空空如也|一片空白|一(?:个|条|项|行)(?:也|都)没有"
    # 一条错误都没有: "not a single <noun>", the noun between the classifier and 都/也.
    r"|一(?:个|条|项|行|次|件|笔)(?P<subj10>[\u4e00-\u9fff]{1,6}?)(?:也|都)没有"
    r"|无(?:任何|结果|记录|匹配)"
    # 材料都齐了, 已齐全: everything there, so nothing lacks (checked against lacking states).
    r"|(?P<whole>都齐了|都齐全了?|已经?齐全|已经?齐了)"
    r"|(?:查|搜|检索|看)不到(?P<subj12>" + _SUBJ + r")"
    # “X”不在术语库里, X 还没收录: a thing denied a place in a container; held only against
    # a call whose argument it names (checks/named_args.py).
    r"|(?P<loc>(?:目前|还|并|都)?不在)(?=[^，。；！？\n]{1,12}?(?:里|中|内|上))"
    r"|(?P<loc2>(?:还)?(?:没有?|未)(?:被)?(?:收录|录入|添加|加入|登记))"
    r"|(?P<subj6>[\u4e00-\u9fff]{1,6})\**\s*[:：]\s*\**\s*(?:无|没有)(?=[\s，。；,;]|$)"
    # 还没 before a verb is "not yet": a status ("还没揽收"); 没过 is "did not pass" (过 is
    # the verb), not "there is no ...". 还没有 + noun is still an absence.
    r"|(?:并没有|没有|(?<!还)没(?![过有]))(?:发现|出现)?(?:任何)?" + _NOT_PASSED
    + r"(?!运行|执行|查|看|检查|调用|替|帮|给|做|试|权限|必要|"
    r"问题|关系|办法|响应|返回|成功|时间|想|说|用|意义|影响|收到|拿到|得到|找到|能|法|完成|跑)"
    # The subject ends at the clause's end, or where a receipt's bracket opens ("没有逾期的
    # [receipt: …]。").
    r"(?P<subj5>[^，。！？；\n]{1,24}?)(?=\s\[|[，。！？；\n]|$)")

# Measure words of countable things (a closed class): objects, documents, persons, and
# animals (只 头 匹 尾), vehicles and craft (辆 架 艘), plants (棵 株), buildings (栋 幢 所),
# households (户), fixtures (扇 盏 把), and events that are held (场: a match, a show, a
# meeting, "打了 8 场" eight bouts).
_CLASSIFIERS = ("个条行项份件台名位篇处张种组页列家本块颗座封首枚笔根支门间批例则"
                "只头匹尾辆架艘棵株栋幢所户扇盏把场箱")
# 车 counts loads ("进了 5 车": five truckloads, each a delivery), unless it begins a noun
# of its own (车间 a workshop, 车道 a lane, 车位 a parking space, 车次 a train number...).
_LOAD_CLASSIFIER = r"车(?![间道位型次厢库队牌号辆主])"
# 单 counts orders and jobs taken ("312 单", "接了 5 单"), unless it begins a noun of its own
# (单价 a unit price, 单位 a unit, 单号 an order number, 单元 a building's unit, 单人 single...).
_ORDER_CLASSIFIER = r"单(?![价位号元独人据身词子调项次据程])"
# 人 counts persons ("一共 16 人") as 名 and 位 do, unless it begins a noun of its own (人民币
# the yuan, 人次 person-visits, 人份 portions, 人均 per head, 人工 labour, 四人间 a room for
# four, 八人座). Only after digits: a number word before 人 is mostly a compound's (女子八人
# a rowing eight, 三人组 a trio, 双人 double).
_PERSON_CLASSIFIER = r"人(?![民次份均工间座位床桌组])"
# A number word right after 周, 星期 or 礼拜 names a weekday (周六只剩一个时段: Saturday has only
# one slot left), not a count: 六只 is no "six animals".
COUNT_RE = phrase(
    r"(?<![第\dA-Za-z.,:：])(?P<num>\d{1,3}(?:,\d{3})+|\d+|"
    r"(?<![周期拜])[零〇一二两三四五六七八九十百千万]+)\s*"
    r"(?P<cls>[" + _CLASSIFIERS + r"]|" + _LOAD_CLASSIFIER + r"|" + _ORDER_CLASSIFIER + r"|"
    + _PERSON_CLASSIFIER + r")"
    r"(?P<noun>[^\s，。！？；：、,.!?;:（()）*]{0,12}"
    r"(?:\s?[A-Za-z][\w-]*)?)")
SKIP_BEFORE = phrase(
    r"(?:第|前|最近|其中|另外|另|超过|约|大约|大概|近|将近|不到|至少|最多|每|多于|少于|以上|差不多|"
    r"top|Top|TOP"
    # "比你要的 3,200 张少 200 张": the standard of a comparison, no count of the result.
    r"|比[^\d，。；！？]{0,4}"
    # "2 到 3 个人", "两或三个": the second number of a range is an estimate, no count.
    r"|[\d零一二两三四五六七八九十]\s*(?:到|至|或|或者|-|~|～|–|—))\s*$")
# Two digit words side by side ("两三个", "十五六个", "七八"): an estimate, no count.
_ESTIMATE_RE = re.compile(r"[一二两三四五六七八九][一二两三四五六七八九]")
STRONG_ONE_BEFORE = phrase(r"(?:只有|仅有|只|仅|共|共有|一共|总共|一共有|总共有|唯一|就)\s*$")
# After the measure word, words of a time (月, 天) or of an estimate: 以上/以下 (or more, or
# less), 左右/上下 (about: "40 件上下", not 上下铺 bunk beds), 出头/开外 (a little over).
NOT_A_NOUN_AFTER = phrase(r"^(?:月|小时|星期|礼拜|钟头|工作日|以上|以下|左右|上下(?![铺床])|"
                          r"出头|开外|多|半|周|季度|年|天)")


def find_counts(text: str, pack: LanguagePack, start: int, end: int) -> list[RawCount]:
    """"<numeral><classifier><noun>" counts; 一 only after a quantifier (it is also "a")."""
    found: list[RawCount] = []
    position = start
    while (match := COUNT_RE.search(text, position, end)) is not None:
        # A match that is no count must not hide one its noun runs over ("一个月新加入了六名
        # 会员": 一个 is "a", and its noun takes 六名会员): after it, the search goes on from
        # its measure word; after a count, from its end.
        position = match.end("cls")
        num_text = match.group("num")
        value = parse_chinese_number(num_text)
        if value is None or (value == 0 and num_text not in ("0", "零", "〇")):
            continue   # "128 万个": 万 scales the number before it, it is no numeral itself
        before = text[max(0, match.start() - 6):match.start()]
        if SKIP_BEFORE.search(before) or _ESTIMATE_RE.search(num_text):
            continue
        if num_text == "一" and not STRONG_ONE_BEFORE.search(before):
            continue
        noun = match.group("noun")
        if NOT_A_NOUN_AFTER.match(noun):
            continue
        digits = num_text[0].isdigit()
        if match.group("cls") == "人" and not digits:
            continue
        if digits and len(num_text) == 4 and 1900 <= value <= 2100:
            continue
        found.append(RawCount(match.start(), match.end(), value,
                              (match.group("cls") + noun).strip(), digits))
        position = match.end()
    return found


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

# Substrings every match of each pattern holds (format in _gate.py).
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
        "返回 权限 不到 不了 不上 不开 不出 离线 掉线"
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

# Any word of denial or failure, broadly (checks/disclosure.check_undisclosed_failure).
DENIAL = re.compile(r"没|未|不|无|别|否|拒|失败|超时|错误|报错|出错|异常|禁止|问题|故障|"
                    r"挂了|宕机|崩|卡住|卡死|(?:HTTP|http|状态码|错误码|返回)\s*[45]\d\d")
# An additive particle: the speaker did one thing more (checks/tool_use.py).
ADDITIVE = re.compile(r"还|也|另外|顺便")
# A noun phrase ending on its noun (福特官方的技术规格), not on 的 or a figure (最近 7 天的).
NAMED_SOURCE = re.compile(r".*[^\W\d_的]{2}\s*$")
SECOND_PERSON = re.compile(r"你|您")

# 占 ("accounts for": 占了两个, 占三成) states a share of a whole; 各 ("each": 各一个)
# distributes a count over the members named before it.
# Residual determiners: 没有其他报警 excepts what the reply already named.
RESIDUAL = re.compile(r"其他|其它|别的|另外|其余")
# Days named relative to the turn: an absence scoped to them (checks/absence_days.py).
DAY_SCOPE = re.compile(r"(?P<today>今天|今晚|今早|今日|今儿)|(?P<tomorrow>明天|明晚|明早|明日)|"
                       r"(?P<yesterday>昨天|昨晚|昨日)")
# A universal quantifier over items (所有, 全部, 每个) and the words that except some of them
# (除了, 以外, 但): checks/universal_states.py.
UNIVERSAL = re.compile(r"所有|全部|每个|每一")
EXCEPTION = re.compile(r"除了|以外|之外|但|不是所有|并非")
# What remains denied (没有了, 没了, 一个都不剩): every item is taken.
REMAINDER = re.compile(r"没有?了$|没剩|不剩")
# What is left or free of a capacity ("剩 3 个", "还空 2 个位", "余 5 张").
LEFT_OVER = re.compile(r"剩|余|空位|空余|空着|还空")
# Lacking: "没有缺的", "材料都齐了" deny missing items, not the items.
LACK = re.compile(r"缺|齐")

# Present-state markers (matched on lower-cased text): a value said to hold now.
PRESENT_STATE = re.compile(r"现在|目前|已经|已")

# Negative quantifiers, and bound words right before a number (lower-cased text).
NONE_QUANTIFIER = re.compile(r"没有|并无|无一")
BOUND_BEFORE = re.compile(r"(?:低于|高于|超过|不足|少于|多于|大于|小于|不到)\s*$")

# A span of time after 最近 ("最近一个月", "最近三天", "最近这段时间") is a window of time the
# whole answer is about ("最近一个月新加入了六名会员"), not "the most recent N" of a listing.
_SPAN_OF_TIME = (r"[\d零一二两三四五六七八九十百几半]*\s*个?"
                 r"(?:月|天|日|周|星期|礼拜|年|小时|钟头|季度)|一段时间|这段时间|这些天|这几天")
# The measure words of kinds (种, 类) and nouns of kinds after any measure word (个品种,
# 个类别): a count of them is of distinct items, never a figure column's sum.
KIND_NOUNS = re.compile(r"[种类]|.?(?:品种|种类|类别|类型|款式)")
SUBSET = re.compile(r"其中|其余|剩下|剩余|前|后|最近(?!\s*(?:" + _SPAN_OF_TIME + r"))|最新|只有|仅|"
                    r"包括|以外|除了|是|当中|每|占|各")

FIRST_PERSON = re.compile(r"我|咱")

TIME_SCOPE = re.compile(r"之后|以后|以来|起")

# Parts of the day and their hours (a closed class).
DAYPARTS = {"上午": (5, 12), "早上": (5, 10), "中午": (11, 13), "下午": (12, 18),
            "晚上": (18, 24), "傍晚": (17, 19)}

NEGATION = re.compile(r"不|没|無|无|并非|非")

__all__ = ["ACTIONS", "PACK"]

# The hundred commonest single-character family names (a closed class; a name is the
# family name then one or two characters of given name).
# Chinese groups thousands with commas (or 万): a dot between digits is a decimal point.
DECIMAL_DOT = True

SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤")

PACK = build_pack("zh", globals(), cjk=True)
