"""``lazy``: a value computed on first read and kept on the instance, without a lock.

``functools.cached_property`` of Python 3.11 takes a lock on every first read; the
evidence of one turn is built and read by one thread, and reads dozens of such values
(each tool event's numbers, units, item counts), so the lock is pure cost there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class lazy(Generic[T]):
    """Like ``functools.cached_property``: computed on first read, then stored in the
    instance's ``__dict__`` (which later reads find first); no lock."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> lazy[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | lazy[T]:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.name] = value
        return value
