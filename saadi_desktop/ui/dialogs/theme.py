"""Light and dark themes: the app's palette and the few colours the widgets pick themselves
(headings, highlights, notes). Widgets ask :func:`current` for a colour when they draw, and
re-draw when the window tells them the theme changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication


@dataclass(frozen=True)
class Theme:
    name: str
    window: str
    base: str  # the page behind the text
    alternate: str
    text: str
    muted: str  # secondary text: reasons, hints, locations
    disabled: str  # a menu item or button that cannot be used now
    heading: str
    link: str
    selection: str
    passage: str  # the shaded passage after a jump
    query: str  # a search word inside a passage
    alias: str  # an entity's name or alias inside a passage
    current: str  # the chosen search result's card
    current_border: str
    safe: str  # the spoiler-safe scope line
    book: str  # the book's own words quoted in the notes, unlike the model's (key sentences)

    def highlight(self, kind: str) -> str:
        """The background of a highlight of ``kind`` ("query" or "alias")."""
        return self.alias if kind == "alias" else self.query

    @property
    def book_words(self) -> str:
        """The style of the book's own words quoted in a note (a link too: no underline), so
        that they never pass for the model's."""
        return f"color:{self.book}; font-style:italic; text-decoration:none"


# The light theme is the platform's palette plus the first slice's colours.
LIGHT = Theme(
    name="light",
    window="#efefef",
    base="#ffffff",
    alternate="#f5f5f5",
    text="#1a1a1a",
    muted="#555555",
    disabled="#a0a0a0",
    heading="#5b3a1a",
    link="#1a5fb4",
    selection="#3584e4",
    passage="#fff4c2",
    query="#ffb347",
    alias="#9fd8a0",
    current="#fff8e6",
    current_border="#c77d12",
    safe="#2f5d2f",
    book="#6a3d7a",
)
# Dark: light grey text on near-black, and highlights dark enough that it stays readable.
DARK = Theme(
    name="dark",
    window="#2b2b2b",
    base="#1e1e1e",
    alternate="#262626",
    text="#dcdcdc",
    muted="#a8a8a8",
    disabled="#686868",
    heading="#e0b07a",
    link="#8cb4ff",
    selection="#2a5a8c",
    passage="#3a3524",
    query="#8a5200",
    alias="#2e6332",
    current="#3a3120",
    current_border="#d08a2a",
    safe="#8fcf8f",
    book="#d3b3e0",
)
THEMES = {t.name: t for t in (LIGHT, DARK)}

_current = LIGHT
_original: tuple[QPalette, str] | None = None  # the platform's palette and style, for light


def current() -> Theme:
    return _current


def apply(app: QApplication, name: str) -> Theme:
    """Switch the whole app to the theme called ``name`` (light for an unknown name)."""
    global _current, _original
    theme = THEMES.get(name, LIGHT)
    if _original is None:
        _original = QPalette(app.palette()), app.style().name()
    palette, style = _original
    if theme is LIGHT:  # the platform's own look
        if app.style().name() != style:
            app.setStyle(style)
        app.setPalette(palette)
    else:
        app.setStyle("Fusion")  # the one style that follows a palette everywhere
        app.setPalette(_palette(theme))
    _current = theme
    return theme


def _palette(theme: Theme) -> QPalette:
    palette = QPalette()
    role = QPalette.ColorRole
    colours = {
        role.Window: theme.window,
        role.WindowText: theme.text,
        role.Base: theme.base,
        role.AlternateBase: theme.alternate,
        role.Text: theme.text,
        role.Button: theme.window,
        role.ButtonText: theme.text,
        role.ToolTipBase: theme.base,
        role.ToolTipText: theme.text,
        role.PlaceholderText: theme.muted,
        role.Link: theme.link,
        role.Highlight: theme.selection,
        role.HighlightedText: "#ffffff",
        role.BrightText: "#ff5555",
    }
    for key, colour in colours.items():
        palette.setColor(key, QColor(colour))
    dimmed = QColor(theme.disabled)
    for key in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, key, dimmed)
    if theme.name == "dark":  # the bevels Fusion draws from these
        for key, colour in ((role.Light, "#3c3c3c"), (role.Midlight, "#333333"),
                            (role.Mid, "#4a4a4a"), (role.Dark, "#151515"),
                            (role.Shadow, "#000000")):  # fmt: skip
            palette.setColor(key, QColor(colour))
    return palette
