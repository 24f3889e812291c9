"""SCT extractive residual tree (Farooq 2026): a summary tree the moment a book is imported, with
zero model calls.

The tree follows the book's structure: the root is the book, then its sections (parts, then
chapters, nested by ``Section.level``), and the leaves are the passages (the SAADI chunks of each
section). Each node stores only what it adds beyond its parent, its *residual*:

1. the node's text (its passages) is split into sentences with the chunker's splitter;
2. a sentence's **novelty** is the fraction of its distinct lowercased terms absent from the
   parent's residual;
3. the **adaptive threshold** is the node's mean novelty, clamped to [0.2, 0.8];
4. the sentences at or above it are **kept verbatim, in reading order**: at least one, and no
   more than the node's word budget.

Choices the paper leaves open, and why:

- **The root** has no parent, and against an empty summary every sentence would be wholly novel.
  Its reference is instead the book's *common vocabulary*: the terms found in at least half of
  its passages. In practice these are the function words and the one or two names on every page,
  which any summary of the book takes for granted; so the root keeps the sentences densest in
  the book's less common terms. It needs no stop-word list and works in any language.
- **The word budget** is a tenth of the node's words, at most 150: a residual that kept half a
  chapter would be no summary. When more sentences pass the threshold than fit, those adding the
  most new terms go first (novelty picks what may enter, the count of new terms what enters
  first); the kept ones are then restored to reading order.
- **Only body passages** (the search candidates) are in the tree; a section enters if it holds
  one. A title page or a licence would otherwise crowd the root.

The spoiler rule. A chapter's residual is drawn from the chapter's own sentences, but *which*
sentences are kept depends on its ancestors' residuals, and those are drawn from the whole part
and the whole book: later text moves the selection. So search never shows a tree residual before
the end of the book. It uses :attr:`ResidualNode.as_of_end` instead: the section's residual in the
tree of the book cut at the section's end, which depends on nothing after that end, and which
search may use once the reader's limit has passed the section's last passage.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass, field
from math import ceil
from typing import Any

import numpy as np
import numpy.typing as npt

from saadi_desktop.books.model import Section
from saadi_desktop.chunking import sentences
from saadi_desktop.search.bm25 import Floats, tokens
from saadi_desktop.store.bookdb import BookDB, StoredChunk
from saadi_desktop.store.tree import ResidualRow, residual_leaves, write_residuals

LOW, HIGH = 0.2, 0.8  # the threshold clamp
BUDGET_RATIO = 0.1  # a residual keeps at most a tenth of its node's words …
BUDGET_MAX_WORDS = 150  # … and never more than this
_WHOLE = 1 << 30  # a sentence budget no passage reaches: split at sentence ends only
_TOLERANCE = 1e-9  # a mean of equal novelties may round just above them

Counts = Sequence[int] | npt.NDArray[Any]


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    words: int
    terms: frozenset[str]  # distinct lowercased terms


def novelty(terms: Set[str], known: Set[str]) -> float:
    """The fraction of a sentence's distinct terms absent from ``known``; 0 for no terms."""
    return len(terms - known) / len(terms) if terms else 0.0


def threshold(novelties: Sequence[float] | Floats) -> float:
    """The node's mean novelty, clamped to [LOW, HIGH]."""
    mean = float(np.mean(novelties)) if len(novelties) else 0.0
    return min(max(mean, LOW), HIGH)


def word_budget(words: int) -> int:
    return min(BUDGET_MAX_WORDS, max(1, ceil(BUDGET_RATIO * words)))


def compress(node: Sequence[Sentence], known: Set[str]) -> list[int]:
    """The extractive compressor: indexes (in reading order) of the sentences of ``node`` kept as
    its residual relative to the parent summary's terms ``known``."""
    new = [len(s.terms - known) for s in node]  # the terms each sentence adds
    return keep_novel(new, [len(s.terms) for s in node], [s.words for s in node])


