"""Plain-text import: encoding, Project Gutenberg boilerplate, paragraphs and headings.

A plain-text book is a run of blank-line separated blocks. Chapter and part headings are found
by their shape ("CHAPTER I", "Chapter 1", "PART II", "ADVENTURE I. A SCANDAL IN BOHEMIA",
"VII. THE BLUE CARBUNCLE"); a table of contents is told from real headings by the text that
follows them; everything before the first heading is front matter.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

from saadi_desktop.books.model import Book, BookFormatError, CanonicalText, Matter

SOURCE_FORMAT = "txt"

Block = list[str]  # the lines of one paragraph, right-stripped, indentation kept

_NUMBER = (
    r"(?:[IVXLC]+|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last)"
)
# (kind, pattern) tried in order against a whole stripped line.
_HEADINGS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("part", re.compile(rf"(?:part|book|volume)\s+(?:the\s+)?{_NUMBER}\b[.:]?(?P<rest>.*)", re.I)),
    ("chapter", re.compile(rf"(?:chapter|adventure)\s+(?:the\s+)?{_NUMBER}\b[.:]?(?P<rest>.*)", re.I)),
    ("chapter", re.compile(r"[IVXLC]+\.\s+[^a-z]*[A-Z][^a-z]*")),  # roman numeral + title in caps
    ("closing", re.compile(r"(?:prologue|epilogue)\b[.:]?(?P<rest>.*)", re.I)),
    ("numeral", re.compile(r"(?P<number>[IVXLC]+|\d+)\.?")),
    ("front", re.compile(
        r"(?:(?:the\s+)?(?:translator|author|editor)[’']s\s+)?"
        r"(?:preface|introduction|foreword|(?:table\s+of\s+)?contents)\b(?P<rest>.*)", re.I)),
)  # fmt: skip
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
# A table of contents is a run of headings with fewer words than this between them.
_CONTENTS_GAP_WORDS = 40

_START = re.compile(
    r"^[ \t]*(?:\*{3}[ \t]*START OF (?:THE|THIS) PROJECT GUTENBERG[^\n]*|\*END\*THE SMALL PRINT[^\n]*)",
    re.I | re.M,
)
_END = re.compile(r"^[ \t]*(?:\*{3}[ \t]*)?END OF (?:THE |THIS )?PROJECT GUTENBERG", re.I | re.M)
_CREDITS = re.compile(
    r"(?:produced|prepared|transcribed|digiti[sz]ed|e-?text prepared|this e-?(?:text|book) was)\b",
    re.I,
)
_ILLUSTRATION = re.compile(r"\[Illustration[^\]]{0,500}\]", re.I)
_BLANK_LINES = re.compile(r"\n(?:[ \t\f\v]*\n)+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_LANGUAGES = {"english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it",
              "portuguese": "pt", "dutch": "nl", "russian": "ru", "latin": "la", "finnish": "fi",
              "swedish": "sv", "danish": "da", "norwegian": "no", "chinese": "zh"}  # fmt: skip


@dataclass
class _Heading:
    kind: str  # part, chapter, closing (prologue/epilogue), numeral, front
    text: str  # the heading paragraph as the book prints it
    span: int  # blocks it occupies: 2 when a title line follows a bare "CHAPTER I"
    number: int | None = None  # the value of a bare numeral heading ("II.")
    level: int = 1

    @property
    def title(self) -> str:
        return ". ".join(line.rstrip(" .:") for line in self.text.split("\n"))


def read_text(path: Path) -> Book:
    """Import a plain-text book; every failure is a :class:`BookFormatError` naming the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise BookFormatError(path, f"cannot be read ({error.strerror})") from None
    text = _decode(path, raw).replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    header, body, marked = _strip_gutenberg(text)
    blocks = _blocks(_ILLUSTRATION.sub("", body))
    if marked:  # "Produced by …" credits sit right after the start marker
        blocks = [b for i, b in enumerate(blocks) if i >= 3 or not _CREDITS.match(b[0].strip())]
    title = _header_field(header, "Title") or path.stem
    canonical = _assemble(blocks, _find_headings(blocks), title)
    language = _header_field(header, "Language").casefold()
    book = canonical.build(
        title=title,
        author=_header_field(header, "Author"),
        language=_LANGUAGES.get(language.split(" ")[0] if language else "", "und"),
        source_format=SOURCE_FORMAT,
    )
    if not book.text:
        raise BookFormatError(path, "contains no text")
    return book


