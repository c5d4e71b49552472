"""Spanish absences: the negations that deny items (a noun, a state, a place), the absences
past a bound, and the words of denial or failure a disclosure of a failed call holds; a
double negation ("ningún mes sin consumo"), the verbs of lacking, and the negation words."""

from __future__ import annotations

import re

from ...claims.text import phrase

_W = r"[\wáéíóúñü-]+"
# Not a bound after the negation ("no hay más de 50", "no quedan menos de 3"): a limit, as
# "no more than" is in English, not an absence.
_SUBJ_ES = (r"(?!(?:más|menos)\s+(?:de|que)\b)"
            r"(?:(?:ningún|ninguna|ningunos|ningunas|nada\s+de|ni\s+un[oa]?|ni)\s+)?"
            + _W + r"(?:\s+(?!en\b|de\b|del\b|para\b|por\b|con\b|y\b|o\b|que\b|hoy\b|ayer\b|"
            r"esta\b|este\b|desde\b|durante\b)"
            + _W + r"){0,2}(?:\s+de\s+" + _W + r")?")
# The states of an item a negative pronoun or determiner denies ("ninguna se quedó abierta",
# "nadie está de baja", "ninguna factura está vencida"); and the verbs whose participle is
# such a state, negated with the determiner after them ("no se rechazó ningún lote").
_STATE_ES = (r"(?:abiert|pendient|vencid|atrasad|caducad|rechazad|bloquead|retrasad|impagad|"
             r"cancelad|averiad|suspendid|ausent|fallid|dañad|rot|perdid|extraviad|denegad|"
             r"anulad|desconectad|fallad|marcad)[oae]?s?\b|sin\s+(?:pagar|leer|asignar|"
             r"resolver)\b|de\s+baja\b|fuera\s+de\s+(?:plazo|servicio|l[ií]nea)\b")
