"""PDF import with pypdf: positioned lines → paragraphs → canonical text with sections.

pypdf gives text fragments with their positions. Lines become paragraphs by layout (indented
first lines, vertical gaps, short last lines, font-size changes); page numbers and running heads
are dropped, line-end hyphens are joined, and the Project Gutenberg licence is cut off. Sections
come from the PDF outline, or else from "Chapter 1" / "PART ONE" headings in the text.
"""

from __future__ import annotations

import io
import itertools
import logging
import re
import unicodedata
import warnings
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PageObject, PasswordType, PdfReader
from pypdf.errors import DependencyError

from saadi_desktop.books.model import Book, BookFormatError, CanonicalText, Matter

_LIGATURES = re.compile("[\ufb00-\ufb06]")  # ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ
# control characters come from math fonts that lack a ToUnicode map
_CONTROL = dict.fromkeys([*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F])
# TeX sets an accent as its own glyph before the letter; a backquote counts only inside a word
_ACCENTS = {"ˆ": "\u0302", "˜": "\u0303", "¨": "\u0308", "´": "\u0301", "`": "\u0300"}
_SPACING_ACCENT = re.compile(r"([ˆ˜¨´]|(?<=[-\w])`)([a-zA-Zı])")
_ENDS = (".", "!", "?", ":", "\u201d", '"', "\u2019", "'", "\u2014")  # a sentence, a quote, a dash
_BULLETS = ("•", "●", "◦", "▪", "‣")
_PAGE_NUMBER = re.compile(
    r"^[-\u2013\u2014\s]*(?:page\s+)?(?:\d+|[ivxlc]+)(?:\s+of\s+\d+)?[-\u2013\u2014\s]*$", re.I
)
_NUMBER = (
    r"(?:\d+|(?-i:[IVXLC]+)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
)
_HEADING = re.compile(
    rf"^(?P<kind>chapter|part|book|volume|kapitel|teil)\s+{_NUMBER}\b[.:]?(?:\s+\S.*)?$", re.I
)
_PARTS = {"part", "book", "volume", "teil"}
_NUMBERED_TITLE = re.compile(r"^(?:\d|(?-i:[IVXLC]+)\b|chapter|part|book|kapitel|teil)", re.I)
_GUTENBERG_START = re.compile(r"^\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG", re.I)
_GUTENBERG_END = re.compile(r"^(?:\*{3}\s*)?End of (?:the |this )?Project Gutenberg", re.I)
_WORD = re.compile(r"\w+(?:-\w+)*")


@dataclass(frozen=True)
class Line:
    """One text line of a page as pypdf reads it, with where it starts and its font size."""

    page: int
    x: float
    y: float
    size: float
    text: str


@dataclass(frozen=True)
class Layout:
    """The body text's measurements, against which headings and paragraph breaks stand out."""

    size: float  # body font size
    pitch: float  # distance between the baselines of two body lines
    margins: tuple[float, float]  # left margin of even and odd pages
    full_line: int  # characters in a full body line


@dataclass
class Paragraph:
    """A paragraph being assembled from lines; ``page`` is where it starts."""

    page: int
    text: str


@dataclass(frozen=True)
class Anchor:
    """A section starting at paragraph ``index``; ``insert`` when the title is not in the text."""

    index: int
    title: str
    level: int
    matter: Matter = "body"
    insert: bool = False


def read_pdf(path: Path) -> Book:
    """Read a PDF book; every failure is a :class:`BookFormatError` naming what is wrong."""
    path = Path(path)
    with _quiet_pypdf():
        try:
            reader = _open(path)
            pages = _read_lines(reader, path)
            outline = _outline(reader)
            metadata = _metadata_fields(reader)
        except DependencyError as error:  # from wherever pypdf first decrypts something
            raise _missing_package(path, error) from error
    if sum(len(line.text) for page in pages for line in page) < 20 * len(pages):
        raise BookFormatError(path, "has no text layer (a scanned PDF?) — run OCR first")
    layout = _measure(pages)
    lines = [line for page in _drop_page_furniture(pages, layout) for line in page]
    if not lines:
        raise BookFormatError(path, "has no text besides page numbers and running heads")
    paragraphs = _paragraphs(lines, layout, _vocabulary(lines))
    title, author = _title_and_author(metadata, paragraphs, path)
    paragraphs = _strip_gutenberg(paragraphs)
    # an outline of one entry (often just the title) says nothing about the chapters
    use_outline = len(outline) > 1
    anchors = _outline_anchors(outline, paragraphs) if use_outline else _heading_anchors(paragraphs)
    canonical = _assemble(paragraphs, anchors)
    language = _guess_language(paragraphs)
    return canonical.build(title=title, author=author, language=language, source_format="pdf")


