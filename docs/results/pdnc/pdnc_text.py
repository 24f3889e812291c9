"""A PDNC novel's text as a plain-text book the app imports.

    python docs/results/pdnc/pdnc_text.py novel_text.txt NAME.txt && saadi import NAME.txt

PDNC (Priya22/project-dialogism-novel-corpus, data/<Novel>/novel_text.txt) keeps each novel
as ASCII: every apostrophe, dash and accented letter became a space ("Holmes s", "don t",
"L once"). The apostrophe is put back before the endings it cuts off ("Holmes’s", "don’t"),
so a possessive ends a name as it does in the book; dashes and accents stay lost (The
Awakening's "Léonce" is "L once"). Like the character lists, the texts stay outside the
repository (PDNC has no licence to pass them on).
"""

from __future__ import annotations

import re
import sys

_CUT = re.compile(r"\b([A-Za-z]+) (s|t|ll|re|ve|d|m)\b(?=[\s,.;:!?\"-])")


def main(source: str, target: str) -> int:
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(_CUT.sub(lambda m: f"{m.group(1)}’{m.group(2)}", text))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:3]))
