"""PDF import: the shared Gutenberg and lecture-note PDFs, and files that must be refused."""

from __future__ import annotations

import itertools
import logging
import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ContentStream, DictionaryObject, NameObject

from saadi_desktop.books import Book, BookFormatError, load_book
from saadi_desktop.books.pdf import _join, read_pdf
from saadi_desktop.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[1]
BOOKS = Path(os.environ.get("SAADI_SHARED", ROOT.parent / "shared")) / "books" / "pdf"
PRIDE_WORD = "pg1342_pride-and-prejudice_word2007.pdf"
PRIDE_TEX = "pg1342_pride-and-prejudice_pdftex2005.pdf"
ALICE = "pg11_alices-adventures-in-wonderland_word2007.pdf"
THOMA = "thoma_geometrie-und-topologie_de.pdf"
SHARED = [PRIDE_WORD, PRIDE_TEX, ALICE, THOMA]


def shared(name: str) -> Path:
    """A shared PDF; the test is skipped where the shared books are not checked out."""
    if not (BOOKS / name).is_file():
        pytest.skip(f"shared book {name} not found in {BOOKS}")
    return BOOKS / name


@pytest.fixture(scope="module")
def books() -> dict[str, Book]:
    """Each shared PDF imported once: the big ones take a few seconds each."""
    return {name: read_pdf(shared(name)) for name in SHARED}


def paragraphs(book: Book) -> list[str]:
    return book.text.split("\n\n")


def body_titles(book: Book) -> list[str]:
    return [section.title for section in book.sections if section.matter == "body"]


@pytest.mark.parametrize("name", SHARED)
def test_shared_pdf_imports(books: dict[str, Book], name: str) -> None:
    book = books[name]
    assert book.source_format == "pdf"
    assert book.words > 20_000
    assert book.sections


@pytest.mark.parametrize("name", SHARED)
def test_sections_cover_the_text_in_order(books: dict[str, Book], name: str) -> None:
    book = books[name]
    starts = [section.start for section in book.sections]
    assert starts == sorted(starts)
    assert book.sections[0].start == 0
    for section in book.sections:
        assert section.start < section.end <= len(book.text)
        assert book.text.startswith(section.title, section.start), section  # title paragraph
    top = [section for section in book.sections if section.level == 1]
    for before, after in itertools.pairwise(top):
        assert before.end == after.start
    assert top[-1].end == len(book.text)


@pytest.mark.parametrize("name", [PRIDE_WORD, PRIDE_TEX])
def test_pride_and_prejudice_has_61_chapters(books: dict[str, Book], name: str) -> None:
    book = books[name]
    assert body_titles(book) == [f"Chapter {n}" for n in range(1, 62)]
    assert [s.level for s in book.sections] == [1] * 62
    front = book.sections[0]
    assert front.matter == "front"
    assert front.title.casefold() == "pride and prejudice"


def test_alice_has_12_chapters_with_wrapped_titles(books: dict[str, Book]) -> None:
    titles = body_titles(books[ALICE])
    assert len(titles) == 12
    assert titles[0] == "CHAPTER I. Down the Rabbit-Hole"
    assert titles[2] == "CHAPTER III. A Caucus-Race and a Long Tale"  # two lines in the PDF
    assert titles[-1] == "CHAPTER XII. Alice's Evidence"


def test_contents_lists_are_not_sections(books: dict[str, Book]) -> None:
    book = books[PRIDE_WORD]
    chapter_one = next(s for s in book.sections if s.title == "Chapter 1")
    assert book.text[chapter_one.start :].startswith("Chapter 1\n\nIt is a truth universally")
    assert "Contents" in book.text[: chapter_one.start]  # kept as front matter


