"""A value the reply works out in writing beside it: "£4.30 a copy dearer: (271 − 99) / 40",
"15/306 = 4.9 %", "≈ 172 ÷ 40".

The sentence writes an arithmetic expression (figures, + − × ÷ /, parentheses) whose value
is the claim's, to half its last digit (or its percentage): the value is the reply's own
calculation, shown, and its operands are checked as values of their own. The expression is
parsed, never evaluated as code.
"""

from __future__ import annotations

import re
from decimal import Decimal, DivisionByZero, InvalidOperation

from ..claims.types import ValueClaim, ValueKind
from ..evidence.number_index import rounding_unit
from .base import CheckContext

_EXPRESSION_RE = re.compile(r"[(\d][\d\s.,()+\-−×x*/÷]*[\d)]")
_OPERATOR_RE = re.compile(r"\d\s*\)?\s*[+\-−×x*/÷]\s*\(?\s*\d")
_TOKEN_RE = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?|[()+\-−×x*/÷]")
_MAX_EXPRESSIONS = 4
_MAX_TOKENS = 24


def value_of_a_written_formula(context: CheckContext, claim: ValueClaim) -> bool:
    if not claim.numbers or claim.kind is ValueKind.DATE:
        return False
    sentence = context.sentence_text(claim.clause)
    said = claim.numbers[0]
    tolerance = rounding_unit(said) / 2
    tried = 0
    for match in _EXPRESSION_RE.finditer(sentence):
        if _OPERATOR_RE.search(match.group(0)) is None:
            continue
        tried += 1
        if tried > _MAX_EXPRESSIONS:
            break
        value = _evaluate(match.group(0))
        if value is None:
            continue
        if abs(value - said) <= tolerance or (claim.kind is ValueKind.PERCENT
                                              and abs(value * 100 - said) <= tolerance):
            return True
    return False


def _evaluate(expression: str) -> Decimal | None:
    """The value of + − × ÷ over figures with parentheses, or None if it is no such
    expression (a recursive-descent parse of the tokens)."""
    tokens: list[str] = _TOKEN_RE.findall(expression)
    if len(tokens) > _MAX_TOKENS:
        return None   # a reply is hostile input: no deep or long expression is parsed
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        position += 1
        return tokens[position - 1]

    def factor() -> Decimal:
        token = peek()
        if token == "(":
            take()
            value = expression_()
            if take() != ")":
                raise ValueError
            return value
        if token is None or not token[0].isdigit():
            raise ValueError
        return Decimal(take().replace(",", ""))

    def term() -> Decimal:
        value = factor()
        while peek() in ("×", "x", "*", "/", "÷"):
            operator = take()
            right = factor()
            value = value * right if operator in ("×", "x", "*") else value / right
        return value

    def expression_() -> Decimal:
        value = term()
        while peek() in ("+", "-", "−"):
            operator = take()
            right = term()
            value = value + right if operator == "+" else value - right
        return value

    try:
        value = expression_()
    except (ValueError, IndexError, InvalidOperation, DivisionByZero):
        return None
    return value if position == len(tokens) else None
