"""Language-neutral claim extraction: what a reply says happened, found without model help.

A reply is cut into sentences and clauses with its language pack's rules.
Each clause is marked *hedged* (offer, suggestion, question, conditional),
*negated* ("I didn't run"), *general* ("typically") or *failure* (it
reports that something failed), so the auditor never mistakes "I can run
``git log`` if you like" for a claim that it ran. Then claims are pulled
out of the unhedged text:

- :class:`ToolUseClaim`: a tool ran or a lookup happened ("I ran ``git log``",
  "according to the search results"), with what it names: a quoted shell
  command, a file path, a URL, tool categories (database, web search...) and
  subject words, matched later against the turn's tool calls.
- :class:`ResultClaim`: a result is presented as done ("has been restarted",
  "I wrote the file", "the output shows").
- :class:`CountClaim`: a stated count ("5 files", "three open issues", "七个").
- :class:`AbsenceClaim`: "no results", "the file is empty", "没有找到".
- :class:`ValueClaim`: a specific value (number with unit, percentage,
  temperature, price, version, hash, date, time), found language-neutrally.
- :class:`UrlClaim`: a URL, normalised for comparison.

A :class:`LanguagePack` holds one language's regex tables; packs live in
``en.py``, ``zh.py``, ``es.py``. Every pattern here and in the packs is
compiled once at import: extraction does no per-call compilation.
"""

from __future__ import annotations

import importlib
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any
from urllib.parse import urlsplit

Span = tuple[int, int]


# --------------------------------------------------------------------------- claims


@dataclass(frozen=True, slots=True)
class Clause:
    """A piece of a sentence. Whether it is hedged, negated, general or reports a
    failure is worked out (lazily) during extraction, for the clauses holding claims."""

    start: int
    end: int
    sentence: int


@dataclass(frozen=True, slots=True)
class ToolUseClaim:
    """The reply says a tool ran or a lookup happened.

    ``command`` is a quoted shell command (-> shell), ``path`` a file path
    (-> read_file), ``url`` a URL (-> http_get); ``categories`` are tool kinds
    it names (``db``, ``search``, ``shell``, ``file``, ``http``); ``keywords``
    are stems of its other subject words.
    """

    span: Span
    clause: int
    keywords: frozenset[str]
    categories: frozenset[str]
    command: str | None = None
    path: str | None = None
    url: str | None = None
    text: str = ""
    object_text: str = ""   # what it says was run or looked at ("the weather service")

    @property
    def generic(self) -> bool:
        """True when it names nothing in particular ("I checked", "the results show")."""
        return not (self.keywords or self.categories or self.command or self.path or self.url)

    @property
    def tool_hint(self) -> str | None:
        if self.command:
            return "shell"
        if self.path:
            return "read_file"
        if self.url:
            return "http_get"
        return min(self.categories) if self.categories else None

    @property
    def subject(self) -> tuple[str, ...]:
        return tuple(sorted(self.keywords | self.categories))


@dataclass(frozen=True, slots=True)
class ResultClaim:
    """The reply presents a result as done: an action completed, or an output shown."""

    span: Span
    clause: int
    keywords: frozenset[str]
    completion: bool      # "has been restarted" (else: "the output shows")
    first_person: bool    # "I restarted", "I wrote"
    text: str = ""


@dataclass(frozen=True, slots=True)
class CountClaim:
    """A stated count: ``value`` of ``noun`` (``keywords``: stems of the noun phrase)."""

    span: Span
    clause: int
    value: int
    noun: str
    keywords: frozenset[str]
    digits: bool
    text: str = ""
    context: frozenset[str] = frozenset()   # the noun with the words around it ("tests failed")


@dataclass(frozen=True, slots=True)
class AbsenceClaim:
    """The reply says something is absent.

    ``subject`` names what is absent (empty: anything at all); ``container``
    names where (the file, the log), used to find the relevant tool call.
    """

    span: Span
    clause: int
    subject: frozenset[str]
    container: frozenset[str]
    text: str = ""
    selective: bool = False   # its sentence also says what *is* there ("2 errors, no warnings")


class ValueKind(StrEnum):
    NUMBER = "number"
    PERCENT = "percent"
    TEMPERATURE = "temperature"
    CURRENCY = "currency"
    MEASURE = "measure"
    VERSION = "version"
    HASH = "hash"
    DATE = "date"
    TIME = "time"


@dataclass(frozen=True, slots=True)
class ValueClaim:
    """A specific value stated in the reply.

    Numeric kinds carry ``numbers``: every reading of the digits (``1,234``
    may be 1234 or, in Spanish, 1.234), each with the precision written as its
    exponent. String kinds carry ``key`` (normalised text); dates ``date``.
    """

    span: Span
    clause: int
    kind: ValueKind
    raw: str
    numbers: tuple[Decimal, ...] = ()
    unit: str = ""
    key: str = ""
    date: tuple[int | None, int, int] | None = None
    approx: bool = False


@dataclass(frozen=True, slots=True)
class UrlClaim:
    """A URL in the reply; ``normalised`` drops scheme, case of the host, trailing slash."""

    span: Span
    clause: int
    url: str
    normalised: str


@dataclass(frozen=True, slots=True)
class RawCount:
    """What a pack's count finder returns, before clause and keyword bookkeeping."""

    start: int
    end: int
    value: int
    noun: str
    digits: bool


@dataclass(frozen=True, slots=True)
class Claims:
    """Everything extracted from one reply."""

    language: str
    clauses: tuple[Clause, ...]
    tool_uses: tuple[ToolUseClaim, ...]
    results: tuple[ResultClaim, ...]
    counts: tuple[CountClaim, ...]
    absences: tuple[AbsenceClaim, ...]
    values: tuple[ValueClaim, ...]
    urls: tuple[UrlClaim, ...]
    acknowledges_failure: bool
    attributed_sentences: frozenset[int]

    def sentence_of(self, clause: int) -> int:
        return self.clauses[clause].sentence if self.clauses else 0


# --------------------------------------------------------------------------- language pack


CountFinder = Callable[[str, "LanguagePack", int, int], list[RawCount]]


@dataclass(frozen=True, slots=True)
class LanguagePack:
    """One language's tables. Every pattern is compiled at import of its module.

    Pattern contracts: ``attribution`` may capture ``subj`` (the named
    source); ``completion`` captures ``fp`` when first person; ``absence``
    may capture ``subj`` (what is absent) and ``cont`` (where).
    """

    code: str
    sentence_end: re.Pattern[str]
    clause_break: re.Pattern[str]
    question: re.Pattern[str]
    conditional: re.Pattern[str]
    hedge: re.Pattern[str]
    negated: re.Pattern[str]
    general: re.Pattern[str]
    failure: re.Pattern[str]
    tool_use: re.Pattern[str]
    attribution: re.Pattern[str]
    completion: re.Pattern[str]
    presentation: re.Pattern[str]
    absence: re.Pattern[str]
    find_counts: CountFinder
    stopwords: frozenset[str]
    generic_words: frozenset[str]
    synonyms: Mapping[str, tuple[str, ...]]
    synonym_re: re.Pattern[str] | None = None
    cjk: bool = False
    contrast: re.Pattern[str] | None = None   # "but", "only": an absence beside a presence
    count_pattern: re.Pattern[str] | None = None   # what find_counts scans with (for its gate)
    gate: Gate | None = None                       # set by finish_pack()


