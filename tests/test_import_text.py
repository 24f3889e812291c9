"""Plain-text import: the shared Gutenberg books, encodings, boilerplate and heading detection."""

from __future__ import annotations

import itertools
import random
import re
from functools import cache
from pathlib import Path

import pytest

from saadi_desktop.books import load_book
from saadi_desktop.books.model import Book, BookFormatError, Section
from saadi_desktop.books.text import read_text

SHARED = Path("/work/shared/books/txt")
SHARED_FILES = sorted(SHARED.glob("*.txt")) if SHARED.is_dir() else []
needs_shared = pytest.mark.skipif(not SHARED_FILES, reason="shared books not available")

GUTENBERG_HEAD = (
    "The Project Gutenberg EBook of A Test Book, by Ann Author\r\n\r\n"
    "Title: A Test Book\r\n\r\nAuthor: Ann Author\r\n\r\nLanguage: French\r\n\r\n"
    "*** START OF THIS PROJECT GUTENBERG EBOOK A TEST BOOK ***\r\n\r\n\r\n"
    "Produced by Some Volunteers\r\n\r\n\r\n"
)
GUTENBERG_TAIL = (
    "\r\n\r\nEnd of the Project Gutenberg EBook of A Test Book, by Ann Author\r\n\r\n"
    "*** END OF THIS PROJECT GUTENBERG EBOOK A TEST BOOK ***\r\n\r\n"
    "Project Gutenberg-tm license text that must not survive.\r\n"
)
PROSE = (
    "It was a bright cold day in April, and the clocks were striking the hour as\n"
    "the old woman crossed the square towards the house where she had lived for\n"
    "forty years with her sister and a very old cat.\n"
)


@cache
def shared(name: str) -> Book:
    """Each shared book is imported once per test session: the tests stay fast."""
    return read_text(SHARED / name)


def write(tmp_path: Path, content: str | bytes, name: str = "book.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def chapters_book(*chapters: str, before: str = "") -> str:
    """A small book: optional front text, then 'CHAPTER N' headings each with some prose."""
    body = "".join(f"{heading}\n\n{PROSE}\n{PROSE}\n" for heading in chapters)
    return before + body


def titles(book: Book, level: int | None = None, matter: str = "body") -> list[str]:
    return [
        s.title for s in book.sections if s.matter == matter and (level is None or s.level == level)
    ]


def children(book: Book, parent: Section) -> list[Section]:
    return [
        s
        for s in book.sections
        if s.level == parent.level + 1 and parent.start <= s.start and s.end <= parent.end
    ]


# ---- every shared file -------------------------------------------------------------------------


@needs_shared
@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: p.name)
def test_shared_file_imports_with_ordered_sections(path: Path) -> None:
    book = shared(path.name)
    assert book.source_format == "txt"
    assert book.text and book.sections
    assert "\r" not in book.text and "\ufeff" not in book.text
    starts = [s.start for s in book.sections]
    assert starts == sorted(starts), "sections are in reading order"
    for section in book.sections:
        assert 0 <= section.start < section.end <= len(book.text)
    for level in {s.level for s in book.sections}:
        same = [s for s in book.sections if s.level == level]
        for earlier, later in itertools.pairwise(same):
            assert earlier.end <= later.start, f"{earlier.title} overlaps {later.title}"


@needs_shared
@pytest.mark.parametrize(
    "name", ["2554-0.txt", "1342-0.txt", "1661-8.txt", "11-0.txt"], ids=lambda n: n
)
def test_gutenberg_boilerplate_is_gone_from_the_story(name: str) -> None:
    book = shared(name)
    for section in book.sections:
        if section.matter == "body":
            story = book.text[section.start : section.end]
            assert "Gutenberg" not in story and "*** START" not in story
    assert "*** END" not in book.text and "Produced by" not in book.text
    assert "gutenberg" not in book.text.casefold()


