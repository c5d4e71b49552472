"""What claim extraction returns: the claims a reply makes, and the clauses they sit in.

- :class:`ToolUseClaim`: a tool ran or a lookup happened ("I ran ``git log``",
  "according to the search results"), with what it names: a quoted shell
  command, a file path, a URL, tool categories (database, web search...) and
  subject words, matched later against the turn's tool calls.
- :class:`ResultClaim`: a result is presented as done ("has been restarted",
  "I wrote the file", "the output shows").
- :class:`CountClaim`: a stated count ("5 files", "three open issues", "七个").
- :class:`AbsenceClaim`: "no results", "the file is empty", "没有找到".
- :class:`ValueClaim`: a specific value (number with unit, percentage,
  temperature, price, version, hash, date, time), found language-neutrally.
- :class:`UrlClaim`: a URL, normalised for comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .actions import ActionClaim
    from .segment import ClauseFlags

Span = tuple[int, int]


class Clause(NamedTuple):
    """A piece of a sentence. Whether it is hedged, negated, general or reports a
    failure is worked out (lazily) during extraction, for the clauses holding claims.
    (A named tuple: a long reply has hundreds, and tuples are built fastest.)"""

    start: int
    end: int
    sentence: int


@dataclass(frozen=True, slots=True)
class ToolUseClaim:
    """The reply says a tool ran or a lookup happened.

    ``command`` is a quoted shell command (-> shell), ``path`` a file path
    (-> read_file), ``url`` a URL (-> http_get); ``categories`` are tool kinds
    it names (``db``, ``search``, ``shell``, ``file``, ``http``); ``keywords``
    are stems of its other subject words.
    """

    span: Span
    clause: int
    keywords: frozenset[str]
    categories: frozenset[str]
    command: str | None = None
    path: str | None = None
    url: str | None = None
    text: str = ""
    object_text: str = ""   # what it says was run or looked at ("the weather service")

    @property
    def generic(self) -> bool:
        """True when it names nothing in particular ("I checked", "the results show")."""
        return not (self.keywords or self.categories or self.command or self.path or self.url)

    @property
    def tool_hint(self) -> str | None:
        if self.command:
            return "shell"
        if self.path:
            return "read_file"
        if self.url:
            return "http_get"
        return min(self.categories) if self.categories else None

    @property
    def subject(self) -> tuple[str, ...]:
        return tuple(sorted(self.keywords | self.categories))


@dataclass(frozen=True, slots=True)
class ResultClaim:
    """The reply presents a result as done: an action completed, or an output shown."""

    span: Span
    clause: int
    keywords: frozenset[str]
    completion: bool      # "has been restarted" (else: "the output shows")
    first_person: bool    # "I restarted", "I wrote"
    text: str = ""


@dataclass(frozen=True, slots=True)
class CountClaim:
    """A stated count: ``value`` of ``noun`` (``keywords``: stems of the noun phrase)."""

    span: Span
    clause: int
    value: int
    noun: str
    keywords: frozenset[str]
    digits: bool
    text: str = ""
    context: frozenset[str] = frozenset()   # the noun with the words around it ("tests failed")


@dataclass(frozen=True, slots=True)
class AbsenceClaim:
    """The reply says something is absent.

    ``subject`` names what is absent (empty: anything at all); ``container``
    names where (the file, the log), used to find the relevant tool call.
    """

    span: Span
    clause: int
    subject: frozenset[str]
    container: frozenset[str]
    text: str = ""
    selective: bool = False   # its sentence also says what *is* there ("2 errors, no warnings")
    # The group a negative pronoun of persons ranges over ("nobody from 8B", "nadie del
    # turno de noche"): the words naming it, lowercased; empty for any other absence.
    group: tuple[str, ...] = ()
    # A negated possession of the reader ("no tienes ninguna cita", "you have no open
    # invoices"): about the reader's own records.
    possession: bool = False
    # The absence denies that an action has any object ("nothing gets destroyed", "none
    # deleted"): only a count the result states beside that verb can contradict it.
    of_action: bool = False
    # The absence is of anything in a part of the day ("nothing on Friday afternoon"): only
    # a time of the result in those hours contradicts it.
    in_daypart: bool = False
    # A thing denied a place in a container ("the term isn't in the memory"): only a
    # result holding the call's argument that the claim names contradicts it.
    located: bool = False
    # The absence is of items in a state ("nothing overdue", "none is pending"): only a
    # result writing that state as an item's value (not as a key) contradicts it.
    of_state: bool = False


class ValueKind(StrEnum):
    NUMBER = "number"
    PERCENT = "percent"
    TEMPERATURE = "temperature"
    CURRENCY = "currency"
    MEASURE = "measure"
    VERSION = "version"
    HASH = "hash"
    DATE = "date"
    TIME = "time"
    NAME = "name"     # an e-mail address, @handle or a person's name (compared as text)


@dataclass(frozen=True, slots=True)
class ValueClaim:
    """A specific value stated in the reply.

    Numeric kinds carry ``numbers``: every reading of the digits (``1,234``
    may be 1234 or, in Spanish, 1.234), each with the precision written as its
    exponent. String kinds carry ``key`` (normalised text); dates ``date``.
    """

    span: Span
    clause: int
    kind: ValueKind
    raw: str
    numbers: tuple[Decimal, ...] = ()
    unit: str = ""
    key: str = ""
    date: tuple[int | None, int, int] | None = None
    approx: bool = False


@dataclass(frozen=True, slots=True)
class UrlClaim:
    """A URL in the reply; ``normalised`` drops scheme, case of the host, trailing slash."""

    span: Span
    clause: int
    url: str
    normalised: str


@dataclass(frozen=True, slots=True)
class RawCount:
    """What a pack's count finder returns, before clause and keyword bookkeeping."""

    start: int
    end: int
    value: int
    noun: str
    digits: bool


@dataclass(frozen=True, slots=True)
class Claims:
    """Everything extracted from one reply."""

    language: str
    clauses: tuple[Clause, ...]
    tool_uses: tuple[ToolUseClaim, ...]
    results: tuple[ResultClaim, ...]
    counts: tuple[CountClaim, ...]
    absences: tuple[AbsenceClaim, ...]
    values: tuple[ValueClaim, ...]
    urls: tuple[UrlClaim, ...]
    attributed_sentences: frozenset[int]
    # Per sentence: from its first clause's start to its last clause's end.
    sentence_bounds: tuple[Span, ...] = ()
    # Whether any sentence reports a failure: asked only when a call failed, so worked
    # out on first use (not part of equality: the flags object is per extraction).
    failure_flags: ClauseFlags | None = field(default=None, compare=False, repr=False)
    # Actions said done and checks said passed, in any person and voice (.actions).
    actions: tuple[ActionClaim, ...] = ()

    @property
    def acknowledges_failure(self) -> bool:
        return self.failure_flags is not None and self.failure_flags.any_failure()

    def sentence_of(self, clause: int) -> int:
        return self.clauses[clause].sentence if self.clauses else 0

    def sentence_span(self, clause: int) -> Span | None:
        """The span of the sentence holding ``clause`` (None when there are no clauses)."""
        if not self.clauses:
            return None
        return self.sentence_bounds[self.clauses[clause].sentence]
