"""Fold retry experiment: on a finished index, redo sampled level-1 folds; when the first answer
copies an earlier summary, retry in the same conversation (the first prompt, the copied answer,
then a correction), so that the KV cache serves the whole prompt; report whether the retry
passes the same checks and what it cost. Run: python fold_retry_experiment.py BOOK.saadi.db 12"""

import json
import sys
from pathlib import Path

from saadi_desktop.llm import open_llm
from saadi_desktop.state import builder as B
from saadi_desktop.state import prompts
from saadi_desktop.state.answer import MalformedOutput
from saadi_desktop.state.history import Unit, frontier_after, push
from saadi_desktop.state.summaries import unsupported_names
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

db = BookDB.open(Path(sys.argv[1]))
take = int(sys.argv[2])
start = int(sys.argv[3]) if len(sys.argv) > 3 else 20
llm = open_llm()
f = store.builder_row(db).fold_f
loop = B._Loop(db, llm, f, lambda p: None, lambda: False)
n = len(loop.book.chunks)
due = []
for index in range(n):
    fr = frontier_after(index, f)
    for fold in push(fr, Unit(0, index, index), f):
        if fold.level == 1 and index >= start:
            due.append(index)
step = max(1, len(due) // take)
picked = due[::step][:take]
out = []


def check(text, others, covered, folded):
    try:
        s = B._not_a_copy(B._parse_summary(text), others)
    except MalformedOutput as e:
        return "copy" if e.args[0] == B.COPIED else "malformed"
    absent = unsupported_names(s, [*covered, *folded], loop.name_words)
    return "names " + ",".join(absent) if absent else "ok"


for index in picked:
    fr = frontier_after(index, f)
    for fold in push(fr, Unit(0, index, index), f):
        if fold.level != 1:
            continue
        history, passages = loop.book.context(fr)
        unit = fold.unit
        own = [h for h in history if unit.first < h.first <= unit.last + 1]
        others = [h for h in history if h not in own]
        covered = [loop.book.texts[i] for i in range(unit.first, unit.last + 1)]
        folded = [h.text for h in own]
        first = prompts.fold_messages(
            history, passages, unit.first + 1, unit.last + 1, of_summaries=False
        )
        c1 = llm.complete(first, schema=prompts.FOLD_SCHEMA, max_tokens=prompts.FOLD_MAX_TOKENS)
        v1 = check(c1.text, [h.text for h in others], covered, folded)
        row = {
            "index": index,
            "first": unit.first + 1,
            "last": unit.last + 1,
            "v1": v1,
            "ms1": round(c1.ms),
            "eval1": c1.prompt_tokens,
        }
        if v1 == "copy":
            mine = B._shingles(B._parse_summary(c1.text))
            copied = max(others, key=lambda h: len(mine & B._shingles(h.text)))
            correction = (
                f"That repeats the summary of passages {copied.first}–{copied.last} from "
                f"STORY SO FAR. Passages {unit.first + 1}–{unit.last + 1} come after it: write "
                "a new summary of only those passages, in 3 to 5 sentences — who does what in "
                "them, where, and why it matters. "
                'Answer as {"summary": "..."}.'
            )
            retry = [
                *first,
                {"role": "assistant", "content": c1.text},
                {"role": "user", "content": correction},
            ]
            cA = llm.complete(retry, schema=prompts.FOLD_SCHEMA, max_tokens=prompts.FOLD_MAX_TOKENS)
            row.update(
                vA=check(cA.text, [h.text for h in others], covered, folded),
                msA=round(cA.ms),
                evalA=cA.prompt_tokens,
                cachedA=cA.cached_tokens,
                textA=B._parse_summary(cA.text)[:300],
            )
        out.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)
