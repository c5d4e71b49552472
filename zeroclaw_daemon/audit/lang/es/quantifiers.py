"""Spanish quantifiers: universal, negative, residual and subset ones, the words of what
remains or is left over, bound words before a number, and nouns and complements of kind."""

from __future__ import annotations

import re

# Residual determiners: "no hay otras alarmas" excepts what the reply already named.
RESIDUAL = re.compile(r"\b(?:otros?|otras?|demás)\b", re.IGNORECASE)

# A universal quantifier over items ("todas las plazas", "cada sala") and the words that
# except some of them ("salvo", "excepto", "menos"): checks/universal_states.py.
UNIVERSAL = re.compile(r"\b(?:todos|todas|cada)\b", re.IGNORECASE)
EXCEPTION = re.compile(r"\b(?:salvo|excepto|menos|aparte\s+de|pero|sino)\b|"
                       r"\bno\s+(?:todos|todas)\b", re.IGNORECASE)

# What remains denied ("no queda ninguna", "no restan"): every item is taken.
REMAINDER = re.compile(r"\b(?:qued(?:a|an|aba|aban|ó|aron)|restan?)\b", re.IGNORECASE)

# What is left or free of a capacity ("quedan 9 entradas", "13 plazas libres").
LEFT_OVER = re.compile(r"\b(?:qued(?:a|an|aba|aban)|restan?|libres?|disponibles?|sobran?)\b",
                       re.IGNORECASE)

# Negative quantifiers, and bound words right before a number (lower-cased text).
NONE_QUANTIFIER = re.compile(r"\b(?:ningun[oa]s?|ningún|no\s+hay)\b")
BOUND_BEFORE = re.compile(r"\b(?:por\s+debajo\s+del?|por\s+encima\s+del?|más\s+de|"
                          r"menos\s+de|"
                          r"inferior(?:es)?\s+al?|superior(?:es)?\s+al?|superan?|bajo)"
                          r"\s*(?:el|la|los|las)?\s*$")

# A span of time after "último"/"primero" ("en el último mes", "los últimos 30 días") is a
# window the whole answer is about, not "los últimos N" of a listing.
_SPAN_OF_TIME = (r"(?!\s+(?:(?:\d+|dos|tres|cuatro|cinco|seis|siete|diez|doce|quince)\s+)?"
                 r"(?:horas?|d[ií]as?|noches?|semanas?|quincenas?|mes(?:es)?|trimestres?|años?)\b)")

# A complement of kind after the counted noun: "de" and a bare common noun ("2 alarmas de
# humedad", "3 billetes de tren"), which picks the items of one kind out of a listing. Not
# a determiner, a name, a number or a time after "de" ("de la cueva B", "de Ana", "de hoy",
# "de diciembre"): those say whose, where or when, of the whole listing.
KIND_COMPLEMENT = re.compile(
    r"\s+de\s+(?!(?:el|la|los|las|un|una|unos|unas|este|esta|estos|estas|ese|esa|esos|esas|"
    r"mi|mis|tu|tus|su|sus|nuestr[oa]s?|vuestr[oa]s?|cada|todo|toda|todos|todas|hoy|ayer|"
    r"mañana|anoche|semana|mes|año|día|tarde|noche|madrugada|lunes|martes|miércoles|jueves|"
    r"viernes|sábado|domingo|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|"
    r"setiembre|octubre|noviembre|diciembre)\b)[a-záéíóúñü]{3,}\b")

# Nouns of kinds: a count of them is of distinct items, never a figure column's sum.
KIND_NOUNS = re.compile(r"(?:tipos?|clases?|variedades|variedad|estilos?|categor[ií]as?|"
                        r"modalidad(?:es)?)\b", re.IGNORECASE)

SUBSET = re.compile(
    r"\b(?:de\s+(?:ellos|ellas|esos|esas|estos|estas|los|las)|restantes?|(?:últim|primer)[oa]s?"
    + _SPAN_OF_TIME + r"|solo|sólo|entre|incluidos?|incluidas?|otros?|otras?|excepto|salvo|"
    # A copula after the count restricts it ("tres están en reparación"); right before it,
    # it presents the whole ("Son cinco pacientes").
    r"que|cuyos?|cuyas?|(?:están|son|estaban)(?!\s*$)|"
    # A relative or comparative adjective after the noun picks some of the items out ("los
    # 11 episodios anteriores", "las 3 más caras").
    r"anteriores|posteriores|previos|previas|siguientes|más\s+[a-záéíóúñ]+|menos\s+[a-záéíóúñ]+)\b",
    re.IGNORECASE)