def test_lecture_notes_take_sections_from_the_outline(books: dict[str, Book]) -> None:
    book = books[THOMA]
    by_title = {section.title: section for section in book.sections}
    assert [s.title for s in book.sections if s.level == 1 and s.matter == "body"] == [
        "1 Topologische Grundbegriffe",
        "2 Mannigfaltigkeiten und Simplizialkomplexe",
        "3 Fundamentalgruppe und Überlagerungen",
        "4 Euklidische und nichteuklidische Geometrie",
        "5 Krümmung",
    ]
    assert by_title["1.1 Topologische Räume"].level == 2
    assert by_title["4.2.1 Flächeninhalt"].level == 3
    assert by_title["Stichwortverzeichnis"].matter == "back"
    assert book.sections[0].matter == "front"
    assert sum(s.title == "Übungsaufgaben" for s in book.sections) == 3
    assert len(book.sections) == 36
    assert book.text.count("Begriff") > 5  # "Begriﬀ", with a ligature, in the PDF


@pytest.mark.parametrize("name", [PRIDE_WORD, PRIDE_TEX, ALICE])
def test_no_page_number_paragraphs(books: dict[str, Book], name: str) -> None:
    # (the lecture notes have figures labelled with bare numbers; their page numbers sit in
    # the running heads, checked below)
    assert not [p for p in paragraphs(books[name]) if re.fullmatch(r"\d+|[ivxlc]+", p)]


@pytest.mark.parametrize("name", SHARED)
def test_ligatures_become_letters(books: dict[str, Book], name: str) -> None:
    assert not re.search("[\ufb00-\ufb06]", books[name].text)


def test_running_heads_are_removed(books: dict[str, Book]) -> None:
    assert books[PRIDE_WORD].text.count("PRIDE AND PREJUDICE") == 1  # the title page only
    assert books[PRIDE_TEX].text.count("Pride and Prejudice") == 1
    heads = re.compile(r"^\d+ (?:\d\.\d+\. )?[A-ZÄÖÜ ]{4,}$|^\d+ Inhaltsverzeichnis$")
    assert not [p for p in paragraphs(books[THOMA]) if heads.match(p)]


@pytest.mark.parametrize("name", [PRIDE_WORD, ALICE])
def test_gutenberg_licence_is_removed(books: dict[str, Book], name: str) -> None:
    text = books[name].text
    assert "Gutenberg" not in text
    assert "*** START" not in text and "*** END" not in text
    assert "Produced by" not in text


def test_line_end_hyphens_are_joined(books: dict[str, Book]) -> None:
    text = books[PRIDE_TEX].text
    assert "a single man in possession of a good fortune" in text  # "posses-" / "sion"
    assert "cried his wife impatiently." in text  # "impa-" / "tiently"
    assert "posses-" not in text
    assert "“To-morrow fortnight.”" in text  # a compound keeps its hyphen
    assert "tête-à-tête" in text  # TeX accents set on their letters


def test_word_export_keeps_compounds_broken_at_line_ends(books: dict[str, Book]) -> None:
    text = books[PRIDE_WORD].text
    assert "well-known" in text and "wellknown" not in text
    assert "self-conquest" in text


def test_paragraphs_follow_the_layout(books: dict[str, Book]) -> None:
    for name in (PRIDE_TEX, PRIDE_WORD):
        found = paragraphs(books[name])
        first = "It is a truth universally acknowledged, that a single man in possession of a"
        assert first + " good fortune, must be in want of a wife." in found
        assert "This was invitation enough." in found  # after a nearly full one-line paragraph
        assert "Mr. Bennet replied that he had not." in found
        assert max(len(p) for p in found) < 10_000  # no runaway merges


def test_metadata(books: dict[str, Book]) -> None:
    found = {name: (b.title, b.author, b.language) for name, b in books.items()}
    assert found == {
        PRIDE_WORD: ("Pride and Prejudice", "Jane Austen", "en"),
        PRIDE_TEX: ("Pride and Prejudice", "Jane Austen", "en"),
        ALICE: ("Alice's Adventures in Wonderland", "Lewis Carroll", "en"),
        THOMA: ("Geometrie und Topologie", "Martin Thoma", "de"),
    }


