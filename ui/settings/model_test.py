"""The settings dialog's "Test model" row: the check ``stepwise agent test`` makes.

The test (``app.agent.model_check.check_model``: one short call per stage) is awaited on the
window's runner, so the GUI stays responsive; a busy bar and the stage under way show
progress, the button turns into "Cancel test" while it runs, and closing the dialog
cancels it. The result is told in plain words under the button.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QVBoxLayout, QWidget

from app.agent.model_check import ModelTest, check_model, short
from app.errors import KnownError
from app.llm import ProviderConfig
from app.words.plain import in_language
from ui.settings.fields import ERROR_STYLE, MessageLabel
from ui.shared.runner import TaskRunner
from ui.words import labels


async def _run(config: ProviderConfig, language: str,
               progress: Callable[[str], None]) -> tuple[ModelTest | None, str]:
    try:
        return await check_model(config, language, progress), ""
    except KnownError as exc:
        return None, str(exc)


class ModelTestRow(QWidget):
    """A "Test model" button, a busy bar while it runs, and what the test found."""

    tested = Signal(bool)  # whether every stage's reply validates (False: a problem too)

    def __init__(self, runner: TaskRunner, config: Callable[[], tuple[ProviderConfig, str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._runner, self._config = runner, config
        self._task: asyncio.Task[tuple[ModelTest | None, str]] | None = None
        self._language = "en"
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.button = QPushButton(self.tr("Test model"), self)
        self.button.setObjectName("testModel")
        self.button.setToolTip(self.tr("One short call per stage: what the model can do, and "
                                   "how fast"))
        self.button.clicked.connect(self._on_button_clicked)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(80)
        self.progress.setTextVisible(False)
        self.progress.hide()
        row.addWidget(self.button)
        row.addWidget(self.progress)
        row.addStretch(1)
        layout.addLayout(row)
        self.result = MessageLabel(self)  # a wrapped line as tall as its text
        self.result.setObjectName("testResult")
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setWordWrap(True)
        self.result.hide()
        layout.addWidget(self.result)

    @property
    def running(self) -> bool:
        """Whether a test is under way."""
        return self._task is not None

    def stage_name(self, stage: str) -> str:
        """A stage's name in the interface's language."""
        names = {"review": self.tr("review"), "plan": self.tr("plan"), "check": self.tr("check")}
        return names.get(stage, stage)

    def describe(self, result: ModelTest) -> str:
        """The test's result in plain words, a sentence a line."""
        lines = []
        if result.form:
            lines.append(labels.fill(self.tr("Structured output: %1."), result.form))
        for stage in result.stages:
            speed = f"{stage.seconds:.1f} s, ≈ {stage.tokens_per_s:.0f} tokens/s"
            if stage.problem is None:
                lines.append(labels.fill(self.tr("The %1 reply is usable (%2)."),
                                         self.stage_name(stage.stage), speed))
            else:
                why = in_language(short(stage.problem), self._language)
                lines.append(labels.fill(self.tr("The %1 reply would not be used: %2 (%3)."),
                                         self.stage_name(stage.stage), why, speed))
        lines.append(self.tr("The assistant can work with this model.") if result.ok else
                     self.tr("The assistant may not get usable plans from this model: try a "
                             "larger one."))
        return "\n".join(lines)

    def _on_button_clicked(self) -> None:
        if self.running:
            self.cancel()
        else:
            self.start()

    def start(self) -> None:
        """Start the test with the dialog's current settings."""
        config, language = self._config()
        self._language = language  # problems are told in the test's language
        self.button.setText(self.tr("Cancel test"))
        self.progress.show()
        self._show(self.tr("Connecting to the server…"), error=False)
        self._task = self._runner.start(_run(config, language, self._on_stage),
                                        self.tr("Testing the model"), done=self._on_done)

    def cancel(self) -> None:
        """Stop a test under way (nothing is kept from it)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
            self._idle()
            self._show(self.tr("The test was cancelled."), error=False)

    def _on_stage(self, stage: str) -> None:
        text = labels.fill(self.tr("Trying the %1 stage…"), self.stage_name(stage))
        self._show(text, error=False)

    def _on_done(self, outcome: tuple[ModelTest | None, str]) -> None:
        result, error = outcome
        self._task = None
        self._idle()
        if result is None:
            self._show(in_language(error, self._language), error=True)
        else:
            self._show(self.describe(result), error=not result.ok)
        self.tested.emit(result is not None and result.ok)

    def _idle(self) -> None:
        self.button.setText(self.tr("Test model"))
        self.progress.hide()

    def _show(self, text: str, *, error: bool) -> None:
        self.result.setStyleSheet(ERROR_STYLE if error else "")
        self.result.setText(text)
        self.result.setVisible(bool(text))