def _decode(path: Path, raw: bytes) -> str:
    """UTF-16 with a BOM, else UTF-8, else cp1252/Latin-1 when the result looks like prose.

    Latin-1 decodes any byte string, so random bytes are refused by their share of control
    characters and non-ASCII letters rather than by a decoding error.
    """
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = [("utf-16", False)]
    elif b"\x00" in raw:  # UTF-16 without a BOM, or binary: never a plain-text book
        candidates = []
    else:
        candidates = [("utf-8-sig", False), ("cp1252", True), ("latin-1", True)]
    for encoding, eight_bit in candidates:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        if _looks_like_text(text, eight_bit=eight_bit):
            return text
        break  # a later 8-bit code page would decode the same bytes into the same garbage
    raise BookFormatError(path, "not readable text: undecodable bytes / unknown encoding")


def _looks_like_text(text: str, *, eight_bit: bool) -> bool:
    """Almost no control characters; in an 8-bit code page, mostly ASCII (a Latin-1 novel has
    a few per cent accented letters, random bytes or Cyrillic read as Latin-1 have half)."""
    if len(_CONTROL.findall(text)) > len(text) // 1000:
        return False
    non_ascii = len(text) - len(text.encode("ascii", "ignore"))
    return not eight_bit or non_ascii <= len(text) * 0.3


def _strip_gutenberg(text: str) -> tuple[str, str, bool]:
    """Split into (header, body, had start marker): the body lies between the last "START OF
    THE PROJECT GUTENBERG" line before the end marker and the first "END OF …" line."""
    end = _END.search(text)
    limit = end.start() if end else len(text)
    starts = [m for m in _START.finditer(text, 0, limit) if m.end() <= limit]
    if not starts:
        return "", text[:limit], False
    start = starts[-1]
    body_start = start.end()
    if not start.group().rstrip().endswith("*"):  # a long title wraps the marker onto a 2nd line
        next_line = text.find("\n", body_start + 1)
        if next_line != -1 and text[body_start:next_line].rstrip().endswith("***"):
            body_start = next_line
    return text[: start.start()], text[body_start:limit], True


def _header_field(header: str, name: str) -> str:
    """A "Name: value" line of the Gutenberg header, with its indented continuation lines."""
    match = re.search(rf"^{name}:[ \t]*(\S.*(?:\n[ \t]+\S.*)*)", header, re.M)
    return " ".join(match.group(1).split()) if match else ""


def _blocks(body: str) -> list[Block]:
    """Blank-line separated blocks, each a list of its non-empty lines."""
    blocks: list[Block] = []
    for chunk in _BLANK_LINES.split(body):
        lines = [line.rstrip() for line in chunk.split("\n") if line.strip()]
        if lines:
            blocks.append(lines)
    return blocks


def _join_lines(block: Block) -> str:
    """One paragraph from a block: wrapped prose joined with spaces; verse, letters and lists
    (every line indented, or every line short) keep their line breaks."""
    lines = [line.strip() for line in block]
    if len(block) > 1 and (
        all(line.startswith("  ") for line in block) or max(map(len, lines[:-1])) <= 45
    ):
        return "\n".join(lines)
    parts = [lines[0]]
    for line in lines[1:]:
        # "Rome--no": a dash at the end of a wrapped line has no space after it in the book
        parts.append(line if parts[-1].endswith(("--", "—")) else " " + line)
    return "".join(parts)


def _match_heading(line: str) -> tuple[str, int | None] | None:
    """The kind of heading ``line`` is (and the value of a bare numeral), or None."""
    if len(line) > 100 or not (line[:1].isupper() or line[:1].isdigit()):
        return None
    for kind, pattern in _HEADINGS:
        match = pattern.fullmatch(line)
        if match is None:
            continue
        rest = (match.groupdict().get("rest") or "").strip()
        # "Chapter 3 was over, and…" is a sentence, not a heading with a title
        if rest and (len(rest) > 80 or rest[0].islower() or rest[-1] in ",;"):
            return None
        number = match.groupdict().get("number")
        return kind, _numeral_value(number) if number else None
    return None


def _numeral_value(numeral: str) -> int:
    """The value of an arabic or roman numeral ("XIV" → 14)."""
    if numeral.isdigit():
        return int(numeral)
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def _is_title_line(line: str) -> bool:
    """A short title-cased line without sentence punctuation ("Down the Rabbit-Hole")."""
    if not line or len(line) > 60 or not line[0].isupper() or line[-1] in ".,;:\"”’'":
        return False
    words = [word for word in line.split() if len(word) > 3]
    return _match_heading(line) is None and sum(w[0].isupper() for w in words) >= 0.6 * len(words)


