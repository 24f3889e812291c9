"""``saadi-desktop [FILE]``: the desktop app."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from saadi_desktop import __version__


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``saadi-desktop``; Qt's own options are not listed here."""
    parser = argparse.ArgumentParser(
        prog="saadi-desktop",
        description="The desktop app of saadi: a library of books, a reader, instant search, "
        "characters and summaries, all spoiler-safe up to where you have read.",
        epilog=_epilog(),
    )
    parser.add_argument("--version", action="version", version=f"saadi-desktop {__version__}")
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a book file to import and open (EPUB, PDF or plain text), a book id or a .saadi.db",
    )
    return parser


def _epilog() -> str:
    lines = ["Qt's own options (such as -platform offscreen or -style fusion) are passed to Qt."]
    if getattr(sys, "frozen", False):  # packaging/entry.py answers these before main() runs
        lines.append("--self-check [--deep] checks what the packaged app finds at run time.")
    return " ".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Start the app; with a FILE (a book file, a book id or a .saadi.db), open it."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    # --help and --version answer here, before Qt starts (it needs a display); FILE is read
    # below, once Qt has taken out its own options ("-platform offscreen")
    parser.parse_known_args(args)

    from PySide6.QtWidgets import QApplication

    from saadi_desktop.ui.dialogs.messages import install_excepthook
    from saadi_desktop.ui.main_window import MainWindow

    existing = QApplication.instance()
    app = existing or QApplication([sys.argv[0], *args])
    # Qt takes out the options it knows; what is left is ours
    ours = args if existing else app.arguments()[1:]
    chosen, unknown = parser.parse_known_args(ours)
    if unknown:  # ignored, as they always were: a desktop launcher has no terminal for an error
        print(f"saadi-desktop: ignored: {' '.join(unknown)}", file=sys.stderr)
    app.setApplicationName("saadi-desktop")
    install_excepthook()
    window = MainWindow()
    window.show()
    if chosen.file:
        window.open_reference(chosen.file)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
