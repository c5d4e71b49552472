"""Language packs: one folder per language, one line here per pack.

``pack_for(language, text)`` returns the pack for a language code, or detects
the language of ``text`` when the code is None or unknown: Chinese when CJK
characters are at least a third as many as Latin words, Spanish when Spanish
markers outweigh English ones, else English. Adding a language means adding a
folder whose ``__init__`` ends with ``PACK = build_pack(code, globals())``
(see :mod:`..claims.pack`) and one entry in :data:`PACKS`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..claims.pack import LanguagePack
from ..claims.text import word_set
from . import en, es, zh

PACKS: Mapping[str, LanguagePack] = {
    "en": en.PACK,
    "zh": zh.PACK,
    "es": es.PACK,
}
DEFAULT_LANGUAGE = "en"

_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD_RE = re.compile(r"[a-záéíóúñü]+")
_SPANISH_MARKS_RE = re.compile(r"[¿¡ñÑ]")
_SPANISH_WORDS = word_set("""
el la los las del que es está están hay una unos por para con según también pero muy sí son
fue ya lo se al sin más como esta este estos estas tiene tienen había sus su pero porque cuando
ningún ninguna nada todavía aún aquí ahora hoy ayer mañana usted puedo puedes quieres revisé
y de en un sin muy entre desde hasta sobre pasaron fallaron tiene hay
""")
_ENGLISH_WORDS = word_set("""
the and is are was were of to with for that there it this i you has have on in at be been
by from not no what which can will would should could your my we they their an as or if
""")


DETECT_CHARS = 1200  # the language shows within the first sentences; long replies stay cheap
_ACCENTED_RE = re.compile(r"[áéíóú]", re.IGNORECASE)


def detect_language(text: str) -> str:
    """``zh``, ``es`` or ``en`` for ``text``, by counting script and function words."""
    sample = text[:DETECT_CHARS]
    words = _WORD_RE.findall(sample.lower())
    cjk = len(_CJK_RE.findall(sample))
    if cjk >= 2 and cjk * 3 >= len(words):
        return "zh"
    spanish = 3 * len(_SPANISH_MARKS_RE.findall(sample)) + len(_ACCENTED_RE.findall(sample))
    spanish += sum(map(_SPANISH_WORDS.__contains__, words))
    english = sum(map(_ENGLISH_WORDS.__contains__, words))
    return "es" if spanish > english else DEFAULT_LANGUAGE


def pack_for(language: str | None, text: str) -> LanguagePack:
    """The pack for ``language`` (a code such as ``zh`` or ``es-MX``), else for ``text``."""
    if language:
        pack = PACKS.get(language.lower().split("-", 1)[0].split("_", 1)[0])
        if pack is not None:
            return pack
    return PACKS[detect_language(text)]


__all__ = ["DEFAULT_LANGUAGE", "PACKS", "LanguagePack", "detect_language", "pack_for"]
