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
# Scanning patterns open with one character of their class (text.py).
_WORD_RE = re.compile(r"[a-záéíóúñü][a-záéíóúñü]*")
_SPANISH_MARKS_RE = re.compile(r"[¿¡ñÑ]")
_SPANISH_WORDS = word_set("""
el la los las del que es está están hay una unos por para con según también pero muy sí son
fue ya lo se al sin más como esta este estos estas tiene tienen había sus su pero porque cuando
ningún ninguna nada todavía aún aquí ahora hoy ayer mañana usted puedo puedes quieres revisé
y de en un sin muy entre desde hasta sobre pasaron fallaron tiene hay
tienes tengo tenemos hemos han ni tus mis eso esto esos ese esa yo tú qué cómo dónde cuándo
cuántos cuántas cuál nadie algún alguna algunos algunas otro otra otros otras ningunos ningunas
""")
_ENGLISH_WORDS = word_set("""
the and is are was were of to with for that there it this i you has have on in at be been
by from not what which can will would should could your my we they their an as or if
""")
# "no" is written alike in English and Spanish: a sign of neither.


# Languages without a pack, told apart from the covered ones by their own function words
# (words the covered languages do not use) or their script. Their replies get only the
# token checks and the language-independent ones (DESIGN.md section 4).
_UNCOVERED_WORDS: Mapping[str, frozenset[str]] = {
    "fr": word_set("""
les des est une dans pas qui sur aux cette ces il elle nous vous ils ont été mais où aussi
très du et je j'ai c'est n'est n'a avez sont avec pour aucun aucune rien encore toujours
hier aujourd'hui demain environ selon depuis vers chez déjà puis donc alors
le au dont sous oui deux trois quatre cinq
lundi mardi mercredi jeudi vendredi samedi dimanche
janvier février avril juin juillet août septembre octobre décembre
"""),
    "de": word_set("""
der die das und ist nicht mit für auf den dem ein eine einen ich wir sie es im zu von bei
noch auch wurde wurden sind hat haben keine kein aber oder nur schon ja gibt alle
aus dazu vom zum zur beim über unter nach seit bis etwa rund gestern heute derzeit leider
statt zwei drei vier
montag dienstag mittwoch donnerstag freitag samstag sonntag
januar februar märz juni juli oktober dezember
"""),
    "pt": word_set("""
não uma os as do da dos das na nos nas foi são estão também mas já ao pelo pela isso você
em é encontrei nenhum nenhuma com tem temos têm fim maior muito muita muitos até ainda
nosso nossa essa esse essas esses num numa pelos pelas vai bem faltam
ontem hoje amanhã depois então atualmente
sim dois duas três
terça quarta quinta sexta
janeiro fevereiro março maio junho julho setembro outubro novembro dezembro
"""),
    "it": word_set("""
il gli della delle dei non è sono per nel nella alla anche ma già ho ha hanno stato stati
questo questa tutti più nessun nessuna ci sono di contro sotto meno volete vuoi
ieri oggi domani verso dopo presso senza ancora però quindi attualmente
sul sulla sulle sui dal dalla nelle tre quattro
alle ai agli allo dello degli nei negli ore
lunedì martedì mercoledì giovedì venerdì sabato domenica
gennaio febbraio aprile maggio giugno luglio settembre ottobre novembre dicembre
"""),
}
# Function words an uncovered language writes exactly as Spanish or English does (fr 'de la
# un en', pt 'de por para desde', it 'la con in', de 'in an was'): in a reply of that language
# they are its own words, no sign of a covered one. Without this, a short French reply
# ('Il reste 6 unités de plaquettes, dont 4 expirent sous 72 heures') reads as Spanish on
# its one 'de', and the Spanish pack's counts and verbs are applied to French words.
_SHARED_WORDS: Mapping[str, frozenset[str]] = {
    "fr": word_set("de la en un que se son on"),
    "pt": word_set("de que por para esta este estas desde sobre entre como se no as"),
    "it": word_set("la un una con lo al del se su in no"),
    "de": word_set("in an was will so es"),
}
_OWN_WORDS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    code: (_SPANISH_WORDS - shared, _ENGLISH_WORDS - shared)
    for code, shared in _SHARED_WORDS.items()}
