"""The ceiling of the memory channel: the fused search with a memory built from the alias gold
itself. Each gold character is a record (its canonical name and its gold aliases, all known from
the first passage), linked to every passage that contains one of those names as written; with
``notes``, the record also carries the notes of the index's record that holds most of its
aliases. Text and summary channels are the book DB's own; scoring is `channels.py`'s. Prints,
per question, the rank of its last evidence passage under each channel set, then hit@10 overall
and on the alias category.

    python docs/results/channels/gold_memory.py BOOK.saadi.db QUESTIONS ALIASES bm25|dense [notes]
"""

import dataclasses
import json
import re
import sys
from pathlib import Path

from channels import channel_ranks

from saadi_desktop.cli.bench import _questions
from saadi_desktop.eval.aliases import _fold
from saadi_desktop.residuals import ensure_residuals
from saadi_desktop.search import embed_book, load_vectors
from saadi_desktop.search.corpus import Field, load_corpus
from saadi_desktop.search.embed import MiniLMEmbedder
from saadi_desktop.search.engine import Searcher
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store
from saadi_desktop.store.bookdb import content_hash

book, questions_path, gold_path, retriever = sys.argv[1:5]
with_notes = sys.argv[5:] == ["notes"]
gold = json.loads(Path(gold_path).read_text(encoding="utf-8"))["characters"]
embedder = MiniLMEmbedder() if retriever == "dense" else None
with BookDB.open(Path(book)) as db:
    ensure_residuals(db)
    questions = _questions(Path(questions_path), db)
    corpus = load_corpus(db)
    records = list(store.records(db))
    if embedder is not None:
        embed_book(db, embedder, corpus=corpus)
        vectors = load_vectors(db, embedder.model_id)

texts = {c.seq: corpus.text[c.start : c.end] for c in corpus.chunks}
fields: list[Field] = []
links: list[tuple[int, int, int]] = []
names: dict[int, str] = {}
for number, character in enumerate(gold):
    entity = 100_000 + number
    forms = list(dict.fromkeys([character["canonical"], *character["aliases"]]))
    names[entity] = forms[0]
    fields.append(Field(entity, "name", forms[0], 0))
    fields += [Field(entity, "alias", a, 0) for a in forms[1:]]
    if with_notes:
        wanted = {_fold(a) for a in forms}
        held = [(len(wanted & {_fold(n) for n in (r.name, *r.aliases)}), r) for r in records]
        count, best = max(held, key=lambda pair: pair[0])
        if count:
            fields += [Field(entity, "description", d, 0) for d in best.descriptions]
    patterns = [re.compile(rf"(?<![\w’']){re.escape(a)}(?!\w)") for a in forms]
    links += [(seq, entity, 0) for seq, t in texts.items() if any(p.search(t) for p in patterns)]

corpus = dataclasses.replace(corpus, fields=fields, links=links, entity_names=names, merged_at={})
if embedder is not None:
    new = [f.text for f in fields if content_hash(f.text) not in vectors]
    for text, vector in zip(new, embedder.embed(new) if new else [], strict=True):
        vectors[content_hash(text)] = vector[None, :]
    searcher = Searcher(corpus, embedder, vectors)
else:
    searcher = Searcher(corpus)

scores, ranks = channel_ranks(searcher, questions, retriever)
for question, rank in zip(questions, ranks, strict=True):
    print(question.id, question.category[:5], " ".join(f"{n} {r}" for n, r in rank.items()))
print(
    "gold memory" + (" + the index's notes" if with_notes else ""),
    retriever,
    f"({len(links)} links) hit@10:",
    {n: s["hit@10"] for n, s in scores.items()},
    "alias category:",
    {n: s["by_category"]["alias"]["hit@10"] for n, s in scores.items()},
)
