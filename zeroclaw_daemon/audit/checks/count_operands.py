"""Counts that are operands or outcomes of the reply's own calculation, recomputed.

A number and a noun count a result's items only when nothing else gives them. A reply that
works out a quantity of its own world from the results' figures states counts of things no
result lists: the people a price is multiplied by, the tank loads a volume is divided
into, the packages left over from the user's own number. Each such count is recomputed
from the figures the reply and the results state, and when the calculation gives it, it
is no count of a result's items (the figures themselves are checked as values):

- its sentence writes the calculation: a figure of the sentence is the count times a
  result's figure ("12 个人买单人票一共 360 元" at 30 元; "for 9 people that's €162" at €18),
  or a figure over a result's figure the sentence also writes rounds up or down to the
  count ("579 ÷ 40 L ≈ 14.5 tanks, so 14 full loads"; "149 L, que con el depósito de 30 L
  salen 5 cargas") when the counted noun names nothing the calls are about;
- the reply writes the count's number as a factor of a product with another figure
  ("14 × €95 = €1,330"): the same number counts the same group ("for 14 people");
- the same number was counted before as such an operand (the same group again);
- it is what is left of a quantity the user states for the same noun after a figure or
  total of the results ("Tengo 40 paquetes" and 35 free lockers: "te quedarían 5
  paquetes fuera").

- it is the total of a run of counts the reply lists right before it in its paragraph or
  the one before, of the same noun ("46 wheels", "52 wheels", "48 wheels", "44 wheels": "That's 190
  wheels"), or right after it in its sentence ("60 seats: 54 pupils and 6 staff").

A count that none of these gives is checked as before.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal

from ..claims.numbers import HAYSTACK_NUMBER_RE, number_readings
from ..claims.types import CountClaim
from ..claims.words import stem
from ..evidence.number_index import rounding_unit
from ..evidence.relation import Relation
from .base import CheckContext
from .own_arithmetic import paragraph_start

# A multiplication sign between two figures (a currency sign or unit may stand before
# the second one).
_TIMES = r"\s*[×✕✖*xX]\s*"
_FACTOR_AFTER = r"[^\s\d]{0,3}\s?\d"
_TIMES_SIGNS = ("×", "✕", "✖", "*", " x ", " X ")
# The user's number, then its noun within a few characters ("40 paquetes", "40 个包裹").
_USER_NOUN_RE = re.compile(r"\s*(?:个|份|件|名|位)?\s*([^\W\d_]+)")
MAX_SENTENCE_FIGURES = 12
MAX_EARLIER_COUNTS = 2
# A number standing alone: not part of a time, a date, an identifier or a longer number.
_BARE_NUMBER_RE = re.compile(r"(?<![\w.,:/-])\d+(?:[.,]\d+)?(?![\w:/-]|[.,]\d)")


def an_operand_of_the_replys_calculation(context: CheckContext, claim: CountClaim) -> bool:
    """The count is recomputed from figures of its sentence and the results, written as a
    factor elsewhere in the reply, or left of the user's quantity (see the module)."""
    if _worked_out_in_its_sentence(context, claim) or _written_as_a_factor(context, claim) \
            or _left_of_the_users_quantity(context, claim):
        return True
    # The same number counted before as an operand counts the same group again ("12 个人是
    # 264 元……对 12 个人来说不值").
    # Only the nearest few: a run of one count repeated ("3 files, 3 files, …") would
    # otherwise recompute every earlier one for each.
    earlier = [other for other in context.claims.counts
               if other.value == claim.value and other.span[1] <= claim.span[0]]
    return any(_worked_out_in_its_sentence(context, other)
               for other in earlier[-MAX_EARLIER_COUNTS:])


def _sentence_figures(context: CheckContext, claim: CountClaim, *,
                      bare: bool = False) -> list[Decimal]:
    """The figures of the count's sentence: its values (amounts, measures, numbers of
    three digits or more), and with ``bare`` its small numbers too."""
    span = context.claims.sentence_span(claim.clause)
    if span is None:
        return []
    figures = [v.numbers[0] for v in context.claims.values
               if v.numbers and span[0] <= v.span[0] < span[1]
               and not claim.span[0] <= v.span[0] < claim.span[1]]
    if not bare:
        return figures[:MAX_SENTENCE_FIGURES]
    # Small numbers are no values of their own ("50 ÷ 12", "50 t"): read them as written.
    for match in _BARE_NUMBER_RE.finditer(context.text, span[0], span[1]):
        if not claim.span[0] <= match.start() < claim.span[1]:
            figures.extend(number_readings(match.group(0))[:1])
            if len(figures) >= 2 * MAX_SENTENCE_FIGURES:
                break
    return list(dict.fromkeys(figures))[:2 * MAX_SENTENCE_FIGURES]