def word_set(text: str) -> frozenset[str]:
    """A table of words written as one whitespace-separated string."""
    return frozenset(text.split())


# --------------------------------------------------------------------------- lower-cased matching

_UPPER_ESCAPE_RE = re.compile(r"\\[ABDSWZ]")


def phrase(pattern: str) -> re.Pattern[str]:
    """Compile a phrase pattern for lower-cased text.

    Patterns are written in any case and compiled in lower case, and callers
    match them against :func:`lower_same_length` of the text: ``re.IGNORECASE``
    makes ``sre`` about four times slower on long replies.
    """
    if _UPPER_ESCAPE_RE.search(pattern):
        raise ValueError("a phrase pattern cannot use upper-case escapes (\\S, \\W, \\D, \\B)")
    return re.compile(pattern.lower().replace("(?p<", "(?P<").replace("(?p=", "(?P="))


def lower_same_length(text: str) -> str:
    """``text.lower()`` with every character kept in place (offsets stay valid)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


# --------------------------------------------------------------------------- words and keywords

LATIN_WORD_RE = re.compile(r"[A-Za-z\u00C0-\u024F]+")
CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
HAS_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Characters that make a Chinese bigram say nothing about a subject.
CJK_STOP_CHARS = frozenset("的了是在我你他她它们这那有和与及或就也都还又把被给从对向"
                           "以于之而且但并等个些么吗呢吧啊呀哦嗯将已经刚才过来去到"
                           "上下中里内外为得着所把让")
STEM_CHARS = 6
_ACCENTS = str.maketrans("áàäâéèëêíìïîóòöôúùüûñç", "aaaaeeeeiiiioooouuuunc")

# Words naming a *kind* of tool, and the tool-name words that kind matches.
CATEGORY_OF_WORD: Mapping[str, str] = {
    "command": "shell", "shell": "shell", "terminal": "shell", "script": "shell",
    "file": "file", "files": "file", "directory": "file", "folder": "file",
    "page": "http", "website": "http", "site": "http", "url": "http", "link": "http",
    "webpage": "http", "endpoint": "http",
    "search": "search", "web": "search", "google": "search", "internet": "search",
    "online": "search",
    "database": "db", "db": "db", "table": "db", "sql": "db", "query": "db",
    "queries": "db", "tables": "db",
}
CATEGORY_TOOL_WORDS: Mapping[str, frozenset[str]] = {
    "shell": frozenset({"shell", "exec", "bash", "sh", "cmd", "command", "terminal", "run",
                        "ssh", "kubectl", "git", "docker", "systemctl", "script"}),
    "file": frozenset({"file", "files", "read", "write", "cat", "fs", "list", "dir", "ls",
                       "open", "edit", "path", "directory", "folder"}),
    "http": frozenset({"http", "https", "fetch", "get", "web", "url", "curl", "browse",
                       "request", "download", "page", "scrape", "browser", "crawl"}),
    "search": frozenset({"search", "google", "bing", "duckduckgo", "web", "lookup", "find",
                         "serp", "brave", "tavily"}),
    "db": frozenset({"db", "sql", "query", "database", "postgres", "postgresql", "mysql",
                     "sqlite", "psql", "table", "bigquery", "clickhouse", "mongo"}),
}


def fold(word: str) -> str:
    """Lower case without Spanish accents: ``Búsqueda`` -> ``busqueda``."""
    return word.lower().translate(_ACCENTS)


def stem(word: str) -> str:
    """A crude cross-language stem: folded, plural ``s`` dropped, first six letters.

    ``restarted``/``restart``, ``archivos``/``archivo`` and ``logs``/``log``
    meet; being crude errs toward matching, i.e. toward not flagging.
    """
    w = fold(word)
    if len(w) >= 4 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    return w[:STEM_CHARS]


def cjk_bigrams(text: str) -> set[str]:
    grams: set[str] = set()
    for run in CJK_RUN_RE.findall(text):
        if len(run) == 1:
            if run not in CJK_STOP_CHARS:
                grams.add(run)
            continue
        for i in range(len(run) - 1):
            gram = run[i:i + 2]
            if gram[0] not in CJK_STOP_CHARS and gram[1] not in CJK_STOP_CHARS:
                grams.add(gram)
    return grams


def text_keywords(text: str, stopwords: frozenset[str] = frozenset()) -> frozenset[str]:
    """Stems of the Latin words and Chinese bigrams of ``text`` (used for tool evidence)."""
    keys = {stem(w) for w in LATIN_WORD_RE.findall(text)
            if len(w) >= 2 and fold(w) not in stopwords}
    if HAS_CJK_RE.search(text):
        keys |= cjk_bigrams(text)
    return frozenset(keys)


def subject_keywords(text: str, pack: LanguagePack) -> tuple[frozenset[str], frozenset[str]]:
    """(specific keyword stems, tool categories) named in a claim's wording."""
    keys: set[str] = set()
    categories: set[str] = set()

    def add(word: str) -> None:
        folded = fold(word)
        category = CATEGORY_OF_WORD.get(folded)
        if category is not None:
            categories.add(category)
        elif folded not in pack.stopwords and folded not in pack.generic_words:
            keys.add(stem(folded))

    def add_with_synonyms(word: str) -> None:
        targets = pack.synonyms.get(fold(word), ())
        if any(fold(t) in CATEGORY_OF_WORD for t in targets):
            for target in targets:   # "archivo" is a kind of tool ("file"), not a subject
                add(target)
            return
        add(word)
        for target in targets:
            add(target)

    lowered = text.lower()
    for word in LATIN_WORD_RE.findall(lowered):
        if len(word) >= 2:
            add_with_synonyms(word)
    synonym_spans: list[Span] = []
    if pack.synonym_re is not None:
        for match in pack.synonym_re.finditer(lowered):
            synonym_spans.append((match.start(), match.end()))
            for target in pack.synonyms.get(match.group(0), ()):
                add(target)
    if pack.cjk:
        # Bigrams inside a synonym ("搜索结果" -> search, result) are stood for by the synonym.
        rest = mask(text, synonym_spans) if synonym_spans else text
        keys |= {g for g in cjk_bigrams(rest) if g not in pack.generic_words}
    return frozenset(keys), frozenset(categories)


# --------------------------------------------------------------------------- masking

CODE_SPAN_RE = re.compile(r"`([^`\n]{1,200})`")
URL_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"'`\[\]\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]+")
_URL_TRAILING = ".,;:!?'\"]}>*_"
PATH_RE = re.compile(
    r"(?<![\w/.:-])(?:~?/)?(?:[\w.-]+/)+[\w.-]+(?![\w/])"        # dir/dir/name
    r"|(?<![\w/.:-])[\w-]+\.(?:txt|log|md|json|ya?ml|toml|ini|cfg|conf|csv|py|rs|go|js|ts|"
    r"sh|sql|xml|html|lock|env|service|pem|out|PDF|pdf|csv|CSV|MD)(?![\w])")