@needs_shared
@pytest.mark.parametrize(
    ("name", "title", "author"),
    [
        ("2554-0.txt", "Crime and Punishment", "Fyodor Dostoevsky"),
        ("1342-0.txt", "Pride and Prejudice", "Jane Austen"),
        ("1661-8.txt", "The Adventures of Sherlock Holmes", "Arthur Conan Doyle"),
        ("11-0.txt", "Alice’s Adventures in Wonderland", "Lewis Carroll"),
    ],
)
def test_metadata_comes_from_the_header(name: str, title: str, author: str) -> None:
    book = shared(name)
    assert (book.title, book.author, book.language) == (title, author, "en")


@needs_shared
def test_crime_and_punishment_has_parts_chapters_and_an_epilogue() -> None:
    book = shared("2554-0.txt")
    top = [s for s in book.sections if s.level == 1 and s.matter == "body"]
    parts = ["PART I", "PART II", "PART III", "PART IV", "PART V", "PART VI"]
    assert [s.title for s in top] == [*parts, "EPILOGUE"]
    per_part = [len(children(book, part)) for part in top]
    assert per_part == [7, 7, 6, 6, 5, 8, 2]
    assert sum(per_part[:6]) == 39
    assert [s.title for s in children(book, top[0])][:3] == [
        "CHAPTER I",
        "CHAPTER II",
        "CHAPTER III",
    ]
    assert [s.title for s in children(book, top[-1])] == ["I", "II"]
    assert titles(book, matter="front") == ["Front matter", "TRANSLATOR’S PREFACE"]
    assert book.text.startswith("CRIME AND PUNISHMENT")
    first_chapter = children(book, top[0])[0]
    assert book.text[first_chapter.start :].startswith("CHAPTER I\n\nOn an exceptionally hot")


@needs_shared
def test_pride_and_prejudice_has_61_chapters() -> None:
    book = shared("1342-0.txt")
    assert titles(book) == [f"Chapter {n}" for n in range(1, 62)]
    assert {s.level for s in book.sections} == {1}
    chapter_one = book.sections[1]
    assert book.text[chapter_one.start :].startswith("Chapter 1\n\nIt is a truth universally")


@needs_shared
def test_alice_has_12_titled_chapters() -> None:
    book = shared("11-0.txt")
    body = titles(book)
    assert len(body) == 12
    assert body[:2] == ["CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears"]
    assert body[-1] == "CHAPTER XII. Alice’s Evidence"


@needs_shared
def test_sherlock_holmes_has_12_stories_and_latin1_accents() -> None:
    book = shared("1661-8.txt")
    stories = titles(book, level=1)
    assert len(stories) == 12
    assert stories[0] == "ADVENTURE I. A SCANDAL IN BOHEMIA"
    assert stories[6] == "VII. THE ADVENTURE OF THE BLUE CARBUNCLE"
    assert titles(book, level=2) == ["I", "II", "III"]  # the sub-parts of the first story
    assert "Irene Adler" in book.text
    assert "IRENE NORTON, née ADLER." in book.text and "pâté de foie gras" in book.text
    assert "Ã" not in book.text  # no UTF-8/Latin-1 mojibake
    # the contents list stays front matter, with its line breaks
    assert "I. A Scandal in Bohemia\nII. The Red-headed League" in book.text


@needs_shared
def test_load_book_dispatches_text_files() -> None:
    assert load_book(SHARED / "11-0.txt").title == "Alice’s Adventures in Wonderland"


# ---- encodings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("\ufeffCafé crème\r\n\r\nDéjà vu\r\n".encode(), "Café crème\n\nDéjà vu"),
        ("Café crème\n\nDéjà vu\n".encode(), "Café crème\n\nDéjà vu"),
        ("Café crème\r\rDéjà vu\r".encode("latin-1"), "Café crème\n\nDéjà vu"),
        ("“Quoted” text\n".encode("cp1252"), "“Quoted” text"),
        (b"Old DOS text\r\n\x1a", "Old DOS text"),
        ("\ufeffCafé crème\r\n".encode("utf-16-le"), "Café crème"),
        ("Café crème\n".encode("utf-16"), "Café crème"),
    ],
    ids=["utf8-bom-crlf", "utf8", "latin1-cr", "cp1252", "dos-eof", "utf16le-bom", "utf16-bom"],
)
def test_encodings_and_line_ends(tmp_path: Path, data: bytes, expected: str) -> None:
    assert read_text(write(tmp_path, data)).text == expected