@pytest.mark.parametrize(
    ("text", "line", "syllables", "joined"),
    [
        ("a single man in posses-", "sion of", True, "a single man in possession of"),
        (
            "a fortnight’s acquaintance is cer-",
            "tainly",
            True,
            "a fortnight’s acquaintance is certainly",
        ),
        ("“To-", "morrow fortnight.”", True, "“To-morrow fortnight.”"),
        ("a very well-", "looking man", False, "a very well-looking man"),
        ("an unknown syllab-", "ification", True, "an unknown syllabification"),
        ("Project Gutenberg-", "Tm", True, "Project Gutenberg- Tm"),
        ("so—", "but still", True, "so—but still"),
    ],
)
def test_join_lines(text: str, line: str, syllables: bool, joined: str) -> None:
    vocabulary = {"possession", "certainly", "to-morrow", "to", "morrow"}
    assert _join(text, line, vocabulary, syllables=syllables) == joined


# --- small made-up PDFs -----------------------------------------------------------------

Placed = tuple[float, float, float, str]  # x, y, font size, text
PROSE = "The quick brown fox jumps over the lazy dog and keeps on running far away"


def make_pdf(path: Path, pages: list[list[Placed]]) -> Path:
    """A PDF whose pages show the given lines in Helvetica, each where it is placed."""
    writer = PdfWriter()
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
            NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
        }
    )
    for lines in pages:
        page = writer.add_blank_page(width=595, height=842)
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})}
        )
        operations = []
        for x, y, size, text in lines:
            escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            operations.append(f"BT /F1 {size} Tf {x} {y} Td ({escaped}) Tj ET")
        content = ContentStream(None, writer)
        content.set_data("\n".join(operations).encode("cp1252"))
        page.replace_contents(content)
    writer.write(path)
    return path


def novel_page(number: int, headings: list[str], paragraphs: list[list[str]]) -> list[Placed]:
    """A page with a running head, headings, indented paragraphs and a page number."""
    lines: list[Placed] = [(72, 800, 9, "A MADE-UP NOVEL"), (290, 40, 9, str(number))]
    y = 760.0
    for heading in headings:
        lines.append((240, y, 16, heading))
        y -= 40
    for paragraph in paragraphs:
        for i, text in enumerate(paragraph):
            lines.append((90 if i == 0 else 72, y, 11, text))
            y -= 14
    return lines


def test_made_up_novel(tmp_path: Path) -> None:
    prose = [PROSE, PROSE, "and so the paragraph ends."]
    hyphenated = [PROSE, "and the man was in full posses-", "sion of a possession indeed."]
    pages = [
        novel_page(1, ["Chapter 1"], [prose, hyphenated, prose, ["\u201cYes.\u201d"], prose]),
        novel_page(2, [], [prose, prose, prose, prose]),
        novel_page(3, ["Chapter 2"], [prose, prose, prose]),
        novel_page(4, [], [prose, prose, prose, prose]),
    ]
    book = read_pdf(make_pdf(tmp_path / "novel.pdf", pages))
    assert [(s.title, s.level) for s in book.sections] == [("Chapter 1", 1), ("Chapter 2", 1)]
    assert book.title == "novel"  # no metadata, and the first line is a heading
    assert "MADE-UP" not in book.text
    assert not [p for p in paragraphs(book) if p.isdigit()]
    assert "in full possession of a possession indeed." in book.text
    assert "\u201cYes.\u201d" in paragraphs(book)
    assert len(paragraphs(book)) == 2 + 5 + 4 + 3 + 4


