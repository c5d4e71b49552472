"""Spanish words of persons: first- and second-person words, and the cues of a person's
name given as a tool's finding."""

from __future__ import annotations

import re

SECOND_PERSON = re.compile(
    r"\b(?:tú|tu|tus|usted|ustedes|mencionas|mencionaste|dices|dijiste|indicas|indicaste|"
    r"comentas|comentaste|tienes|tenías)\b",
    re.IGNORECASE)

# First-person possessives: the user's value after one is of the user's own thing.
FIRST_POSSESSIVE = re.compile(r"\b(?:mi|mis|nuestr[oa]s?)\b", re.IGNORECASE)

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
