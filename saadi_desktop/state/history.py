"""SAADI's history: chunks are level-0 units; every f complete units at a level fold into one
unit a level up. The schedule is pure arithmetic, so the number of calls is known in advance.

T(N, f) = N + Σ_i ⌊N / f^i⌋ for the regular folds, plus at most one finishing fold per level at
the end of the book, so that every chunk has a covering level-1 summary.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    """A node of the history: a chunk (level 0) or a summary covering chunks first…last."""

    level: int
    first: int  # index among the indexed chunks, in reading order
    last: int


@dataclass(frozen=True)
class Fold:
    """One fold call: ``units`` (at ``level - 1``, or lower when carried up at the end of the
    book) become one unit at ``level``."""

    level: int
    units: tuple[Unit, ...]
    finishing: bool = False

    @property
    def unit(self) -> Unit:
        return Unit(self.level, self.units[0].first, self.units[-1].last)

    @property
    def calls(self) -> int:
        """Model calls it takes: none to carry a single unit up (a passage left alone at the
        end of the book is its own level-1 node)."""
        return 1 if len(self.units) > 1 else 0


Frontier = list[list[Unit]]


def push(frontier: Frontier, unit: Unit, f: int) -> Iterator[Fold]:
    """Add ``unit`` and yield each fold that falls due, lowest level first. Each fold is yielded
    before it is applied, so the caller sees the frontier the fold call reads."""
    level = unit.level
    _ensure(frontier, level)
    frontier[level].append(unit)
    while len(frontier[level]) >= f:
        fold = Fold(level + 1, tuple(frontier[level]))
        yield fold
        frontier[level] = []
        _ensure(frontier, level + 1)
        frontier[level + 1].append(fold.unit)
        level += 1


def finish(frontier: Frontier) -> Iterator[Fold]:
    """Fold the incomplete groups at the end of the book, at most once per level: leftover
    chunks get a covering level-1 summary; two or more leftover units at a level get a parent;
    a single leftover unit below higher ones is carried up for free. The tree ends in one root.
    Yields before applying each fold, like :func:`push`; changes ``frontier``."""
    level = 0
    while level < len(frontier):
        units = frontier[level]
        higher = any(frontier[above] for above in range(level + 1, len(frontier)))
        carried: Unit | None = None
        if len(units) >= 2 or (units and level == 0):
            fold = Fold(level + 1, tuple(units), finishing=True)
            yield fold
            carried = fold.unit
        elif units and higher:
            carried = units[0]
        if carried is not None:
            frontier[level] = []
            _ensure(frontier, level + 1)
            frontier[level + 1].append(carried)
        level += 1


def _ensure(frontier: Frontier, level: int) -> None:
    while len(frontier) <= level:
        frontier.append([])


def frontier_after(n: int, f: int) -> Frontier:
    """The unfolded units per level after ``n`` chunks were read and their folds done."""
    frontier: Frontier = []
    for i in range(n):
        for _ in push(frontier, Unit(0, i, i), f):
            pass
    return frontier


def calls_for_run(done: int, stop: int, total: int, f: int) -> int:
    """Calls of a run that reads chunks ``done`` up to ``stop`` of ``total`` (``--limit``)."""
    frontier = frontier_after(done, f)
    calls = 0
    for i in range(done, stop):
        calls += 1 + sum(fold.calls for fold in push(frontier, Unit(0, i, i), f))
    if stop == total:
        calls += sum(fold.calls for fold in finish(frontier))
    return calls


def remaining_calls(done: int, total: int, f: int, *, finished: bool = False) -> int:
    """Calls still to make when ``done`` of ``total`` chunks are read: updates, regular folds,
    and the finishing folds (unless they were already made)."""
    if finished and done == total:
        return 0
    return calls_for_run(done, total, total, f)


def regular_fold_count(n: int, f: int) -> int:
    """Σ_i ⌊n / f^i⌋ for i ≥ 1: the folds that fall due while reading n chunks."""
    total, power = 0, f
    while power <= n:
        total += n // power
        power *= f
    return total


def total_calls(n: int, f: int) -> int:
    """Exact calls to index n chunks: n updates, the regular folds, and the finishing folds."""
    return n + regular_fold_count(n, f) + sum(fold.calls for fold in finish(frontier_after(n, f)))
