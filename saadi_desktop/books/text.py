"""Plain-text import: encoding, Project Gutenberg boilerplate, paragraphs and headings.

A plain-text book is a run of blank-line separated blocks. Chapter and part headings are found
by their shape ("CHAPTER I", "Chapter 1", "PART II", "ADVENTURE I. A SCANDAL IN BOHEMIA",
"VII. THE BLUE CARBUNCLE"); a table of contents is told from real headings by the text that
follows them; everything before the first heading is front matter.
"""

from __future__ import annotations

import codecs
import re
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from saadi_desktop.books.model import LANGUAGES, Book, BookFormatError, CanonicalText, Matter

SOURCE_FORMAT = "txt"

Block = list[str]  # the lines of one paragraph, right-stripped, indentation kept

_NUMBER = (
    r"(?:[IVXLC]+|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last)"
)
_APOSTROPHE = "['\u2019]"
# (kind, pattern) tried in order against a whole stripped line; "rest" is the title part.
_HEADINGS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.I))
    for kind, pattern in (
        ("part", rf"(?:part|book|volume)\s+(?:the\s+)?{_NUMBER}\b[.:]?(?P<rest>.*)"),
        ("chapter", rf"(?:chapter|adventure)\s+(?:the\s+)?{_NUMBER}\b[.:]?(?P<rest>.*)"),
        ("chapter", r"(?-i:[IVXLC]+\.\s+(?P<rest>[^a-z]*[A-Z][^a-z]*))"),  # "VII. THE END"
        ("closing", r"(?:prologue|epilogue)\b[.:]?(?P<rest>.*)"),
        ("numeral", r"(?P<number>[IVXLC]+|\d+)\.?"),
        ("front", rf"(?:(?:the\s+)?(?:translator|author|editor){_APOSTROPHE}s\s+)?"
                  r"(?:preface|introduction|foreword|(?:table\s+of\s+)?contents)\b(?P<rest>.*)"),
    )
)  # fmt: skip
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
# A table of contents is a run of headings with fewer words than this between them.
_CONTENTS_GAP_WORDS = 40

# The start line, and the next line too when a long title wraps the marker's closing "***".
_START = re.compile(
    r"^[ \t]*(?:\*{3}[ \t]*START OF (?:THE|THIS) PROJECT GUTENBERG"
    r"(?:[^\n]*\*{3}|[^\n]*\n[^\n]*\*{3})?|\*END\*THE SMALL PRINT)[^\n]*",
    re.I | re.M,
)
_END = re.compile(r"^[ \t]*(?:\*{3}[ \t]*)?END OF (?:THE |THIS )?PROJECT GUTENBERG", re.I | re.M)
_CREDITS = re.compile(
    r"(?:produced|prepared|transcribed|digiti[sz]ed|scanned|proofread)\s+(?:by|from)\b"
    r"|e-?text prepared|this e-?(?:text|book) was (?:produced|prepared)",
    re.I,
)
_ILLUSTRATION = re.compile(r"\[Illustration[^\]]{0,500}\]", re.I)
_BLANK_LINES = re.compile(r"\n(?:[ \t\f\v]*\n)+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


@dataclass
class _Heading:
    """A heading found in the text, before it becomes a section."""

    kind: str  # part, chapter, closing (prologue/epilogue), numeral, front
    text: str  # the heading paragraph as the book prints it
    span: int  # blocks it occupies: 2 when a title line follows a bare "CHAPTER I"
    number: int | None = None  # the value of a bare numeral heading ("II.")
    level: int = 1

    @property
    def title(self) -> str:
        """The section title: "CHAPTER I" and its title line become "CHAPTER I. Down …"."""
        return ". ".join(line.rstrip(" .:") for line in self.text.split("\n"))


def read_text(path: Path) -> Book:
    """Import a plain-text book; every failure is a :class:`BookFormatError` naming the file."""
    path = Path(path)
    try:
        raw = path.read_bytes().rstrip(b"\x1a")  # DOS end-of-file mark: not a control char
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
        language=LANGUAGES.get(next(iter(language.split()), ""), "und"),
        source_format=SOURCE_FORMAT,
    )
    if not book.text:
        raise BookFormatError(path, "contains no text")
    return book


def _decode(path: Path, raw: bytes) -> str:
    """Unicode (UTF-8, or UTF-16 with a BOM), else cp1252/Latin-1 when the result looks like
    prose. Latin-1 decodes any byte string, so random bytes are refused by their share of
    control characters and non-ASCII letters rather than by a decoding error."""
    text = _decode_unicode(raw)
    if text is not None:
        if _looks_like_text(text, eight_bit=False):
            return text
    elif b"\x00" not in raw:  # NUL bytes: UTF-16 without a BOM, or binary; never 8-bit text
        try:
            text = raw.decode("cp1252")
        except UnicodeDecodeError:  # five bytes cp1252 leaves undefined
            text = raw.decode("latin-1")
        if _looks_like_text(text, eight_bit=True):
            return text
    raise BookFormatError(path, "not readable text: undecodable bytes / unknown encoding")


