"""The settings dialog's parts: address rules, the model listing, saving, and fields whose
ranges and choices come from the declarations in ``app.config.settings``."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.config import secrets, settings
from app.config.provider_kinds import ProviderKind
from app.errors import KnownError
from app.llm import ProviderConfig, make_provider
from models import StoreError, atomic
from ui.shared.runner import in_thread
from ui.words import labels
from ui.words.retexts import told_error

LIST_TIMEOUT_S = 15.0
DEFAULT_URLS: dict[str, str] = {ProviderKind.OPENAI: "http://localhost:8080/v1",
                                ProviderKind.OLLAMA: "http://localhost:11434"}


def url_problem(provider: str, url: str) -> str:
    """What is wrong with a base URL for this provider ("" when it is usable)."""
    if provider == ProviderKind.OFFLINE:
        return ""
    example = DEFAULT_URLS.get(provider, "http://localhost:8080/v1")
    if not url.strip():
        return labels.fill(QCoreApplication.translate(
            "SettingsDialog", "Enter the model server's address, e.g. %1"), example)
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        return labels.fill(QCoreApplication.translate(
            "SettingsDialog", "This is not a web address: it starts with http:// or https:// "
            "and names a server, e.g. %1"), example)
    return ""


async def list_models(kind: str, base_url: str, key: str | None) -> tuple[list[str], str]:
    """The server's model names, or an empty list and the message for the user."""
    config = ProviderConfig(kind=kind, base_url=base_url.strip(), api_key=key or None,
                            max_retries=0, connect_timeout_s=5.0, read_timeout_s=LIST_TIMEOUT_S,
                            deadline_s=LIST_TIMEOUT_S)
    try:
        provider = make_provider(config)
        try:
            return sorted(await provider.list_models(), key=str.lower), ""
        finally:
            await provider.aclose()
    except KnownError as exc:
        return [], told_error(exc)


def key_state(account: str | None) -> tuple[str, bool]:
    """The stored key (or "") and whether keys survive a restart; reads the keyring."""
    key = secrets.get_key(account) if account else None
    return key or "", secrets.persistent()


def _save(values: dict[str, Any], account: str | None, key: str | None) -> bool:
    """Write the settings (one transaction) and the key; True when the key was kept."""
    with atomic():
        for name, value in values.items():
            settings.put(name, value)
    if account is None:
        return secrets.persistent()
    return secrets.set_key(account, key)


async def save_async(values: dict[str, Any], account: str | None, key: str | None) -> str:
    """Save in a worker thread; the message for the user, or "" when it worked."""
    try:
        await in_thread(_save, values, account, key)
    except (KnownError, StoreError) as exc:
        return told_error(exc)
    return ""


def spin(parent: QWidget, key: str) -> QSpinBox:
    """A number field with the range ``app.config.settings`` declares for ``key``."""
    spin = QSpinBox(parent)
    declared = settings.SETTINGS[key]
    spin.setRange(int(declared.min or 0), int(declared.max or 2**31 - 1))
    return spin


def double_spin(parent: QWidget, key: str) -> QDoubleSpinBox:
    """A decimal field (two places) with the range declared for ``key``."""
    spin = QDoubleSpinBox(parent)
    declared = settings.SETTINGS[key]
    spin.setDecimals(2)
    spin.setSingleStep(0.05)
    spin.setRange(declared.min or 0.0, declared.max if declared.max is not None else 1e9)
    return spin


def select(combo: QComboBox, code: object) -> None:
    """Show the item whose data is ``code`` (the first when none is)."""
    index = combo.findData(code)
    combo.setCurrentIndex(max(index, 0))


translate = QCoreApplication.translate  # lupdate finds translate("Context", "text")


def add_choices(combo: QComboBox, key: str, names: dict[str, str]) -> None:
    """The declared choices of ``key`` as items (shown by ``names``, else as declared)."""
    for code, meaning in settings.SETTINGS[key].choices:
        combo.addItem(names.get(code, meaning), code)


def add_limit_rows(box: QWidget, form: QFormLayout
                   ) -> tuple[QSpinBox, QSpinBox, QDoubleSpinBox]:
    """The time limit, tokens per reply and temperature rows, in that order."""
    deadline = spin(box, "assistant.deadline_s")
    deadline.setObjectName("deadline")
    deadline.setSuffix(translate("SettingsDialog", " s"))
    deadline.setToolTip(translate("SettingsDialog", "How long one answer from the model may "
                                  "take; a slow model on a small computer needs more"))
    form.addRow(translate("SettingsDialog", "Time limit"), deadline)
    max_tokens = spin(box, "assistant.max_tokens")
    max_tokens.setObjectName("maxTokens")
    max_tokens.setToolTip(translate("SettingsDialog", "The longest answer the model may write"))
    form.addRow(translate("SettingsDialog", "Tokens per reply, at most"), max_tokens)
    temperature = double_spin(box, "assistant.temperature")
    temperature.setObjectName("temperature")
    temperature.setToolTip(translate("SettingsDialog", "Low (about 0.1) gives steadier plans; "
                                     "higher gives more varied ones"))
    form.addRow(translate("SettingsDialog", "Model temperature"), temperature)
    return deadline, max_tokens, temperature


def model_row(box: QWidget) -> tuple[QWidget, QComboBox, QProgressBar, QPushButton]:
    """The model name (editable), a busy bar and "List models", in one row."""
    row = QWidget(box)
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    model = QComboBox(row)
    model.setObjectName("model")
    model.setEditable(True)
    model.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    button = QPushButton(translate("SettingsDialog", "List models"), row)
    button.setObjectName("listModels")
    button.setToolTip(translate("SettingsDialog", "Ask the server which models it offers"))
    progress = QProgressBar(row)
    progress.setRange(0, 0)  # busy: the length of a listing is unknown
    progress.setMaximumWidth(80)
    progress.setTextVisible(False)
    progress.hide()
    layout.addWidget(model, 1)
    layout.addWidget(progress)
    layout.addWidget(button)
    return row, model, progress, button


ERROR_STYLE = "color: #c0392b;"  # an inline message that says what went wrong


class MessageLabel(QLabel):
    """A wrapped label that asks for the height its text needs at the width it was given:
    form layouts size a row by its label's size hint, which guesses a narrower width, so
    a two-line message would get four lines' height (or, squeezed, be cut off)."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.wordWrap() and self.testAttribute(Qt.WidgetAttribute.WA_Resized):
            hint.setHeight(self.heightForWidth(self.width()))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # another width, another height


def message_label(parent: QWidget, name: str, *, error: bool = True) -> QLabel:
    """A hidden, word-wrapped, plain-text message line (server and user text is untrusted)."""
    label = MessageLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if error:
        label.setStyleSheet(ERROR_STYLE)
    label.hide()
    return label
