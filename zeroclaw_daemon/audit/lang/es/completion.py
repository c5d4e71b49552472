"""Spanish claims of a thing done ("se ha reiniciado", "reinicié", "Listo") and of a result
presented ("la salida muestra")."""

from __future__ import annotations

from ...claims.text import phrase

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
# One \b for every branch but the last (see lang/en/completion.py).
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
