"""Chinese sentences and clauses: the marks that end them, and the words that flag a clause
as a question, a condition, a hedge, a contrast, a negation, a general statement or a
failure."""

from __future__ import annotations

from ...claims.text import phrase

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
    # An act of sending, ordering, paying or saving whose result is denied ("邮件没发出去",
    # "金箔没订成功", "没交上"): it was tried and did not go through.
    r"没有?(?:发送?|寄|订|预订|付款?|支付|交|提交|上传|保存|存|同步|推送|连|登录?|下单)"
    r"(?:出去|成功|成|上|进去)|"
    # A permission said lacking or required ("只有 viewer 权限", "需要管理员权限", "权限不够"),
    # as "permission" / "permiso" tell a denial in English and Spanish.
    r"(?:只有|仅有|需要|缺少|缺乏|没有|无)[^，。；！？\n]{0,16}?权限|权限(?:不够|不足|受限)|"
    # An error returned or named as one ("返回了一个错误", "报了个错误"); 错误 alone is also
    # the noun of "没有错误", and "一个错误都没有" denies one.
    r"返回了?(?:一个|个)?错误|(?:一个|个)错误(?![都也])"
    # An HTTP error status returned ("返回了 503", "返回 HTTP 429"): the call failed.
    r"|返回了?\s*(?:http\s*)?[45]\d\d(?!\d)")
