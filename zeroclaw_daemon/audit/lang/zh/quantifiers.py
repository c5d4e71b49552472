"""Chinese quantifiers: universal, negative, residual and subset ones, the words of what
remains or is left over, bound words before a number, and the measure words and nouns of
kinds."""

from __future__ import annotations

import re

# Residual determiners: 没有其他报警 excepts what the reply already named.
RESIDUAL = re.compile(r"其他|其它|别的|另外|其余")

# A universal quantifier over items (所有, 全部, 每个) and the words that except some of them
# (除了, 以外, 但): checks/universal_states.py.
UNIVERSAL = re.compile(r"所有|全部|每个|每一")
EXCEPTION = re.compile(r"除了|以外|之外|但|不是所有|并非")

# What remains denied (没有了, 没了, 一个都不剩): every item is taken.
REMAINDER = re.compile(r"没有?了$|没剩|不剩")

# What is left or free of a capacity ("剩 3 个", "还空 2 个位", "余 5 张").
LEFT_OVER = re.compile(r"剩|余|空位|空余|空着|还空")

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

# 占 ("accounts for": 占了两个, 占三成) states a share of a whole; 各 ("each": 各一个)
# distributes a count over the members named before it.
SUBSET = re.compile(r"其中|其余|剩下|剩余|前|后|最近(?!\s*(?:" + _SPAN_OF_TIME + r"))|最新|只有|仅|"
                    r"包括|以外|除了|是|当中|每|占|各")
