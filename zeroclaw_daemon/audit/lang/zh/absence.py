"""Chinese absences: the negations that deny items (没有找到, 一个都没有, 不在…里), the words
of denial or failure a disclosure of a failed call holds, the words of lacking, and the
negation words."""

from __future__ import annotations

import re

from ...claims.text import phrase

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
    # 没有全部 / 没全 is "not all" ("还没有全部到账"): a part is missing, no item denied.
    + r"(?!运行|执行|查|看|检查|调用|替|帮|给|做|试|权限|必要|全部|全都|全|都|"
    r"问题|关系|办法|响应|返回|成功|时间|想|说|用|意义|影响|收到|拿到|得到|找到|能|法|完成|跑)"
    # The subject ends at the clause's end, or where a receipt's bracket opens ("没有逾期的
    # [receipt: …]。").
    r"(?P<subj5>[^，。！？；\n]{1,24}?)(?=\s\[|[，。！？；\n]|$)")

# Any word of denial or failure, broadly (checks/disclosure.check_undisclosed_failure).
DENIAL = re.compile(r"没|未|不|无|别|否|拒|失败|超时|错误|报错|出错|异常|禁止|问题|故障|"
                    r"挂了|宕机|崩|卡住|卡死|(?:HTTP|http|状态码|错误码|返回)\s*[45]\d\d")

# Lacking: "没有缺的", "材料都齐了" deny missing items, not the items.
LACK = re.compile(r"缺|齐")

NEGATION = re.compile(r"不|没|無|无|并非|非")
