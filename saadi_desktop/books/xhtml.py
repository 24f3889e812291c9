"""XHTML to paragraphs: block elements become paragraphs, inline markup becomes plain text.

The parser resolves no entities, loads no DTD and fetches nothing: book content is data.
"""

from __future__ import annotations

import re
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
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
         "source", "track", "wbr"}  # fmt: skip
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
    if root is None:  # nested too deeply for a tree: read it as a stream of tags instead
        return _parse_stream(path, name, content)
    parsed = ParsedDocument()
    for element in root.iter():
        if _local(element) == "title" and not parsed.title:
            parsed.title = " ".join((element.text or "").split())
        if _local(element) == "body":
            parsed.matter = _matter_of(element.get(_EPUB_TYPE, ""))
            walker = _Walker(parsed.events)
            _feed_tree(element, walker)
            walker.close()
            break
    return parsed


def _parse_tree(path: Path, name: str, content: bytes) -> Any:
    """The document's tree, or None when it nests deeper than libxml2 builds trees (256
    levels): its HTML parser would cut the document off there without an error."""
    from lxml import etree, html

    safe = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, recover=False
    )
    try:
        return etree.fromstring(content, safe)
    except etree.XMLSyntaxError as error:
        if _too_deep(str(error)):
            return None
    # many real EPUBs carry tag soup: fall back to the forgiving HTML parser
    forgiving = html.HTMLParser(no_network=True)
    try:
        root = html.document_fromstring(content, parser=forgiving)
    except (etree.ParserError, ValueError) as error:
        raise BookFormatError(path, f"{name} cannot be parsed as XHTML ({error})") from None
    if any(entry.level_name == "FATAL" for entry in forgiving.error_log):
        return None  # it stopped early (too deep, a resource limit): the rest would be lost
    return root


def _too_deep(message: str) -> bool:
    return "Excessive depth" in message


def _decode(content: bytes) -> str:
    """The document's text: UTF-16 by its byte order mark, else its XML declaration's encoding,
    else UTF-8 (what the EPUB standard allows)."""
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        return content.decode("utf-16", errors="replace")
    declared = re.match(rb"<\?xml[^>]*encoding=[\"']([\w.-]+)", content.lstrip(b"\xef\xbb\xbf"))
    try:
        return content.decode(declared.group(1).decode() if declared else "utf-8-sig", "replace")
    except LookupError:
        return content.decode("utf-8-sig", errors="replace")


def _parse_stream(path: Path, name: str, content: bytes) -> ParsedDocument:
    """Title, matter and paragraphs from the tags as they come (Python's HTML tokenizer keeps
    no tree, so there is no depth limit); the walker is the same one the tree feeds."""
    from html.parser import HTMLParser

    parsed = ParsedDocument()
    walker = _Walker(parsed.events)
    title: list[str] = []
    in_title = False

    class Stream(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            nonlocal in_title
            local, values = tag.rsplit(":", 1)[-1], {k: v or "" for k, v in attrs}
            in_title = local == "title" and not parsed.title
            if local == "body":
                parsed.matter = _matter_of(values.get("epub:type", ""))
            walker.start(local, values.get("id", ""), values.get("epub:type", ""))
            if local in _VOID:
                walker.end(local)

        def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.handle_starttag(tag, attrs)
            if tag.rsplit(":", 1)[-1] not in _VOID:
                self.handle_endtag(tag)

        def handle_endtag(self, tag: str) -> None:
            nonlocal in_title
            if in_title:
                parsed.title = " ".join("".join(title).split())
                in_title = False
            walker.end(tag.rsplit(":", 1)[-1])

        def handle_data(self, data: str) -> None:
            if in_title:
                title.append(data)
            walker.text(data)

        def unknown_decl(self, data: str) -> None:
            if data.startswith("CDATA["):  # XHTML may wrap text in a CDATA section
                self.handle_data(data.removeprefix("CDATA["))

    stream = Stream(convert_charrefs=True)
    try:
        stream.feed(_decode(content))
        stream.close()
    except AssertionError as error:  # the tokenizer's word for a declaration it cannot read
        raise BookFormatError(path, f"{name} cannot be parsed as XHTML ({error})") from None
    walker.close()
    return parsed


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


def _feed_tree(element: Any, walker: _Walker) -> None:
    """Hand an element and everything under it to ``walker``, tails included."""
    tag = _local(element)
    if tag:  # a comment's or processing instruction's text is not the book's
        walker.start(tag, element.get("id", ""), element.get(_EPUB_TYPE, ""))
        walker.text(element.text)
        for child in element:
            _feed_tree(child, walker)
        walker.end(tag)
    walker.text(element.tail)


class _Walker:
    """Buffers inline text and flushes a paragraph at block edges, from start tags, text and
    end tags in document order (a tree walk or a stream of tags)."""

    def __init__(self, events: list[Anchor | Paragraph]) -> None:
        self.events = events
        self.buffer: list[str] = []
        self.skipping: str | None = None  # the tag of the skipped element we are inside
        self.skip_depth = 0  # how many of that tag are open

    def start(self, tag: str, element_id: str, epub_type: str) -> None:
        if self.skipping is not None:
            self.skip_depth += tag == self.skipping
            return
        if tag in _SKIP or _SKIP_TYPES.intersection(epub_type.split()):
            self.skipping, self.skip_depth = tag, 1
            return
        if tag in _BLOCK:
            self._flush()
        if element_id:
            # An anchor on an inline element marks the paragraph that holds it.
            self.events.append(Anchor(element_id))
        if tag == "br":
            self.buffer.append("\n")

    def end(self, tag: str) -> None:
        if self.skipping is not None:
            if tag == self.skipping:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skipping = None
            return
        if tag in _BLOCK:
            self._flush()

    def text(self, text: str | None) -> None:
        if text and self.skipping is None:
            # Source line breaks are formatting, not text; only <br> makes a line break.
            self.buffer.append(" ".join(text.split("\n")).replace("\t", " ").replace("\r", " "))

    def close(self) -> None:
        self._flush()

    def _flush(self) -> None:
        text = "".join(self.buffer).strip()
        self.buffer.clear()
        if text:
            self.events.append(Paragraph(text))
