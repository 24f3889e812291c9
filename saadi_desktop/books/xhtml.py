"""XHTML to paragraphs: block elements become paragraphs, inline markup becomes plain text.

The parser resolves no entities, loads no DTD and fetches nothing: book content is data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saadi_desktop.books.model import BookFormatError, Matter

_BLOCK = {
    "address", "article", "aside", "blockquote", "body", "caption", "dd", "div", "dl", "dt",
    "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
    "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot",
    "th", "thead", "tr", "ul",
}  # fmt: skip
_SKIP = {"head", "script", "style", "svg", "math", "img", "object", "iframe", "audio", "video"}
# Note references and their back links are apparatus: "him.1" would corrupt a sentence.
_SKIP_TYPES = {"noteref", "backlink", "pagebreak"}
_EPUB_TYPE = "{http://www.idpf.org/2007/ops}type"


@dataclass(frozen=True)
class Anchor:
    """An element id: where a table-of-contents entry with a #fragment may start."""

    id: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass
class ParsedDocument:
    title: str = ""
    matter: Matter | None = None
    events: list[Anchor | Paragraph] = field(default_factory=list)


def parse_xhtml(path: Path, name: str, content: bytes) -> ParsedDocument:
    """Parse one content document of ``path`` (named ``name`` in the archive)."""
    root = _parse_tree(path, name, content)
    parsed = ParsedDocument()
    for element in root.iter():
        if _local(element) == "title" and not parsed.title:
            parsed.title = " ".join((element.text or "").split())
        if _local(element) == "body":
            parsed.matter = _matter_of(element.get(_EPUB_TYPE, ""))
            _Walker(parsed.events).walk(element)
            break
    return parsed


def _parse_tree(path: Path, name: str, content: bytes) -> Any:
    from lxml import etree, html

    safe = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, recover=False
    )
    try:
        return etree.fromstring(content, safe)
    except etree.XMLSyntaxError:
        pass  # many real EPUBs carry tag soup: fall back to the forgiving HTML parser
    try:
        return html.document_fromstring(content)
    except (etree.ParserError, ValueError) as error:
        raise BookFormatError(path, f"{name} cannot be parsed as XHTML ({error})") from None


def _matter_of(epub_type: str) -> Matter | None:
    kinds = epub_type.split()
    if "frontmatter" in kinds:
        return "front"
    if "backmatter" in kinds:
        return "back"
    if "bodymatter" in kinds:
        return "body"
    return None


def _local(element: Any) -> str:
    tag = element.tag
    if not isinstance(tag, str):  # comments and processing instructions
        return ""
    return tag.rsplit("}", 1)[-1].lower()


class _Walker:
    """Depth-first walk that buffers inline text and flushes a paragraph at block edges."""

    def __init__(self, events: list[Anchor | Paragraph]) -> None:
        self.events = events
        self.buffer: list[str] = []

    def walk(self, element: Any) -> None:
        self._visit(element)
        self._flush()

    def _visit(self, element: Any) -> None:
        tag = _local(element)
        skip = (
            tag in _SKIP
            or not tag
            or bool(_SKIP_TYPES.intersection(element.get(_EPUB_TYPE, "").split()))
        )
        if not skip:
            block = tag in _BLOCK
            if block:
                self._flush()
            if element.get("id"):
                # An anchor on an inline element marks the paragraph that holds it.
                self.events.append(Anchor(element.get("id")))
            if tag == "br":
                self.buffer.append("\n")
            self._text(element.text)
            for child in element:
                self._visit(child)
            if block:
                self._flush()
        self._text(element.tail)

    def _text(self, text: str | None) -> None:
        if text:
            # Source line breaks are formatting, not text; only <br> makes a line break.
            self.buffer.append(" ".join(text.split("\n")).replace("\t", " ").replace("\r", " "))

    def _flush(self) -> None:
        text = "".join(self.buffer).strip()
        self.buffer.clear()
        if text:
            self.events.append(Paragraph(text))
