"""Words in the window: the interface language (``i18n``), texts that follow it live
(``retexts``), display names for stored codes (``labels``) and dates as the language writes
them (``dates``)."""
