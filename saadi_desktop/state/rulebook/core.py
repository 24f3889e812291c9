"""What a rule is, and how the code that applies one names it: :func:`on` (whether it applies;
:func:`without` switches rules off to measure what each does) and :func:`decided` (counted
inside :func:`counting`). Data and bookkeeping only: nothing here reads a name."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

STAGES = {
    "mining": "Names pass: which words of the text are names",
    "clustering": "Names pass: which names are variants of one name",
    "identity": "Identity: which names are one person, read in order with no model",
    "types": "Types: person, place or group",
}


@dataclass(frozen=True)
class Case:
    """A golden case: ``texts`` (one passage each, in reading order), as an author writes, and
    what the rules must make of them. ``same``: groups of names one entry holds; ``apart``:
    pairs of names on two entries; ``absent``: words no entry holds; ``kinds``: name → the type
    of its entry; ``passages``: name → the passages (their indices) that mention its entry."""

    author: str
    texts: tuple[str, ...]
    same: tuple[tuple[str, ...], ...] = ()
    apart: tuple[tuple[str, str], ...] = ()
    absent: tuple[str, ...] = ()
    kinds: tuple[tuple[str, str], ...] = ()
    passages: tuple[tuple[str, tuple[int, ...]], ...] = ()


@dataclass(frozen=True)
class Rule:
    """One rule: its ``name`` (how the code and the docs call it), the ``stage`` it belongs to,
    what it ``decides``, the general ``pattern`` it covers, and its golden ``cases``."""

    name: str
    stage: str
    decides: str
    pattern: str
    cases: tuple[Case, ...]

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"{self.name}: no stage {self.stage!r}")


_counts: ContextVar[Counter[str] | None] = ContextVar("rule_counts", default=None)
_off: ContextVar[frozenset[str]] = ContextVar("rules_off", default=frozenset())


def on(rule: Rule) -> bool:
    """Whether ``rule`` applies (every rule does, unless :func:`without` switched it off)."""
    return rule.name not in _off.get()


def decided(rule: Rule, n: int = 1) -> None:
    """Count ``n`` decisions of ``rule`` when :func:`counting`."""
    counts = _counts.get()
    if counts is not None:
        counts[rule.name] += n


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """Count the decisions of every rule made inside the block: rule name → decisions."""
    counts: Counter[str] = Counter()
    token = _counts.set(counts)
    try:
        yield counts
    finally:
        _counts.reset(token)


@contextmanager
def without(*names: str) -> Iterator[None]:
    """Switch the named rules off inside the block (to measure what each does)."""
    token = _off.set(_off.get() | frozenset(names))
    try:
        yield
    finally:
        _off.reset(token)
