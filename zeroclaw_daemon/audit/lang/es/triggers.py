"""Spanish trigger words: the words one of which every match of each pattern holds, so a
sentence holding none is not scanned."""

from __future__ import annotations

from ...claims.counts import count_triggers
from .numbers import NUMBER_WORDS

# Words every match of each pattern holds (format in claims/gate.py).
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
