"""Spanish sentences and clauses: where they end, and the words that flag a clause as a
question, a condition, a hedge, a contrast, a negation, a general statement or a failure."""

from __future__ import annotations

from ...claims.text import phrase

# Both open with the class of their first character (see lang/en/clauses.py).
SENTENCE_END = phrase(r"[.!?\n](?:(?<=[.!?])[\"')\]»]*(?:\s+|$)|(?<=\n)\s*)")
CLAUSE_BREAK = phrase(
    r"[,;:\s](?:(?<=,)\s+|(?<=;)\s*|(?<=:)\s+|(?<=\s)\s*[-–—]+\s+|(?<=\s)\s*(?=(?:pero|"
    r"aunque|sin\s+embargo|mientras|así\s+que|por\s+lo\s+que|salvo|excepto)\b))")
QUESTION = phrase(r"\?\s*[\"')\]»]*\s*$|^\s*¿")
# "Si te refieres al bonsái, cuesta 119 €" conditions on what the reader means, not on
# the facts: its main clause states the facts of the item meant (not a conditional).
CONDITIONAL = phrase(r"\s*(?:si(?!\s+(?:te|se|os)\s+ref(?:ie|e)r|\s+quieres\s+decir|"
                         r"\s+hablas\s+de)|"
                         r"en\s+caso\s+de|suponiendo|a\s+menos\s+que|cuando\s+quieras|"
                         r"siempre\s+que|de\s+lo\s+contrario|en\s+otro\s+caso|"
                         r"sin\s+(?:eso|esto|ello|él|ella|ellos|ellas))\b")
HEDGE = phrase(
    r"\b(?:puedo|podría|podríamos|puedes|podrías|puede|pueden|podemos|debería|deberías|"
    r"quieres\s+que|quiere\s+que|te\s+gustaría|le\s+gustaría|si\s+quieres|si\s+lo\s+deseas|"
    r"si\s+te\s+parece|si\s+prefieres|voy\s+a|vamos\s+a|iré|haré|revisaré|ejecutaré|"
    r"consultaré|buscaré|intenté|intentaré|trataré|sugiero|recomiendo|te\s+recomiendo|"
    r"avísame|dime\s+si|dime|habría\s+que|haría\s+falta|tendría\s+que|tendrías\s+que|"
    r"por\s+ejemplo|p\.\s?ej\.|cuando\s+quieras|a\s+tu\s+disposición|encantado\s+de|"
    r"con\s+gusto|prueba\s+a|intenta|ejecuta|revisa|consulta\s+(?:el|la|los|las))\b")
CONTRAST = phrase(r"\b(?:pero|solo|sólo|solamente|sino|aunque|excepto|salvo|aparte\s+de|"
                      r"mientras|únicamente)\b")
NEGATED = phrase(
    r"\bno\s+(?:(?:me|te|se|lo|la|los|las|le|les|nos)\s+)?(?:he|hemos|había|pude|pudimos|"
    r"logré|conseguí|ejecuté|revisé|consulté|comprobé|"
    r"verifiqué|busqué|miré|leí|abrí|corrí|hice)\b|\btodavía\s+no\b|\baún\s+no\b"
    r"|\bsin\s+(?:ejecutar|revisar|consultar|comprobar|acceso|mirar)\b"
    # The impersonal or passive "se" negated ("no se ha enviado ninguna furgoneta", "no se
    # envió"): the clause says the act did not happen.
    r"|\bno\s+se\s+(?:(?:ha|han|había|habían)\s+)?[a-záéíóúñ]+(?:ó|aron|ado|ada|ados|adas|"
    r"ido|ida|idos|idas)\b")
# "normalmente" after a gerund ("está funcionando normalmente") says how a thing is doing
# now, not what it usually does.
GENERAL = phrase(
    r"\b(?:(?<!ando\s)(?<!iendo\s)normalmente|generalmente|habitualmente|por\s+lo\s+general|en\s+general|"
    r"por\s+defecto|de\s+media|en\s+promedio|suele|suelen|típicamente|a\s+menudo|"
    r"en\s+teoría)\b")
FAILURE = phrase(
    r"\b(?:fall(?:ó|aron|a|an|ido|o)|fallida|fallido|error(?:es)?\s+(?:de|al)|dio\s+(?:un\s+)?error|"
    # "devolvió un error", "respondió con el error 413": as "an error" / "the error" in English
    r"(?:un|el)\s+error|"
    # An HTTP error status returned ("devolvió un 503", "respondió con un 429").
    r"(?:devolvió|devolvio|respondió|respondio|dio)\s+(?:con\s+)?(?:un\s+|el\s+)?"
    r"(?:http\s+)?[45]\d\d|"
    r"con\s+(?:un\s+)?error|denegad[oa]s?|rechazad[oa]s?|bloquead[oa]s?\s+por|prohibid[oa]|"
    r"tiempo\s+de\s+espera|se\s+agotó|agotó|expiró|timeout|no\s+pude|no\s+pudimos|no\s+se\s+pudo|"
    r"no\s+fue\s+posible|no\s+logré|no\s+consegu[ií]|sin\s+permiso|no\s+tengo\s+permiso|"
    r"permiso|requiere\s+aprobación|necesita\s+aprobación|no\s+autorizad[oa]|no\s+disponible|"
    r"no\s+respondió|no\s+responde|sin\s+respuesta|inaccesible|abortad[oa]|se\s+cayó|"
    r"no\s+se\s+(?:ejecutó|completó|reinició|aplicó)|no\s+terminó|sigue\s+sin|no\s+llegó"
    # "poder" negated in any tense and person says the attempt failed: "no he podido",
    # "no hemos podido", "no se ha podido", "no puedo", "no ha sido posible".
    r"|no\s+(?:me\s+|nos\s+|se\s+|lo\s+|la\s+|los\s+|las\s+)?(?:(?:he|has|ha|hemos|han|"
    r"había|habíamos|habían)\s+podido|puedo|podemos|pudo|pudieron|podía|podíamos)"
    r"|no\s+(?:ha|había)\s+sido\s+posible)\b")