def mask(text: str, spans: Iterable[Span]) -> str:
    """``text`` with ``spans`` blanked to spaces, so offsets stay the same."""
    pieces: list[str] = []
    last = 0
    for start, end in sorted(spans):
        if start < last:
            start = last
        if end <= start:
            continue
        pieces.append(text[last:start])
        pieces.append(" " * (end - start))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def find_urls(text: str) -> list[tuple[int, int, str]]:
    """URLs in ``text`` with trailing punctuation (and unbalanced ``)``) stripped."""
    found: list[tuple[int, int, str]] = []
    for match in URL_RE.finditer(lower_same_length(text)):
        url = text[match.start():match.end()]
        while url:
            if url[-1] in _URL_TRAILING or (url[-1] == ")" and url.count("(") < url.count(")")):
                url = url[:-1]
            else:
                break
        if len(url) > 8:
            found.append((match.start(), match.start() + len(url), url))
    return found


def normalise_url(url: str) -> str:
    """Host lower-cased, scheme, default port and trailing slash dropped; path kept."""
    raw = url.strip().rstrip(_URL_TRAILING)
    if raw.lower().startswith("www."):
        raw = "http://" + raw
    try:
        parts = urlsplit(raw)
        host = (parts.hostname or "").lower()
        port = parts.port
    except ValueError:
        return raw.lower().rstrip("/")
    netloc = host if port in (None, 80, 443) else f"{host}:{port}"
    path = parts.path.rstrip("/")
    out = netloc + path
    if parts.query:
        out += "?" + parts.query
    if parts.fragment:
        out += "#" + parts.fragment
    return out


def url_forms(normalised: str) -> tuple[str, ...]:
    """The URL, without its fragment, and without query and fragment."""
    no_fragment = normalised.split("#", 1)[0].rstrip("/")
    bare = no_fragment.split("?", 1)[0].rstrip("/")
    return (normalised, no_fragment, bare)


# --------------------------------------------------------------------------- numbers and values

_NUM = r"[-−]?\d+(?:[.,]\d+)*"
_UNIT_WORDS = (
    r"ms|msec|milliseconds?|µs|us|ns|secs?|seconds?|s|mins?|minutes?|h|hrs?|hours?|days?|"
    r"weeks?|months?|years?|KiB|MiB|GiB|TiB|KB|MB|GB|TB|PB|kB|bytes?|Kbps|Mbps|Gbps|"
    r"km/h|kph|mph|km|cm|mm|kg|lbs?|req/s|reqs?/s|rps|qps|ops/s|tps|Hz|kHz|MHz|GHz|kW|kWh|"
    r"mAh|cores?|vCPUs?|RPM|rpm|G|M|T|K|毫秒|微秒|秒钟|秒|分钟|小时|天|周|个月|字节|公里|千米|米|"
    r"公斤|千克|兆|segundos?|minutos?|horas?|días?|semanas?|meses|años?|kilómetros|metros"
)
UNIT_WORDS = frozenset(
    fold(u) for u in _UNIT_WORDS.replace("?", "").split("|") if u.isascii()
) | frozenset({"second", "seconds", "minute", "minutes", "hour", "hours", "day", "days",
               "week", "weeks", "month", "months", "year", "years", "percent", "degrees",
               "degree", "dollars", "euros", "cents", "pesos", "bytes", "grados",
               "segundos", "minutos", "horas", "dias", "semanas", "meses", "anos",
               "milliseconds", "millisecond", "ms", "gb", "mb", "kb", "tb"})

_MONTHS_EN = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
              "dec")
_MONTHS_ES = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
              "septiembre", "octubre", "noviembre", "diciembre")
_MONTH_EN_RE = (r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
                r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")

DATE_ISO_RE = re.compile(r"(?<!\d)(?P<y>\d{4})[-/](?P<m>\d{1,2})[-/](?P<d>\d{1,2})(?!\d)")
DATE_EN_RE = re.compile(
    _MONTH_EN_RE + r"\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?(?![\d:])(?:,?\s+(?P<y>\d{4}))?\b"
    r"|(?<!\d)(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH_EN_RE.replace("mon", "mon2")
    + r"\.?(?:,?\s+(?P<y2>\d{4}))?\b")
DATE_ZH_RE = re.compile(r"(?:(?P<y>\d{4})\s*年\s*)?(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]")
DATE_ES_RE = re.compile(
    r"(?<!\d)(?P<d>\d{1,2})\s+de\s+(?P<mon>" + "|".join(_MONTHS_ES) + r"|setiembre)"
    r"(?:\s+(?:de|del)\s+(?P<y>\d{4}))?")
TIME_RE = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?(?![\d:])")
HASH_RE = re.compile(r"(?<![\w-])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}(?![\w-])")
VERSION_RE = re.compile(
    r"(?<![\w.])v?\d+\.\d+\.\d+(?:\.\d+)*(?:[-+][0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?![\w.]|\.\d)"
    r"|(?<![\w.])v\d+(?:\.\d+)*(?![\w.]|\.\d)")
TEMPERATURE_RE = re.compile(
    r"(?<![\w.,])(?P<num>" + _NUM + r")\s?(?:°\s?(?P<u>[CFcf])?|℃|℉|(?:degrees?|grados?)"
    r"(?:\s(?:Celsius|Fahrenheit|centígrados|C|F)\b)?|摄氏度|华氏度|度)")
PERCENT_RE = re.compile(
    r"(?<![\w.,])(?P<num>" + _NUM + r")\s?(?:%|％|percent\b|per\s?cent\b|por\s?ciento\b)"
    r"|百分之\s?(?P<num2>" + _NUM + r")")
CURRENCY_RE = re.compile(
    r"(?:US\$|R\$|[$€£¥￥])\s?(?P<num>" + _NUM.replace("[-−]?", "") + r")(?:\s?[kKmM](?!\w))?"
    r"|(?<![\w.,])(?P<num2>" + _NUM + r")\s?(?:€|USD\b|EUR\b|GBP\b|JPY\b|CNY\b|RMB\b|MXN\b|"
    r"元|美元|欧元|块钱|dólares\b|euros\b|pesos\b|dollars\b)")
MEASURE_RE = re.compile(
    r"(?<![\w.,])(?P<num>" + _NUM + r")\s?(?P<unit>" + _UNIT_WORDS + r")(?![\w/])")
GROUPED_RE = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w]|[.,]\d)"
                        r"|(?<![\w.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\w]|[.,]\d)")
DECIMAL_RE = re.compile(r"(?<![\w.,#-])[-−]?\d+[.,]\d+(?![\w]|[.,]\d)")
BARE_INT_RE = re.compile(r"(?<![\w.,#/:@-])\d{3,}(?![\w.,:/@-]|[.,]\d)")
APPROX_BEFORE_RE = re.compile(
    r"(?:about|around|roughly|approximately|approx\.?|nearly|almost|~|≈|约|大约|大概|差不多|"
    r"unos|unas|alrededor\s+de|aproximadamente|cerca\s+de|casi)\s*$")
