"""Kozel's sentences: each fact its rules report and its variants
(``kozel.variant.<id>``), read by :mod:`referee.words.sentences` when a Kozel fact is first
said."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {
    # Kozel's own
    "kozel.deck": "Kozel's 36-card deck (6 to A)",
    "kozel.forfeit.played-out": (
        "every card of this deal has been played; a forfeit comes during the deal"
    ),
    "kozel.explain.forfeit": (
        "{side} loses the deal: {points} penalty points, every other side 0."
    ),
    "kozel.view.penalty": (
        "Penalty points are scored when the deal is played out (lower is better)"
    ),
    # its variants
    "kozel.variant.classic": "classic",
    "kozel.variant.short": "short, to 8",
    "kozel.variant.six-spades": "six of spades on top",
}