def keep_novel(new: Counts, terms: Counts, words: Counts) -> list[int]:
    """Steps 2–4 from counts per sentence (terms it adds, its distinct terms, its words):
    novelty, the adaptive threshold, then the kept indexes in reading order."""
    new, terms, words = np.asarray(new), np.asarray(terms), np.asarray(words)
    if not len(new):
        return []
    scores = np.divide(new, terms, out=np.zeros(len(new)), where=terms > 0)  # novelty()
    passing = np.flatnonzero(scores >= threshold(scores) - _TOLERANCE)
    if not len(passing):  # every sentence below the clamp: keep the most novel one
        return [int(np.argmax(scores))]
    budget = word_budget(int(words.sum()))
    kept: list[int] = []
    used = 0
    for i in passing[np.lexsort((passing, -new[passing]))].tolist():  # most new terms first
        if kept and used + int(words[i]) > budget:
            continue
        kept.append(i)
        used += int(words[i])
        if used >= budget:
            break
    return sorted(kept)


def common_vocabulary(df: Counter[str], passages: int) -> frozenset[str]:
    """The root's reference: the terms found in at least half of the passages (``df`` counts
    the passages holding each term)."""
    return frozenset(term for term, count in df.items() if 2 * count >= passages)


def split_sentences(text: str, start: int, end: int) -> list[Sentence]:
    return [
        Sentence(s, e, words, frozenset(tokens(text[s:e])))
        for s, e, words in sentences(text, start, end, _WHOLE)
    ]


# -- the tree ---------------------------------------------------------------------------------


@dataclass
class ResidualNode:
    """One node: the root (no section, no chunk), a section, or a passage (a leaf)."""

    id: int  # preorder: a parent before its children, siblings in reading order
    parent_id: int | None
    depth: int
    section_seq: int | None  # sections only
    chunk_seq: int | None  # leaves only: the passage
    first_chunk: int  # seqs of the first and last passage under the node
    last_chunk: int
    start: int  # the node's text: canonical [start, end)
    end: int
    spans: list[tuple[int, int]] = field(default_factory=list)  # kept sentences
    text: str = ""  # the kept sentences, verbatim, joined by a space
    as_of_end: str | None = None  # sections holding passages: see the module docstring
    children: list[int] = field(default_factory=list)
    passages: list[int] = field(default_factory=list)  # indexes into the body chunks

    def row(self) -> ResidualRow:
        return ResidualRow(
            self.id, self.parent_id, self.section_seq, self.chunk_seq, self.depth,
            self.first_chunk, self.last_chunk, self.start, self.end, self.text,
            tuple(self.spans), self.as_of_end,
        )  # fmt: skip


def build_residuals(db: BookDB) -> list[ResidualRow]:
    """Build the book's residual tree and store it (replacing any older one)."""
    rows = [node.row() for node in build_tree(db.text(), db.sections(), db.chunks())]
    write_residuals(db, rows)
    return rows


def ensure_residuals(db: BookDB) -> bool:
    """Build the tree if it is missing or stale: a book imported before the tree existed, or
    one that has grown since. Returns whether it was built."""
    body = [c.seq for c in db.chunks() if c.matter == "body"]
    if residual_leaves(db) == body:
        return False
    build_residuals(db)
    return True


def build_tree(
    text: str, sections: Sequence[Section], chunks: Sequence[StoredChunk]
) -> list[ResidualNode]:
    """The residual tree of a book (nodes in preorder; the root first). Zero model calls."""
    body = [c for c in chunks if c.matter == "body"]
    nodes = _shape(sections, body)
    if not nodes:
        return []
    per_passage = [split_sentences(text, c.start, c.end) for c in body]
    vocabulary = [frozenset().union(*(s.terms for s in p)) for p in per_passage]
    df = Counter(term for passage in vocabulary for term in passage)
    _fill(nodes, text, per_passage, common_vocabulary(df, len(vocabulary)))
    _fill_as_of_end(nodes, text, per_passage, vocabulary)
    return nodes