APPROX_AFTER_RE = re.compile(r"^\s*(?:左右|上下|多)")
DIGIT_RUN_RE = re.compile(r"\d+")
_WORD_BEFORE_RE = re.compile(r"[A-Za-z]{3,9}\.?\s+$")
HAYSTACK_NUMBER_RE = re.compile(r"-?\d+(?:[.,]\d+)*")
YEAR_MIN, YEAR_MAX = 1900, 2100


def number_readings(raw: str) -> tuple[Decimal, ...]:
    """Every value the digits may stand for: ``1,234`` -> 1234 (and 1.234 in Spanish)."""
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
        if all(len(g) == 3 for g in groups[1:]):
            readings.append("".join(groups))         # thousands
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
    return _MONTHS_EN.index(prefix) + 1 if prefix in _MONTHS_EN else None


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
        spanish_month = month_number(match.group("mon"))
        day = int(match.group("d"))
        if spanish_month is not None and 1 <= day <= 31:
            year = int(match.group("y")) if match.group("y") else None
            found.append((match.start(), match.end(), (year, spanish_month, day)))
    return found


def _overlaps(spans: list[Span], start: int, end: int) -> bool:
    return any(start < e and s < end for s, e in spans)


def _prefixed(kind: str, source: str) -> str:
    return re.sub(r"\(\?P<(\w+)>", lambda m: f"(?P<{kind}_{m.group(1)}>", source)


# Every value kind in one alternation, most specific first: at each position
# the first kind that matches wins (a date before its numbers, a version
# before a decimal, a temperature before a bare number).
_VALUE_KINDS: tuple[tuple[str, str], ...] = (
    ("iso", DATE_ISO_RE.pattern), ("den", "(?i:" + DATE_EN_RE.pattern + ")"),
    ("dzh", DATE_ZH_RE.pattern), ("des", "(?i:" + DATE_ES_RE.pattern + ")"),
    ("time", TIME_RE.pattern), ("ver", VERSION_RE.pattern), ("hash", HASH_RE.pattern),
    ("temp", TEMPERATURE_RE.pattern), ("pct", PERCENT_RE.pattern),
    ("cur", CURRENCY_RE.pattern), ("meas", MEASURE_RE.pattern), ("grp", GROUPED_RE.pattern),
    ("dec", DECIMAL_RE.pattern), ("int", BARE_INT_RE.pattern),
)
VALUE_RE = re.compile("|".join(f"(?P<{kind}>{_prefixed(kind, source)})"
                               for kind, source in _VALUE_KINDS))


def find_values(text: str, lowered: str | None = None
                ) -> list[tuple[int, int, ValueKind, str, dict[str, object]]]:
    """Specific values in ``text``, never overlapping, the most specific kind winning.

    Every value holds a digit, so only the windows around runs of digits are
    scanned, with the one combined :data:`VALUE_RE`.
    """
    del lowered  # month names are matched case-insensitively inside VALUE_RE
    found: list[tuple[int, int, ValueKind, str, dict[str, object]]] = []
    taken_until = 0
    for start in _value_starts(text):
        if start < taken_until:
            continue
        match = VALUE_RE.match(text, start)
        if match is None:
            continue
        item = _value_from(match)
        if item is not None:
            found.append(item)
            taken_until = match.end()
    return found


_PRE_VALUE_CHARS = frozenset("-−vV$€£¥￥ 之USR百分")
_HEX_CHARS = frozenset("0123456789abcdef")


def _value_starts(text: str) -> list[int]:
    """Where a value may begin, in order: every value holds a digit, and begins at it,
    at a sign, currency or ``v`` just before it, at the start of its hex token, or at
    the month name before a day."""
    starts: set[int] = set()
    for match in DIGIT_RUN_RE.finditer(text):
        digit = match.start()
        starts.add(digit)
        for back in range(1, 5):
            pos = digit - back
            if pos < 0 or text[pos] not in _PRE_VALUE_CHARS:
                break
            starts.add(pos)
        pos = digit
        while pos > 0 and text[pos - 1] in _HEX_CHARS:
            pos -= 1
        starts.add(pos)
        word = _WORD_BEFORE_RE.search(text, max(0, digit - 14), digit)
        if word is not None:
            starts.add(word.start())
    return sorted(starts)


def _value_from(match: re.Match[str]) -> tuple[int, int, ValueKind, str, dict[str, object]] | None:
    kind = match.lastgroup or ""
    group = match.group
    start, end, raw = match.start(), match.end(), match.group(0)
    if kind in ("iso", "dzh"):
        month, day = int(group(f"{kind}_m")), int(group(f"{kind}_d"))
        year_text = group(f"{kind}_y")
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return None
        return (start, end, ValueKind.DATE, raw,
                {"date": (int(year_text) if year_text else None, month, day)})
    if kind == "den":
        mon = group("den_mon") or group("den_mon2")
        day_text = group("den_d") or group("den_d2")
        year_text = group("den_y") or group("den_y2")
        named = month_number(mon) if mon else None
        if named is None or not day_text or not 1 <= int(day_text) <= 31:
            return None
        return (start, end, ValueKind.DATE, raw,
                {"date": (int(year_text) if year_text else None, named, int(day_text))})
    if kind == "des":
        spanish = month_number(group("des_mon"))
        day = int(group("des_d"))
        if spanish is None or not 1 <= day <= 31:
            return None
        year_text = group("des_y")
        return (start, end, ValueKind.DATE, raw,
                {"date": (int(year_text) if year_text else None, spanish, day)})
    if kind == "time":
        hour, minute = int(group("time_h")), int(group("time_mi"))
        if hour >= 24 or minute >= 60:
            return None
        seconds = group("time_s")
        return (start, end, ValueKind.TIME, raw,
                {"key": f"{hour}:{minute:02d}" + (f":{seconds}" if seconds else "")})
    if kind == "ver":
        return (start, end, ValueKind.VERSION, raw, {"key": raw.lower().lstrip("v")})
    if kind == "hash":
        return (start, end, ValueKind.HASH, raw, {"key": raw})
    if kind == "temp":
        num = group("temp_num")
        unit = (group("temp_u") or "").upper()
        tail = raw[len(num):]
        if not unit:
            unit = "F" if ("F" in tail or "℉" in tail or "华氏" in tail) else "C"
        return (start, end, ValueKind.TEMPERATURE, raw, {"num": num, "unit": unit})
    if kind == "pct":
        return (start, end, ValueKind.PERCENT, raw,
                {"num": group("pct_num") or group("pct_num2"), "unit": "%"})
    if kind == "cur":
        return (start, end, ValueKind.CURRENCY, raw,
                {"num": group("cur_num") or group("cur_num2")})
    if kind == "meas":
        return (start, end, ValueKind.MEASURE, raw,
                {"num": group("meas_num"), "unit": group("meas_unit")})
    if kind == "int" and len(raw) == 4 and YEAR_MIN <= int(raw) <= YEAR_MAX:
        return None  # a year on its own is not a specific value
    return (start, end, ValueKind.NUMBER, raw, {"num": raw})


