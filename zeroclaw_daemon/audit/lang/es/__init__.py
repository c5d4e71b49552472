"""Spanish claim tables."""

from __future__ import annotations

import re

from ...claims.counts import LatinCountRules, count_triggers, number_words_pattern
from ...claims.pack import build_pack
from ...claims.text import phrase, word_set
from .absence import ABSENCE as ABSENCE
from .absence import DENIAL as DENIAL
from .absence import THRESHOLD_ABSENCE as THRESHOLD_ABSENCE
from .absence import THRESHOLD_BOUND as THRESHOLD_BOUND
from .absence import THRESHOLD_SIDES as THRESHOLD_SIDES
from .actions import ACTIONS, RECORD_NOUNS
from .states import STATES as STATES

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

STOPWORDS = word_set("""
el la los las un una unos unas de del al a en por para con sin sobre entre hasta desde hacia
y o u e ni que quien cual como cuando donde es son era eran fue fueron ser estar esta estan
estaba estaban hay habia ha han he hemos tiene tienen tenia lo le les se me te nos su sus mi
mis tu tus este estos estas ese esa esos esas aquel esto eso muy mas menos ya tambien solo
pero si no todo todos toda todas otro otra otros otras mismo misma cada algun alguna algunos
algunas ningun ninguna nada algo puede pueden hacer hace hizo ver vez aqui ahi alli hoy ayer
ahora entonces porque pues asi bien mal segun tras usted ustedes yo ellos ellas dos tres
""")

GENERIC_WORDS = word_set("""
resultado resultados datos informacion detalles detalle salida api herramienta herramientas
estado lista registros entradas elementos lineas linea filas fila coincidencias contenido
fuente fuentes informe respuesta consulta actual ultimo ultimos ultima ultimas reciente
recientes nuevo nueva rapido rapida primero primera encontre
""")

SYNONYMS: dict[str, tuple[str, ...]] = {
    "base de datos": ("database",), "bases de datos": ("database",), "bd": ("db",),
    "busqueda": ("search",), "buscador": ("search",), "internet": ("internet",),
    "archivo": ("file",), "archivos": ("file",), "fichero": ("file",), "ficheros": ("file",),
    "comando": ("command",), "pagina": ("page",), "sitio": ("site",), "registro": ("log",),
    "logs": ("log",), "pronostico": ("weather", "forecast"), "clima": ("weather",),
    "temperatura": ("weather", "temperature"), "repositorio": ("repo", "git"),
    "rama": ("branch", "git"), "ramas": ("branch", "git"), "etiqueta": ("tag", "git"),
    "etiquetas": ("tag", "git"), "confirmaciones": ("commit", "git"), "commits": ("commit",),
    "incidencia": ("issue",), "incidencias": ("issue",), "metricas": ("metrics",),
    "monitoreo": ("metrics", "monitor"), "panel": ("dashboard", "metrics"),
    "calendario": ("calendar",), "correo": ("email", "mail", "inbox"),
    "correos": ("email", "mail", "inbox"), "pedido": ("order",), "pedidos": ("order",),
    "pago": ("payment",), "pagos": ("payment",), "usuario": ("user",), "usuarios": ("user",),
    "advertencia": ("warning",), "advertencias": ("warning",), "aviso": ("warning",),
    "avisos": ("warning",), "error": ("error",), "errores": ("error",), "alerta": ("alert",),
    "alertas": ("alert",), "prueba": ("test",), "pruebas": ("test",),
    "contenedor": ("container", "docker"), "contenedores": ("container", "docker"),
    "nodo": ("node",), "nodos": ("node",), "proceso": ("process",), "procesos": ("process",),
    "servicio": ("service",), "tipo de cambio": ("rate", "exchange", "fx"),
    "cotizacion": ("quote", "price", "stock"), "precio": ("price",), "precios": ("price",),
    "vuelo": ("flight",), "vuelos": ("flight",), "tabla": ("table",), "servidor": ("server",),
    "disco": ("disk",), "memoria": ("memory",), "version": ("version",),
    "dependencias": ("dependency",), "vulnerabilidades": ("vulnerability", "cve"),
    "copia de seguridad": ("backup",), "copias de seguridad": ("backup",), "respaldo": ("backup",),
    "certificado": ("cert",), "dominio": ("domain", "dns"), "puerto": ("port",),
    "tarea": ("task", "job"), "tareas": ("task", "job"), "trabajo": ("job",),
    "duplicados": ("duplicate",), "latencia": ("latency",), "despliegue": ("deploy",),
    "compilacion": ("build",), "paquete": ("package",), "paquetes": ("package",),
    "facturas": ("invoice",), "factura": ("invoice",), "fallaron": ("failed",),
    "fallidos": ("failed",), "fallidas": ("failed",), "pasaron": ("passed",),
    "fallan": ("failed",), "fallando": ("failed",), "pasan": ("passed",),
    "reuniones": ("calendar", "events", "meeting"), "reunion": ("calendar", "events", "meeting"),
    "flags": ("flag",), "inventario": ("inventory", "stock"), "existencias": ("stock",),
}
SYNONYM_RE = phrase(r"\b(?:base(?:s)? de datos|tipo de cambio|copias? de seguridad)\b")

