"""What the memory reads of the book: the indexed chunks' texts and the names pass, and how the
whole book uses a name; who can bear one is :mod:`bearers`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from saadi_desktop.state.bearers import Bearers
from saadi_desktop.state.identity import fold
from saadi_desktop.state.names import KIN_TITLES, locative_uses
from saadi_desktop.state.records import Cluster
from saadi_desktop.state.text import any_of, words


@dataclass
class BookText(Bearers):
    """What the memory reads of the book: the indexed chunks' texts and the names pass."""

    texts: dict[int, str]  # chunk seq -> text
    clusters: dict[int, Cluster]
    mentions: dict[int, list[tuple[int, str]]]  # chunk seq -> (cluster, variant), most first

    def __post_init__(self) -> None:
        self.folded = {seq: fold(t) for seq, t in self.texts.items()}
        self.cluster_of = {fold(v): c.id for c in self.clusters.values() for v in c.variants}
        # a kinship title is a common noun too: 'Aunt Philips' makes no name of 'aunt'
        self.name_words = {w for v in self.cluster_of for w in words(v)} - set(KIN_TITLES)
        # the book's names as written, for checking that a summary names no stranger
        self.name_tokens = {
            w for c in self.clusters.values() for v in c.variants for w in v.split()
        }
        self._read_at, self._read = -1, ""
        self._leans: dict[str, str] = {}
        self._place_uses: dict[int, tuple[int, int, int]] = {}
        self.chunks_of: dict[int, list[int]] = {}
        for seq in sorted(self.mentions):
            for cluster, _ in self.mentions[seq]:
                seqs = self.chunks_of.setdefault(cluster, [])
                if not seqs or seqs[-1] != seq:
                    seqs.append(seq)

    @cached_property
    def whole(self) -> str:
        """The whole book's text, its chunks kept apart as :meth:`read_by` keeps them: for the
        rules that may only hold a decision back."""
        return "\0".join(self.texts.values())

    def place_uses(self, cluster: int) -> tuple[int, int, int]:
        """How the whole book uses the cluster's names: (after 'at', 'in', 'to', 'from'…, all
        uses, right after another capitalised word inside a sentence, whose name it may end:
        'at Green Gables', 'in New York'; not 'Then Juliet')."""
        if cluster not in self._place_uses:
            variants = self.clusters[cluster].variants
            near, found = locative_uses(variants, self.whole)
            names = any_of(variants)
            tails = len(re.findall(rf"(?<=[a-z,;:] )[A-Z]\w*\s+(?:{names})(?!\w)", self.whole))
            self._place_uses[cluster] = (near, found, tails)
        return self._place_uses[cluster]

    def read_by(self, seq: int) -> list[str]:
        """The text of every chunk read by chunk ``seq``, as one string (the chunks kept apart by
        a character no name rule's pattern crosses), for the rules that weigh how the text so
        far uses a name: one scan instead of one per chunk."""
        if self._read_at != seq:
            self._read_at = seq
            self._read = "\0".join(t for c, t in self.texts.items() if c <= seq)
        return [self._read]

    def known_names(self, seqs: Iterable[int], at: int) -> set[str]:
        """Every name known by chunk ``at`` of someone the chunks ``seqs`` mention: the names a
        fold of those chunks may spell out in full ('Fitzwilliam Darcy' where they say 'Darcy')."""
        return {
            variant
            for seq in seqs
            for cluster, _ in self.mentions.get(seq, [])
            for variant, learned_at in self.clusters[cluster].variants.items()
            if learned_at <= at
        }
