"""A word a result writes short, with a final dot: "Dist." is District, "Mfg." is
Manufacturing, "Univ." University, "Avda." Avenida, "Dpto." Departamento.

An abbreviation keeps the word's first letter and some of its other letters in order, and
ends in a dot; a reply that writes the word in full writes the same name ("Cedar Valley
School District" of "Cedar Valley School Dist."). Another word with the same first letter
is another name ("School Division": no t after the s).
"""

from __future__ import annotations

MIN_LETTERS = 2


def abbreviates(short: str, word: str) -> bool:
    """Whether ``short`` (the letters before an abbreviation's dot) can stand for
    ``word``: the same first letter, fewer letters, each of them in ``word`` in order."""
    short, word = short.lower(), word.lower()
    if len(short) < MIN_LETTERS or len(short) >= len(word) or short[0] != word[0]:
        return False
    at = 1
    for letter in short[1:]:
        at = word.find(letter, at) + 1
        if at == 0:
            return False
    return True


def written_short_in(word: str, run: str) -> bool:
    """Whether ``run`` (a result's words) holds an abbreviation with a final dot that can
    stand for ``word``."""
    return any(piece.endswith(".") and abbreviates(piece.rstrip(".").strip("(),"), word)
               for piece in run.split())
