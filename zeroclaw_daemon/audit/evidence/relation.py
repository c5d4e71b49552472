"""How keyword sets are related: a shared stem, a plural, or a long stem that begins the
other (:class:`Relation`, indexed once per right side; :func:`related` for one test)."""

from __future__ import annotations

from collections.abc import Iterable

_INFLECTIONS = ("ed", "in")


class Relation:
    """Whether a keyword set is related to ``right``: they share a stem, one has the
    other's plural, or a stem of four or more letters begins the other ("warn" /
    "warnin", "pr" / "prs"). ``right`` is indexed once; a left side indexed with
    :meth:`forms` is then tested with two set intersections."""

    __slots__ = ("_long_prefixes", "right")

    def __init__(self, right: Iterable[str]) -> None:
        self.right = frozenset(right)
        self._long_prefixes: frozenset[str] | None = None

    @property
    def long_prefixes(self) -> frozenset[str]:
        """Every prefix (four letters or more) of every stem of four letters or more:
        worked out the first time a shared stem does not settle the relation."""
        if self._long_prefixes is None:
            self._long_prefixes = frozenset(b[:k] for b in self.right if len(b) >= 4
                                            for k in range(4, len(b) + 1))
        return self._long_prefixes

    @staticmethod
    def forms(left: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
        """(every stem of ``left`` with its plural, singular and 4+ letter prefixes; its
        stems of four letters or more): what :meth:`related_forms` tests."""
        forms: set[str] = set()
        long: set[str] = set()
        for a in left:
            forms.update((a, a + "s"))
            if a.endswith("s"):
                forms.add(a[:-1])
            # The plural in "-ies" ("injuries", stem "injuri") and its singular in "-y".
            if len(a) >= 4 and a[-1] in "iy":
                forms.add(a[:-1] + ("y" if a[-1] == "i" else "i"))
            if len(a) >= 4:
                long.add(a)
                forms.update(a[:k] for k in range(4, len(a) + 1))
            # An English verb's root under its inflection: "failing" (stem "failin") and
            # "failed" name one state, though neither stem begins the other.
            if len(a) >= 6 and a.endswith(_INFLECTIONS):
                long.add(a[:-2])
        return frozenset(forms), frozenset(long)

    def related_forms(self, forms: tuple[frozenset[str], frozenset[str]]) -> bool:
        """Like calling the relation on the set ``forms`` was made from."""
        every, long = forms
        return not every.isdisjoint(self.right) or (
            bool(long) and not long.isdisjoint(self.long_prefixes))

    def __call__(self, left: Iterable[str]) -> bool:
        return self.related_forms(self.forms(left))


def related(left: Iterable[str], right: Iterable[str]) -> bool:
    """Keyword sets share a stem, or one stem begins the other (see :class:`Relation`)."""
    return Relation(right)(left)
