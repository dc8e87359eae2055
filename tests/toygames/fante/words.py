"""Fante's sentences."""

SENTENCES: dict[str, str | tuple[str, str]] = {
    "fante.deck": "Fante's 36-card deck (6 to A)",
    "fante.variant.plain": "plain",
}
