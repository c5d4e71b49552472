"""Numbers, units and dates, read the same way in replies and in tool results.

:func:`number_readings` gives every value a run of digits may stand for
(``1,234`` is 1234, or 1.234 in Spanish); :func:`find_dates` finds dates in
ISO, English, Chinese and Spanish spellings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal, InvalidOperation
from itertools import pairwise

from .text import lower_same_length
from .types import Span
from .words import fold

_NUM = r"[-−]?\d+(?:[.,]\d+)*"
_UNIT_WORDS = (
    r"m/s|mps|ms|msec|milliseconds?|µs|us|ns|secs?|seconds?|s|mins?|minutes?|h|hrs?|hours?|days?|"
    r"weeks?|months?|years?|KiB|MiB|GiB|TiB|KB|MB|GB|TB|PB|kB|bytes?|Kbps|Mbps|Gbps|"
    r"km/h|kph|mph|knots?|kts?|kn|miles?|mi|ft|feet|oz|km|cm|mm|kg|lbs?|req/s|reqs?/s|rps|qps|ops/s|tps|Hz|kHz|MHz|GHz|kW|kWh|"
    # speeds in Chinese, before their lengths ("27 公里/小时", "7.5 米每秒")
    r"mAh|cores?|vCPUs?|RPM|rpm|G|M|T|K|(?:公里|千米|英里|米)(?:/小时|每小时|/时)|米/秒|米每秒|"
    r"毫秒|微秒|秒钟|秒|分钟|小时|天|周|个月|字节|公里|千米|米|"
    r"公斤|千克|兆|segundos?|minutos?|horas?|días?|semanas?|meses|años?|kilómetros|metros|nudos?|"
    # weights and lengths by their names (es, en, zh): a measure, never a count of items
    r"kilogramos?|kilos?|gramos?|libras?|onzas?|pulgadas?|millas?|galones|galón|centímetros?|"
    r"milímetros?|pounds?|ounces?|inches|grams?|kilograms?|kilometres?|kilometers?|metres?|"
    r"meters?|厘米|毫米|英寸|英尺|呎|吋|英里|加仑|盎司|磅|克|"
    # pressures and volumes (SI and the units replies convert to)
    r"hPa|kPa|MPa|Pa|mbar|bar|psi|mmHg|inHg|atm|mL|ml|L|litres?|liters?|litros?|gal|"
    r"gallons?|m3|m³|立方米|毫升|公升|升"
)
# Masses by the tonne and areas, by their symbols and names ("1.240 toneladas", "38
# hectares" are quantities), written compactly (an alternation of many words costs the
# scan of every number; UNIT_WORDS lists them below).
_MASS_AREA_UNITS = (r"t(?:on(?:eladas?|nes?|s?))?|吨|公吨|k?m[2²]|hect[aá]reas?|hectares?|"
                    r"acres?|平方(?:米|公里)|公顷|亩")
# "7,45 ha" is hectares, but Spanish "1 ha fallado" is "1 has failed": the auxiliary is
# followed by a participle.
_HECTARE = r"ha(?!\s+[^\W\d_]+[ai]do\b)"


def _unit_forms(unit: str) -> set[str]:
    """Every spelling of one unit of the alternation: with and without each optional letter
    ("lbs?" is lb and lbs, "reqs?/s" req/s and reqs/s)."""
    mark = unit.find("?")
    if mark < 1:
        return {unit}
    return _unit_forms(unit[:mark] + unit[mark + 1:]) | _unit_forms(unit[:mark - 1]
                                                                      + unit[mark + 1:])


# The units as words after a number, folded: a count's noun is never one ("40 lb loaders",
# "a 5 mile run", "1 pound"). Latin-script units only (a Chinese count reads its measure
# word apart).
UNIT_WORDS = frozenset(
    form for u in _UNIT_WORDS.split("|") for form in map(fold, _unit_forms(u)) if form.isascii()
) | frozenset({"second", "seconds", "minute", "minutes", "hour", "hours", "day", "days",
               "week", "weeks", "month", "months", "year", "years", "percent", "degrees",
               "degree", "dollars", "euros", "cents", "pesos", "bytes", "grados",
               "segundos", "minutos", "horas", "dias", "semanas", "meses", "anos",
               "milliseconds", "millisecond", "ms", "gb", "mb", "kb", "tb",
               # ISO 4217 codes: "1 EUR = 1.0842 USD" is an amount, not a count
               "usd", "eur", "gbp", "jpy", "cny", "rmb", "chf", "sek", "nok", "dkk", "mxn",
               "brl", "inr", "cad", "aud", "krw", "hkd", "sgd", "pln", "czk", "try",
               "kilometros", "centimetros", "centimetro", "milimetros", "milimetro",
               "galon", "ha", "t", "ton", "tons", "tonne", "tonnes", "tonelada", "toneladas",
               "m2", "km2", "hectarea", "hectareas", "hectare", "hectares", "acre", "acres"})

MONTHS_EN = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
              "dec")
_MONTHS_ES = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
              "septiembre", "octubre", "noviembre", "diciembre")
_MONTH_EN_RE = (r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
                r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")

DATE_ISO_RE = re.compile(r"(?<!\d)(?P<y>\d{4})[-/](?P<m>\d{1,2})[-/](?P<d>\d{1,2})(?!\d)")
DATE_EN_RE = re.compile(
    _MONTH_EN_RE + r"\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?(?![\d:])(?:,?\s+(?P<y>\d{4}))?\b"
    # "18 Dec 2026", and "18-Dec-2026" as logs and spreadsheets write it.
    r"|(?<!\d)(?P<d2>\d{1,2})(?:st|nd|rd|th)?(?:\s+|-)" + _MONTH_EN_RE.replace("mon", "mon2")
    + r"\.?(?:(?:,?\s+|-)(?P<y2>\d{4}))?\b")
DATE_ZH_RE = re.compile(r"(?:(?P<y>\d{4})\s*年\s*)?(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]")
DATE_ES_RE = re.compile(
    r"(?<!\d)(?P<d>\d{1,2})\s+de\s+(?P<mon>" + "|".join(_MONTHS_ES) + r"|setiembre)"
    r"(?:\s+(?:de|del)\s+(?P<y>\d{4}))?"
    # "18 dic 2026", "18-dic-2026": a month's first letters, as tables write it.
    r"|(?<!\d)(?P<d2>\d{1,2})(?:\s+|-)(?P<mon2>ene|feb|abr|ago|sept?|oct|nov|dic)\.?"
    r"(?:(?:\s+|-)(?P<y2>\d{4}))?(?![a-z])")
TIME_RE = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?(?![\d:])")
HASH_RE = re.compile(r"(?<![\w-])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}(?![\w-])")
VERSION_RE = re.compile(
    r"(?<![\w.])v?\d+\.\d+\.\d+(?:\.\d+)*(?:[-+][0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?!\w|[.,]\w)"
    r"|(?<![\w.])v\d+(?:\.\d+)*(?!\w|[.,]\w)")   # a sentence's full stop may follow
# A word character other than a Chinese one: a value ends where a Latin letter or a digit
# would continue it, but Chinese is written without spaces ("毛效率为31.2箱", "香草35升"), so
# a Han character beside a number does not make it part of a word.
_LW = r"[^\W\u3400-\u9fff\uf900-\ufaff]"
_START = r"(?<![.,])(?<!" + _LW + r")"      # no word, decimal point or comma before it
_END = r"(?!" + _LW + r"|[.,]\d)"            # no word after it, nor more digits
TEMPERATURE_RE = re.compile(
    _START + r"(?P<num>" + _NUM + r")\s?(?:°\s?(?P<u>[CFcf])?|℃|℉|(?:degrees?|grados?)"
    r"(?:\s(?:Celsius|Fahrenheit|centígrados|C|F)\b)?|摄氏度|华氏度|度)")
PERCENT_RE = re.compile(
    _START + r"(?P<num>" + _NUM + r")\s?(?:%|％|percent\b|per\s?cent\b|por\s?ciento\b)"
    r"|百分之\s?(?P<num2>" + _NUM + r")")
CURRENCY_RE = re.compile(
    r"(?:US\$|R\$|[$€£¥￥])\s?(?P<num>" + _NUM.replace("[-−]?", "") + r")(?:\s?[kKmM](?!\w))?"
    r"|" + _START + r"(?P<num2>" + _NUM + r")\s?(?:€|USD\b|EUR\b|GBP\b|JPY\b|CNY\b|RMB\b|"
    r"MXN\b|元|美元|欧元|块钱|dólares\b|euros\b|pesos\b|dollars\b)")
# A number and its unit joined by a hyphen make an English compound adjective ("a 15-minute
# hold", "a 3-day course", "a 20-km loop"): the same measure, when a word of two letters or
# more follows the hyphen (never "GL-07", "v2-b").
MEASURE_RE = re.compile(
    _START + r"(?P<num>" + _NUM + r")(?:\s?|[-‐‑](?=[^\W\d_]{2}))(?P<unit>" + _UNIT_WORDS
    + r"|" + _MASS_AREA_UNITS + r"|" + _HECTARE + r")(?![/]|" + _LW + r")")
GROUPED_RE = re.compile(_START + r"\d{1,3}(?:,\d{3})+(?:\.\d+)?" + _END
                        + r"|" + _START + r"\d{1,3}(?:\.\d{3})+(?:,\d+)?" + _END)
DECIMAL_RE = re.compile(r"(?<![.,#-])(?<!" + _LW + r")[-−]?\d+[.,]\d+" + _END)
BARE_INT_RE = re.compile(r"(?<![.,#/:@-])(?<!" + _LW + r")\d{3,}(?![.,:/@-]|" + _LW
                         + r"|[.,]\d)")
# Words that make the value after them approximate. Tested with ``str.endswith`` on the text
# before the value (stripped), which is much cheaper than a regex search ending in ``$``.
APPROX_ENDINGS = ("about", "around", "roughly", "approximately", "approx", "approx.", "nearly",
                  "almost", "~", "≈", "under", "over", "below", "above", "some", "close to",
                  "more than", "less than", "upwards of", "約", "约", "大约", "大概", "差不多",
                  "将近", "接近", "近", "不到", "超过", "逾", "unos", "unas", "aproximadamente",
                  "casi", "más de", "menos de", "rondan", "ronda", "ronda los", "ronda las",
                  "rondan los", "hacia las", "hacia", "en torno a", "por encima de",
                  "por debajo de",
                  # Verbs of exceeding and falling short: the number after one is a bound
                  # ("ya pasan de 20 minutos", "exceed 20 minutes", "高于 20 度"), read as a
                  # figure about that far from the results', as "more than" is.
                  "exceed", "exceeds", "exceeded", "exceeding", "pasa de", "pasan de",
                  "pasa de los", "pasan de los", "supera", "superan", "supera los",
                  "superan los", "excede", "exceden", "sobrepasa", "sobrepasan", "rebasa",
                  "rebasan", "no llega a", "no llegan a", "高于", "低于", "多于", "少于",
                  "不足")
_ARTICLES = (" los", " las", " el", " la", " the")
# Two words, any space between; "del" is "de" + "el" ("alrededor del 12 %").
APPROX_PAIRS = (("alrededor", "de"), ("cerca", "de"), ("alrededor", "del"), ("cerca", "del"))


def approx_before(text: str) -> bool:
    """Whether ``text`` (lower-cased) ends with a word saying "about", before any spaces
    or emphasis marks ("about **£4,240**": the marks set the value off, not the word)."""
    tail = text.rstrip()
    if tail.endswith(("*", "_")):
        tail = tail.rstrip("*_ ")
    if tail.endswith(APPROX_ENDINGS):
        return True
    if tail.endswith(_ARTICLES):   # "superan los 20", "exceed the 20": past the article
        head = tail.rsplit(None, 1)[0] if " " in tail else ""
        if head != tail and head.endswith(APPROX_ENDINGS):
            return True
    for first, second in APPROX_PAIRS:
        if tail.endswith(second):
            head = tail[:-len(second)]
            if head[-1:].isspace() and head.rstrip().endswith(first):
                return True
    return False


APPROX_AFTER_RE = re.compile(r"^\s*(?:左右|上下|前后|多|以上|以下|出头)")
DIGIT_RUN_RE = re.compile(r"\d\d*")   # not "\d+": see text.py on scanning patterns
# A scale word after a number multiplies it, keeping the precision written: "1.2 万" is
# 12000 to the thousand, "2,5 millones" 2500000 to the hundred thousand.
SCALE_AFTER_RE = re.compile(
    r"\s?(?:(?P<cjk>千万|百万|万|亿)|(?P<word>mil\s+millones|millones|millón|millon|mil|"
    r"millions?|billions?|thousand|bn|k|m)(?![\w%]))", re.IGNORECASE)
SCALE_EXPONENTS = {"千万": 7, "百万": 6, "万": 4, "亿": 8, "mil millones": 9, "millones": 6,
                   "millón": 6, "millon": 6, "mil": 3, "million": 6, "millions": 6,
                   "billion": 9, "billions": 9, "thousand": 3, "bn": 9, "k": 3, "m": 6}


def scale_after(text: str, end: int) -> tuple[int, int] | None:
    """(exponent, end of the scale word) when a scale word follows a number ending at
    ``end``, else None."""
    match = SCALE_AFTER_RE.match(text, end)
    if match is None:
        return None
    word = " ".join(match.group(0).split()).lower()
    return SCALE_EXPONENTS[word], match.end()
# The word before a day ("Sept. 5"): ``[A-Za-z]{3,9}\.?\s+`` ending at the digit, matched on
# the 14 characters before it reversed (one anchored match instead of a search).
WORD_BEFORE_REVERSED_RE = re.compile(r"\s+\.?[A-Za-z]{3,9}")
HAYSTACK_NUMBER_RE = re.compile(r"-?\d+(?:[.,]\d+)*")
# Thousands grouped by a space, as French, German, Russian, Swedish, Polish... and SI
# write them: "7 435,65 $", "12 000 km". A no-break space (U+00A0, U+202F) between a
# digit and three more is such a separator wherever it stands; a plain space only in a
# number that ends in a decimal comma ("7 435,65": no list of numbers is written so),
# and not before three decimals ("2 100,000" may be 2 and 100,000).
_NO_BREAK_GROUPED_RE = re.compile(r"(?<![\d.,])\d{1,3}(?:[\u00A0\u202F]\d{3})+(?!\d)")
_SPACE_GROUPED_RE = re.compile(
    r"(?<![\d.,])\d{1,3}(?:[ \u00A0\u202F]\d{3})+(?=,(?:\d{1,2}|\d{4,})(?!\d))")
_GROUP_SPACES = str.maketrans({" ": ".", "\u00A0": ".", "\u202F": "."})


# Latin-1 read as digits: each ASCII digit byte made "0", every other byte a space. The
# only decimal digits (``\d``) of Latin-1 are the ASCII ones.
_LATIN1_DIGIT_FORM = bytes(0x30 if 0x30 <= c <= 0x39 else 0x20 for c in range(256))


def digit_runs(text: str) -> list[Span]:
    """The runs of digits of ``text`` (``\\d+``), in order: one pass over a reply, whose
    spans every digit-bound reading of it shares.

    A text in Latin-1 (most replies) is read as bytes with every digit made "0" and
    everything else a space, and each run found with two ``bytes.find`` calls: ``sre``
    tests every character of the text against ``\\d`` (about 10 ns each, 40 us for 4 KB),
    more than twice the cost. Any other text (a CJK reply may hold full-width digits) is
    scanned with :data:`DIGIT_RUN_RE`."""
    try:
        form = text.encode("latin-1").translate(_LATIN1_DIGIT_FORM)
    except UnicodeEncodeError:
        return [match.span() for match in DIGIT_RUN_RE.finditer(text)]
    runs: list[Span] = []
    find = form.find
    start = find(b"0")
    while start >= 0:
        end = find(b" ", start)
        if end < 0:
            runs.append((start, len(form)))
            break
        runs.append((start, end))
        start = find(b"0", end)
    return runs


_GROUP_SPACE_CHARS = frozenset(" \u00A0\u202F")


def join_space_groups(text: str, plain_spaces: bool = True,
                      runs: Sequence[Span] | None = None) -> str:
    """``text`` with the spaces that group a number's thousands written as the separator
    its decimal mark implies (a dot before a decimal comma, else a comma): "7 435,65" is
    read as 7.435,65, i.e. 7435.65, and "12 000" as 12,000. The same length, so spans
    into the text stay valid. ``plain_spaces=False`` joins only at no-break spaces (a
    tool's output may part its columns with one space). ``runs``: the text's
    :func:`digit_runs`, when known."""
    if runs is not None:
        # Every grouping space stands alone between two runs of digits: without such a
        # pair nothing is joined, and the text is not scanned.
        if not any(after[0] == before[1] + 1 and text[before[1]] in _GROUP_SPACE_CHARS
                   for before, after in pairwise(runs)):
            return text
    elif not any(c.isdigit() for c in text):
        return text

    def joined(match: re.Match[str]) -> str:
        raw = match.group(0)
        decimal_comma = text.startswith(",", match.end())
        return raw.translate(_GROUP_SPACES) if decimal_comma else \
            raw.replace(" ", ",").replace("\u00A0", ",").replace("\u202F", ",")

    if plain_spaces:
        text = _SPACE_GROUPED_RE.sub(joined, text)
    if "\u00A0" in text or "\u202F" in text:
        text = _NO_BREAK_GROUPED_RE.sub(joined, text)
    return text
YEAR_MIN, YEAR_MAX = 1900, 2100


def number_readings(raw: str, decimal_dot: bool = False) -> tuple[Decimal, ...]:
    """Every value the digits may stand for: ``1,234`` -> 1234 (and 1.234 in Spanish);
    with ``decimal_dot`` (a language that groups with commas), ``1.012`` is 1.012 only."""
    text = raw.replace("−", "-").strip()
    sign = ""
    if text.startswith("-"):
        sign, text = "-", text[1:]
    if not text:
        return ()
    readings: list[str] = []
    has_comma, has_dot = "," in text, "." in text
    if not has_comma and not has_dot:
        readings.append(text)
    elif has_comma and has_dot:
        if text.rfind(",") > text.rfind("."):      # 1.234,5 (Spanish)
            readings.append(text.replace(".", "").replace(",", "."))
        else:                                        # 1,234.5
            readings.append(text.replace(",", ""))
    else:
        sep = "," if has_comma else "."
        groups = text.split(sep)
        if all(len(g) == 3 for g in groups[1:]) and not groups[0].startswith("0") and \
                not (decimal_dot and sep == "." and len(groups) == 2):
            readings.append("".join(groups))         # thousands (never "0.041")
        if len(groups) == 2:
            readings.append(groups[0] + "." + groups[1])  # decimal point or comma
    out: list[Decimal] = []
    for reading in readings:
        try:
            out.append(Decimal(sign + reading))
        except InvalidOperation:
            continue
    return tuple(out)


def month_number(name: str) -> int | None:
    lowered = fold(name)
    if lowered.startswith("setiembre"):
        return 9
    if lowered in _MONTHS_ES:
        return _MONTHS_ES.index(lowered) + 1
    prefix = lowered[:3]
    if prefix in MONTHS_EN:
        return MONTHS_EN.index(prefix) + 1
    return _MONTHS_ES_SHORT.get(prefix)


# Spanish months' first letters where English ones differ.
_MONTHS_ES_SHORT = {"ene": 1, "abr": 4, "ago": 8, "set": 9, "dic": 12}


def digit_windows(text: str, before: int = 20, after: int = 28) -> list[Span]:
    """Merged windows around every run of digits: every value lies inside one."""
    windows: list[Span] = []
    for match in DIGIT_RUN_RE.finditer(text):
        lo, hi = max(0, match.start() - before), min(len(text), match.end() + after)
        if windows and lo <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], hi))
        else:
            windows.append((lo, hi))
    return windows


# A date in digits with its year last: "18/12/2026", "12/18/2026", "18.12.2026", "18-12-2026".
DATE_NUMERIC_RE = re.compile(r"(?<![\w/.-])(\d{1,2})([/.-])(\d{1,2})\2((?:19|20)\d\d)"
                             r"(?![\d/.-])")


def find_dates(text: str, windows: Sequence[Span] | None = None,
               lowered: str | None = None
               ) -> list[tuple[int, int, tuple[int | None, int, int]]]:
    """Dates in any supported spelling, as (start, end, (year or None, month, day))."""
    found: list[tuple[int, int, tuple[int | None, int, int]]] = []
    spans = digit_windows(text) if windows is None else windows
    low = lower_same_length(text) if lowered is None else lowered

    def each(regex: re.Pattern[str], source: str) -> Iterator[re.Match[str]]:
        for lo, hi in spans:
            yield from regex.finditer(source, lo, hi)

    for match in each(DATE_ISO_RE, text):
        month, day = int(match.group("m")), int(match.group("d"))
        if 1 <= month <= 12 and 1 <= day <= 31:
            found.append((match.start(), match.end(), (int(match.group("y")), month, day)))
    for match in each(DATE_EN_RE, low):
        mon = match.group("mon") or match.group("mon2")
        day_text = match.group("d") or match.group("d2")
        year_text = match.group("y") or match.group("y2")
        named_month = month_number(mon) if mon else None
        if named_month is None or not day_text or not 1 <= int(day_text) <= 31:
            continue
        found.append((match.start(), match.end(),
                      (int(year_text) if year_text else None, named_month, int(day_text))))
    for match in each(DATE_ZH_RE, text):
        month, day = int(match.group("m")), int(match.group("d"))
        if 1 <= month <= 12 and 1 <= day <= 31:
            year = int(match.group("y")) if match.group("y") else None
            found.append((match.start(), match.end(), (year, month, day)))
    for match in each(DATE_ES_RE, low):
        spanish_month = month_number(match.group("mon") or match.group("mon2"))
        day = int(match.group("d") or match.group("d2"))
        year_text = match.group("y") or match.group("y2")
        if spanish_month is not None and 1 <= day <= 31:
            year = int(year_text) if year_text else None
            found.append((match.start(), match.end(), (year, spanish_month, day)))
    for match in each(DATE_NUMERIC_RE, text):
        # "18/12/2026", "12/18/2026", "18.12.2026": day first or month first, every reading
        # a calendar allows.
        first, second, year = int(match.group(1)), int(match.group(3)), int(match.group(4))
        for month, day in {(second, first), (first, second)}:
            if 1 <= month <= 12 and 1 <= day <= 31:
                found.append((match.start(), match.end(), (year, month, day)))
    return found
