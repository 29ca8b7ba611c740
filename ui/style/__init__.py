"""How the window looks: the light and dark look (``look``), the palette (``palette``) and
the icons (``icons``)."""
