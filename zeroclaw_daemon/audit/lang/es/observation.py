"""Spanish claims of looking: tool use ("revisé los registros", "tras consultar") and
attribution to a source ("según la API", "la consulta muestra"); an additive particle
("también"), the verbs of reading a source, and a named source."""

from __future__ import annotations

import re

from ...claims.text import phrase
from .actions import RECORD_NOUNS

# "abrir" a record makes it (an act, lang/es/actions.py), it looks at nothing.
_NOT_A_RECORD = (r"(?!\s+(?:(?:un|una|el|la|los|las|otr[oa]s?)\s+)?(?:nuev[oa]s?\s+)?"
                 + RECORD_NOUNS + ")")
_TOOL_VERBS = (
    r"revisé|consulté|ejecuté|corrí|comprobé|verifiqué|busqué|miré|leí|abrí" + _NOT_A_RECORD
    + r"|descargué|obtuve|"
    r"examiné|analicé|inspeccioné|listé|llamé|probé|confirmé|encontré|recuperé|cargué|filtré|"
    r"conté|medí|accedí|visité|rastreé|chequeé|hice\s+una\s+(?:búsqueda|consulta|prueba)|"
    r"he\s+(?:revisado|consultado|ejecutado|comprobado|verificado|buscado|mirado|leído|"
    r"abierto" + _NOT_A_RECORD + r"|"
    r"descargado|obtenido|examinado|analizado|inspeccionado|listado|llamado|probado|confirmado|"
    r"encontrado|recuperado|corrido|accedido|chequeado)|"
    r"acabo\s+de\s+(?:revisar|consultar|ejecutar|comprobar|verificar|buscar|mirar|leer|abrir|"
    r"descargar|obtener|correr|probar|chequear)"
)
TOOL_USE = phrase(
    r"\b(?:(?:yo|ya|también|primero|antes|hemos|acabamos\s+de)\s+)*(?:" + _TOOL_VERBS + r")\b"
    r"|\b(?:tras|después\s+de|al)\s+(?:revisar|consultar|ejecutar|comprobar|verificar|buscar|"
    r"mirar|leer|abrir|analizar|inspeccionar|correr|probar)\b")

_SOURCES_ES = (
    r"búsqueda|busqueda|resultados?|salida|registros?|logs?|api|base\s+de\s+datos|consulta|"
    r"panel|métricas|monitoreo|monitorización|herramienta|comando|respuesta|archivo|fichero|"
    r"página|servicio|endpoint|informe|reporte|datos|sitio|web|documentación"
)
ATTRIBUTION = phrase(
    r"\bsegún\s+(?:el|la|los|las|mi|mis|tu|su|sus)\s+(?P<subj>(?:[\wáéíóúñ./-]+\s+){0,3}?"
    r"(?:" + _SOURCES_ES + r"))\b"
    r"|\bde\s+acuerdo\s+con\s+(?:el|la|los|las)\s+(?P<subj2>(?:[\wáéíóúñ./-]+\s+){0,3}?"
    r"(?:" + _SOURCES_ES + r"))\b"
    r"|\b(?:el|la|los|las|mi|esta|este|esa|ese)\s+(?P<subj3>(?:[\wáéíóúñ./-]+\s+){0,3}?"
    r"(?:" + _SOURCES_ES + r"))\s+(?:muestra|muestran|mostró|mostraron|devolvió|devolvieron|"
    r"indica|indican|indicó|dice|dicen|dijo|arrojó|arrojaron|reporta|reportó|confirma|confirmó|"
    r"lista|listó|contiene|contenía|señala|señaló|revela|reveló)\b"
    r"|\ba\s+juzgar\s+por\s+(?:el|la|los|las)\s+(?P<subj4>(?:[\wáéíóúñ./-]+\s+){0,2}?"
    r"(?:" + _SOURCES_ES + r"))\b")

# An additive particle: the speaker did one thing more (checks/tool_use.py).
ADDITIVE = re.compile(r"\b(?:tambi[eé]n|adem[aá]s|asimismo)\b")

# A definite noun phrase: an article or a possessive, then a word ("la web de Hermle").
NAMED_SOURCE = re.compile(r"\s*(?:el|la|los|las|su|sus|un|una|tu|tus|nuestr[oa]s?)\s+"
                          r"[^\W\d_]", re.IGNORECASE)

# Verbs and phrases of reading a source ("el horario muestra", "según la web"): a sentence
# holding one attributes its values.
READING_CUE = re.compile(
    r"\bseg[uú]n\b|\b(?:muestra|muestran|mostr[oó]|indica|indican|indic[oó]|dice|dicen|dijo|"
    r"lista|listan|figura|figuran|aparece|aparecen|devuelve|devuelven|devolvi[oó]|marca|"
    r"marcan|reporta|informa|confirma|confirman|confirm[oó]|registra|registran)\b",
    re.IGNORECASE)
