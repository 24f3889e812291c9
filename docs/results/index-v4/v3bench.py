# The "before" figure: prompt v3 (commit 404cece), the first N passages of a fresh copy.
import json
import statistics
import sys
import tempfile
from pathlib import Path

from saadi_desktop.library import import_book
from saadi_desktop.llm import open_llm
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

source, n = Path(sys.argv[1]), int(sys.argv[2])
llm = open_llm("")
with tempfile.TemporaryDirectory() as lib:
    info = import_book(source, library=Path(lib)).info
    with BookDB.open(info.path) as db:
        r = build_state(db, llm, limit=n)
        recs = [(x.name, sorted(x.aliases), list(x.descriptions)) for x in store.records(db)]
ups = [c for c in r.call_log if c.kind == "update"]
print(
    json.dumps(
        {
            "prompt": "v3",
            "chunks": r.chunks_done,
            "calls": r.calls,
            "seconds": round(r.seconds, 1),
            "update_s_mean": round(statistics.mean(c.ms for c in ups) / 1000, 2),
            "generated_tokens_per_update": round(
                statistics.mean(c.generated_tokens for c in ups), 1
            ),
            "new_prompt_tokens_per_update": round(statistics.mean(c.prompt_tokens for c in ups), 1),
            "fold_s_mean": round(
                statistics.mean([c.ms for c in r.call_log if c.kind == "fold"] or [0]) / 1000, 2
            ),
            "records": recs,
        }
    )
)
