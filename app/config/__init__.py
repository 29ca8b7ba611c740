"""What Stepwise is set to and where it keeps things: every setting declared once
(``settings``), the model provider kinds (``provider_kinds``), the data folder (``paths``), the
API key in the system keyring (``secrets``) and starting at login (``autostart``)."""
