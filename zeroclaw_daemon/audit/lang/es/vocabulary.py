"""Spanish keyword vocabulary: function words and generic nouns, which name no subject,
and the words a subject word also goes by (in the English words tools use)."""

from __future__ import annotations

from ...claims.text import phrase, word_set

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