def test_parts_hold_chapters_and_contents_lists_are_skipped(tmp_path: Path) -> None:
    prose = [[PROSE, PROSE, "and so the paragraph ends."]] * 3
    contents = ["Contents", "PART ONE", "Chapter 1", "Chapter 2", "PART TWO", "Chapter 3"]
    pages: list[list[Placed]] = [
        [(72, 760 - 20 * i, 11, entry) for i, entry in enumerate(contents)],
        novel_page(2, ["PART ONE", "Chapter 1"], prose),
        novel_page(3, ["Chapter 2"], prose),
        novel_page(4, ["PART TWO", "Chapter 3"], prose),
    ]
    book = read_pdf(make_pdf(tmp_path / "parts.pdf", pages))
    assert [(s.title, s.level, s.matter) for s in book.sections] == [
        ("Contents", 1, "front"),
        ("PART ONE", 1, "body"),
        ("Chapter 1", 2, "body"),
        ("Chapter 2", 2, "body"),
        ("PART TWO", 1, "body"),
        ("Chapter 3", 2, "body"),
    ]


def test_outline_sections_with_unprinted_titles(tmp_path: Path) -> None:
    prose = [[PROSE, PROSE, "and so the paragraph ends."]] * 3
    pages = [
        novel_page(1, ["Preface"], prose),
        novel_page(2, ["1 Beginning"], prose),
        novel_page(3, [], prose),
        novel_page(4, ["2 End"], prose),
        novel_page(5, ["Index"], prose),
    ]
    writer = PdfWriter(clone_from=make_pdf(tmp_path / "plain.pdf", pages))
    writer.add_outline_item(title="Preface", page_number=0)
    beginning = writer.add_outline_item(title="1 Beginning", page_number=1)
    writer.add_outline_item(title="1.1 Details", page_number=2, parent=beginning)  # printed nowhere
    writer.add_outline_item(title="2 End", page_number=3)
    writer.add_outline_item(title="Index", page_number=4)
    writer.add_metadata({"/Title": "Outlined", "/Author": "Someone"})
    path = tmp_path / "outlined.pdf"
    writer.write(path)
    book = read_pdf(path)
    assert (book.title, book.author) == ("Outlined", "Someone")
    assert [(s.title, s.level, s.matter) for s in book.sections] == [
        ("Preface", 1, "front"),
        ("1 Beginning", 1, "body"),
        ("1.1 Details", 2, "body"),
        ("2 End", 1, "body"),
        ("Index", 1, "back"),
    ]
    details = book.sections[2]
    assert book.text[details.start :].startswith("1.1 Details\n\n" + PROSE)


# --- files that must be refused ------------------------------------------------------------


def alice_pages(count: int = 6) -> PdfWriter:
    writer = PdfWriter()
    for page in PdfReader(shared(ALICE)).pages[:count]:
        writer.add_page(page)
    return writer


def refusal(path: Path) -> str:
    with pytest.raises(BookFormatError) as caught:
        read_pdf(path)
    assert caught.value.path == path
    return caught.value.reason


def test_scanned_pdf_without_text_is_refused(tmp_path: Path) -> None:
    writer = PdfWriter()
    for _ in range(3):
        writer.add_blank_page(width=595, height=842)
    path = tmp_path / "scan.pdf"
    writer.write(path)
    assert refusal(path) == "has no text layer (a scanned PDF?) — run OCR first"


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-256"])
def test_password_protected_pdf_is_refused(tmp_path: Path, algorithm: str) -> None:
    writer = alice_pages()
    writer.encrypt(user_password="secret", owner_password="owner", algorithm=algorithm)
    path = tmp_path / "locked.pdf"
    writer.write(path)
    assert "password-protected" in refusal(path)


def test_owner_password_only_opens(tmp_path: Path) -> None:
    writer = alice_pages()
    writer.encrypt(user_password="", owner_password="owner", algorithm="AES-128")
    path = tmp_path / "restricted.pdf"
    writer.write(path)
    book = read_pdf(path)
    assert book.title == "Alice's Adventures in Wonderland"
    assert "Alice was beginning to get very tired" in book.text


def without_cryptography(monkeypatch: pytest.MonkeyPatch) -> None:
    """pypdf as it runs where 'cryptography' is not installed: its own fallback, which does
    RC4 but raises DependencyError for AES."""
    from pypdf import _encryption
    from pypdf._crypt_providers import _fallback

    aes = ["CryptAES", "aes_ecb_encrypt", "aes_ecb_decrypt", "aes_cbc_encrypt", "aes_cbc_decrypt"]
    for name in aes:
        monkeypatch.setattr(_encryption, name, getattr(_fallback, name))


