"""The plan model: one typed spec and everything that reads, checks, edits and stores it.

``spec`` (PlanSpec v2, validated once; it reads loose and older shapes), ``graph``
(readiness, order, critical path) and ``layout`` (the layered drawing), ``editing`` /
``step_edits`` / ``snapshot`` (edits on the typed spec, one validation and one transaction a
change), ``diff`` (between revisions), ``store`` (revisions and step actions; ``rows`` is
the one mapper between rows and spec), ``rewrite`` / ``status`` / ``times`` / ``step_names``
/ ``step_view`` (what a saved plan says), ``recurrence`` (a recurring task's next plan).
"""
