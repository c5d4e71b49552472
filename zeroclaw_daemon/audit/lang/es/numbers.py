"""Spanish number words and how Spanish counts: "<number> <noun>" with digits or number
words, thousands grouped by dots, and the nouns a number labels."""

from __future__ import annotations

import re

from ...claims.counts import LatinCountRules, number_words_pattern
from ...claims.text import phrase, word_set

NUMBER_WORDS: dict[str, int] = {
    "cero": 0, "uno": 1, "una": 1, "un": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5,
    "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
    "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16, "dieciséis": 16,
    "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veintiuno": 21,
    "veintiuna": 21, "veintidos": 22, "veintidós": 22, "veintitres": 23, "veintitrés": 23,
    "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26, "veintiséis": 26,
    "veintisiete": 27, "veintiocho": 28, "veintinueve": 29, "treinta": 30, "cuarenta": 40,
    "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90, "cien": 100,
}

COUNT_RULES = LatinCountRules(
    count_re=phrase(
        r"(?<![\w#.,/:$€£¥+@§¶-])(?P<num>\d{1,3}(?:\.\d{3})+(?!\d)|\d+(?![.,:]\d)|(?:"
        + number_words_pattern(NUMBER_WORDS) + r"))(?![\w%°'’-])"),
    number_words={**NUMBER_WORDS, **{k.translate(str.maketrans("áéíóú", "aeiou")): v
                                     for k, v in NUMBER_WORDS.items()}},
    skip_before=phrase(
        r"(?:\b(?:primer[oa]?s?|últim[oa]s?|otr[oa]s?|más|menos|unos|unas|alrededor\s+de|"
        r"cerca\s+de|aproximadamente|hasta|cada|por|entre|de|del|versión|línea|líneas|puerto|"
        r"número|paso|issue|pr|top|máximo|mínimo|al\s+menos|como\s+mucho|sobre|desde|hace|"
        r"tras|nivel|fase|sección|capítulo|página|código|estado|http|python|node|ubuntu|v|x|"
        r"a|con|límite|día|semana|mes|intento|opción|plan|"
        # "dos o tres personas": the second number of a range is an estimate, no count
        r"o|u|"
        # a weekday names the day of the month after it ("el viernes 12 tienes...")
        r"lunes|martes|miércoles|jueves|viernes|sábado|domingo)\s*|[#~≈<>≤≥×]"
        # a star multiplies or marks a note ("*3"); two open bold text ("**3 SVB libres**")
        r"|(?<!\*)\*)$"),
    noun_first=True,
    non_count=word_set("""
    uds ud unidades unidad pzas piezas comensales pax
    veces cosas formas maneras razones opciones pasos ideas puntos preguntas momentos palabras
    notas consejos sugerencias alternativas ejemplos casos lugares partes digitos caracteres
    letras por ciento grados dolares euros pesos horas minutos segundos dias semanas meses anos
    mas menos de del pies pie yardas
    tercios quintos mitades decimas centesimas
    """),   # "dos tercios", "tres cuartos": a fraction of a whole, no count of items
    after_stop=word_set("""
    mas menos atras antes despues seguidos seguidas cada maximo minimo mayores menores
    """),
    one_words=frozenset({"un", "una", "uno"}),
    one_quantifier=phrase(
        r"(?:\bsolo|\bsólo|\bsolamente|\búnicamente|\bexactamente|\bapenas|\búnico|\búnica)\s*$"),
)

# A noun a number labels, right before it: "los dos capítulos del ep. 10", "la línea 5",
# "el andén 3". (Not semana, día or año: "la semana 12 pedidos" is rare, a count common.)
LABEL_BEFORE = re.compile(
    r"\b(?:ep|episodio|temporada|cap|capítulo|vol|volumen|n[úu]m|nº|sala|puerta|andén|vía|"
    r"línea|ruta|planta|piso|fila|mesa|pista|muelle|nave|zona|sección|lote|parcela|hoyo|"
    r"ronda|fase|nivel|versión|habitación|hab|box|grupo|tanda|horno|depósito|torre|"
    r"camión|furgoneta|autobús|bus)\.?\s*#?\s*$", re.IGNORECASE)
