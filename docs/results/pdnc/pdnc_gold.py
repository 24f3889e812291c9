"""A PDNC character list as an alias gold of ../shared/eval/dev/'s form.

    python docs/results/pdnc/pdnc_gold.py character_info.csv BOOK.epub > NAME.aliases.json

PDNC (Priya22/project-dialogism-novel-corpus, data/<Novel>/character_info.csv) gives each
character's main name, a Python set of aliases, a gender and a category; the gold keeps them as
they are, aliases sorted. The project has no licence to pass its lists on, so the golds made with
this script stay outside the repository; docs/results.md reports what they measure.
"""

from __future__ import annotations

import ast
import csv
import json
import sys


def main(csv_path: str, book: str) -> int:
    with open(csv_path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    characters = [
        {
            "canonical": row["Main Name"],
            "aliases": sorted(ast.literal_eval(row["Aliases"])),
            "category": row["Category"],
            "gender": row["Gender"],
        }
        for row in rows
    ]
    json.dump({"book": book, "source": f"PDNC {csv_path}", "characters": characters},
              sys.stdout, indent=1, ensure_ascii=False)  # fmt: skip
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:3]))
