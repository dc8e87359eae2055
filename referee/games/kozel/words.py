"""Kozel's sentences: each fact its rules report and its variants, added to the built-in
sentences through :func:`referee.words.sentences.register`."""

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
    "variant.classic": "classic",
    "variant.short": "short, to 8",
    "variant.six-spades": "six of spades on top",
}