def _shape(sections: Sequence[Section], body: Sequence[StoredChunk]) -> list[ResidualNode]:
    """The tree's nodes without residuals: sections nest by containment and level; a passage
    hangs from its innermost section (from the chunk table), or from the root."""
    if not body:
        return []
    parent_of: dict[int, int | None] = {}
    stack: list[int] = []
    for seq in sorted(range(len(sections)), key=lambda i: (sections[i].start, sections[i].level)):
        s = sections[seq]
        while stack and not (
            sections[stack[-1]].level < s.level
            and sections[stack[-1]].start <= s.start
            and s.end <= sections[stack[-1]].end
        ):
            stack.pop()
        parent_of[seq] = stack[-1] if stack else None
        stack.append(seq)
    holds_body: set[int] = set()
    for chunk in body:
        up = chunk.section_seq
        while up is not None and up not in holds_body:
            holds_body.add(up)
            up = parent_of.get(up)
    # children in reading order: ("s", section seq) or ("c", body index), keyed by parent
    kids: dict[int | None, list[tuple[int, int, str, int]]] = {}
    for seq in holds_body:
        kids.setdefault(parent_of[seq], []).append((sections[seq].start, 0, "s", seq))
    for index, chunk in enumerate(body):
        owner = chunk.section_seq if chunk.section_seq in holds_body else None
        kids.setdefault(owner, []).append((chunk.start, 1, "c", index))
    nodes: list[ResidualNode] = []

    def visit(kind: str, ref: int | None, parent: int | None, depth: int) -> ResidualNode:
        node = ResidualNode(len(nodes), parent, depth, ref if kind == "s" else None,
                            body[ref].seq if kind == "c" and ref is not None else None,
                            0, 0, 0, 0)  # fmt: skip
        nodes.append(node)
        if kind == "c" and ref is not None:
            node.passages = [ref]
        else:
            for _start, _order, child_kind, child in sorted(kids.get(ref, [])):
                child_node = visit(child_kind, child, node.id, depth + 1)
                node.children.append(child_node.id)
                node.passages += child_node.passages
        first, last = body[node.passages[0]], body[node.passages[-1]]
        node.first_chunk, node.last_chunk = first.seq, last.seq
        node.start, node.end = first.start, last.end
        return node

    visit("r", None, None, 0)
    return nodes


def _sentences_of(
    node: ResidualNode, per_passage: Sequence[list[Sentence]], cut: int
) -> list[Sentence]:
    """The node's sentences from its passages up to body index ``cut`` (inclusive)."""
    return [s for p in node.passages if p <= cut for s in per_passage[p]]


def _keep(node_sentences: Sequence[Sentence], known: Set[str]) -> list[Sentence]:
    return [node_sentences[i] for i in compress(node_sentences, known)]


def _terms(kept: Iterable[Sentence]) -> frozenset[str]:
    return frozenset().union(*(s.terms for s in kept))


def _fill(
    nodes: list[ResidualNode],
    text: str,
    per_passage: Sequence[list[Sentence]],
    root_known: frozenset[str],
) -> None:
    """Residuals top-down: each node relative to its parent's (preorder visits parents first)."""
    known_below: dict[int, frozenset[str]] = {}
    everything = len(per_passage)
    for node in nodes:
        known = root_known if node.parent_id is None else known_below[node.parent_id]
        kept = _keep(_sentences_of(node, per_passage, everything), known)
        node.spans = [(s.start, s.end) for s in kept]
        node.text = " ".join(text[s.start : s.end] for s in kept)
        known_below[node.id] = _terms(kept)


def _fill_as_of_end(
    nodes: list[ResidualNode],
    text: str,
    per_passage: Sequence[list[Sentence]],
    vocabulary: Sequence[frozenset[str]],
) -> None:
    """For each section holding passages, its residual in the tree of the book cut at the
    section's end: the path from the root recomputed on the text up to that end only.

    This recomputes the root and every ancestor over a growing prefix of the book once per
    section, so it counts new terms with arrays (:class:`_TermTable`) rather than sets; the
    selection is the same :func:`keep_novel` (a test checks it against :func:`tree_as_of`)."""
    holding = [n for n in nodes if n.section_seq is not None and any(
        nodes[c].chunk_seq is not None for c in n.children)]  # fmt: skip
    table = _TermTable(per_passage)
    df: Counter[str] = Counter()  # document frequencies of the passages up to the cut
    counted = 0
    for node in sorted(holding, key=lambda n: n.passages[-1]):
        cut = node.passages[-1]
        for passage in vocabulary[counted : cut + 1]:
            df.update(passage)
        counted = cut + 1
        path = [node]
        while path[-1].parent_id is not None:
            path.append(nodes[path[-1].parent_id])
        known = common_vocabulary(df, counted)
        kept: list[Sentence] = []
        for ancestor in reversed(path):
            index = table.sentences_of(ancestor.passages, cut)
            chosen = keep_novel(table.new_terms(index, known), table.terms[index],
                                table.words[index])  # fmt: skip
            kept = [table.all[i] for i in index[chosen]]
            known = _terms(kept)
        node.as_of_end = " ".join(text[s.start : s.end] for s in kept)


