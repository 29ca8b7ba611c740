"""The Settings dialog: its pages (``dialog``), the widgets declared settings become
(``fields``), the sync accounts page (``sync_page``) and Test model (``model_test``)."""
