"""EPUB import: spine order, nested table of contents, paragraphs, metadata, marked matter."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BOOKS, CRIME_EPUB, PRIDE_EPUB, make_epub

from saadi_desktop.books import Book, load_book


@pytest.fixture(scope="module")
def crime() -> Book:
    return load_book(CRIME_EPUB)


def titles(book: Book, level: int) -> list[str]:
    return [s.title for s in book.sections if s.level == level]


def test_crime_and_punishment_parts_contain_their_chapters(crime: Book) -> None:
    assert (crime.title, crime.author, crime.language) == (
        "Crime and Punishment", "Fyodor Dostoevsky", "en-GB",
    )  # fmt: skip
    assert titles(crime, 2) == [f"Part {n}" for n in ["I", "II", "III", "IV", "V", "VI"]] + [
        "Epilogue"
    ]
    parts = [s for s in crime.sections if s.level == 2]
    chapters_per_part = [
        sum(1 for c in crime.sections if c.level == 3 and p.start <= c.start < p.end) for p in parts
    ]
    assert chapters_per_part == [7, 7, 6, 6, 5, 8, 2]
    first = next(s for s in crime.sections if s.level == 3)
    assert crime.text[first.start :].startswith(
        "I\n\nOn an exceptionally hot evening early in July"
    )


def test_front_and_back_matter_are_kept_but_marked(crime: Book) -> None:
    matter = {s.title: s.matter for s in crime.sections}
    assert matter["Titlepage"] == matter["Imprint"] == matter["Translator’s Preface"] == "front"
    assert matter["Colophon"] == matter["Uncopyright"] == matter["Endnotes"] == "back"
    assert matter["Part I"] == "body"
    story = [s for s in crime.sections if s.matter == "body"]
    assert not any("Standard Ebooks" in crime.text[s.start : s.end] for s in story)


def test_text_has_no_markup_or_invisible_characters(crime: Book) -> None:
    for junk in ("<", ">", "&amp;", "&nbsp;", "\u2060", "\u00a0", "\t", "  ", "\n\n\n"):
        assert junk not in crime.text
    # note references are apparatus, not words of the story
    assert "1861 is meant." in crime.text  # the endnote itself is kept (back matter)


def test_sections_are_in_reading_order_and_nested(crime: Book) -> None:
    starts = [s.start for s in crime.sections]
    assert starts == sorted(starts)
    for section in crime.sections:
        assert 0 <= section.start < section.end <= len(crime.text)
        parents = [p for p in crime.sections if p.level < section.level
                   and p.start <= section.start < p.end]  # fmt: skip
        assert all(p.end >= section.end for p in parents)


def test_pride_and_prejudice_has_61_chapters() -> None:
    book = load_book(PRIDE_EPUB)
    body = [s for s in book.sections if s.matter == "body"]
    assert len(body) == 61
    assert book.text[body[0].start :].startswith("I\n\nIt is a truth universally acknowledged")


def test_twelve_adventures_of_sherlock_holmes() -> None:
    book = load_book(BOOKS / "epub" / "doyle_adventures-of-sherlock-holmes.epub")
    stories = [s.title for s in book.sections if s.matter == "body" and s.level == 1]
    assert len(stories) == 12
    assert stories[0] == "A Scandal in Bohemia" and stories[-1].endswith("Copper Beeches")


def test_small_epub_paragraphs_and_inline_markup(small_epub: Path) -> None:
    book = load_book(small_epub)
    assert book.text.split("\n\n") == [
        "Chapter One",
        "It was a dark night. The old woman counted her pledges.",
        "Rodion went up the stairs; he rang the bell.",
        "Chapter Two",
        "Alyona Ivanovna opened the door a crack. Who is it?",
    ]
    assert [(s.title, s.level) for s in book.sections] == [("Chapter One", 1), ("Chapter Two", 1)]


def test_line_breaks_in_verse_are_kept_and_source_newlines_are_not(tmp_path: Path) -> None:
    body = "<p>How doth the little\n      crocodile<br/>Improve his shining tail</p>"
    book = load_book(make_epub(tmp_path / "verse.epub", [("Song", body)]))
    assert book.text.endswith("How doth the little crocodile\nImprove his shining tail")


def test_toc_fragments_start_sections_inside_a_file(tmp_path: Path) -> None:
    body = '<p>Opening.</p><h3 id="two">Second</h3><p>More text here.</p>'
    path = make_epub(tmp_path / "frag.epub", [("First", body)])
    # point a second TOC entry at the #two anchor of the same file
    import zipfile

    with zipfile.ZipFile(path) as z:
        entries = {n: z.read(n) for n in z.namelist()}
    entries["OEBPS/nav.xhtml"] = entries["OEBPS/nav.xhtml"].replace(
        b"</ol>", b'<li><a href="chapter-1.xhtml#two">Second</a></li></ol>'
    )
    with zipfile.ZipFile(path, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
    book = load_book(path)
    second = book.sections[1]
    assert second.title == "Second" and book.text[second.start :].startswith("Second\n\nMore text")


def nested(depth: int, inner: str, *, between: str = "") -> str:
    """``inner`` inside ``depth`` nested <div>s, with ``between`` text at every tenth level."""
    opening = "".join(f"<div>{between.format(n) if n % 10 == 0 else ''}" for n in range(depth))
    return opening + inner + "</div>" * depth


@pytest.mark.parametrize("soup", [False, True], ids=["xhtml", "tag-soup"])
@pytest.mark.parametrize("depth", [300, 3000])
def test_deeply_nested_markup_imports_all_its_text(tmp_path: Path, depth: int, soup: bool) -> None:
    # libxml2 builds no tree deeper than 256 (2048 with its 'huge' option); its HTML parser
    # used to cut the chapter off there without an error. A tag-soup entity (&nbsp;) sends
    # the chapter through the HTML parser first.
    space = "&nbsp;" if soup else " "
    body = (
        "<p>Before the nest.</p>"
        + nested(depth, f"<p>Deep{space}inside.</p>", between="<p>Level {0}.</p>")
        + "<p>After the nest.</p>"
    )
    book = load_book(make_epub(tmp_path / "deep.epub", [("One", body), ("Two", "<p>Next.</p>")]))
    levels = [f"Level {n}." for n in range(0, depth, 10)]
    assert book.text.split("\n\n") == [
        "One", "Before the nest.", *levels, "Deep inside.", "After the nest.", "Two", "Next.",
    ]  # fmt: skip
    last = [book.text[s.start : s.end].strip().rsplit("\n\n", 1)[-1] for s in book.sections]
    assert [s.title for s in book.sections] == ["One", "Two"]
    assert last == ["After the nest.", "Next."]


def test_the_stream_reader_for_deep_chapters_reads_a_real_book_as_the_tree_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from saadi_desktop.books import xhtml

    alice = BOOKS / "epub" / "carroll_alices-adventures-in-wonderland.epub"
    by_tree = load_book(alice)
    monkeypatch.setattr(xhtml, "_parse_tree", lambda *_: None)  # every chapter "too deep"
    by_stream = load_book(alice)
    assert (by_stream.text, by_stream.sections) == (by_tree.text, by_tree.sections)


def test_a_deep_chapter_the_stream_reader_cannot_read_is_refused_by_name(tmp_path: Path) -> None:
    from saadi_desktop.books import BookFormatError

    body = nested(300, "<p>Inside.</p><![weird section]>")
    book = make_epub(tmp_path / "odd.epub", [("One", body)])
    with pytest.raises(BookFormatError, match=r"^odd\.epub: chapter-1\.xhtml cannot be parsed"):
        load_book(book)