# Both open with the class of their first character (see en.py).
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

_PP = (
    r"reiniciad|desplegad|cread|escrit|guardad|actualizad|eliminad|borrad|enviad|instalad|aplicad|"
    r"corregid|detenid|iniciad|fusionad|subid|publicad|cancelad|pagad|reembolsad|programad|"
    r"configurad|añadid|agregad|cambiad|modificad|restaurad|migrad|renombrad|movid|copiad|"
    r"cerrad|reabiert|aprobad|resuelt|asignad|notificad|reservad|ejecutad|completad|realizad|"
    r"revertid|escalad|rotad|revocad|desbloquead|archivad|purgad|vaciad|limpiad|exportad|"
    r"importad|sincronizad|reprogramad|agendad|citad|confirmad|anulad"
)
_PRETERITE = (
    r"reinicié|desplegué|creé|escribí|guardé|actualicé|eliminé|borré|envié|instalé|apliqué|"
    r"corregí|detuve|inicié|fusioné|subí|publiqué|cancelé|pagué|reembolsé|programé|configuré|"
    r"añadí|agregué|cambié|modifiqué|restauré|migré|renombré|moví|copié|cerré|reabrí|aprobé|"
    r"resolví|asigné|notifiqué|reservé|vacié|limpié|revertí|escalé|roté|revoqué|archivé|"
    r"exporté|importé|sincronicé"
)
# "se reinició": the impersonal preterite reports an action as done.
_PRETERITE_3 = (
    r"reinició|desplegó|creó|escribió|guardó|actualizó|eliminó|borró|envió|instaló|aplicó|"
    r"corrigió|detuvo|inició|fusionó|subió|publicó|canceló|pagó|reembolsó|programó|configuró|"
    r"añadió|agregó|cambió|modificó|restauró|migró|renombró|movió|copió|cerró|reabrió|aprobó|"
    r"resolvió|asignó|notificó|reservó|vació|limpió|revirtió|escaló|rotó|revocó|archivó|"
    r"exportó|importó|sincronizó|completó|ejecutó|realizó"
)
# One \b for every branch but the last (see en.py).
COMPLETION = phrase(
    r"\b(?:(?:se\s+ha|se\s+han|ha\s+sido|han\s+sido|fue|fueron|quedó|quedaron|ya\s+está|"
    r"ya\s+están)\s+(?:correctamente\s+|ya\s+|bien\s+)?(?:" + _PP + r")(?:[oa]s?)\b"
    r"|se\s+(?:" + _PRETERITE_3 + r")\b"
    r"|(?<!\bno\s)(?P<fp>(?:ya\s+|también\s+)?(?:" + _PRETERITE + r")|(?:ya\s+)?he\s+(?:" + _PP
    + r")o)\b"
    r"|(?:con\s+éxito|exitosamente)\b"
    r"|(?:vuelve|volvió)\s+a\s+(?:funcionar|estar\s+(?:en\s+línea|activo|disponible|arriba))"
    r"|ya\s+(?:funciona|está\s+(?:en\s+línea|activo|corriendo|funcionando|arriba)))"
    r"|(?<![^\s¡])(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=¡))(?:Listo|Hecho|Terminado)\b")
