"""The model choice: the built-in model, a GGUF file the reader picks, or an OpenAI-compatible
server. A *spec* is what :func:`saadi_desktop.llm.open_llm` takes: '' for the built-in model,
else the file's path or the server's URL."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

BUILT_IN, GGUF_FILE, SERVER = "built-in", "file", "server"
MODEL_CHOICES = [
    ("Built-in model (Qwen2.5-Coder 1.5B)", BUILT_IN),
    ("A GGUF model file…", GGUF_FILE),
    ("An OpenAI-compatible server…", SERVER),
]
GGUF_FILTER = "GGUF models (*.gguf);;All files (*)"


def kind_of(spec: str) -> str:
    if not spec:
        return BUILT_IN
    return SERVER if spec.startswith(("http://", "https://")) else GGUF_FILE


class ModelChoice(QWidget):
    """A row: "Model:", the kind, the file path or server URL, and Browse… for a file."""

    changed = Signal()  # the spec changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox()
        for label, kind in MODEL_CHOICES:
            self.kind.addItem(label, kind)
        self.kind.setToolTip("The model that reads the book; your choice is remembered")
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.location = QLineEdit()
        self.location.textEdited.connect(lambda _text: self.changed.emit())
        self.browse = QPushButton("Browse…")
        self.browse.clicked.connect(self.choose_file)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Model:"))
        row.addWidget(self.kind)
        row.addWidget(self.location, 3)
        row.addWidget(self.browse)
        row.addStretch(1)  # the row's spare room, when no path or address is shown
        self._show_kind()

    def spec(self) -> str:
        """'' for the built-in model, else the GGUF path or the server URL typed or picked."""
        return "" if self.kind.currentData() == BUILT_IN else self.location.text().strip()

    def is_complete(self) -> bool:
        """False when a file or server is chosen but not given."""
        return bool(kind_of(self.spec()) == self.kind.currentData())

    def missing(self) -> str:
        return "server address" if self.kind.currentData() == SERVER else "model file"

    def set_spec(self, spec: str) -> None:
        self.kind.blockSignals(True)
        self.kind.setCurrentIndex(self.kind.findData(kind_of(spec)))
        self.kind.blockSignals(False)
        self.location.setText(spec)
        self._show_kind()
        self.changed.emit()

    def choose_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Choose a GGUF model", "", GGUF_FILTER)
        if name:
            self.location.setText(name)
            self.changed.emit()

    def _show_kind(self) -> None:
        kind = self.kind.currentData()
        self.location.setVisible(kind != BUILT_IN)
        self.browse.setVisible(kind == GGUF_FILE)
        self.location.setPlaceholderText(
            "http://localhost:8080" if kind == SERVER else "/path/to/model.gguf"
        )

    def _kind_changed(self) -> None:
        self._show_kind()
        if self.kind.currentData() != kind_of(self.location.text().strip()):
            self.location.clear()
        if self.kind.currentData() == GGUF_FILE and not self.location.text():
            self.choose_file()
        self.changed.emit()