class _TermTable:
    """Every sentence of the book as term ids, to count the terms absent from a reference for
    many sentences at once."""

    def __init__(self, per_passage: Sequence[list[Sentence]]) -> None:
        self.all = [s for passage in per_passage for s in passage]
        self.first = np.cumsum([0] + [len(p) for p in per_passage])  # passage → first sentence
        self.ids: dict[str, int] = {}
        flat = [self.ids.setdefault(t, len(self.ids)) for s in self.all for t in sorted(s.terms)]
        self.flat = np.array(flat, dtype=np.int64)
        self.terms = np.array([len(s.terms) for s in self.all], dtype=np.int64)
        self.words = np.array([s.words for s in self.all], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.terms)])

    def sentences_of(self, passages: Sequence[int], cut: int) -> npt.NDArray[np.int64]:
        ranges = [np.arange(self.first[p], self.first[p + 1]) for p in passages if p <= cut]
        return np.concatenate(ranges) if ranges else np.zeros(0, dtype=np.int64)

    def new_terms(self, index: npt.NDArray[np.int64], known: Set[str]) -> npt.NDArray[np.int64]:
        """For each sentence in ``index``: how many of its distinct terms ``known`` lacks."""
        mask = np.zeros(len(self.ids) + 1, dtype=np.int64)
        mask[[self.ids[t] for t in known if t in self.ids]] = 1
        hits = np.concatenate([[0], np.cumsum(mask[self.flat])])
        missing = self.terms[index] - (hits[self.offsets[index + 1]] - hits[self.offsets[index]])
        return np.asarray(missing, dtype=np.int64)


def tree_as_of(
    rows: Sequence[ResidualRow], text: str, body: Sequence[StoredChunk], last_chunk: int
) -> list[ResidualRow]:
    """The tree of the book cut after passage ``last_chunk`` (a seq): the same structure
    restricted to the passages up to it, every residual recomputed from that text only."""
    index_of = {c.seq: i for i, c in enumerate(body)}
    cut = max((i for seq, i in index_of.items() if seq <= last_chunk), default=-1)
    nodes: dict[int, ResidualNode] = {}
    for r in rows:
        node = ResidualNode(r.id, r.parent_id, r.depth, r.section_seq, r.chunk_seq,
                            r.first_chunk, r.last_chunk, r.start, r.end)  # fmt: skip
        nodes[r.id] = node
        if r.parent_id is not None:
            nodes[r.parent_id].children.append(r.id)
        if r.chunk_seq is not None and index_of[r.chunk_seq] <= cut:
            up: ResidualNode | None = node
            while up is not None:
                up.passages.append(index_of[r.chunk_seq])
                up = nodes[up.parent_id] if up.parent_id is not None else None
    kept = [n for n in nodes.values() if n.passages]
    for node in kept:
        node.children = [c for c in node.children if nodes[c].passages]
        node.last_chunk = body[node.passages[-1]].seq
        node.end = body[node.passages[-1]].end
    per_passage = [split_sentences(text, c.start, c.end) for c in body[: cut + 1]]
    vocabulary = [frozenset().union(*(s.terms for s in p)) for p in per_passage]
    df = Counter(term for passage in vocabulary for term in passage)
    _fill(kept, text, per_passage, common_vocabulary(df, len(vocabulary)))
    return [node.row() for node in kept]
