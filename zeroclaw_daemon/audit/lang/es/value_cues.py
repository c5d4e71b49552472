"""Spanish words right before a value that make it the user's own (checks/user_values.py):
a limit ("antes de las 17:00"), a premise ("para la salida de las 7:45")."""

from __future__ import annotations

import re

# Words of a limit right before a value ("antes de las 17:00", "hasta las 6:30", "menos de
# 500 €"): a value of the user's restated after one is the user's own limit.
LIMIT_BEFORE = re.compile(
    r"\b(?:antes\s+de|después\s+de|despues\s+de|hasta|para|a\s+más\s+tardar\s+a|"
    r"por\s+debajo\s+de|por\s+encima\s+de|más\s+de|menos\s+de|máximo\s+de|mínimo\s+de|"
    r"bajo)\s*(?:el|la|los|las|del|al)?\s*$")

# A value that is the reply's premise ("para la salida de las 7:45", "con un presupuesto de").
PREMISE_BEFORE = re.compile(r"\b(?:para|con)\s+(?:el|la|un|una|tu|vuestr[oa])\s+[^\W\d_]+"
                            r"(?:\s+de)?(?:\s+las?)?\s*$")
