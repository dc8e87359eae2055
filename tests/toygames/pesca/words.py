"""Pesca's sentences (the English of its facts, its sweep's name, its score's parts)."""

SENTENCES: dict[str, str | tuple[str, str]] = {
    "pesca.sweeps": ("pesca", "pesche"),
    "pesca.same-rank": "a {rank} takes one floor card of rank {rank}, not {cards}",
    "pesca.forced": "{card} can take a card of its rank, so it may not be trailed",
    "pesca.takes": "{card} takes {cards}.",
    "pesca.sweep": "{card} takes the last card, {cards}: a pesca.",
    "pesca.trail": "{card} takes nothing and is laid on the floor.",
    "pesca.breakdown.pesche": "pesche",
    "pesca.breakdown.most_cards": "most cards",
    "pesca.variant.plain": "plain",
}