def _decode_unicode(raw: bytes) -> str | None:
    """UTF-16 with a BOM, or UTF-8 with or without one; None when the bytes are neither.

    A few bad bytes in a file that is plainly UTF-8 elsewhere (a pasted Latin-1 line) become
    U+FFFD rather than turning every curly quote of the book into cp1252 mojibake."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        with suppress(UnicodeDecodeError):
            return raw.decode("utf-16")
    if b"\x00" in raw:
        return None
    text = raw.decode("utf-8-sig", errors="replace")
    errors = text.count("\ufffd")
    multibyte = len(text) - len(text.encode("ascii", "ignore")) - errors
    return text if errors == 0 or multibyte > 10 * errors else None


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
    starts = list(_START.finditer(text, 0, limit))
    if not starts:
        return "", text[:limit], False
    return text[: starts[-1].start()], text[starts[-1].end() : limit], True


def _header_field(header: str, name: str) -> str:
    """A "Name: value" line of the Gutenberg header, with its indented continuation lines."""
    match = re.search(rf"^{name}:[ \t]*(\S.*(?:\n[ \t]+\S.*)*)", header, re.M)
    return " ".join(match.group(1).split()) if match else ""


def _blocks(body: str) -> list[Block]:
    """Blank-line separated blocks, each a list of its non-empty lines."""
    chunks = _BLANK_LINES.split(body)
    blocks = ([line.rstrip() for line in chunk.split("\n") if line.strip()] for chunk in chunks)
    return [lines for lines in blocks if lines]


def _join_lines(block: Block) -> str:
    """One paragraph from a block: wrapped prose joined with spaces; verse, letters and lists
    (every line indented, or every line short) keep their line breaks."""
    lines = [line.strip() for line in block]
    if len(block) > 1 and (
        all(line.startswith(("  ", "\t")) for line in block) or max(map(len, lines[:-1])) <= 45
    ):
        return "\n".join(lines)
    parts = [lines[0]]
    for line in lines[1:]:
        # "Rome--no": a dash at the end of a wrapped line has no space after it in the book
        parts.append(line if parts[-1].endswith(("--", "—")) else " " + line)
    return "".join(parts)


def _match_heading(line: str) -> tuple[str, str, int | None] | None:
    """(kind, title part, value of a bare numeral) of the heading ``line`` is, or None."""
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
        return kind, rest, _numeral_value(number) if number else None
    return None


def _numeral_value(numeral: str) -> int:
    """The value of an arabic or roman numeral ("XIV" → 14)."""
    if numeral.isdigit():
        return int(numeral)
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def _is_title_line(line: str) -> bool:
    """A short title-cased line without sentence punctuation ("Down the Rabbit-Hole")."""
    if not line or len(line) > 60 or not line[0].isupper() or line[-1] in ".,;:\"'\u201d\u2019":
        return False
    words = [word for word in line.split() if len(word) > 3]
    return _match_heading(line) is None and sum(w[0].isupper() for w in words) >= 0.6 * len(words)


def _candidate(blocks: list[Block], index: int) -> _Heading | None:
    """The heading starting at ``blocks[index]``, taking in a title line after a bare one."""
    lines = [line.strip() for line in blocks[index]]
    found = _match_heading(lines[0]) if len(lines) <= 2 else None
    if found is None:
        return None
    kind, rest, number = found
    bare = kind in ("part", "chapter") and not rest  # "CHAPTER I": a title line may follow
    if len(lines) == 2:
        return _Heading(kind, "\n".join(lines), 1) if bare and _is_title_line(lines[1]) else None
    follower = [line.strip() for line in blocks[index + 1]] if index + 1 < len(blocks) else []
    if bare and len(follower) == 1 and _is_title_line(follower[0]):
        return _Heading(kind, f"{lines[0]}\n{follower[0]}", 2)
    return _Heading(kind, lines[0], 1, number)


def _find_headings(blocks: list[Block]) -> dict[int, _Heading]:
    """The real headings by block index, with their levels."""
    candidates: dict[int, _Heading] = {}
    index = 0
    while index < len(blocks):
        heading = _candidate(blocks, index)
        if heading is not None:
            candidates[index] = heading
        index += heading.span if heading else 1
    order = sorted(candidates)
    if not order:
        return candidates
    gaps = {
        at: sum(
            len(line.split()) for block in blocks[at + candidates[at].span : nxt] for line in block
        )
        for at, nxt in zip(order, [*order[1:], len(blocks)], strict=True)
    }
    _drop_contents(candidates, gaps)
    _settle(candidates, gaps)
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
            later = {h.title.casefold() for i, h in candidates.items() if i > run[-1]}
            for i in run[:-1] if candidates[run[-1]].title.casefold() not in later else run:
                if candidates[i].kind != "front":  # "CONTENTS" itself stays a heading
                    del candidates[i]
        run = []


def _settle(candidates: dict[int, _Heading], gaps: dict[int, int]) -> None:
    """Drop stray headings and give levels. Parts, prologues, epilogues and front matter are
    level 1; chapters are level 2 in a book with parts, else 1; a bare numeral ("II.") is kept
    only as the next sub-part of a real heading, one level below it; a preface or contents
    heading only before the first chapter. A book without chapters or parts gets no headings."""
    has_parts = any(h.kind == "part" for h in candidates.values())
    expected: int | None = None  # the numeral the next sub-part must carry
    parent_level = 0  # 0 until the first part or chapter
    for at in sorted(candidates):
        heading = candidates[at]
        if heading.kind == "numeral":
            if heading.number != expected or gaps[at] < _CONTENTS_GAP_WORDS:
                del candidates[at]
            else:
                heading.level, expected = parent_level + 1, (heading.number or 0) + 1
        elif heading.kind == "front":
            if parent_level:
                del candidates[at]
        else:
            heading.level = 2 if heading.kind == "chapter" and has_parts else 1
            parent_level, expected = heading.level, 1
    if not parent_level:
        candidates.clear()


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
