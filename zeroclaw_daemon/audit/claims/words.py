"""Words and keywords: folding, crude stems, Chinese bigrams, and the subject words of a claim.

Keywords are how a claim is matched to a tool call: the stems of a claim's
subject words, plus the *categories* of tool it names (``shell``, ``file``,
``http``, ``search``, ``db``). Being crude errs toward matching, i.e. toward
not flagging.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .text import mask
from .types import Span

if TYPE_CHECKING:
    from .pack import LanguagePack

# One letter, then more (not "[...]+"): text.py, scanning patterns.
LATIN_WORD_RE = re.compile(r"[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F]*")
_HAN = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
CJK_RUN_RE = re.compile(_HAN + _HAN + "*")
HAS_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Characters that make a Chinese bigram say nothing about a subject.
CJK_STOP_CHARS = frozenset("的了是在我你他她它们这那有和与及或就也都还又把被给从对向"
                           "以于之而且但并等个些么吗呢吧啊呀哦嗯将已经刚才过来去到"
                           "上下中里内外为得着所把让")
STEM_CHARS = 6
# A compound written with hyphens ("e-bikes", "check-ins"); it is also written closed
# ("ebikes", "checkins"), so it is keyed by its joined form as well as by its parts.
HYPHEN_COMPOUND_RE = re.compile(
    r"[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F]*(?:-[A-Za-z\u00C0-\u024F]+)+")
# A word, or a hyphenated compound whole (read in one pass, then split).
LATIN_COMPOUND_RE = re.compile(
    r"[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F]*(?:-[A-Za-z\u00C0-\u024F]+)*")
_ACCENTS = str.maketrans("áàäâéèëêíìïîóòöôúùüûñç", "aaaaeeeeiiiioooouuuunc")

# Words naming a *kind* of tool, and the tool-name words that kind matches.
CATEGORY_OF_WORD: Mapping[str, str] = {
    "command": "shell", "shell": "shell", "terminal": "shell", "script": "shell",
    "file": "file", "files": "file", "directory": "file", "folder": "file",
    "website": "http", "site": "http", "url": "http", "link": "http",
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


_CAMEL_BREAK_RE = re.compile(r"(?<=[a-z])(?=[A-Z])")


def key_text(key: str) -> str:
    """A result key as words: snake_case, kebab-case and camelCase split ("DueDate",
    "walk_in", "free-beds" -> "Due Date", "walk in", "free beds")."""
    return _CAMEL_BREAK_RE.sub(" ", key).replace("_", " ").replace("-", " ")


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
    keys: set[str] = set()
    for run in LATIN_COMPOUND_RE.findall(text):
        if "-" in run:
            keys.add(stem(run.replace("-", "")))
            keys.update(stem(w) for w in run.split("-")
                        if len(w) >= 2 and fold(w) not in stopwords)
        elif len(run) >= 2 and fold(run) not in stopwords:
            keys.add(stem(run))
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
    if "-" in lowered:
        for compound in HYPHEN_COMPOUND_RE.findall(lowered):
            add(compound.replace("-", ""))
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
