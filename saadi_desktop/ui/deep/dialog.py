"""The widgets of deep search: the dialog that shows its cost before it runs, and the bar in the
search panel that follows it (progress, Cancel) and then tells what it cost."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from saadi_desktop.ui.deep.operations import DeepOutcome, DeepPlan
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.indexing.panel import duration

SLOW_WITH_INDEXING = "Indexing is running: deep search will be slow while both use the processor."


def plain_label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)  # questions and titles are the reader's text
    label.setWordWrap(True)
    return label


def describe_plan(plan: DeepPlan) -> str:
    """'At most 9 model calls, 31,204 prompt tokens, about 2 min 10 s.'"""
    if plan.calls == 0:
        return "There is no passage to read up to here."
    calls = f"{plan.calls} model call{'s' * (plan.calls != 1)}"
    time = (
        f"about {duration(plan.seconds)}"
        if plan.seconds is not None
        else "time known after the first deep search"
    )
    return (
        f"At most {calls}, {plan.prompt_tokens:,} prompt tokens ({plan.passages} passages), {time}."
    )


def describe_cost(outcome: DeepOutcome) -> str:
    """The measured cost: calls, tokens, time, and how the pool shrank round by round."""
    cost = outcome.cost
    cached = f" ({cost.cached_tokens:,} reused)" if cost.cached_tokens else ""
    text = (
        f"{cost.calls} model call{'s' * (cost.calls != 1)}, "
        f"{cost.prompt_tokens:,} prompt tokens evaluated{cached}, "
        f"{cost.generated_tokens:,} generated, {duration(outcome.seconds)}. "
        f"Passages left after each round: {' → '.join(map(str, outcome.passages))}."
    )
    if cost.failed_windows:
        text += (
            f" {cost.failed_windows} comparison(s) went unanswered and kept their first passages."
        )
    return text


class DeepSearchDialog(QDialog):
    """The question, the route and its cost; Run once the cost is known."""

    route_changed = Signal()

    def __init__(self, query: str, scope: str, model: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Deep search")
        self.setMinimumWidth(460)
        intro = plain_label(
            f"Deep search asks {model} to read passages and pick the ones that answer "
            f"“{query}”. It is much slower than normal search."
        )
        self.rerank = QRadioButton("Rerank the top 50 of normal search")
        self.scan = QRadioButton(f"Read the whole book {scope}")
        self.rerank.setChecked(True)
        self.routes = QButtonGroup(self)
        self.routes.addButton(self.rerank)
        self.routes.addButton(self.scan)
        self.rerank.toggled.connect(lambda _checked: self.route_changed.emit())
        self.cost = plain_label("Opening the model…")
        self.note = plain_label()
        self.note.setStyleSheet(f"color: {theme.current().muted};")
        self.note.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.run_button = self.buttons.addButton("Run", QDialogButtonBox.ButtonRole.AcceptRole)
        self.run_button.setDefault(True)
        self.run_button.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.rerank)
        layout.addWidget(self.scan)
        layout.addWidget(self.cost)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)

    def route(self) -> str:
        return "rerank" if self.rerank.isChecked() else "scan"

    def show_status(self, text: str) -> None:
        self.cost.setText(text)
        self.run_button.setEnabled(False)

    def show_plan(self, plan: DeepPlan) -> None:
        self.cost.setText(describe_plan(plan))
        self.run_button.setEnabled(plan.calls > 0)

    def show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))


class DeepSearchBar(QFrame):
    """Above the results: a deep search's progress and Cancel, then what it found and cost."""

    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deep")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.heading = plain_label()
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.details = plain_label()
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(8)
        self.cancel = QPushButton("Cancel")
        self.cancel.setToolTip("Stop now (the model call in progress is cut short)")
        self.cancel.clicked.connect(self.cancel_requested)
        self.close_button = QPushButton("Hide")
        self.close_button.setFlat(True)
        self.close_button.clicked.connect(self.hide)
        row = QHBoxLayout()
        row.addWidget(self.bar, 1)
        row.addStretch(0)  # keeps the buttons at the right once the bar is hidden
        row.addWidget(self.cancel)
        row.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.heading)
        layout.addWidget(self.details)
        layout.addLayout(row)
        self.hide()

    def show_running(self, heading: str, details: str, done: int, planned: int) -> None:
        self.heading.setText(heading)
        self.details.setText(details)
        self.bar.setRange(0, max(planned, done, 1))
        self.bar.setValue(done)
        self.bar.show()
        self.cancel.show()
        self.cancel.setEnabled(True)
        self.close_button.hide()
        self.show()

    def show_stopping(self) -> None:
        self.cancel.setEnabled(False)
        self.details.setText("Stopping (the model call in progress is cut short)…")

    def show_done(self, heading: str, details: str) -> None:
        self.heading.setText(heading)
        self.details.setText(details)
        self.bar.hide()
        self.cancel.hide()
        self.close_button.show()
        self.show()
