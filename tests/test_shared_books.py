"""Every shared book imports: sections in reading order, exact chunks, no markup or boilerplate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ALL_BOOKS

from saadi_desktop.books import Book, load_book
from saadi_desktop.books.model import section_boundaries
from saadi_desktop.library import chunk_book

MARKUP = re.compile(r"</?[a-z][a-z0-9]*(?:\s[^<>\n]*)?>|&[a-z]+;|\*\*\* ?(START|END) OF|\r|\ufeff")


@pytest.fixture(scope="module", params=ALL_BOOKS, ids=lambda p: p.name)
def book(request: pytest.FixtureRequest) -> Book:
    path: Path = request.param
    return load_book(path)


def test_sections_are_in_reading_order_and_cover_the_story(book: Book) -> None:
    assert book.sections, "no sections found"
    starts = [s.start for s in book.sections]
    assert starts == sorted(starts)
    assert all(0 <= s.start < s.end <= len(book.text) for s in book.sections)
    assert any(s.matter == "body" for s in book.sections)
    assert book.title and book.words > 10_000
    assert "\n\n\n" not in book.text and "  " not in book.text


def test_story_text_has_no_markup_or_boilerplate(book: Book) -> None:
    for section in book.sections:
        if section.matter == "body":
            story = book.text[section.start : section.end]
            assert not MARKUP.search(story), MARKUP.search(story)
            assert "Project Gutenberg" not in story and "standardebooks.org" not in story


def test_chunks_are_exact_slices_within_sections(book: Book) -> None:
    chunks = chunk_book(book)
    cuts = section_boundaries(book)
    assert chunks and all(c.words <= 500 for c in chunks)
    for chunk in chunks:
        piece = book.text[chunk.start : chunk.end]
        assert piece == piece.strip() and len(piece.split()) == chunk.words
        assert not any(chunk.start < cut < chunk.end for cut in cuts)
    assert sum(c.words for c in chunks) == book.words