def test_mostly_utf8_with_a_stray_latin1_byte_stays_utf8(tmp_path: Path) -> None:
    data = ("“Déjà vu,” she said. " * 50).encode() + b"caf\xe9\n"
    text = read_text(write(tmp_path, data)).text
    assert text.startswith("“Déjà vu,”") and text.endswith("caf\ufffd")


@pytest.mark.parametrize(
    "data",
    [
        random.Random(7).randbytes(4000),
        random.Random(8).randbytes(4000).replace(b"\x00", b""),
        "A plain sentence without a byte-order mark.\n".encode("utf-16-le"),
        b"text with a NUL\x00 byte\n",
        "Привет, как дела? Это книга на русском языке.\n".encode("cp1251"),
    ],
    ids=["random", "random-no-nul", "utf16-no-bom", "nul", "cyrillic-8bit"],
)
def test_undecodable_bytes_are_refused(tmp_path: Path, data: bytes) -> None:
    path = write(tmp_path, data, "noise.txt")
    with pytest.raises(BookFormatError, match=re.escape("noise.txt: not readable text")) as caught:
        read_text(path)
    assert caught.value.path == path


@pytest.mark.parametrize(
    "content",
    ["", "\ufeff\r\n \r\n", GUTENBERG_HEAD + GUTENBERG_TAIL, "[Illustration: a cat]\n\n"],
    ids=["empty", "blank", "boilerplate-only", "illustration-only"],
)
def test_a_file_without_text_is_refused(tmp_path: Path, content: str) -> None:
    with pytest.raises(BookFormatError, match=re.escape("empty.txt: contains no text")):
        read_text(write(tmp_path, content, "empty.txt"))


def test_a_missing_file_is_a_book_format_error(tmp_path: Path) -> None:
    with pytest.raises(BookFormatError, match=re.escape("missing.txt: cannot be read")):
        read_text(tmp_path / "missing.txt")


# ---- boilerplate and paragraphs ----------------------------------------------------------------


def test_gutenberg_header_footer_and_credits_are_removed(tmp_path: Path) -> None:
    content = GUTENBERG_HEAD + "A TEST BOOK\r\n\r\n" + PROSE.replace("\n", "\r\n") + GUTENBERG_TAIL
    book = read_text(write(tmp_path, content))
    assert book.text.startswith("A TEST BOOK\n\nIt was a bright cold day")
    assert book.text.endswith("a very old cat.")
    assert (book.title, book.author, book.language) == ("A Test Book", "Ann Author", "fr")


def test_old_style_small_print_and_wrapped_markers(tmp_path: Path) -> None:
    old = (
        "Title: Old Book\n\n**The Project Gutenberg Etext**\n\nSmall print here.\n\n"
        "*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\n\n"
        f"{PROSE}\nEnd of The Project Gutenberg Etext of Old Book\n\nmore license\n"
    )
    wrapped = (
        "Title: A Very Long Title\n\n*** START OF THE PROJECT GUTENBERG EBOOK A VERY\n"
        f"LONG TITLE ***\n\n{PROSE}\n*** END OF THE PROJECT GUTENBERG EBOOK ***\n"
    )
    for content in (old, wrapped):
        book = read_text(write(tmp_path, content))
        assert book.text.startswith("It was a bright cold day") and book.text.endswith("cat.")


def test_paragraphs_prose_verse_dashes_and_illustrations(tmp_path: Path) -> None:
    content = (
        "He said that Rome--\nno, that was wrong, and he knew it well enough to stop there and\n"
        "think again.\n\n"
        "     ‘How doth the little crocodile\n      Improve his shining tail,\n\n"
        "[Illustration: The crocodile,\nsmiling]\n\n"
        "Then she went on.[Illustration] And on.\n"
    )
    paragraphs = read_text(write(tmp_path, content)).text.split("\n\n")
    assert paragraphs == [
        "He said that Rome--no, that was wrong, and he knew it well enough to stop there and "
        "think again.",
        "‘How doth the little crocodile\nImprove his shining tail,",
        "Then she went on. And on.",
    ]