PRESENTATION = phrase(
    r"\b(?:(?:la\s+|el\s+)?(?:salida|resultados?|respuesta|búsqueda)\s+(?:muestra|mostró|dice|"
    r"indica|indicó|devolvió|contiene|arrojó|lista|listó)\b"
    r"|aquí\s+(?:está|están|tienes)\s+(?:la\s+|el\s+|los\s+|las\s+)?(?:salida|resultados?|"
    r"contenido|respuesta|datos|lista)\b"
    r"|(?<!\bno\s)(?:devolvió|mostró|arrojó|imprimió)\b)")

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


# Words every match of each pattern holds (format in _gate.py).
TRIGGERS: dict[str, str] = {
    "hedge": (
        "avísame buscaré consulta consultaré debería deberías deseas dime disposición ej "
        "ejecuta ejecutaré ejemplo encantado gustaría gusto habría haré haría intenta intentaré "
        "intenté iré parece podemos podría podríamos podrías prefieres prueba puede pueden "
        "puedes puedo quieras quiere quieres recomiendo revisa revisaré sugiero tendría "
        "tendrías trataré vamos voy"
    ),
    "negated": (
        "abrí acceso aún busqué comprobar comprobé conseguí consultar consulté corrí ejecutar "
        "ejecuté había he hemos hice leí logré mirar miré pude pudimos revisar revisé se "
        "todavía "
        "verifiqué"
    ),
    "general": (
        "defecto general generalmente habitualmente media menudo normalmente promedio suele "
        "suelen teoría típicamente"
    ),
    "failure": (
        "abortad* agotó aplicó aprobación autorizad* bloquead* cayó completó consegu* "
        "denegad* disponible ejecutó error* expiró fall* inaccesible llegó logré permiso "
        "posible podemos podido podía podíamos prohibid* pude pudieron pudimos pudo puedo "
        "rechazad* reinició responde respondió respuesta sigue terminó tiempo timeout "
        "devolvió devolvio respondio dio"
    ),
    "tool_use": (
        "abierto abrir abrí acabo accedido accedí analicé analizado analizar buscado buscar "
        "busqué búsqueda cargué chequeado chequeé comprobado comprobar comprobé confirmado "
        "confirmé consulta consultado consultar consulté conté correr corrido corrí descargado "
        "descargué ejecutado ejecutar ejecuté encontrado encontré examinado examiné filtré "
        "inspeccionado inspeccionar inspeccioné leer leí leído listado listé llamado llamé medí "
        "mirado mirar miré obtenido obtuve probado probar probé prueba rastreé recuperado "
        "recuperé revisado revisar revisé verificado verificar verifiqué visité"
    ),
    "attribution": (
        "acuerdo arrojaron arrojó confirma confirmó contenía contiene devolvieron devolvió dice "
        "dicen dijo indica indican indicó juzgar lista listó mostraron mostró muestra muestran "
        "reporta reportó revela reveló según señala señaló"
    ),
    "completion": (
        "actualicé actualizó agregué agregó aplicó apliqué aprobé aprobó archivé archivó asigné "
        "asignó añadió añadí borré borró cambié cambió cancelé canceló cerré cerró completó "
        "configuré configuró copié copió corregí corrigió creé creó desplegué desplegó detuve "
        "detuvo ejecutó eliminé eliminó envié envió escalé escaló escribió escribí estar está "
        "están exitosamente exporté exportó fue fueron funcionar* fusioné fusionó guardé guardó "
        "ha han he hecho importé importó inicié inició instalé instaló limpié limpió listo "
        "migré migró modificó modifiqué movió moví notificó notifiqué pagué pagó programé "
        "programó publicó publiqué quedaron quedó reabrió reabrí realizó reembolsé reembolsó "
        "reinicié reinició renombré renombró reservé reservó resolvió resolví restauré restauró "
        "revertí revirtió revocó revoqué roté rotó sido sincronicé sincronizó subió subí "
        "terminado vacié vació ya éxito"
    ),
    "presentation": (
        "aquí arrojó contiene devolvió dice imprimió indica indicó lista listó mostró muestra"
    ),
    "absence": "nada nadie ningun* ningún no sin vac* todo",
    "count_pattern": count_triggers(NUMBER_WORDS),
}

