"""What every part of the window shares (``context``): the runner that keeps slow work off
the GUI thread (``runner``), the core's change notices as signals (``bridge``), the assistant
in its worker thread (``assistant``) and the per-task undo stacks (``undo``)."""
