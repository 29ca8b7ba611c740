"""The offline planner: plans, drafts and checks made by rules, with no model at all.

``app.llm.offline.provider`` serves it as a provider; it reads what people type with
``app.words.text_parts`` and ``app.tasks.quickadd`` and guesses durations with
``app.schedule.estimates``, and imports nothing from the assistant's loop.
"""
