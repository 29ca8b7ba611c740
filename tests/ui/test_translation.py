"""The Chinese translation (zh_CN): complete, placeholders and accelerators kept, compiled
into the shipped .qm, current with the tr() strings of ui/, and used by the window."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import PySide6
import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFormLayout, QLabel
from pytestqt.qtbot import QtBot

from ui.words import i18n

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "stepwise_zh_CN.ts"
QM = TS.with_suffix(".qm")
QT_TOOLS = Path(PySide6.__file__).resolve().parent
PLACEHOLDER = re.compile(r"%(?:\d+|n)|\{[^{}]*\}")  # Qt's %1 %n, and Python's {name}
MNEMONIC = re.compile(r"&([^&\s])")  # "&&" is a literal ampersand
KEPT_AS_IS = {"Ollama"}  # a product name reads the same in Chinese
translate = QCoreApplication.translate


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    comment: str
    kind: str  # the translation's type attribute: "" when finished
    forms: tuple[str, ...]  # the translation, or its numerus forms

    def __str__(self) -> str:
        return f"{self.context}/{self.source!r}" + (f" ({self.comment!r})" if self.comment else "")


def read_ts(path: Path) -> list[Message]:
    messages = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None, f"{name}: a message without <translation>"
            if message.get("numerus") == "yes":
                forms = tuple(f.text or "" for f in translation.iter("numerusform"))
            else:
                forms = (translation.text or "",)
            messages.append(Message(name, message.findtext("source") or "",
                                    message.findtext("comment") or "",
                                    translation.get("type", ""), forms))
    return messages


def tool(name: str) -> str:
    found = shutil.which(name, path=str(QT_TOOLS))
    assert found, f"PySide6 ships no {name} in {QT_TOOLS}"
    return found


@pytest.fixture(scope="module")
def messages() -> list[Message]:
    found = read_ts(TS)
    assert len(found) > 300  # every string of the shell, not a stub
    return found


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[QApplication]:
    """zh_CN installed for one test; English again afterwards, whatever happens."""
    assert i18n.install(qapp, "zh_CN") == "zh_CN"
    try:
        yield qapp
    finally:
        i18n.install(qapp, "en")


# --- the .ts file --------------------------------------------------------------------------


def test_every_message_is_translated(messages: list[Message]) -> None:
    unfinished = [str(m) for m in messages if m.kind or not all(f.strip() for f in m.forms)]
    assert not unfinished, f"{len(unfinished)} not translated: {unfinished[:10]}"
    copied = [str(m) for m in messages
              if m.source not in KEPT_AS_IS and m.source in m.forms]
    assert not copied, f"left in English: {copied}"


def test_plurals_have_the_one_chinese_form(messages: list[Message]) -> None:
    numerus = [m for m in messages if "%n" in m.source]
    assert numerus, "the .ts has no %n message (the task count is one)"
    wrong = [str(m) for m in numerus if len(m.forms) != 1 or "%n" not in m.forms[0]]
    assert not wrong


def test_placeholders_are_kept(messages: list[Message]) -> None:
    wrong = []
    for m in messages:
        wanted = sorted(PLACEHOLDER.findall(m.source))
        for form in m.forms:
            if sorted(PLACEHOLDER.findall(form)) != wanted:
                wrong.append(f"{m}: {form!r}")
    assert not wrong, "placeholders lost or added:\n" + "\n".join(wrong)


def test_accelerators_and_ellipses_are_kept(messages: list[Message]) -> None:
    wrong = []
    for m in messages:
        for form in m.forms:
            keys = [k.upper() for k in MNEMONIC.findall(m.source)]
            if [k.upper() for k in MNEMONIC.findall(form)] != keys:
                wrong.append(f"{m}: accelerator {keys} → {form!r}")
            if m.source.endswith("…") and not form.endswith("…"):
                wrong.append(f"{m}: the trailing … (opens a dialog, or still going) → {form!r}")
    assert not wrong, "\n".join(wrong)


def test_shipped_qm_is_compiled_from_the_ts(tmp_path: Path) -> None:
    """bash scripts/translations compiles the .qm; a .ts edited without it shows nothing."""
    fresh = tmp_path / "fresh.qm"
    done = subprocess.run([tool("lrelease"), str(TS), "-qm", str(fresh)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "0 unfinished" in done.stdout and "untranslated" not in done.stdout, done.stdout
    assert fresh.read_bytes() == QM.read_bytes(), "run: bash scripts/translations"


def test_ts_has_every_string_of_ui(tmp_path: Path) -> None:
    """lupdate over every ui/ module (ui/calendar/ too) finds nothing new: every tr() string
    has its translation."""
    copy = tmp_path / TS.name
    shutil.copyfile(TS, copy)
    sources = [str(p) for p in sorted((ROOT / "ui").rglob("*.py"))]
    done = subprocess.run([tool("lupdate"), *sources, "-ts", str(copy), "-no-obsolete"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    key = lambda m: (m.context, m.source, m.comment)  # noqa: E731
    before, after = read_ts(TS), read_ts(copy)
    new = sorted({key(m) for m in after} - {key(m) for m in before})
    gone = sorted({key(m) for m in before} - {key(m) for m in after})
    assert not new and not gone, (
        f"ui/ changed: new strings {new[:10]}, removed {gone[:10]}; run bash "
        "scripts/translations and translate the new ones")


# --- the compiled translation at run time ---------------------------------------------------


def test_widgets_built_after_install_show_chinese(chinese: QApplication, qtbot: QtBot) -> None:
    from ui.style.palette import CommandPalette
    from ui.tasks.model import TaskListModel
    from ui.words import labels

    palette = CommandPalette([])
    qtbot.add_widget(palette)
    assert palette.windowTitle() == "命令"
    assert palette.filter.placeholderText() == "输入命令…"
    model = TaskListModel()
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["任务", "截止", "!", "状态"]  # the priority column is as narrow as "!!!"
    tips = [model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
            for c in range(model.columnCount())]
    assert tips == ["任务", "截止", "优先级", "状态"]
    assert labels.plan_status("pending") == "待批准"
    assert labels.fill(translate("AssistantDock", "Task %1: %2"), 7,
                       labels.stage_name("plan")) == "任务 7：规划"


def test_task_dialog_in_chinese(chinese: QApplication, qtbot: QtBot, db: Path) -> None:
    from app.tasks.store import NewTask, add_task, get_task
    from ui.tasks.dialog import TaskDialog

    dialog = TaskDialog(get_task(add_task(NewTask(title="交周报")).id))
    qtbot.add_widget(dialog)
    assert dialog.windowTitle() == "编辑任务"
    assert dialog.priority.itemText(0) == "1 — 最高"
    form = dialog.layout()
    assert isinstance(form, QFormLayout)
    label = form.labelForField(dialog.priority)
    assert isinstance(label, QLabel) and label.text() == "优先级"
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "取消"