_STATE_VERBS_ES = r"(?:rechaz|cancel|retras|bloque|suspend|averi)"
ABSENCE = phrase(
    r"\b(?:nada|nadie|ningun[oa]s?|ningún|ningun[oa]s?\s+de\s+(?:ell[oa]s|est[oa]s|l[oa]s\s+"
    # "ninguno de los 8 alumnos de Torno nivel 2": a number and a complement of the group
    r"(?:\d+\s+)?" + _W + r"(?:\s+del?\s+" + _W + r"(?:\s+[\wáéíóúñ-]+){0,2})?)"
    r"|(?:ningún|ninguna|ningunos|ningunas)\s+" + _W + r")\s+(?:se\s+)?"
    # "ninguno va retrasado": ir and andar as copulas of a state
    r"(?:(?:est[áa]n?|estaba[n]?|estuvo|estuvieron|qued[óo]|quedaron|quedan?|fue|fueron|"
    r"va|van|iba|iban|anda|andan|"
    r"(?:ha|han)\s+(?:sido|quedado|estado)|sigue|siguen|resultó|resultaron|"
    # the perfect of the state's verb ("ningún lote ha fallado", "ninguna se ha cancelado")
    r"ha|han|había|habían)\s+"
    # or a thing of the item's in that state ("ninguno tiene la ITV caducada")
    r"|(?:tiene|tienen|tenía|tenían|lleva|llevan)\s+(?:(?:el|la|los|las|su|sus)\s+)?"
    + _W + r"(?:\s+" + _W + r")?\s+)?"
    r"(?:todavía\s+|aún\s+|ya\s+)?(?P<subjstate>" + _STATE_ES + r")"
    r"|\bno\s+(?:se\s+)?(?:(?:ha|han|había|habían)\s+)?(?P<subjstate2>" + _STATE_VERBS_ES
    + r"(?:ó|aron|ado|ada|ados|adas|ió|ieron|ido|ida))\s+(?:ningún|ninguna|ningunos|ningunas)\s+"
    + _W + r""
    r"|\bno\s+(?:se\s+)?(?:hay|había|hubo|existe|existen|existía|aparece|aparecen|aparecía|"
    r"figura|figuran|encontr(?:ó|aron|é|amos)|encuentro|encuentra|encuentran|detect(?:ó|aron|é)|"
    # each verb in the singular and the plural: a log's lines or results "no muestran"
    r"registr(?:ó|aron)|ve|ven|devolvió|devolvieron|devuelve|devuelven|muestra|muestran|"
    r"mostró|mostraron|contiene|contienen|contenía|contenían|tiene|arrojó|arrojaron|arroja|"
    r"arrojan|quedan?|queda)\s+(?P<subj>" + _SUBJ_ES + r")"
    # The same verbs in the perfect ("no ha registrado ningún error", "no se han
    # encontrado incidencias"): the auxiliary stands between the negation and the verb.
    r"|\bno\s+(?:se\s+)?(?:ha|han|había|habían|he|hemos|habíamos)\s+(?:registrado|"
    r"encontrado|detectado|aparecido|habido|visto|devuelto|mostrado|arrojado|tenido|"
    r"quedado|existido|reportado|dado|sufrido|presentado)\s+(?P<subjpf>" + _SUBJ_ES + r")"
    # A verb of arrival, occurrence or reception negated, with the negative determiner
    # after it ("no ha entrado ninguna queja", "no llegó ningún pedido", "no se recibió
    # ninguna reclamación", "no saltó ninguna alarma"): negative concord, so the noun's
    # existence is denied. A closed class: verbs of doing ("no he cancelado ninguna
    # reserva") deny an act, not items.
    r"|\bno\s+(?:se\s+|nos\s+|me\s+|le\s+|les\s+)?(?:(?:ha|han|había|habían|he|hemos)\s+)?"
    r"(?:entr(?:ó|aron|a|an|aba|aban|ado)|lleg(?:ó|aron|a|an|aba|aban|ado)|"
    r"ocurr(?:ió|ieron|e|en|ía|ían|ido)|produj(?:o|eron)|produc(?:e|en|ido)|"
    r"surg(?:ió|ieron|e|en|ido)|recib(?:ió|ieron|í|imos|e|en|ía|ían|ido)|"
    r"salt(?:ó|aron|ado)|son(?:ó|aron|ado))\s+(?:ningún|ninguna|ningunos|ningunas)\s+"
    r"(?P<subjarr>" + _W + r"(?:\s+(?!en\b|de\b|del\b|para\b|por\b|con\b|y\b|o\b|que\b)"
    + _W + r")?)"
    # "No consta ningún error": on record, negated.
    r"|\bno\s+(?:consta|constan|constaba|constaban)\s+(?P<subjrec>" + _SUBJ_ES + r")"
    # "El término no está en la memoria": a thing denied a place in a container; held only
    # against a call whose argument it names (checks/named_args.py).
    r"|\b(?P<subjloc>(?:el|la|los|las|ese|esa|esos|esas|este|esta|estos|estas)\s+" + _W
    + r"(?:\s+" + _W + r")?)\s+(?P<loc>(?:todavía\s+|aún\s+)?no\s+(?:está|están|estaba|"
    r"estaban|figura|figuran|aparece|aparecen)\s+(?:todavía\s+|aún\s+)?(?:en|entre))(?=\s)"
    # Negated possession with the negative determiner ("no tienes ninguna cita", "no
    # teníamos ningún aviso"): negative concord, so the noun's existence is denied for the
    # possessor; any person of "tener".
    r"|\bno\s+(?:tengo|tienes|tiene|tenemos|tenéis|tienen|tenía|tenías|teníamos|tenían|"
    r"tuve|tuviste|tuvo|tuvimos|tuvieron)\s+(?P<subjposs>(?:ningún|ninguna|ningunos|ningunas)"
    r"\s+" + _W + r"(?:\s+(?!en\b|de\b|del\b|para\b|por\b|con\b|y\b|o\b|que\b)" + _W + r")?)"
    # "No le falta ningún documento", "no les falta nada": lacking denied (checked against
    # items in a state of lacking only).
    r"|\bno\s+(?:le\s+|les\s+|te\s+|me\s+|nos\s+|os\s+)?(?:falta|faltan|faltaba|faltaban)\s+"
    r"(?P<subjlack>nada|(?:ningún|ninguna|ningunos|ningunas)\s+" + _W + r")"
    # "Lo tiene todo": everything possessed, so nothing lacks (checked the same way).
    r"|\b(?:lo|los|las)\s+(?:tiene|tienen|tenía|tenían)\s+(?P<whole>todo)(?=\s*(?:[:,.;!?]|$))"
    # "Nadie del grupo 8B faltó": a negative pronoun of persons over a named group.
    r"|\bnadie\s+(?:de|del|en|entre)\s+(?:la\s+|el\s+|los\s+|las\s+)?(?P<grp>" + _W
    + r"(?:\s+(?:de\s+)?" + _W + r")?)\s+(?:ha\s+|había\s+|se\s+)?[a-záéíóúñ]+"
    r"|\bno\s+parece\s+(?:que\s+)?(?:haya|hay|existan?|aparezcan?)\s+(?P<subj6>" + _SUBJ_ES
    + r")"
    r"|\bningun[oa]?s?\s+(?P<subj2>" + _W + r"(?:\s+" + _W + r")?)\s+(?:encontrad|detectad|"
    r"registrad|pendiente|abiert)"
    r"|\bsin\s+(?:resultados|coincidencias|registros|datos|salida|errores|advertencias|"
    r"incidencias|cambios)\b"
    r"|\b(?:está|estaba|estaban|están|quedó|vino|volvió|llegó|salió)\s+(?:completamente\s+|"
    r"totalmente\s+)?vací[oa]s?\b"
    r"|\bno\s+existe\b|\bnada\s+(?:encontrado|relevante)\b"
    r"|\b(?P<subj7>[a-záéíóúñ][\wáéíóúñ-]*s)\**\s*:\s*\**\s*(?:ninguno|ninguna|nada)\b"
    r"|\bno\s+(?:se\s+)?(?:encontr\w+|hay|devolvió|apareció|salió|arrojó|mostró)\s+nada\b"
    # "Ninguna alerta: ...", "ningún error en el log": the determiner before its noun, at
    # the head of a clause (not "ninguna está a cero", a pronoun before its verb; not
    # "ningún problema", a reply's "no problem").
    # After a comma it heads a clause too ("No, ninguna muestra ha superado", "Noche
    # tranquila, ninguna avería").
    r"|(?<![\w,])(?<!\w\s)(?:ningún|ninguna|ningunos|ningunas)\s+"
    r"(?P<subj9>(?!de\b|del\b|problema|inconveniente|es\b|está|están|son|ha\b|han\b|hay\b|tiene|queda|se\b)"
    r"[a-záéíóúñ][\wáéíóúñ-]*)")