# An additive particle: the speaker did one thing more (checks/tool_use.py).
ADDITIVE = re.compile(r"\b(?:tambi[eé]n|adem[aá]s|asimismo)\b")
SECOND_PERSON = re.compile(
    r"\b(?:tú|tu|tus|usted|ustedes|mencionas|mencionaste|dices|dijiste|indicas|indicaste|"
    r"comentas|comentaste|tienes|tenías)\b",
    re.IGNORECASE)

# Residual determiners: "no hay otras alarmas" excepts what the reply already named.
RESIDUAL = re.compile(r"\b(?:otros?|otras?|demás)\b", re.IGNORECASE)
# Days named relative to the turn: an absence scoped to them (checks/absence_days.py).
DAY_SCOPE = re.compile(r"\b(?:(?P<today>hoy|esta\s+(?:mañana|tarde|noche))|"
                       r"(?P<tomorrow>mañana(?!\s+(?:por|a\s+las))|pasado\s+mañana)|"
                       r"(?P<yesterday>ayer|anoche))\b", re.IGNORECASE)
# "No hay ningún mes sin consumo": "sin" and a noun after the denied noun says every item
# has it; "sin" and an infinitive is a state ("ningún correo sin leer"), still an absence.
# A noun a number labels, right before it: "los dos capítulos del ep. 10", "la línea 5",
# "el andén 3". (Not semana, día or año: "la semana 12 pedidos" is rare, a count common.)
LABEL_BEFORE = re.compile(
    r"\b(?:ep|episodio|temporada|cap|capítulo|vol|volumen|n[úu]m|nº|sala|puerta|andén|vía|"
    r"línea|ruta|planta|piso|fila|mesa|pista|muelle|nave|zona|sección|lote|parcela|hoyo|"
    r"ronda|fase|nivel|versión|habitación|hab|box|grupo|tanda|horno|depósito|torre|"
    r"camión|furgoneta|autobús|bus)\.?\s*#?\s*$", re.IGNORECASE)
DOUBLE_NEGATION = re.compile(r"\bsin\s+(?:un[oa]?\s+|ningún\s+|ninguna\s+)?"
                             r"(?![\wáéíóúñü-]+(?:ar|er|ir)\b)[\wáéíóúñü]", re.IGNORECASE)
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
# Verbs of lacking: "no le falta ningún documento" denies missing documents, as "lo tiene
# todo" does.
LACK = re.compile(r"\bfalta(?:n|ba|ban)?\b|\bten(?:ía|ían|ia|ian)\s+todo\b|\btienen?\s+todo\b",
                  re.IGNORECASE)

# Present-state markers (matched on lower-cased text): a value said to hold now.
PRESENT_STATE = re.compile(r"\b(?:ahora|ya|actualmente)\b")

# Negative quantifiers, and bound words right before a number (lower-cased text).
NONE_QUANTIFIER = re.compile(r"\b(?:ningun[oa]s?|ningún|no\s+hay)\b")
BOUND_BEFORE = re.compile(r"\b(?:por\s+debajo\s+del?|por\s+encima\s+del?|más\s+de|"
                          r"menos\s+de|"
                          r"inferior(?:es)?\s+al?|superior(?:es)?\s+al?|superan?|bajo)"
                          r"\s*(?:el|la|los|las)?\s*$")
