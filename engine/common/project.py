"""Where this project's files are: the folder holding engine/, bots/, harness/ and docs/ (an
editable install's checkout, or site-packages for a wheel, where docs/ is absent)."""

from __future__ import annotations

from pathlib import Path

#: the project's root folder, written once for every module that reads the project's files
#: (this module stays Python: setup.py's COLD, so its file is where its source is)
PROJECT = Path(__file__).resolve().parents[2]
