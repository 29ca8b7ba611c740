"""The assistant: it reviews a task, plans it with a model, does the steps it can and
retries with advice (``loop`` is the one way through; ``picking`` chooses the task, ``asking``
talks to the model, ``generated_plan`` / ``review`` / ``failure_review`` / ``retries`` read
its replies, ``doers`` do the steps, ``outbox`` holds messages until the user approves,
``journal`` records what happened)."""
