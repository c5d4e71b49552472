"""Chinese words of persons: first- and second-person words, and the commonest family
names."""

from __future__ import annotations

import re

SECOND_PERSON = re.compile(r"你|您")

FIRST_PERSON = re.compile(r"我|咱")

# The hundred commonest single-character family names (a closed class; a name is the
# family name then one or two characters of given name).
SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤")
