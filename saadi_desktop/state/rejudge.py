"""The summary tree under the current rules, with no model call (``saadi index --replay``).

What the model wrote is kept — each passage's headline in its kept answer, each fold's headline
in its node — and everything the rules decide is decided again: whether a passage's headline
stands or its key sentence stands in, whether a fold's headline stands or its node becomes the
list of its children's lines, which of the book's sentences are each node's key sentences, what
a list says. Only a fold's refused answer cannot stand in again: a list stays a list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from saadi_desktop.state import answer
from saadi_desktop.state.headlines import (
    as_list,
    common_words,
    first_sentence,
    fold_problem,
    headline_problem,
)
from saadi_desktop.state.keys import node_keys, passage_keys, quote, stand_in
from saadi_desktop.state.memory import BookText
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

Node = store.SummaryRow


def rejudged_tree(db: BookDB, book: BookText, prose: Mapping[int, str]) -> list[tuple[int, Node]]:
    """(row id, node) of every node the current rules now write otherwise, lowest level first.
    ``prose``: an earlier version's summaries the fold rules replace (row id → stand-in)."""
    text = db.text()
    spans = {c.seq: (c.start, c.end) for c in store.indexed_chunks(db)}
    said = {row.chunk_seq: first_sentence(answer.headline(row.raw)) for row in store.answers(db)}
    common = common_words(text)
    done: list[tuple[int, Node]] = []
    for node_id, node in store.fold_nodes(db, passages=True):
        seq = node.first_chunk
        if seq not in spans:
            continue
        keys = tuple(passage_keys(text, spans[seq]))
        words, form = node.text, node.form
        if seq in said:  # an answer of this version: its headline judged again
            present = book.known_names([seq], seq)
            problem = headline_problem(said[seq], book.texts[seq], book.name_tokens, present,
                                       common)  # fmt: skip
            words, form = (said[seq], "headline") if not problem else ("", "extract")
        if form == "extract":
            words = stand_in(text, spans[seq], keys)
        done.append((node_id, replace(node, text=words, form=form, key_spans=keys)))
    for node_id, node in store.fold_nodes(db):
        children = _children(node, [n for _, n in done])
        span = (spans[node.first_chunk][0], spans[node.last_chunk][1])
        keys = tuple(node_keys(text, span, node.level, [c.key_spans for c in children]))
        words, form = prose.get(node_id, node.text), node.form
        if len(children) == 1 and form != "prose":  # a single unit carried up: its own node
            words, form = children[0].text, children[0].form
        elif form == "headline" and _refused(node, children, text, book, common):
            form = "list"  # the fold's answer, judged again, no longer stands
        if form == "list" and len(children) > 1:
            words = as_list([f"“{c.text}”" if c.form == "extract" else c.text for c in children])
        done.append((node_id, replace(node, text=words, form=form, key_spans=keys)))
    before = {i: n for i, n in store.fold_nodes(db, passages=True) + store.fold_nodes(db)}
    return [(i, n) for i, n in done if n != before[i]]


def _refused(node: Node, children: Sequence[Node], text: str, book: BookText,
             common: frozenset[str]) -> bool:  # fmt: skip
    """Whether the fold rules refuse a stored fold headline over its children as they are."""
    seqs = [seq for seq in book.texts if node.first_chunk <= seq <= node.last_chunk]
    return bool(
        fold_problem(
            node.text,
            ["" if c.form == "extract" else c.text for c in children],
            [[quote(text, span) for span in c.key_spans] for c in children],
            book.name_tokens,
            book.known_names(seqs, node.learned_at),
            common,
        )
    )


def _children(node: Node, below: Sequence[Node]) -> list[Node]:
    """The nodes a fold was made of: the highest nodes below it inside its span (one level
    down, or lower where a finishing fold carried a unit up)."""
    inside = [
        n for n in below
        if n.level < node.level and node.first_chunk <= n.first_chunk <= n.last_chunk
        <= node.last_chunk
    ]  # fmt: skip
    highest = [
        n for n in inside
        if not any(m.level > n.level and m.first_chunk <= n.first_chunk <= m.last_chunk
                   for m in inside)
    ]  # fmt: skip
    return sorted(highest, key=lambda n: n.first_chunk)
