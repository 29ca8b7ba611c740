"""The Qt shell: windows, item models, the plan scene, tray and dialogs."""