# --------------------------------------------------------------------------- sentence gates
#
# Running every phrase pattern over every sentence of a long reply is most of
# the audit's cost. Each pattern gets a *gate*: words derived from the
# compiled pattern itself such that every match must contain one of them
# (a whole word, a word prefix, a digit, or for Chinese a substring). A
# sentence is scanned with a pattern only when its words open that gate. The
# gate is derived from the regex, not written by hand, so it cannot drift
# from the pattern; a pattern whose matches share no required literal gets
# no gate and always runs.

_sre_parser: Any = importlib.import_module("re._parser")
_sre: Any = importlib.import_module("re._constants")
LETTER_RUN_RE = re.compile(r"[^\W\d_]+")
DIGIT_RE = re.compile(r"\d")

Tag = tuple[str, str]   # ("w", whole word) | ("p", word prefix) | ("s", substring) | ("d", "")


def _class_is_nonletter(items: Any) -> bool:
    """An IN class that can only match characters that end a word (space, punctuation)."""
    for op, av in items:
        if op is _sre.CATEGORY:
            if av not in (_sre.CATEGORY_SPACE, _sre.CATEGORY_DIGIT):
                return False
        elif op is _sre.LITERAL:
            if chr(av).isalpha():
                return False
        elif op is _sre.RANGE:
            if any(chr(c).isalpha() for c in range(av[0], av[1] + 1)):
                return False
        else:
            return False
    return True


def _class_is_digit(items: Any) -> bool:
    return all((op is _sre.CATEGORY and av is _sre.CATEGORY_DIGIT)
               or (op is _sre.RANGE and av == (48, 57)) for op, av in items) and bool(items)


def _lookbehind_ends_word(op: Any, av: Any) -> bool:
    """``(?<=\\s)``, ``(?<![\\w...])``: the next character starts a word."""
    direction, sub = av
    if direction >= 0 or not sub.data:
        return False
    last_op, last_av = sub.data[-1]
    if op is _sre.ASSERT:
        if last_op is _sre.IN:
            return _class_is_nonletter(last_av)
        return last_op is _sre.LITERAL and not chr(last_av).isalpha()
    if last_op is _sre.IN and len(sub.data) == 1:
        return any(o is _sre.CATEGORY and a is _sre.CATEGORY_WORD for o, a in last_av)
    return False


# Words so common that a gate on them opens for nearly every sentence.
_COMMON_WORDS = word_set("""
i a an the to of in on at is it you we if and or for by as be no not my me this that with
de la el en y que los las un una se es por con lo al del
""")


def _score(candidate: frozenset[Tag]) -> int:
    def one(kind: str, value: str) -> int:
        if kind == "d":
            return 2
        if kind == "w":
            return 1 if value in _COMMON_WORDS else 12 + len(value)
        return len(value) if len(value) > 2 else 0
    return min(one(k, v) for k, v in candidate)


def _breaks(items: Any, index: int, tail_breaks: bool) -> bool:
    """Whether what follows ``items[index - 1]`` starts with a word break."""
    if index >= len(items):
        return tail_breaks
    op, av = items[index]
    if op is _sre.AT:
        return bool(av is _sre.AT_BOUNDARY)
    if op is _sre.IN:
        return _class_is_nonletter(av)
    if op is _sre.LITERAL:
        return not chr(av).isalpha()
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
        low, _high, sub = av
        return low >= 1 and _breaks(list(sub.data), 0, False)
    return False


def _walk(items: Any, word_start: bool, cjk: bool,
          tail_breaks: bool = False) -> tuple[frozenset[Tag] | None, bool]:
    """(the best trigger set every match of ``items`` must hit, or None; word start after).

    ``tail_breaks`` says whether what follows ``items`` in the enclosing
    pattern begins with a word break (so a literal word at the end is whole).
    """
    candidates: list[frozenset[Tag]] = []
    ws = word_start
    items = list(items)
    i = 0
    while i < len(items):
        op, av = items[i]
        if op is _sre.LITERAL:
            j = i
            while j < len(items) and items[j][0] is _sre.LITERAL:
                j += 1
            run = "".join(chr(items[k][1]) for k in range(i, j))
            if cjk:
                candidates.append(frozenset({("s", run)}))
            elif ws:
                letters = ""
                for char in run:
                    if not char.isalpha():
                        break
                    letters += char
                if letters:
                    exact = len(letters) < len(run) or _breaks(items, j, tail_breaks)
                    candidates.append(frozenset({("w" if exact else "p", letters)}))
            ws = not run[-1].isalpha()
            i = j
            continue
        if op is _sre.AT:
            ws = av in (_sre.AT_BOUNDARY, _sre.AT_BEGINNING, _sre.AT_BEGINNING_STRING)
        elif op is _sre.IN:
            if _class_is_digit(av):
                candidates.append(frozenset({("d", "")}))
            ws = _class_is_nonletter(av)
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            low, high, sub = av
            # A repeated group is followed by its own start or by what follows the repeat.
            after = _breaks(items, i + 1, tail_breaks) and (
                high == 1 or _breaks(list(sub.data), 0, False))
            found, end = _walk(sub.data, ws, cjk, after)
            if low >= 1:
                if found:
                    candidates.append(found)
                ws = end
            else:
                ws = ws and end
        elif op is _sre.SUBPATTERN:
            found, ws = _walk(av[3].data, ws, cjk, _breaks(items, i + 1, tail_breaks))
            if found:
                candidates.append(found)
        elif op is _sre.ATOMIC_GROUP:
            found, ws = _walk(av.data, ws, cjk, _breaks(items, i + 1, tail_breaks))
            if found:
                candidates.append(found)
        elif op is _sre.BRANCH:
            after = _breaks(items, i + 1, tail_breaks)
            results = [_walk(alt.data if hasattr(alt, "data") else alt, ws, cjk, after)
                       for alt in av[1]]
            if all(found for found, _ in results):
                union: set[Tag] = set()
                for found, _ in results:
                    union |= found or set()
                candidates.append(frozenset(union))
            zero_width = all(all(o in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT) for o, _ in
                                 (alt.data if hasattr(alt, "data") else alt)) for alt in av[1])
            if zero_width:
                ws = all(_zero_width_word_start(alt.data if hasattr(alt, "data") else alt)
                         for alt in av[1])
            else:
                ws = all(end for _, end in results)
        elif op in (_sre.ASSERT, _sre.ASSERT_NOT):
            if _lookbehind_ends_word(op, av):
                ws = True
        else:
            ws = False
        i += 1
    if not candidates:
        return None, ws
    return max(candidates, key=lambda c: (_score(c), -len(c))), ws


def _zero_width_word_start(items: Any) -> bool:
    if not items:
        return False
    for op, av in items:
        if op is _sre.AT and av in (_sre.AT_BEGINNING, _sre.AT_BEGINNING_STRING,
                                    _sre.AT_BOUNDARY):
            return True
        if op in (_sre.ASSERT, _sre.ASSERT_NOT) and _lookbehind_ends_word(op, av):
            return True
    return False