# An absence past a bound ("ningún neumático por debajo de 3 mm", "nada supera los 8 °C").
THRESHOLD_ABSENCE = phrase(
    r"\b(?:ningún|ninguna|ninguno|ningunos|ningunas|nada|nadie|no\s+hay)\b"
    r"(?:(?!\b(?:pero|salvo|excepto)\b)[^.;:!?\n]){0,40}?(?<!\ben\s)(?<!\bpor\s)"
    r"(?:(?P<below>por\s+debajo\s+de(?:l)?|"
    r"bajo|menos\s+de|inferior(?:es)?\s+a|menor(?:es)?\s+(?:de|que))|(?P<above>por\s+encima\s+"
    r"de(?:l)?|sobre|más\s+de|supera(?:n|ba|ban)?|superó|superaron|superior(?:es)?\s+a|"
    r"mayor(?:es)?\s+(?:de|que)|pasa(?:n|ba|ban)?\s+de))\s+(?:los?\s+|las?\s+)?"
    r"(?P<bound>\d[\d.]*(?:,\d+)?)\s*(?P<unit>%|[°º]\s?[cf]\b|[a-zµ]+(?:/[a-z]+)?\b)")
# Where such an absence may be: a side and a figure (the absence is looked for back from it).
THRESHOLD_SIDES = ("debajo", "encima", "bajo", "menos", "más", "inferior", "menor", "sobre",
                   "supera", "superó", "superior", "mayor", "pasa")
THRESHOLD_BOUND = phrase(
    r"\b(?:de|del|bajo|a|que|sobre|supera(?:n|ba|ban)?|superó|superaron)"
    r"\s+(?:los?\s+|las?\s+)?\d")
# Any word of denial or failure, broadly (checks/disclosure.check_undisclosed_failure).
DENIAL = re.compile(
    r"\b(?:no|nunca|jamás|ni|nada|nadie|ningun[oa]?s?|ningún|sin|tampoco|todavía|aún)\b|"
    r"(?:deneg|rechaz|fall[óoa]|error|tiempo\s+de\s+espera|caduc|prohib|bloque|problema|"
    r"incidencia|disponible|colg[óa]|colgad|ca[íi]d[oa]|se\s+cay[óo]|respuesta)|"
    r"(?:\bun\s+|\bhttp\s*|\bc[óo]digo\s*|\()[45]\d\d\b", re.IGNORECASE)

# "No hay ningún mes sin consumo": "sin" and a noun after the denied noun says every item
# has it; "sin" and an infinitive is a state ("ningún correo sin leer"), still an absence.
DOUBLE_NEGATION = re.compile(r"\bsin\s+(?:un[oa]?\s+|ningún\s+|ninguna\s+)?"
                             r"(?![\wáéíóúñü-]+(?:ar|er|ir)\b)[\wáéíóúñü]", re.IGNORECASE)

# Verbs of lacking: "no le falta ningún documento" denies missing documents, as "lo tiene
# todo" does.
LACK = re.compile(r"\bfalta(?:n|ba|ban)?\b|\bten(?:ía|ían|ia|ian)\s+todo\b|\btienen?\s+todo\b",
                  re.IGNORECASE)

NEGATION = re.compile(r"\b(?:no|ningun[oa]?|ningún|nunca|ni|nada|tampoco)\b", re.IGNORECASE)
