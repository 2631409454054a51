"""A bounded memo: the ``size`` entries used last, the others forgotten.

Every cache of the engine and the harness that is keyed by something a run can make
without end (a ruleset, a deck, a case's setup) is one of these, so memory stays flat
however many hands are played (``tonk bench --fuzz-memory`` measures it)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A mapping of at most ``size`` entries that forgets the one used least recently."""

    __slots__ = ("_data", "size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"an LRU holds at least one entry, not {size}")
        self.size = size
        self._data: OrderedDict[K, V] = OrderedDict()

    @overload
    def get(self, key: K) -> V | None: ...

    @overload
    def get(self, key: K, default: V) -> V: ...

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value of ``key`` (now the entry used last), or ``default``; raises
        TypeError for an unhashable key, as a dict does."""
        data = self._data
        try:
            value = data[key]
        except KeyError:
            return default
        data.move_to_end(key)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        data = self._data
        data[key] = value
        data.move_to_end(key)
        if len(data) > self.size:
            data.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        self._data.clear()
