"""``python -m app`` runs the same command line as ``stepwise``."""

import sys

from app.cli.start import main

sys.exit(main())
