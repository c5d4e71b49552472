"""Chinese counts: "<numeral><classifier><noun>" (``七个``, ``共有 7 行``), with the measure
words of countable things (a closed class) and the words that make a number no count."""

from __future__ import annotations

import re

from ...claims.pack import LanguagePack
from ...claims.text import phrase
from ...claims.types import RawCount
from .numbers import parse_chinese_number

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