@contextmanager
def _quiet_pypdf() -> Iterator[None]:
    """pypdf reports recoverable damage through ``logging`` and ``warnings``; the importer
    judges the result itself, and warnings are errors under the test suite. (Both switches
    are process-wide: a concurrent pypdf user in another thread is silenced meanwhile.)"""
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)


def _open(path: Path) -> PdfReader:
    """Open the PDF, refusing truncated, damaged and password-protected files."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise BookFormatError(path, f"cannot be read ({error.strerror})") from None
    tail = data[-2048:]
    startxref = re.search(rb"startxref\s+(\d+)", tail)
    # pypdf silently rebuilds a cut-off file from what is left; half a book must not import
    if b"%%EOF" not in tail or not startxref or int(startxref.group(1)) >= len(data):
        raise BookFormatError(path, "the file is truncated or damaged")
    try:
        reader = PdfReader(io.BytesIO(data))
        # an empty user password opens files that only restrict printing or copying
        if reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            raise BookFormatError(path, "is password-protected — remove the password first")
        if not reader.pages:
            raise BookFormatError(path, "has no pages")
    except (BookFormatError, DependencyError):
        raise
    except Exception as error:  # pypdf raises many types (PdfReadError, KeyError, zlib.error…)
        raise BookFormatError(path, "the file is damaged or not a valid PDF") from error
    return reader


def _missing_package(path: Path, error: DependencyError) -> BookFormatError:
    """The refusal of a file that pypdf cannot read without an optional package. The project
    installs 'cryptography' (pypdf's crypto extra), but an environment of one's own may lack
    it, and then an AES-encrypted PDF — even one that only restricts printing — cannot open."""
    if "cryptography" in str(error) or "AES" in str(error):
        reason = "is encrypted with AES, which needs the 'cryptography' package"
        return BookFormatError(path, f'{reason}: pip install "pypdf[crypto]"')
    return BookFormatError(path, f"needs a package that is not installed ({error})")


def _read_lines(reader: PdfReader, path: Path) -> list[list[Line]]:
    """The lines of every page, in content-stream order."""
    pages: list[list[Line]] = []
    for number, page in enumerate(reader.pages):
        try:
            pages.append(_page_lines(page, number))
        except DependencyError:
            raise
        except Exception as error:  # a broken content stream, font or filter
            reason = f"the file is damaged (page {number + 1} cannot be read)"
            raise BookFormatError(path, reason) from error
    return pages


def _page_lines(page: PageObject, number: int) -> list[Line]:
    """Split pypdf's text of one page at its newlines, keeping where each line starts."""
    lines: list[Line] = []
    parts: list[str] = []
    start: tuple[float, float, float] | None = None

    def finish() -> None:
        nonlocal start
        text = _clean("".join(parts))
        if text and start:
            lines.append(Line(number, *start, text))
        parts.clear()
        start = None

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        nonlocal start
        for i, part in enumerate(text.split("\n")):
            if i:
                finish()
            if start is None and part.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                scale = abs(tm[2] * cm[1] + tm[3] * cm[3]) or 1.0
                start = (x, y, round(size * scale, 1))
            parts.append(part)

    page.extract_text(orientations=(0,), visitor_text=visit)
    finish()
    return lines


def _clean(text: str) -> str:
    """Ligatures to plain letters (ﬁ → fi), TeX's spacing accents put on their letters
    ("tˆete" → "tête"), control characters dropped, spaces collapsed."""
    text = _LIGATURES.sub(lambda match: unicodedata.normalize("NFKC", match[0]), text)
    text = _SPACING_ACCENT.sub(
        lambda match: unicodedata.normalize("NFC", match[2].replace("ı", "i") + _ACCENTS[match[1]]),
        text,
    )
    return " ".join(text.translate(_CONTROL).split())


def _mode(values: list[float], default: float) -> float:
    return Counter(values).most_common(1)[0][0] if values else default


def _measure(pages: list[list[Line]]) -> Layout:
    """Find the body font size, line pitch, margins and full-line length."""
    weights: Counter[float] = Counter()
    for line in (line for page in pages for line in page):
        weights[line.size] += len(line.text)
    size = weights.most_common(1)[0][0]
    body = [[line for line in page if abs(line.size - size) < 0.6] for page in pages]
    gaps = [round(a.y - b.y, 1) for page in body for a, b in itertools.pairwise(page) if a.y > b.y]
    margins = tuple(
        _mode([round(line.x) for page in body[parity::2] for line in page], 0.0)
        for parity in (0, 1)
    )
    lengths = sorted(len(line.text) for page in body for line in page)
    full = lengths[int(len(lengths) * 0.9)] if lengths else 60
    return Layout(size, _mode(gaps, size * 1.2), (margins[0], margins[1]), full)


def _edge_lines(page: list[Line], pitch: float) -> list[tuple[str, Line, bool]]:
    """The bottom- and top-most lines of a page, each with whether a gap of more than two body
    lines parts it from the rest of the page (where footers and headers sit)."""
    by_y = sorted(page, key=lambda line: line.y)
    if len(by_y) < 2:
        return [("bottom", line, True) for line in by_y]
    low, high = by_y[0], by_y[-1]
    return [
        ("bottom", low, by_y[1].y - low.y > 2.2 * pitch),
        ("top", high, high.y - by_y[-2].y > 2.2 * pitch),
    ]


def _drop_page_furniture(pages: list[list[Line]], layout: Layout) -> list[list[Line]]:
    """Remove page numbers and running heads: a page's top or bottom line when it is a bare
    number, or sits apart from the body in a band that many pages share, or repeats (modulo
    digits) on many pages. Headings stay."""
    edges = [edge for page in pages for edge in _edge_lines(page, layout.pitch)]
    bands: Counter[tuple[str, int]] = Counter((side, round(line.y / 2)) for side, line, _ in edges)
    apart: Counter[tuple[str, int]] = Counter(
        (side, round(line.y / 2)) for side, line, separated in edges if separated
    )
    repeats = Counter(re.sub(r"\d+", "#", line.text.casefold()) for _, line, _ in edges)
    unnumbered = Counter(_without_page_number(line.text) for _, line, _ in edges)
    furniture: set[Line] = set()
    for side, line, _ in edges:
        band = (side, round(line.y / 2))
        heading = _HEADING.match(line.text) and unnumbered[_without_page_number(line.text)] < 2
        if line.size > layout.size + 0.5 or heading:
            continue  # a heading, even at body size atop its own page, unless it runs on
        # one page's header may sit close to a figure; the band as a whole stands apart
        in_band = bands[band] >= max(3, len(pages) // 10) and apart[band] * 2 >= bands[band]
        repeated = repeats[re.sub(r"\d+", "#", line.text.casefold())] >= max(4, len(pages) // 5)
        if _PAGE_NUMBER.match(line.text) or in_band or repeated:
            furniture.add(line)
    return [[line for line in page if line not in furniture] for page in pages]


def _without_page_number(text: str) -> str:
    """A running head without its page number: "4 1.1. RÄUME" → "1.1. RÄUME"; a lone
    number stays ("Chapter 2" is a heading, "Chapter 2: Handling 3" a running head)."""
    if len(re.findall(r"\d+", text)) < 2:
        return text
    return re.sub(r"^\d+\s+|\s+\d+$", "", text)


def _vocabulary(lines: list[Line]) -> set[str]:
    """Words and compounds ("self-command") written inside lines: the evidence for whether a
    line-end hyphen is a syllable break or a real hyphen. A line's first word, and its last
    when hyphenated, may be fragments of a broken word, so they do not count."""
    words: set[str] = set()
    for line in lines:
        found = _WORD.findall(line.text.casefold())
        for word in found[1 : -1 if line.text.endswith("-") else None]:
            parts = word.split("-")
            words.update(parts)
            words.update(f"{a}-{b}" for a, b in itertools.pairwise(parts))
    return words


def _paragraphs(lines: list[Line], layout: Layout, vocabulary: set[str]) -> list[Paragraph]:
    """Group lines into paragraphs, across page breaks too."""
    paragraphs: list[Paragraph] = []
    syllables = _breaks_syllables(lines, vocabulary)
    previous: Line | None = None
    first = lines[0]  # the first line of the current paragraph
    for line in lines:
        if previous is None or _starts_paragraph(previous, line, layout, first):
            paragraphs.append(Paragraph(line.page, line.text))
            first = line
        else:
            paragraph = paragraphs[-1]
            paragraph.text = _join(paragraph.text, line.text, vocabulary, syllables=syllables)
        previous = line
    return paragraphs


def _starts_paragraph(previous: Line, line: Line, layout: Layout, first: Line) -> bool:
    """Whether ``line`` opens a new paragraph after ``previous``, in the paragraph that
    ``first`` began."""
    if abs(previous.size - line.size) > 0.5:  # a heading begins or ends
        return True
    if previous.page == line.page:
        scale = max(1.0, previous.size / layout.size)
        if line.y > previous.y + 1 or previous.y - line.y > 1.3 * layout.pitch * scale:
            return True  # a blank line, or a new column
    if previous.size > layout.size + 0.5:
        return False  # a heading's lines are centred or wrap at any width
    if line.text.startswith(_BULLETS):
        return True
    indent = line.x - layout.margins[line.page % 2]
    previous_indent = previous.x - layout.margins[previous.page % 2]
    if indent > previous_indent + 3:
        # an indented first line, or the hanging indent of a list item's second line
        return not (first.text.startswith(_BULLETS) and line.x > first.x + 3)
    # two indented first lines in a row: a one-line paragraph ("Bingley.") before this one,
    # unless the previous line runs on into this one as in an indented block
    if (
        indent > 3
        and abs(indent - previous_indent) < 1
        and previous is first
        and previous.text.endswith(_ENDS)
    ):
        return True
    # a short line ends a paragraph
    return len(previous.text) < 0.6 * layout.full_line and not previous.text.endswith("-")


def _join(text: str, line: str, vocabulary: set[str], *, syllables: bool) -> str:
    """Append a line to a paragraph. A word hyphenated at the line end is joined ("posses-" +
    "sion" → "possession") when the book writes it whole elsewhere, keeps its hyphen when the
    book writes the compound ("To-morrow"), and otherwise follows the book's habit:
    ``syllables`` when its typesetter breaks words (TeX), not when it only wraps (Word)."""
    if text.endswith(("\u2014", "\u2013")):  # em and en dashes join without a space
        return text + line
    pair = _hyphen_pair(text, line)
    if pair is None:
        return f"{text} {line}"
    if "".join(pair) in vocabulary or (syllables and "-".join(pair) not in vocabulary):
        return text[:-1] + line
    return text + line


def _hyphen_pair(text: str, line: str) -> tuple[str, str] | None:
    """The two halves of a word hyphenated across a line end, lower-cased; None if there is
    none (the next line must go on in lower case)."""
    head = re.search(r"(\w+)-$", text)
    tail = re.match(r"[^\W\d_]+", line)
    if not head or not tail or not line[0].islower():
        return None
    return head[1].casefold(), tail[0].casefold()


def _breaks_syllables(lines: list[Line], vocabulary: set[str]) -> bool:
    """Whether line-end hyphens in this book mostly split words (they make words the book
    writes whole) rather than wrap compounds (they make compounds it writes hyphenated)."""
    pairs = [_hyphen_pair(a.text, b.text) for a, b in itertools.pairwise(lines)]
    whole = sum("".join(pair) in vocabulary for pair in pairs if pair)
    compound = sum("-".join(pair) in vocabulary for pair in pairs if pair)
    return whole >= compound


def _strip_gutenberg(paragraphs: list[Paragraph]) -> list[Paragraph]:
    """Cut the Project Gutenberg header (up to its START line and the producer credits that
    follow) and the footer (from "End of the Project Gutenberg EBook" or its END line)."""
    for i, paragraph in enumerate(paragraphs):
        if _GUTENBERG_START.match(paragraph.text):
            paragraphs = paragraphs[i + 1 :]
            while paragraphs and paragraphs[0].text.startswith("Produced by"):
                paragraphs = paragraphs[1:]
            break
    for i, paragraph in enumerate(paragraphs):
        if _GUTENBERG_END.match(paragraph.text):
            return paragraphs[:i]
    return paragraphs


def _metadata_fields(reader: PdfReader) -> dict[str, str]:
    """The document information's title and author, when pypdf can read them."""
    try:
        info = reader.metadata
        fields = {"title": info.title, "author": info.author} if info else {}
    except DependencyError:
        raise
    except Exception:  # a damaged info dictionary costs the metadata, not the book
        fields = {}
    return {key: str(fields.get(key) or "").strip() for key in ("title", "author")}


def _title_and_author(
    metadata: dict[str, str], paragraphs: list[Paragraph], path: Path
) -> tuple[str, str]:
    """Title and author from a Gutenberg header ("Title: …"), else the PDF metadata (Word
    exports say "Title, by Author"), else the first lines ("by Author"), else the file name."""
    fields: dict[str, str] = {}
    for paragraph in paragraphs[:40]:
        found = re.match(r"^(Title|Author):\s*(.+)$", paragraph.text)
        if found:
            fields.setdefault(found[1].lower(), found[2])
    title = fields.get("title") or metadata["title"]
    if re.search(r"\.(docx?|rtf|tex|dvi|pdf)$|^untitled$", title, re.I):
        title = ""  # a file name or placeholder left by the producing program
    author = fields.get("author") or ""
    if ", by " in title:
        title, _, author = title.partition(", by ")
    author = author or metadata["author"]
    opening = paragraphs[0].text if paragraphs else ""
    if not title and len(opening) <= 80 and not _HEADING.match(opening):
        title = opening
        for paragraph in paragraphs[1:5]:
            byline = re.match(r"^by\s+(.+)$", paragraph.text, re.I)
            author = author or (byline[1] if byline else "")
    return title or path.stem, author


def _outline(reader: PdfReader) -> list[tuple[str, int, int]]:
    """The outline flattened to (title, level, page), in reading order; [] when absent."""
    entries: list[tuple[str, int, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            page = reader.get_destination_page_number(item)
            if page is not None and page >= 0 and str(item.title or "").strip():
                entries.append((_clean(str(item.title)), level, page))

    try:
        walk(reader.outline, 1)
    except DependencyError:
        raise
    except Exception:  # a broken outline: fall back to headings in the text
        return []
    return sorted(entries, key=lambda entry: entry[2])  # stable: same-page entries keep order


def _outline_anchors(
    outline: list[tuple[str, int, int]], paragraphs: list[Paragraph]
) -> list[Anchor]:
    """Place each outline entry at the paragraph on its page that is its title, or else
    before the first paragraph of that page. Unnumbered top-level entries before the first
    numbered one are front matter, those after the last numbered one back matter."""
    numbered = [
        i
        for i, (title, level, _) in enumerate(outline)
        if level == 1 and _NUMBERED_TITLE.match(title)
    ]
    anchors: list[Anchor] = []
    cursor = 0
    matter: Matter = "body"
    for i, (title, level, page) in enumerate(outline):
        if level == 1 and numbered:
            matter = "front" if i < numbered[0] else "back" if i > numbered[-1] else "body"
        start = next(
            (j for j in range(cursor, len(paragraphs)) if paragraphs[j].page >= page), None
        )
        if start is None:
            break  # the entry points past the text (e.g. into stripped licence pages)
        end = next(
            (j for j in range(start, len(paragraphs)) if paragraphs[j].page > page + 1),
            len(paragraphs),
        )
        found = next((j for j in range(start, end) if _same_words(paragraphs[j].text, title)), None)
        if found is None:
            anchors.append(Anchor(start, title, level, matter, insert=True))
        else:  # the heading as printed ("2.1 Naming" for the entry "Naming")
            anchors.append(Anchor(found, paragraphs[found].text, level, matter))
        cursor = anchors[-1].index + (found is not None)
    return anchors


def _same_words(text: str, title: str) -> bool:
    """Whether a paragraph says an outline title, numbered or not ("2.1 ASN.1 syntax")."""

    def words(value: str) -> list[str]:
        found = re.findall(r"\w+", value.casefold())
        while found and found[0].isdigit():
            found.pop(0)
        return found

    return words(text) == words(title)


def _heading_anchors(paragraphs: list[Paragraph]) -> list[Anchor]:
    """Sections from headings such as "Chapter 1", "CHAPTER I. Down the Rabbit-Hole" or
    "PART ONE". A chapter heading followed straight by another heading is a table-of-contents
    entry; a part heading counts when text or a real chapter heading follows it."""
    kinds: list[str | None] = []
    for paragraph in paragraphs:
        match = _HEADING.match(paragraph.text) if len(paragraph.text) <= 80 else None
        kinds.append(
            None if not match else "part" if match["kind"].lower() in _PARTS else "chapter"
        )
    kinds.append(None)  # after the last paragraph: no heading
    real = [False] * (len(paragraphs) + 1)
    for i in reversed(range(len(paragraphs))):
        following = kinds[i + 1]
        if kinds[i] == "chapter":
            real[i] = following is None
        elif kinds[i] == "part":
            real[i] = following is None or (following == "chapter" and real[i + 1])
    has_parts = any(real[i] and kinds[i] == "part" for i in range(len(paragraphs)))
    return [
        Anchor(i, paragraphs[i].text, 2 if has_parts and kinds[i] == "chapter" else 1)
        for i in range(len(paragraphs))
        if real[i]
    ]


def _assemble(paragraphs: list[Paragraph], anchors: list[Anchor]) -> CanonicalText:
    """Feed paragraphs and section starts to a :class:`CanonicalText`; text before the first
    section becomes a front-matter section named by its first line."""
    canonical = CanonicalText()
    first = anchors[0].index if anchors else len(paragraphs)
    if first > 0 and anchors:
        opening = paragraphs[0].text
        canonical.open_section(opening if len(opening) <= 80 else "Front matter", 1, "front")
    by_index: dict[int, list[Anchor]] = {}
    for anchor in anchors:
        by_index.setdefault(anchor.index, []).append(anchor)
    for i, paragraph in enumerate(paragraphs):
        for anchor in by_index.get(i, []):
            canonical.open_section(anchor.title, anchor.level, anchor.matter)
            if anchor.insert:
                canonical.add_paragraph(anchor.title)
        canonical.add_paragraph(paragraph.text)
    return canonical


_STOPWORDS = {
    "en": {"the", "and", "of", "to", "was", "is", "that", "with"},
    "de": {"der", "die", "und", "das", "ist", "nicht", "mit", "ein"},
}


def _guess_language(paragraphs: list[Paragraph]) -> str:
    """ "en" or "de" when the common words of one clearly dominate, else "" (unknown)."""
    words = Counter(re.findall(r"\w+", " ".join(p.text for p in paragraphs[:400]).casefold()))
    scores = {language: sum(words[w] for w in stop) for language, stop in _STOPWORDS.items()}
    best = max(scores, key=lambda language: scores[language])
    others = max(score for language, score in scores.items() if language != best)
    return best if scores[best] >= 20 and scores[best] >= 2 * others else ""