def derive_gate(pattern: re.Pattern[str], cjk: bool = False) -> frozenset[Tag] | None:
    """Triggers every match of ``pattern`` contains, or None when there are none to rely on."""
    parsed = _sre_parser.parse(pattern.pattern, pattern.flags)
    found, _ = _walk(parsed.data, False, cjk)
    return found


@dataclass(frozen=True, slots=True)
class Gate:
    """Pattern bits keyed by trigger, for one language pack."""

    words: Mapping[str, int]
    prefixes: Mapping[str, int]
    prefix_lengths: tuple[int, ...]
    substrings: tuple[tuple[str, int], ...]
    digit: int
    always: int
    heads: frozenset[str] = frozenset()   # first letters of the prefixes

    @classmethod
    def build(cls, patterns: Sequence[re.Pattern[str] | None], cjk: bool) -> Gate:
        words: dict[str, int] = {}
        prefixes: dict[str, int] = {}
        substrings: dict[str, int] = {}
        digit = always = 0
        for index, pattern in enumerate(patterns):
            bit = 1 << index
            tags = derive_gate(pattern, cjk) if pattern is not None else None
            if not tags:
                always |= bit
                continue
            for kind, value in tags:
                table = {"w": words, "p": prefixes, "s": substrings}.get(kind)
                if table is None:
                    digit |= bit
                else:
                    table[value] = table.get(value, 0) | bit
        lengths = tuple(sorted({len(p) for p in prefixes}))
        heads = frozenset(p[:1] for p in prefixes)
        return cls(words, prefixes, lengths, tuple(substrings.items()), digit, always, heads)

    def sentence_bits(self, low: str, spans: Sequence[Span]) -> list[int]:
        """Which patterns each sentence of ``low`` (lower-cased text) must be scanned with."""
        out: list[int] = []
        if self.substrings:
            present = [(s, b) for s, b in self.substrings if s in low]
            for start, end in spans:
                piece = low[start:end]
                bits = self.always
                for sub, bit in present:
                    if bit & ~bits and sub in piece:   # some of its patterns are not yet on
                        bits |= bit
                if self.digit and DIGIT_RE.search(low, start, end):
                    bits |= self.digit
                out.append(bits)
            return out
        cache: dict[str, int] = {}
        words, prefixes, lengths, heads = self.words, self.prefixes, self.prefix_lengths, self.heads
        for start, end in spans:
            bits = self.always
            for token in LETTER_RUN_RE.findall(low, start, end):
                token_bits = cache.get(token)
                if token_bits is None:
                    token_bits = words.get(token, 0)
                    if token[:1] in heads:
                        for length in lengths:
                            if length > len(token):
                                break
                            token_bits |= prefixes.get(token[:length], 0)
                    cache[token] = token_bits
                bits |= token_bits
            if self.digit and DIGIT_RE.search(low, start, end):
                bits |= self.digit
            out.append(bits)
        return out


GATED_SLOTS = ("hedge", "negated", "general", "failure", "tool_use", "attribution",
               "completion", "presentation", "absence", "count_pattern")
BIT = {name: 1 << index for index, name in enumerate(GATED_SLOTS)}
ALL_BITS = (1 << len(GATED_SLOTS)) - 1


def finish_pack(pack: LanguagePack) -> LanguagePack:
    """``pack`` with its sentence gate derived from its patterns."""
    patterns = [getattr(pack, name) for name in GATED_SLOTS]
    return replace(pack, gate=Gate.build(patterns, pack.cjk))


# --------------------------------------------------------------------------- segmentation


def sentence_spans(text: str, pack: LanguagePack) -> list[Span]:
    spans: list[Span] = []
    last = 0
    for match in pack.sentence_end.finditer(text):
        if match.end() > last:
            spans.append((last, match.end()))
            last = match.end()
    if last < len(text):
        spans.append((last, len(text)))
    return spans


def segment(text: str, pack: LanguagePack, gated: bool = True
            ) -> tuple[list[Clause], list[Span], list[int]]:
    """Clauses, sentences, and each sentence's gate bits. ``text`` is lower-cased."""
    clauses: list[Clause] = []
    spans = sentence_spans(text, pack)
    if gated and pack.gate is not None:
        bits = pack.gate.sentence_bits(text, spans)
    else:
        bits = [ALL_BITS] * len(spans)
    breaks = [m.start() for m in pack.clause_break.finditer(text)]
    position = 0
    for index, (s_start, s_end) in enumerate(spans):
        c_start = s_start
        while position < len(breaks) and breaks[position] < s_end:
            cut = breaks[position]
            position += 1
            if cut <= s_start:
                continue
            if text[c_start:cut].strip():
                clauses.append(Clause(c_start, cut, index))
            c_start = cut
        if text[c_start:s_end].strip():
            clauses.append(Clause(c_start, s_end, index))
    return clauses, spans, bits


class ClauseFlags:
    """Hedged / negated / general / failure, per clause, computed on first use.

    A clause is *hedged* when its sentence is a question or opens with a
    conditional, or its own words offer, suggest or suppose; *negated* when it
    says an action was not done; *general* when it speaks of what usually
    holds; a sentence *reports failure* when it says a call failed.
    """

    def __init__(self, text: str, pack: LanguagePack, clauses: Sequence[Clause],
                 spans: Sequence[Span], bits: Sequence[int]) -> None:
        self.text, self.pack, self.clauses, self.spans, self.bits = text, pack, clauses, spans, bits
        self._hedged: dict[int, bool] = {}
        self._sentence_hedged: dict[int, bool] = {}
        self._sentence_failure: dict[int, bool] = {}

    def _search(self, slot: str, index: int) -> bool:
        clause = self.clauses[index]
        if not self.bits[clause.sentence] & BIT[slot]:
            return False
        regex: re.Pattern[str] = getattr(self.pack, slot)
        return regex.search(self.text, clause.start, clause.end) is not None

    def sentence_hedged(self, sentence: int) -> bool:
        known = self._sentence_hedged.get(sentence)
        if known is None:
            start, end = self.spans[sentence]
            piece = self.text[start:end]
            known = bool(self.pack.question.search(piece) or self.pack.conditional.match(piece))
            self._sentence_hedged[sentence] = known
        return known

    def hedged(self, index: int) -> bool:
        if not self.clauses:
            return False
        known = self._hedged.get(index)
        if known is None:
            known = self.sentence_hedged(self.clauses[index].sentence) or self._search("hedge",
                                                                                       index)
            self._hedged[index] = known
        return known

    def negated(self, index: int) -> bool:
        return bool(self.clauses) and self._search("negated", index)

    def general(self, index: int) -> bool:
        return bool(self.clauses) and self._search("general", index)

    def blocked(self, index: int) -> bool:
        """No claim of tool use or completion is made here (offer, negation, generality)."""
        return self.hedged(index) or self.negated(index) or self.general(index)

    def sentence_failure(self, sentence: int) -> bool:
        known = self._sentence_failure.get(sentence)
        if known is None:
            start, end = self.spans[sentence]
            known = bool(self.bits[sentence] & BIT["failure"]
                         and self.pack.failure.search(self.text, start, end))
            self._sentence_failure[sentence] = known
        return known

    def any_failure(self) -> bool:
        return any(self.sentence_failure(i) for i in range(len(self.spans)))