def _candidate(blocks: list[Block], index: int) -> _Heading | None:
    """The heading starting at ``blocks[index]``, taking in a title line after a bare one."""
    lines = [line.strip() for line in blocks[index]]
    found = _match_heading(lines[0]) if len(lines) <= 2 else None
    if found is None:
        return None
    kind, number = found
    bare = kind in ("part", "chapter") and _match_heading(lines[0].rstrip(" .:")) is not None
    bare = bare and re.fullmatch(rf"\w+\s+{_NUMBER}[.:]?", lines[0], re.I) is not None
    if len(lines) == 2:
        return _Heading(kind, "\n".join(lines), 1) if bare and _is_title_line(lines[1]) else None
    follower = blocks[index + 1] if index + 1 < len(blocks) else []
    if bare and len(follower) == 1 and _is_title_line(follower[0].strip()):
        return _Heading(kind, f"{lines[0]}\n{follower[0].strip()}", 2)
    return _Heading(kind, lines[0], 1, number)


def _find_headings(blocks: list[Block]) -> dict[int, _Heading]:
    """Real headings by block index, with their levels: contents lists, stray numerals and
    late prefaces are dropped; a book with no chapter headings at all gets none."""
    candidates: dict[int, _Heading] = {}
    index = 0
    while index < len(blocks):
        heading = _candidate(blocks, index)
        if heading is not None:
            candidates[index] = heading
        index += heading.span if heading else 1
    order = sorted(candidates)
    gaps = {
        at: sum(len(line.split()) for block in blocks[at + candidates[at].span : nxt] for line in block)
        for at, nxt in zip(order, [*order[1:], len(blocks)], strict=True)
    }  # fmt: skip
    _drop_contents(candidates, gaps)
    _drop_strays(candidates, gaps)
    _assign_levels(candidates)
    return candidates


def _drop_contents(candidates: dict[int, _Heading], gaps: dict[int, int]) -> None:
    """A run of three or more headings with almost no text between them, where a kind repeats
    (CHAPTER I, CHAPTER II, …), is a table of contents. Its last entry is the real first
    heading when the contents list runs straight into the text, unless it recurs later."""
    run: list[int] = []
    for at in [*sorted(candidates), None]:
        if at is not None:
            run.append(at)
            if gaps[at] < _CONTENTS_GAP_WORDS:
                continue
        kinds = [candidates[i].kind for i in run]
        if len(run) >= 3 and len(set(kinds)) < len(kinds):
            later = {_key(h.text) for i, h in candidates.items() if i > run[-1]}
            for i in run[:-1] if _key(candidates[run[-1]].text) not in later else run:
                del candidates[i]
        run = []


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _drop_strays(candidates: dict[int, _Heading], gaps: dict[int, int]) -> None:
    """Keep a bare numeral ("II.") only as the next sub-part under a real heading, and a
    preface or contents heading only before the first chapter; no chapters, no headings."""
    expected: int | None = None  # the numeral the next sub-part must carry
    body_started = False
    for at in sorted(candidates):
        heading = candidates[at]
        if heading.kind == "numeral":
            if heading.number != expected or gaps[at] < _CONTENTS_GAP_WORDS:
                del candidates[at]
            elif expected is not None:
                expected += 1
        elif heading.kind == "front":
            if body_started:
                del candidates[at]
        else:
            body_started, expected = True, 1
    if not body_started:
        candidates.clear()


def _assign_levels(candidates: dict[int, _Heading]) -> None:
    """Parts, prologues, epilogues and front matter are level 1; chapters are level 2 in a book
    with parts, else 1; a numbered sub-part is one below the heading it follows."""
    has_parts = any(h.kind == "part" for h in candidates.values())
    parent_level = 1
    for at in sorted(candidates):
        heading = candidates[at]
        if heading.kind == "numeral":
            heading.level = parent_level + 1
            continue
        heading.level = 2 if heading.kind == "chapter" and has_parts else 1
        parent_level = heading.level


def _assemble(blocks: list[Block], headings: dict[int, _Heading], title: str) -> CanonicalText:
    """Paragraphs and sections in reading order. Text before the first heading is front matter;
    a book without headings is one section named after the book."""
    canonical = CanonicalText()
    if headings:
        canonical.open_section("Front matter", 1, matter="front")
    else:
        canonical.open_section(title, 1)
    index = 0
    while index < len(blocks):
        heading = headings.get(index)
        if heading is None:
            canonical.add_paragraph(_join_lines(blocks[index]))
            index += 1
            continue
        matter: Matter = "front" if heading.kind == "front" else "body"
        canonical.open_section(heading.title, heading.level, matter=matter)
        canonical.add_paragraph(heading.text)
        index += heading.span
    return canonical
