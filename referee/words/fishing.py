"""The fishing games' sentences: each fact their rules report, by its code (see
:mod:`referee.words.sentences`)."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {}
