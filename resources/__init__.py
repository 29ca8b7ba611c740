"""Stepwise's resources (prompts, icons, styles, translations), read with importlib.resources."""