NEEDS_CRYPTOGRAPHY = (
    "is encrypted with AES, which needs the 'cryptography' package: pip install \"pypdf[crypto]\""
)


@pytest.mark.parametrize(
    ("user_password", "algorithm"),
    [("", "AES-128"), ("", "AES-256"), ("secret", "AES-256")],
    ids=["restricted-AES-128", "restricted-AES-256", "locked-AES-256"],
)
def test_aes_pdf_without_cryptography_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_password: str, algorithm: str
) -> None:
    writer = alice_pages()  # written while cryptography is there: pypdf needs it to encrypt
    writer.encrypt(user_password=user_password, owner_password="owner", algorithm=algorithm)
    path = tmp_path / "restricted.pdf"
    writer.write(path)
    without_cryptography(monkeypatch)
    with pytest.raises(BookFormatError) as caught:
        read_pdf(path)
    assert str(caught.value) == f"restricted.pdf: {NEEDS_CRYPTOGRAPHY}"


def test_rc4_pdf_opens_without_cryptography(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = alice_pages()
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    path = tmp_path / "restricted.pdf"
    writer.write(path)
    without_cryptography(monkeypatch)
    assert "Alice was beginning to get very tired" in read_pdf(path).text


def test_importing_an_aes_pdf_without_cryptography_is_one_line(
    tmp_path: Path,
    library: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    writer = alice_pages()
    writer.encrypt(user_password="", owner_password="owner", algorithm="AES-128")
    path = tmp_path / "restricted.pdf"
    writer.write(path)
    without_cryptography(monkeypatch)
    assert cli_main(["import", str(path)]) == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"saadi: error: restricted.pdf: {NEEDS_CRYPTOGRAPHY}\n")
    assert not library.exists() or not list(library.iterdir())


def test_truncated_pdf_is_refused(tmp_path: Path) -> None:
    data = (shared(ALICE)).read_bytes()
    path = tmp_path / "half.pdf"
    path.write_bytes(data[: len(data) // 2])
    assert refusal(path) == "the file is truncated or damaged"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"%PDF-1.4\n" + random.Random(1).randbytes(5000),
        lambda data: b"%PDF-1.4\n" + random.Random(2).randbytes(5000) + b"startxref\n9\n%%EOF\n",
        lambda data: data[: len(data) // 3] + bytes(20_000) + data[len(data) // 3 + 20_000 :],
        lambda data: b"",
    ],
    ids=["garbage", "garbage-with-trailer", "zeroed-middle", "empty"],
)
def test_corrupt_pdf_is_refused(tmp_path: Path, damage: Callable[[bytes], bytes]) -> None:
    path = tmp_path / "corrupt.pdf"
    path.write_bytes(damage((shared(ALICE)).read_bytes()))
    assert "damaged" in refusal(path)


def test_missing_file_is_refused(tmp_path: Path) -> None:
    assert refusal(tmp_path / "nowhere.pdf").startswith("cannot be read")


def test_pypdf_logging_is_silenced_and_restored(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # these pages' Type 1 fonts make pypdf log that fontTools is missing
    writer = PdfWriter()
    for page in PdfReader(shared(THOMA)).pages[5:8]:
        writer.add_page(page)
    path = tmp_path / "notes.pdf"
    writer.write(path)
    with caplog.at_level(logging.DEBUG, logger="pypdf"):
        assert "Topologische Räume" in read_pdf(path).text
        assert logging.getLogger("pypdf").level == logging.DEBUG
    assert not [record for record in caplog.records if record.name.startswith("pypdf")]


def test_load_book_reads_pdf(tmp_path: Path) -> None:
    path = tmp_path / "alice.pdf"
    alice_pages().write(path)
    assert load_book(path).source_format == "pdf"