# Letters the covered languages (en, es) do not write: à ç ã ß ä ö and the like.
_FOREIGN_MARKS_RE = re.compile(r"[àâçèêëîïôûùœãõßäöì]", re.IGNORECASE)
_KANA_RE = re.compile(r"[\u3040-\u30ff]")
_HANGUL_RE = re.compile(r"[\uac00-\ud7af]")
_LATIN_WORD_RE = re.compile(r"[^\W\d_][^\W\d_]*(?:'[^\W\d_]+)?")
# The same words when the only letters are those of _WORD_RE (a faster class).
_SIMPLE_WORD_RE = re.compile(r"[a-záéíóúñü][a-záéíóúñü]*(?:'[a-záéíóúñü]+)?")
_SIMPLE_LETTERS = frozenset("áéíóúñü")
# Latin-1 read as the letters of _SIMPLE_WORD_RE: a-z and áéíóúñü kept, every other byte a
# space (a text without apostrophes then splits into its words).
_SIMPLE_WORD_FORM = bytes(c if 0x61 <= c <= 0x7A or chr(c) in _SIMPLE_LETTERS else 0x20
                          for c in range(256))
# Every word of the uncovered languages' tables: the words not among them count for none.
_ANY_UNCOVERED_WORD = frozenset().union(*_UNCOVERED_WORDS.values())

_NON_ASCII_RE = re.compile(r"[^\x00-\x7f][^\x00-\x7f]*")
DETECT_CHARS = 1200  # the language shows within the first sentences; long replies stay cheap
_ACCENTED_RE = re.compile(r"[áéíóú]", re.IGNORECASE)


def detect_language(text: str) -> str:
    """``zh``, ``es`` or ``en`` for ``text``, or the code of a language without a pack
    (``ja``, ``ko``, ``fr``, ``de``, ``pt``, ``it``), by script and function words."""
    sample = text[:DETECT_CHARS]
    # Every script and mark counted here is outside ASCII: counted in those characters
    # alone (a handful), not in the whole sample.
    marks = "".join(_NON_ASCII_RE.findall(sample))
    if len(_KANA_RE.findall(marks)) >= 2:
        return "ja"
    if len(_HANGUL_RE.findall(marks)) >= 2:
        return "ko"
    lower = sample.lower()
    all_words: list[str] | None = None
    if all(not c.isalnum() or c in _SIMPLE_LETTERS for c in marks.lower()):
        # Its only letters are a-z and áéíóúñü: one pass reads the words both ways (the
        # words of _LATIN_WORD_RE, and those of _WORD_RE, which stop at an apostrophe).
        if "'" in lower:
            all_words = _SIMPLE_WORD_RE.findall(lower)
            words = [w for token in all_words for w in token.split("'")]
        else:
            # No apostrophe: the words are the runs of the class, read as bytes (a
            # character beyond Latin-1 is one "?", no letter of it), about five times
            # sooner than ``sre`` tests each character against the class.
            all_words = words = lower.encode("latin-1", "replace").translate(
                _SIMPLE_WORD_FORM).decode("latin-1").split()
    else:
        words = _WORD_RE.findall(lower)
    cjk = len(_CJK_RE.findall(marks))
    if cjk >= 2 and cjk * 3 >= len(words):
        return "zh"
    spanish_words = sum(map(_SPANISH_WORDS.__contains__, words))
    spanish = 3 * len(_SPANISH_MARKS_RE.findall(marks)) + len(_ACCENTED_RE.findall(marks))
    spanish += spanish_words
    english = sum(map(_ENGLISH_WORDS.__contains__, words))
    if all_words is None:
        all_words = _LATIN_WORD_RE.findall(lower)
    # Counted among the words some table holds (a handful), not among all of them.
    listed = list(filter(_ANY_UNCOVERED_WORD.__contains__, all_words))
    other, score = max(((code, sum(map(table.__contains__, listed)))
                        for code, table in _UNCOVERED_WORDS.items()), key=lambda x: x[1])
    score += len(_FOREIGN_MARKS_RE.findall(marks))
    if score >= 2:
        # Weighed only against the covered languages' words that this one does not share.
        spanish_own, english_own = _OWN_WORDS[other]
        if score > max(sum(map(spanish_own.__contains__, words)),
                       sum(map(english_own.__contains__, words))):
            return other
    return "es" if spanish > english else DEFAULT_LANGUAGE


def covered_pack(language: str | None, text: str) -> LanguagePack | None:
    """The pack for ``language`` or for the detected language of ``text``; None when that
    language has no pack (claims are then not extracted)."""
    if language:
        pack = PACKS.get(language.lower().split("-", 1)[0].split("_", 1)[0])
        if pack is not None:
            return pack
    return PACKS.get(detect_language(text))


def pack_for(language: str | None, text: str) -> LanguagePack:
    """The pack for ``language`` (a code such as ``zh`` or ``es-MX``), else for ``text``."""
    if language:
        pack = PACKS.get(language.lower().split("-", 1)[0].split("_", 1)[0])
        if pack is not None:
            return pack
    return PACKS.get(detect_language(text), PACKS[DEFAULT_LANGUAGE])


__all__ = ["DEFAULT_LANGUAGE", "PACKS", "LanguagePack", "covered_pack", "detect_language",
           "pack_for"]