# ---- headings ----------------------------------------------------------------------------------


def test_a_book_without_headings_is_one_body_section(tmp_path: Path) -> None:
    book = read_text(write(tmp_path, PROSE, "notes.txt"))
    assert [(s.title, s.level, s.matter) for s in book.sections] == [("notes", 1, "body")]
    assert (book.sections[0].start, book.sections[0].end) == (0, len(book.text))


def test_a_contents_list_is_front_matter_not_sections(tmp_path: Path) -> None:
    contents = "".join(f"CHAPTER {n}. The {n} Thing\n\n" for n in ("I", "II", "III"))
    content = "MY BOOK\n\nCONTENTS\n\n" + contents + chapters_book(*contents.split("\n\n")[:3])
    book = read_text(write(tmp_path, content))
    assert titles(book, matter="front") == ["Front matter", "CONTENTS"]
    assert titles(book) == [f"CHAPTER {n}. The {n} Thing" for n in ("I", "II", "III")]
    front = book.sections[1]
    assert "CHAPTER II. The II Thing" in book.text[front.start : front.end]


def test_a_contents_list_running_into_the_first_chapter(tmp_path: Path) -> None:
    contents = "".join(f"Chapter {n}\n\n" for n in range(1, 4))
    book = read_text(
        write(tmp_path, contents + chapters_book("Chapter 1", "Chapter 2", "Chapter 3"))
    )
    assert titles(book) == ["Chapter 1", "Chapter 2", "Chapter 3"]
    assert book.text.startswith("Chapter 1\n\nChapter 2\n\nChapter 3\n\nChapter 1\n\nIt was")


def test_a_short_chapter_is_not_a_contents_list(tmp_path: Path) -> None:
    content = chapters_book("Chapter 1") + "Chapter 2\n\nShort.\n\n" + chapters_book("Chapter 3")
    assert titles(read_text(write(tmp_path, content))) == ["Chapter 1", "Chapter 2", "Chapter 3"]


def test_a_title_line_after_a_bare_chapter_heading_joins_the_title(tmp_path: Path) -> None:
    content = chapters_book("CHAPTER I\n\nDown the Rabbit-Hole", "CHAPTER II.\nThe Pool of Tears")
    content += chapters_book("CHAPTER III\n\nMr. Bennet made no answer.")
    book = read_text(write(tmp_path, content))
    assert titles(book) == [
        "CHAPTER I. Down the Rabbit-Hole",
        "CHAPTER II. The Pool of Tears",
        "CHAPTER III",
    ]
    assert book.text.startswith("CHAPTER I\nDown the Rabbit-Hole\n\nIt was a bright")


def test_parts_chapters_epilogue_and_numbered_sub_parts_get_levels(tmp_path: Path) -> None:
    content = chapters_book(
        "PREFACE", "BOOK ONE", "CHAPTER I", "CHAPTER II", "PART II", "CHAPTER I", "EPILOGUE",
        "I", "II", "IV",
    )  # fmt: skip
    book = read_text(write(tmp_path, content))
    got = [(s.title, s.level, s.matter) for s in book.sections]
    assert got == [
        ("PREFACE", 1, "front"),
        ("BOOK ONE", 1, "body"),
        ("CHAPTER I", 2, "body"),
        ("CHAPTER II", 2, "body"),
        ("PART II", 1, "body"),
        ("CHAPTER I", 2, "body"),
        ("EPILOGUE", 1, "body"),
        ("I", 2, "body"),
        ("II", 2, "body"),  # "IV" breaks the sequence: text, not a heading
    ]


@pytest.mark.parametrize(
    "line",
    ["Chapter 3 was over, and nobody cared", "chapter one", "Part of the problem", "I think so."],
)
def test_sentences_are_not_headings(tmp_path: Path, line: str) -> None:
    book = read_text(write(tmp_path, chapters_book("CHAPTER I", line, "CHAPTER II")))
    assert titles(book) == ["CHAPTER I", "CHAPTER II"]