# --------------------------------------------------------------------------- extraction

OBJECT_WINDOW = 90
# Where the object of "I ran / I checked ..." ends: a clause-internal break.
OBJECT_STOP_RE = re.compile(
    r"[:;,(.!?\n，。：；！？]|\s(?:and|but|that|which|so|because|then|where|while|to\s+see|"
    r"to\s+check|to\s+find|y|pero|que|porque|donde|para)\s")


def extract_claims(text: str, pack: LanguagePack, gated: bool = True) -> Claims:
    """All claims in ``text`` (receipt tokens already masked out by the caller).

    Phrase patterns run over a lower-cased copy (``low``); values, paths and
    commands are read from the original text at the same offsets.
    """
    url_hits = find_urls(text)
    no_urls = mask(text, [(s, e) for s, e, _ in url_hits])
    low = lower_same_length(no_urls)
    clauses, spans, bits = segment(low, pack, gated)
    starts = [c.start for c in clauses]

    def scan(regex: re.Pattern[str], slot: str, source: str) -> Iterator[re.Match[str]]:
        """Matches of ``regex`` in the sentences its gate lets through, in order."""
        bit = BIT[slot]
        for (start, end), sentence_bits in zip(spans, bits, strict=True):
            if sentence_bits & bit:
                yield from regex.finditer(source, start, end)

    def clause_at(pos: int) -> int:
        return max(bisect_right(starts, pos) - 1, 0)

    flags = ClauseFlags(low, pack, clauses, spans, bits)
    blocked = flags.blocked

    tool_uses: list[ToolUseClaim] = []
    results: list[ResultClaim] = []
    attributed: set[int] = set()

    for regex, slot in ((pack.tool_use, "tool_use"), (pack.attribution, "attribution")):
        is_attribution = slot == "attribution"
        for match in scan(regex, slot, low):
            index = clause_at(match.start())
            if blocked(index):
                continue
            clause_end = clauses[index].end if clauses else len(text)
            if is_attribution:
                subj = first_group(match, "subj")
                region_start, region_end = match.start(), match.end()
                words_text = subj or match.group(0)
                object_text = ""
            else:
                region_start, region_end = match.start(), min(match.end() + OBJECT_WINDOW,
                                                               clause_end)
                stop = OBJECT_STOP_RE.search(low, match.end() + 1, region_end)
                words_end = stop.start() if stop is not None else region_end
                words_text = no_urls[match.end():words_end]
                object_text = text[match.end():words_end].strip()
            region = text[region_start:region_end]
            command = path = url = None
            code = CODE_SPAN_RE.search(region)
            if code is not None and not PATH_RE.fullmatch(code.group(1).strip()):
                command = code.group(1).strip()
            path_match = PATH_RE.search(mask(region, [(m.start(), m.end())
                                                      for m in CODE_SPAN_RE.finditer(region)]))
            if path_match is not None:
                path = path_match.group(0).rstrip(".")
            elif code is not None and PATH_RE.fullmatch(code.group(1).strip()):
                path = code.group(1).strip()
            for u_start, _u_end, u in url_hits:
                if region_start <= u_start < max(region_end, clause_end):
                    url = u
                    break
            keywords, categories = subject_keywords(CODE_SPAN_RE.sub(" ", words_text), pack)
            tool_uses.append(ToolUseClaim((match.start(), match.end()), index, keywords,
                                          categories, command, path, url,
                                          text[match.start():match.end()], object_text))
            if clauses:
                attributed.add(clauses[index].sentence)

    for regex, slot in ((pack.completion, "completion"), (pack.presentation, "presentation")):
        completion = slot == "completion"
        for match in scan(regex, slot, low):
            index = clause_at(match.start())
            if blocked(index):
                continue
            clause = clauses[index] if clauses else None
            if clause is not None and completion and flags.sentence_failure(clause.sentence):
                continue
            clause_text = no_urls[clause.start:clause.end] if clause else no_urls
            keywords, _ = subject_keywords(clause_text, pack)
            first_person = bool(match.groupdict().get("fp"))
            results.append(ResultClaim((match.start(), match.end()), index, keywords,
                                       completion, first_person,
                                       text[match.start():match.end()]))
            if clause is not None and not completion:
                attributed.add(clause.sentence)

    no_code = mask(low, [(m.start(), m.end()) for m in CODE_SPAN_RE.finditer(no_urls)])
    counts: list[CountClaim] = []
    absences: list[AbsenceClaim] = []
    raw_counts: list[RawCount] = []
    for (start, end), sentence_bits in zip(spans, bits, strict=True):
        if sentence_bits & BIT["count_pattern"]:
            raw_counts.extend(pack.find_counts(no_code, pack, start, end))
    for raw in raw_counts:
        index = clause_at(raw.start)
        if flags.hedged(index):
            continue
        keywords, categories = subject_keywords(raw.noun, pack)
        if raw.value == 0:
            absences.append(AbsenceClaim((raw.start, raw.end), index, keywords, keywords,
                                         text[raw.start:raw.end]))
            continue
        context, context_categories = subject_keywords(_count_context(no_code, raw, pack), pack)
        counts.append(CountClaim((raw.start, raw.end), index, raw.value, raw.noun,
                                 keywords | categories, raw.digits, text[raw.start:raw.end],
                                 context | context_categories | keywords | categories))

    for match in scan(pack.absence, "absence", no_code):
        index = clause_at(match.start())
        if flags.hedged(index):
            continue
        subj_text = first_group(match, "subj")
        cont_text = first_group(match, "cont")
        subject, _ = subject_keywords(subj_text, pack) if subj_text else (frozenset(), None)
        if cont_text:
            container, _ = subject_keywords(cont_text, pack)
        elif clauses:
            container, _ = subject_keywords(no_code[clauses[index].start:clauses[index].end],
                                            pack)
        else:
            container = subject
        selective = False
        if clauses:
            sentence = clauses[index].sentence
            s_start = min(c.start for c in clauses if c.sentence == sentence)
            s_end = max(c.end for c in clauses if c.sentence == sentence)
            selective = bool(pack.contrast is not None
                             and pack.contrast.search(no_code, s_start, s_end)) or any(
                s_start <= c.span[0] < s_end for c in counts)
        absences.append(AbsenceClaim((match.start(), match.end()), index, subject,
                                     container | subject, text[match.start():match.end()],
                                     selective))

    values: list[ValueClaim] = []
    for start, end, kind, raw_value, extra in find_values(no_urls, low):
        index = clause_at(start)
        if flags.hedged(index) or flags.general(index):
            continue
        approx = bool(APPROX_BEFORE_RE.search(low[max(0, start - 16):start])
                      or APPROX_AFTER_RE.match(no_urls[end:end + 3]))
        num = extra.get("num")
        numbers = number_readings(num) if isinstance(num, str) else ()
        date = extra.get("date")
        values.append(ValueClaim(
            span=(start, end), clause=index, kind=kind, raw=raw_value, numbers=numbers,
            unit=str(extra.get("unit", "")), key=str(extra.get("key", "")),
            date=date if isinstance(date, tuple) else None, approx=approx))

    urls: list[UrlClaim] = []
    code_spans = [(m.start(), m.end()) for m in CODE_SPAN_RE.finditer(text)]
    for start, end, url in url_hits:
        index = clause_at(start)
        if flags.hedged(index):
            continue
        if _overlaps(code_spans, start, end):
            continue  # a URL inside a quoted command is part of the command, not a source
        urls.append(UrlClaim((start, end), index, url, normalise_url(url)))

    return Claims(
        language=pack.code, clauses=tuple(clauses), tool_uses=tuple(tool_uses),
        results=tuple(results), counts=tuple(counts), absences=tuple(absences),
        values=tuple(values), urls=tuple(urls),
        acknowledges_failure=flags.any_failure(),
        attributed_sentences=frozenset(attributed))