def _worked_out_in_its_sentence(context: CheckContext, claim: CountClaim) -> bool:
    # The results' figures are read only for a sentence with figures of its own (most
    # counted sentences have none: reading every result's numbers is then wasted).
    figures = _sentence_figures(context, claim)
    count = claim.value
    if figures:
        operands = context.evidence.derivations.operands
        for figure in figures:
            # A product to the unit the figure is written to: a result's figure need not be
            # written in the sentence ("for 9 people that's €162" at €18 a ticket).
            tolerance = rounding_unit(figure) / 2
            if any(rate not in (0, 1) and abs(count * rate - figure) <= tolerance
                   for rate in operands):
                return True
    # A quotient: a figure over a result's figure, both written in the sentence, small
    # numbers included ("50 ÷ 12 ≈ 4.2, so 4 full trips").
    figures = _sentence_figures(context, claim, bare=True)
    if not figures:
        return False
    results = set(context.evidence.derivations.operands)
    rates = [r for r in figures if r in results and r not in (0, 1)]
    return any(figure != rate and figure / rate > 1
               and count in (math.floor(figure / rate), math.ceil(figure / rate))
               for rate in rates for figure in figures) \
        and _names_nothing_the_calls_are_about(context, claim)   # 579 L ÷ 40 L: 14 loads


def _names_nothing_the_calls_are_about(context: CheckContext, claim: CountClaim) -> bool:
    """The counted noun relates to no word of any call's tool name, arguments or result:
    it counts no result's items ("loads" of a spray plan), so a rounded quotient may be
    what it counts. (A noun a result's words name, "5 clientes" of a query of clientes,
    is checked: a quotient of two amounts comes near a small count too easily.)"""
    pack = context.pack
    if pack is None or pack.cjk or not claim.keywords:
        return False
    forms = Relation.forms(claim.keywords)
    return not any(Relation(facts.call_keys).related_forms(forms)
                   or Relation(facts.result_keys).related_forms(forms)
                   for facts in context.evidence.facts)


def _written_as_a_factor(context: CheckContext, claim: CountClaim) -> bool:
    text = context.text
    if not claim.digits or not any(sign in text for sign in _TIMES_SIGNS):
        return False
    number = str(claim.value)
    factor = re.compile(rf"(?<![\d.,]){number}{_TIMES}{_FACTOR_AFTER}"
                        rf"|\d[^\s\d]{{0,3}}{_TIMES}{number}(?![\d.,])")
    return factor.search(text) is not None


def _left_of_the_users_quantity(context: CheckContext, claim: CountClaim) -> bool:
    evidence = context.evidence
    user = evidence.user_message
    if not user or not claim.keywords:
        return False
    relation = Relation(claim.keywords)
    quantities: list[Decimal] = []
    for match in HAYSTACK_NUMBER_RE.finditer(user):
        noun = _USER_NOUN_RE.match(user, match.end())
        if noun is None or not relation({stem(noun.group(1).lower())}):
            continue
        quantities.extend(number_readings(match.group(0))[:1])
    if not quantities:
        return False
    derivations = evidence.derivations
    parts = {float(v) for v in derivations.operands} | set(derivations.breakdown_sums) \
        | {float(v) for v in derivations.column_sums} | {float(v) for v in derivations.table_totals}
    return any(0 < part < float(quantity) and float(quantity) - part == claim.value
               for quantity in quantities for part in parts)


# The most listed counts a total is looked for over, before or after it.
MAX_LISTED_COUNTS = 12


def a_total_of_the_counts_it_lists(context: CheckContext, claim: CountClaim) -> bool:
    """The count is the sum of two or more counts the reply lists: the last before it in
    its paragraph (or the one before) that count the same noun, or the first of its
    sentence after it (see the module). Each listed count is checked as a count of its
    own."""
    counts = context.claims.counts
    # Its paragraph and the one before: a total often closes a list in a line of its own.
    paragraph = paragraph_start(context.text, claim.span[0])
    paragraph = paragraph_start(context.text, max(paragraph - 2, 0))
    same = Relation(claim.keywords) if claim.keywords else None
    before = [other.value for other in counts
              if paragraph <= other.span[0] and other.span[1] <= claim.span[0]
              and same is not None and same(other.keywords)][-MAX_LISTED_COUNTS:]
    if any(sum(before[first:]) == claim.value for first in range(len(before) - 1)):
        return True
    sentence = context.claims.sentence_span(claim.clause)
    end = sentence[1] if sentence is not None else claim.span[1]
    running = 0
    for listed, other in enumerate((c for c in counts if claim.span[1] <= c.span[0] < end), 1):
        running += other.value
        if listed > 1 and running == claim.value:
            return True
        if listed >= MAX_LISTED_COUNTS or running > claim.value:
            break
    return False
