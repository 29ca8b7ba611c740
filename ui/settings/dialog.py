"""The settings dialog: the model server, the assistant's limits, language, theme, name.

The model list comes from the server (``list_models``, awaited on the window's runner,
with progress and a message saying what went wrong). The API key goes to the keyring
(``app.config.secrets``), never the settings table or a log; without a keyring the dialog
says it is kept for this session. A server not on this computer needs consent before
task text goes to it. Saving writes every setting in one transaction in a worker thread;
"Test model" makes the check of ``stepwise agent test`` (``ui.settings.model_test``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from app.agent.setup import is_local
from app.config import secrets, settings
from app.llm import PROVIDERS, ProviderConfig, ProviderKind
from ui.settings import fields, fit
from ui.settings.fields import DEFAULT_URLS, list_models, url_problem
from ui.settings.model_test import ModelTestRow
from ui.settings.planning_page import PlanningPage
from ui.settings.sync_page import SyncPage
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words import labels


class SettingsDialog(fit.FittedDialog):
    """Edit the declared settings (``app.config.settings``) and the API key."""

    models_listed = Signal(list)  # model names from the server
    models_failed = Signal(str)  # what went wrong, for the user
    key_checked = Signal(bool)  # whether a keyring keeps the key
    settings_saved = Signal()

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setWindowTitle(self.tr("Settings"))
        self._listing: asyncio.Task[tuple[list[str], str]] | None = None
        self._listed_for: tuple[str, str] | None = None
        self._loaded_key = ""
        self._loaded_account: str | None = None
        self._saving = False
        self._build()
        self._load()
        self.resize(560, self.sizeHint().height())
        self.fit_screen()  # a short screen: the pages scroll, Save and Cancel stay in view

    # --- building ------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        # Grow with the messages that appear (wrapped labels need height for their width).
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        self.sync_page = SyncPage(self.ctx, self)  # its actions take effect at once
        self.planning = PlanningPage(self.ctx, self)
        self.planning.changed.connect(self._update)
        self.tabs = fit.tabbed(self, [
            (self._build_model_page(), self.tr("Model")),
            (self._build_assistant_page(), self.tr("Assistant")),
            (self.planning, self.tr("Planning")),
            (self._build_look_page(), self.tr("Appearance")),
            (self.sync_page, self.sync_page.tab_name())])
        layout.addWidget(self.tabs)
        self.hint = self.message_label("hint", error=False)
        layout.addWidget(self.hint)
        self.save_error = self.message_label("saveError")
        layout.addWidget(self.save_error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        layout.addWidget(self.buttons)

    def provider_names(self) -> dict[ProviderKind, str]:
        """The list's entry for each provider kind, in ``PROVIDERS``' order."""
        names = {ProviderKind.OFFLINE: self.tr("Built-in offline planner (no server)"),
                 ProviderKind.OPENAI: self.tr(
                     "OpenAI-compatible server (llama.cpp, LM Studio, vLLM …)"),
                 ProviderKind.OLLAMA: self.tr("Ollama")}
        return {kind: names[kind] for kind in PROVIDERS}

    def _build_model_page(self) -> QWidget:
        box = QWidget(self)
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.provider = QComboBox(box)
        for kind, name in self.provider_names().items():
            self.provider.addItem(name, str(kind))
        form.addRow(self.tr("Provider"), self.provider)
        self.base_url = QLineEdit(box)
        self.base_url.setObjectName("baseUrl")
        form.addRow(self.tr("Base URL"), self.base_url)
        self.url_error = self.message_label("urlError")
        form.addRow("", self.url_error)
        self.consent = QCheckBox(self.tr("Send my tasks' text to this server"), box)
        self.consent.setToolTip(self.tr("The server is not on this computer: the assistant "
                                        "sends it your tasks' text only if you agree."))
        form.addRow("", self.consent)
        row, self.model, self.progress, self.list_button = fields.model_row(box)
        form.addRow(self.tr("Model"), row)
        self.model_status = self.message_label("modelStatus")
        form.addRow("", self.model_status)
        self._add_key_rows(box, form)
        self.model_test = ModelTestRow(self.ctx.runner, self.test_config, box)
        form.addRow("", self.model_test)
        return box

    def _add_key_rows(self, box: QWidget, form: QFormLayout) -> None:
        self.api_key = QLineEdit(box)
        self.api_key.setObjectName("apiKey")
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setPlaceholderText(self.tr("Only if the server asks for one"))
        form.addRow(self.tr("API key"), self.api_key)
        self.key_note = self.message_label("keyNote", error=False)
        form.addRow("", self.key_note)

    def _build_assistant_page(self) -> QWidget:
        box = QWidget(self)
        form = QFormLayout(box)
        self.auto_accept = QCheckBox(self.tr("Run the assistant's plans without asking me "
                                             "first"), box)
        form.addRow(self.tr("Auto-accept"), self.auto_accept)
        self.max_steps = fields.spin(box, "assistant.max_steps")
        self.max_steps.setToolTip(self.tr("The most steps the assistant may put in one plan"))
        form.addRow(self.tr("Steps per plan, at most"), self.max_steps)
        self.deadline, self.max_tokens, self.temperature = fields.add_limit_rows(box, form)
        self.agents = QComboBox(box)
        self.agents.setObjectName("mcpMode")
        fields.add_choices(self.agents, "mcp.mode", {
            "on": self.tr("May read and change tasks (never approve or send)"),
            "read-only": self.tr("May only read"), "off": self.tr("Off")})
        self.agents.setToolTip(self.tr("What other AI agents (an MCP client such as a chat "
                                       "app) may do through `stepwise mcp`"))
        form.addRow(self.tr("Other AI agents"), self.agents)
        self.agents_schedule = QCheckBox(self.tr("Agents may save a schedule (you can undo "
                                                 "it in Agent changes)"), box)
        form.addRow("", self.agents_schedule)
        return box

    def _build_look_page(self) -> QWidget:
        box = QWidget(self)
        form = QFormLayout(box)
        self.language = QComboBox(box)
        fields.add_choices(self.language, "ui.language", {"system": self.tr("Follow the system")})
        form.addRow(self.tr("Language"), self.language)
        self.theme = QComboBox(box)
        fields.add_choices(self.theme, "ui.theme", {
            "system": self.tr("Follow the system (light or dark)"), "light": self.tr("Light"),
            "dark": self.tr("Dark")})
        form.addRow(self.tr("Theme"), self.theme)
        self.start_at_login = QCheckBox(self.tr("Start Stepwise when I log in"), box)
        form.addRow(self.tr("Start"), self.start_at_login)
        self.your_name = QLineEdit(box, placeholderText=self.tr("Signs the assistant's drafts"))
        form.addRow(self.tr("Your name"), self.your_name)
        return box

    # --- loading -------------------------------------------------------------------------

    def _load(self) -> None:
        """Show the stored values (a few rows, on the GUI thread), then wire the fields."""
        fields.select(self.provider, settings.get("assistant.provider"))
        self.planning.load()
        self.base_url.setText(settings.get("assistant.base_url"))
        self.model.setEditText(settings.get("assistant.model"))
        self.consent.setChecked(settings.get("assistant.remote_consent"))
        self.auto_accept.setChecked(settings.get("assistant.auto_accept"))
        self.start_at_login.setChecked(settings.get("app.start_at_login"))
        self.your_name.setText(settings.get("user.name"))
        self.max_steps.setValue(settings.get("assistant.max_steps"))
        self.deadline.setValue(settings.get("assistant.deadline_s"))
        self.max_tokens.setValue(settings.get("assistant.max_tokens"))
        self.temperature.setValue(settings.get("assistant.temperature"))
        fields.select(self.language, settings.get("ui.language"))
        fields.select(self.theme, settings.get("ui.theme"))
        fields.select(self.agents, settings.get("mcp.mode"))
        self.agents_schedule.setChecked(settings.get("mcp.may_schedule"))
        self.provider.currentIndexChanged.connect(self._on_provider_current_index_changed)
        self.base_url.textChanged.connect(self._on_base_url_text_changed)
        self.base_url.editingFinished.connect(self._on_base_url_editing_finished)
        self.model.editTextChanged.connect(self._on_model_edit_text_changed)
        self.list_button.clicked.connect(self._on_list_button_clicked)
        self._loaded_account = self.account()
        self.ctx.runner.start(in_thread(fields.key_state, self._loaded_account),
                              self.tr("Reading the API key"), done=self._on_key_read)
        self._update()
        if self.kind != ProviderKind.OFFLINE and not url_problem(self.kind, self.url):
            self.refresh_models()

    def _on_key_read(self, state: tuple[str, bool]) -> None:
        key, persistent = state
        self._loaded_key = key
        if not self.api_key.text():
            self.api_key.setText(key)
        if persistent:
            self.set_message(self.key_note, self.tr("The key is kept in the system keyring."))
        else:
            self.set_message(self.key_note, self.tr(
                "No system keyring was found: the key is kept for this session only and must "
                "be entered again after Stepwise restarts."))
        self.key_checked.emit(persistent)

    # --- what the fields say -------------------------------------------------------------

    @property
    def kind(self) -> str:
        return str(self.provider.currentData())

    @property
    def url(self) -> str:
        return self.base_url.text().strip()

    def account(self) -> str | None:
        """The keyring entry of the chosen server (None for the offline planner)."""
        if self.kind == ProviderKind.OFFLINE:
            return None
        return secrets.account_for(self.kind, self.url)

    def problem(self) -> str:
        """What keeps the settings from being saved ("" when nothing does)."""
        return url_problem(self.kind, self.url) or (
            self.tr("Choose a model (List models asks the server which it has).")
            if self.kind != ProviderKind.OFFLINE and not self.model.currentText().strip()
            else "") or self.planning.problem()

    def test_config(self) -> tuple[ProviderConfig, str]:
        """The provider the fields describe (for "Test model") and the test's language."""
        config = ProviderConfig(
            kind=self.kind, base_url=self.url, model=self.model.currentText().strip(),
            api_key=self.api_key.text().strip() or None, max_retries=0,
            max_tokens=self.max_tokens.value(),
            temperature=self.temperature.value(), deadline_s=float(self.deadline.value()))
        language = "zh" if str(self.language.currentData()).startswith("zh") else "en"
        return config, language

    def _update(self) -> None:
        server = self.kind != ProviderKind.OFFLINE
        self.model_test.button.setEnabled(
            self.model_test.running or (server and not self.problem()))
        for widget in (self.base_url, self.model, self.api_key, self.list_button):
            widget.setEnabled(server)
        self.base_url.setPlaceholderText(DEFAULT_URLS.get(self.kind, ""))
        url_error = url_problem(self.kind, self.url)
        if url_error != self.url_error.text():
            self.set_message(self.url_error, url_error)
        self.consent.setVisible(server and not url_error and not is_local(self.url))
        self.list_button.setEnabled(server and not url_error)
        problem = self.problem()
        self.save_button.setEnabled(not self._saving and not problem)
        self.save_button.setToolTip(problem)
        hint = "" if url_error else problem  # a bad address is told beside the field
        if hint != self.hint.text():
            self.set_message(self.hint, hint)

    def _on_provider_current_index_changed(self, _index: int) -> None:
        self._forget_listing()
        if not self.url or self.url in DEFAULT_URLS.values():
            self.base_url.setText(DEFAULT_URLS.get(self.kind, ""))
        self._update()
        if self.kind != ProviderKind.OFFLINE and not url_problem(self.kind, self.url):
            self.refresh_models()

    def _on_base_url_text_changed(self, _text: str) -> None:
        if self._listed_for is not None and self._listed_for != (self.kind, self.url):
            self._forget_listing()  # what it said was about another address
        self._update()

    def _forget_listing(self) -> None:
        if self._listing is not None:
            self._listing.cancel()
            self._listing = None
        self._listed_for = None
        self.progress.hide()
        self._show_model_status("", error=False)

    def _on_base_url_editing_finished(self) -> None:
        if self.kind != ProviderKind.OFFLINE and not url_problem(self.kind, self.url) \
                and self._listed_for != (self.kind, self.url):
            self.refresh_models()

    def _on_model_edit_text_changed(self, _text: str) -> None:
        self._update()

    # --- listing models ------------------------------------------------------------------

    def _on_list_button_clicked(self) -> None:
        self.refresh_models()

    def refresh_models(self) -> None:
        """Ask the server for its models (cancelling a listing still under way)."""
        if self._listing is not None:
            self._listing.cancel()
        self._listed_for = (self.kind, self.url)
        self.progress.show()
        self._show_model_status(self.tr("Asking the server for its models…"), error=False)
        self._listing = self.ctx.runner.start(
            list_models(self.kind, self.url, self.api_key.text().strip()),
            self.tr("Listing the server's models"), done=self._on_models_listed)

    def _on_models_listed(self, result: tuple[list[str], str]) -> None:
        names, error = result
        self._listing = None
        self.progress.hide()
        if error:
            self._show_model_status(error, error=True)
            self.models_failed.emit(error)
            return
        chosen = self.model.currentText()
        self.model.clear()
        self.model.addItems(names)
        self.model.setEditText(chosen or (names[0] if names else ""))
        text = self.tr("The server offers no models.") if not names else labels.fill(
            self.tr("The server offers %1 models."), len(names))
        self._show_model_status(text, error=not names)
        self.models_listed.emit(names)

    def _show_model_status(self, text: str, *, error: bool) -> None:
        self.model_status.setStyleSheet(fields.ERROR_STYLE if error else "")
        self.set_message(self.model_status, text)

    # --- saving --------------------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        """The settings as the dialog shows them (never the key)."""
        return {
            "assistant.provider": self.kind,
            "assistant.base_url": self.url if self.kind != ProviderKind.OFFLINE else settings.get(
                "assistant.base_url"),
            "assistant.model": self.model.currentText().strip() if self.kind != ProviderKind.OFFLINE
            else settings.get("assistant.model"),
            "assistant.remote_consent": self.consent.isChecked(),
            "assistant.auto_accept": self.auto_accept.isChecked(),
            "assistant.max_steps": self.max_steps.value(),
            "assistant.deadline_s": self.deadline.value(),
            "assistant.max_tokens": self.max_tokens.value(),
            "assistant.temperature": round(self.temperature.value(), 2),
            "ui.language": str(self.language.currentData()),
            "ui.theme": str(self.theme.currentData()),
            "app.start_at_login": self.start_at_login.isChecked(),
            "user.name": self.your_name.text().strip(),
            "mcp.mode": str(self.agents.currentData()),
            "mcp.may_schedule": self.agents_schedule.isChecked(),
            **self.planning.values(),
        }

    def _on_buttons_accepted(self) -> None:
        if self.problem() or self._saving:
            return
        account = self.account()
        key = self.api_key.text().strip() or None
        if account == self._loaded_account and (key or "") == self._loaded_key:
            account = None  # the key did not change: leave the keyring alone
        self._saving = True
        self._update()
        self.ctx.runner.start(fields.save_async(self.values(), account, key),
                              self.tr("Saving the settings"), done=self._on_saved)

    def _on_saved(self, error: str) -> None:
        self._saving = False
        self._update()
        if error:
            self.set_message(self.save_error, error)
            self.ctx.status.error.emit(error)
            return
        self.settings_saved.emit()
        self.accept()

    def done(self, result: int) -> None:
        if self._listing is not None:
            self._listing.cancel()
        self.model_test.cancel()
        super().done(result)
