"""The first-run welcome: what Stepwise does, sample tasks, the offline planner, a model.

Shown in place of the plan while the store has no tasks; it goes as soon as one exists.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.tasks.samples import add_samples
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread


class WelcomeView(QWidget):
    settings_requested = Signal()
    samples_added = Signal(list)

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.shown_by: QObject | None = None  # the view that shows the samples (it reloads)
        title = QLabel(self.tr("Welcome to Stepwise"), self)
        font = title.font()
        font.setPointSize(font.pointSize() + 8)
        font.setBold(True)
        title.setFont(font)
        body = QLabel(self.tr(
            "Add what you need to do in the bar above — with a time in plain words if you "
            "like (\u201cnext friday\u201d, \u201c明天下午三点\u201d). The assistant reviews each "
            "task and fixes when it can start and when it is too late. A task that needs "
            "more than one thing gets a plan of steps that depend on each other; the "
            "assistant does what it can (reminders at once; drafts, files and messages once "
            "you approve). You tick off anything, in any order, and can always undo. You see "
            "every plan as a graph and can change it by dragging.\n\n"
            "No model is needed: the built-in offline planner works with plain rules "
            "(lists, \u201cthen\u201d, dates, common verbs). Connect a local or online "
            "model for plans that understand more. Press F5 to run the assistant."), self)
        body.setWordWrap(True)
        body.setTextFormat(Qt.TextFormat.PlainText)
        body.setMaximumWidth(620)
        self.english = QPushButton(self.tr("Add sample tasks (English)"), self)
        self.chinese = QPushButton(self.tr("Add sample tasks (中文)"), self)
        self.connect_model = QPushButton(self.tr("Connect a model…"), self)
        buttons = QGridLayout()  # two rows: the centre may be narrow
        buttons.addWidget(self.english, 0, 0)
        buttons.addWidget(self.chinese, 0, 1)
        buttons.addWidget(self.connect_model, 1, 0)
        buttons.setColumnStretch(2, 1)
        page = QWidget()  # in a scroll area: on a short window the text scrolls, never cut
        box = QVBoxLayout(page)
        box.setContentsMargins(24, 24, 24, 24)
        box.addStretch(1)
        box.addWidget(title)
        box.addSpacing(12)
        box.addWidget(body)
        box.addSpacing(16)
        box.addLayout(buttons)
        box.addStretch(2)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(page)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.english.clicked.connect(lambda: self._on_samples_clicked("en"))
        self.chinese.clicked.connect(lambda: self._on_samples_clicked("zh"))
        self.connect_model.clicked.connect(self.settings_requested)

    @Slot()
    def _on_samples_clicked(self, language: str) -> None:
        self.english.setEnabled(False)
        self.chinese.setEnabled(False)
        Op(self.ctx.runner, in_thread(add_samples, language), self.tr("Adding sample tasks")
           ).success(self._on_added).run(initiator=self.shown_by)

    def _on_added(self, ids: list[int]) -> None:
        self.english.setEnabled(True)
        self.chinese.setEnabled(True)
        self.samples_added.emit(ids)