_CONTEXT_AFTER_RE = re.compile(r"(?:\s+[A-Za-z\u00C0-\u024F][\w'’-]*){0,2}")
_CONTEXT_BEFORE_RE = re.compile(r"([A-Za-z\u00C0-\u024F][\w'’-]*)\s*$")


def _count_context(text: str, raw: RawCount, pack: LanguagePack) -> str:
    """The counted noun with its neighbours: "4 tests failed" -> "tests failed" and the word
    before it."""
    if pack.cjk:
        return text[max(0, raw.start - 4):raw.end]
    after = _CONTEXT_AFTER_RE.match(text, raw.end)
    before = _CONTEXT_BEFORE_RE.search(text, max(0, raw.start - 30), raw.start)
    pieces = [before.group(1) if before else "", raw.noun, after.group(0) if after else ""]
    return " ".join(pieces)


def first_group(match: re.Match[str], prefix: str) -> str:
    """The first non-empty named group whose name starts with ``prefix`` (``subj``, ``subj2``)."""
    for name, value in match.groupdict().items():
        if value and name.startswith(prefix):
            return value
    return ""


# --------------------------------------------------------------------------- Latin-script counts

LATIN_NEXT_WORD_RE = re.compile(r"\s+([A-Za-z\u00C0-\u024F][\w'’-]*)")


def number_words_pattern(words: Iterable[str]) -> str:
    """An alternation of number words, longest first, as whole words."""
    ordered = sorted(set(words), key=len, reverse=True)
    return r"\b(?:" + "|".join(re.escape(w) for w in ordered) + r")\b"


@dataclass(frozen=True, slots=True)
class LatinCountRules:
    """How a Latin-script language writes "<number> <noun>"."""

    count_re: re.Pattern[str]            # group "num"
    number_words: Mapping[str, int]
    skip_before: re.Pattern[str]         # searched in the text just before the number
    noun_first: bool                     # Spanish: noun then adjectives; English: the reverse
    non_count: frozenset[str]
    after_stop: frozenset[str]           # words after the noun that make it not a count
    one_words: frozenset[str]            # "one", "un", "una": counted only after a quantifier
    one_quantifier: re.Pattern[str]
    irregular_plurals: frozenset[str] = frozenset()


def parse_latin_number(text: str, words: Mapping[str, int]) -> int | None:
    lowered = fold(text)
    if lowered.replace(",", "").replace(".", "").isdigit():
        readings = number_readings(lowered)
        integral = [r for r in readings if r == r.to_integral_value()]
        return int(integral[0]) if integral else None
    if lowered in words:
        return words[lowered]
    if "-" in lowered:
        head, _, tail = lowered.partition("-")
        if head in words and tail in words:
            return words[head] + words[tail]
    return None


def _is_plural(word: str, rules: LatinCountRules) -> bool:
    lowered = fold(word)
    if lowered in rules.irregular_plurals:
        return True
    return len(lowered) >= 3 and lowered.endswith("s") and not lowered.endswith(("ss", "us"))


def latin_counts(text: str, pack: LanguagePack, rules: LatinCountRules, start: int = 0,
                 end: int | None = None) -> list[RawCount]:
    """"<number> <noun>" counts for English-like and Spanish-like languages."""
    found: list[RawCount] = []
    for match in rules.count_re.finditer(text, start, len(text) if end is None else end):
        num_text = match.group("num")
        value = parse_latin_number(num_text, rules.number_words)
        if value is None:
            continue
        digits = num_text[0].isdigit()
        if digits and len(num_text) == 4 and YEAR_MIN <= value <= YEAR_MAX:
            continue
        words: list[str] = []
        pos = match.end()
        for _ in range(4):
            word_match = LATIN_NEXT_WORD_RE.match(text, pos)
            if word_match is None:
                break
            words.append(word_match.group(1))
            pos = word_match.end()
        if not words or fold(words[0]) in UNIT_WORDS or fold(words[0]) in pack.stopwords:
            continue  # "22 km/h", "3 of them": not "<number> <noun>"
        before = text[max(0, match.start() - 30):match.start()]
        if rules.skip_before.search(before):
            continue
        if fold(num_text) in rules.one_words and not rules.one_quantifier.search(before):
            continue
        head = _noun_head(words, value, rules, pack)
        if head is None:
            continue
        noun_words, end_word_index = head
        # The span ends after the noun phrase's last word.
        span_end = match.end()
        for word in words[:end_word_index + 1]:
            span_end = text.index(word, span_end) + len(word)
        found.append(RawCount(match.start(), span_end, value, " ".join(noun_words), digits))
    return found


def _noun_head(words: list[str], value: int, rules: LatinCountRules,
               pack: LanguagePack) -> tuple[list[str], int] | None:
    """The noun phrase after a number, or None when what follows is not a counted noun."""
    if not words:
        return None
    first = fold(words[0])
    if first in UNIT_WORDS or first in pack.stopwords or first in rules.non_count:
        return None
    if rules.noun_first:
        if (value != 1 and not _is_plural(words[0], rules) and len(words) > 1
                and _is_plural(words[1], rules) and fold(words[1]) not in pack.stopwords):
            words = [words[0] + " " + words[1], *words[2:]]  # a loanword: "pull requests"
        elif value != 1 and not _is_plural(words[0], rules):
            return None
        if len(words) > 1 and fold(words[1]) in rules.after_stop:
            return None
        head = [words[0]]
        if len(words) > 1 and fold(words[1]) not in pack.stopwords:
            head.append(words[1])
        return head, 0
    noun_phrase: list[str] = []
    for index, word in enumerate(words[:3]):
        folded = fold(word)
        if folded in pack.stopwords or folded in UNIT_WORDS:
            break
        if folded in rules.non_count:
            return None
        if (folded.endswith("est") and len(folded) > 4) or folded in rules.after_stop:
            return None  # "the 3 largest files": a selection, not a total
        noun_phrase.append(word)
        if value != 1 and _is_plural(word, rules):
            following = fold(words[index + 1]) if index + 1 < len(words) else ""
            if following in rules.after_stop:
                return None
            return noun_phrase, index
    if value == 1 and noun_phrase:
        return noun_phrase, len(noun_phrase) - 1
    return None
