"""SAADI's history: chunks are level-0 units; every f complete units at a level fold into one
unit a level up. The schedule is pure arithmetic, so the number of calls is known in advance.

T(N, f) = N + Σ_i ⌊N / f^i⌋ for the regular folds, plus at most one finishing fold per level at
the end of the book, so that every chunk has a covering level-1 summary.
"""

from __future__ import annotations

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


def frontier_after(n: int, f: int) -> list[list[Unit]]:
    """The unfolded units per level after ``n`` chunks have been read and regular folds done.

    ``frontier[level]`` holds fewer than ``f`` units, oldest first."""
    frontier: list[list[Unit]] = []
    for i in range(n):
        _push(frontier, Unit(0, i, i), f, folds=None)
    return frontier


def folds_due(frontier: list[list[Unit]], chunk: int, f: int) -> list[Fold]:
    """Add chunk number ``chunk`` to ``frontier`` (in place) and return the regular folds that
    fall due, lowest level first."""
    folds: list[Fold] = []
    _push(frontier, Unit(0, chunk, chunk), f, folds)
    return folds


def _push(frontier: list[list[Unit]], unit: Unit, f: int, folds: list[Fold] | None) -> None:
    level = unit.level
    while len(frontier) <= level:
        frontier.append([])
    frontier[level].append(unit)
    if len(frontier[level]) == f:
        fold = Fold(level + 1, tuple(frontier[level]))
        frontier[level] = []
        if folds is not None:
            folds.append(fold)
        _push(frontier, fold.unit, f, folds)


def finishing_folds(frontier: list[list[Unit]]) -> list[Fold]:
    """Folds of the incomplete groups at the end of the book, at most one per level: leftover
    chunks get a covering level-1 summary; two or more leftover units at a level get a parent;
    a single leftover unit below higher ones is carried up for free. The tree ends in one root.
    The frontier is not changed."""
    pending = [list(units) for units in frontier]
    folds: list[Fold] = []
    level = 0
    while level < len(pending):
        units = pending[level]
        higher = any(pending[above] for above in range(level + 1, len(pending)))
        carried: Unit | None = None
        if len(units) >= 2 or (units and level == 0):
            fold = Fold(level + 1, tuple(units), finishing=True)
            folds.append(fold)
            carried = fold.unit
        elif units and higher:
            carried = units[0]
        if carried is not None:
            if len(pending) <= level + 1:
                pending.append([])
            pending[level + 1].append(carried)
        level += 1
    return folds


def regular_fold_count(n: int, f: int) -> int:
    """Σ_i ⌊n / f^i⌋ for i ≥ 1: the folds that fall due while reading n chunks."""
    total, power = 0, f
    while power <= n:
        total += n // power
        power *= f
    return total


def total_calls(n: int, f: int) -> int:
    """Exact calls to index n chunks: n updates, the regular folds, and the finishing folds."""
    return n + regular_fold_count(n, f) + len(finishing_folds(frontier_after(n, f)))