# Words of a limit right before a value ("antes de las 17:00", "hasta las 6:30", "menos de
# 500 €"): a value of the user's restated after one is the user's own limit.
LIMIT_BEFORE = re.compile(
    r"\b(?:antes\s+de|después\s+de|despues\s+de|hasta|para|a\s+más\s+tardar\s+a|"
    r"por\s+debajo\s+de|por\s+encima\s+de|más\s+de|menos\s+de|máximo\s+de|mínimo\s+de|"
    r"bajo)\s*(?:el|la|los|las|del|al)?\s*$")
# First-person possessives: the user's value after one is of the user's own thing.
FIRST_POSSESSIVE = re.compile(r"\b(?:mi|mis|nuestr[oa]s?)\b", re.IGNORECASE)
# A definite noun phrase: an article or a possessive, then a word ("la web de Hermle").
NAMED_SOURCE = re.compile(r"\s*(?:el|la|los|las|su|sus|un|una|tu|tus|nuestr[oa]s?)\s+"
                          r"[^\W\d_]", re.IGNORECASE)
# A value that is the reply's premise ("para la salida de las 7:45", "con un presupuesto de").
PREMISE_BEFORE = re.compile(r"\b(?:para|con)\s+(?:el|la|un|una|tu|vuestr[oa])\s+[^\W\d_]+"
                            r"(?:\s+de)?(?:\s+las?)?\s*$")
# Verbs and phrases of reading a source ("el horario muestra", "según la web"): a sentence
# holding one attributes its values.
READING_CUE = re.compile(
    r"\bseg[uú]n\b|\b(?:muestra|muestran|mostr[oó]|indica|indican|indic[oó]|dice|dicen|dijo|"
    r"lista|listan|figura|figuran|aparece|aparecen|devuelve|devuelven|devolvi[oó]|marca|"
    r"marcan|reporta|informa|confirma|confirman|confirm[oó]|registra|registran)\b",
    re.IGNORECASE)

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

# A person's name as a tool's finding (see the English pack).
# The capital first, then the names it must not be (as the English _PERSON).
_PERSONA = r"(?=[A-ZÁÉÍÓÚÑ])" \
    r"(?!(?:Lunes|Martes|Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|" \
    r"Septiembre|Octubre|Noviembre|Diciembre)\b)" \
    r"[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+(?:[ -][A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)?"
ENTITY_CUE = re.compile(
    r"\b(?:por|de\s+parte\s+de)\s+(?P<name>" + _PERSONA + r")\b"
    r"|\b(?P<name2>" + _PERSONA + r")\s+(?:envió|escribió|respondió|comentó|abrió|cerró|creó|"
    r"fusionó|aprobó|publicó|subió|pagó|reservó|canceló|pidió|invitó)\b")

# "El mayor anunciante fue Bodegas Ribera", "la más vendida es Ana Ruiz".
SUPERLATIVE_CUE = re.compile(
    r"\b(?:[Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+(?:mayor|menor|principal|mejor|peor|"
    r"más\s+[a-záéíóúñ]+)(?:\s+[a-záéíóúñ]+)?\s+(?:fue|fueron|es|son|era|ha\s+sido)\s+"
    r"(?P<name>" + _PERSONA + r")\b")
SUPERLATIVE_TRIGGERS = "el la los las"

FIRST_PERSON = re.compile(r"\b(?:yo|puedo|podemos|podría|podríamos|voy|vamos|haré|me|nos)\b",
                          re.IGNORECASE)

TIME_SCOPE = re.compile(r"\b(?:desde|después\s+de|a\s+partir\s+de|tras)\b", re.IGNORECASE)

# Parts of the day and their hours (a closed class).
DAYPARTS = {"por la mañana": (5, 12), "por la tarde": (12, 20), "por la noche": (19, 24),
            "esta tarde": (12, 20), "esta noche": (19, 24)}

NEGATION = re.compile(r"\b(?:no|ningun[oa]?|ningún|nunca|ni|nada|tampoco)\b", re.IGNORECASE)

__all__ = ["ACTIONS", "PACK"]

PACK = build_pack("es", globals())
