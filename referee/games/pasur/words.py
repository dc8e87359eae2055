"""Pasur's sentences: each fact its rules report, the names of its pool and its sweep
(a sur), its score's own parts (``pasur.breakdown.<key>``) and its variants
(``pasur.variant.<id>``), read by :mod:`referee.words.sentences` when a Pasur fact is first
said."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {
    "pasur.pool": "pool",
    "pasur.pool.title": "Pool",
    "pasur.sweeps": ("sur", "surs"),
    "pasur.pool.jack": (
        "the opening pool may hold no jack; found {cards} (return it to the deck, or redeal if "
        "there were two)"
    ),
    "pasur.pool.queens": "with qk_redeal, three or more queens in the opening pool force a redeal",
    "pasur.pool.kings": "with qk_redeal, three or more kings in the opening pool force a redeal",
    "pasur.returned.wrong": "at most one card, a jack, is returned; found {cards}",
    "pasur.forced": "{card} can capture, so it may not be laid on the pool",
    "pasur.jack.all": (
        "a jack takes all the jacks and numerals in the pool ({cards}), never a K or Q"
    ),
    "pasur.face.one": "a {rank} takes exactly one {rank}, not {cards}",
    "pasur.eleven": (
        "{card} with {cards} does not make 11: a numeral takes one set of numerals adding up "
        "to 11 with it"
    ),
    "pasur.trail": "{card} can capture nothing and is laid on the pool.",
    "pasur.jack.empties": (
        "A jack takes the jacks and numerals of the pool ({cards}); a jack's sweep is no sur."
    ),
    "pasur.jack.takes": "A jack takes the jacks and numerals of the pool ({cards}).",
    "pasur.takes": "{card} takes {cards}.",
    "pasur.sur": "{card} takes {cards}, emptying the pool: a sur.",
    "pasur.sur.last-round": "{card} takes {cards}, emptying the pool in the last round: no sur.",
    # --- its score's parts, its variants ----------------------------------------------
    "pasur.breakdown.clubs": "clubs",
    "pasur.breakdown.surs": "surs",
    "pasur.variant.standard": "standard",
    "pasur.variant.pagat": "pagat.com rules",
    "pasur.variant.thirteen": "thirteen clubs",
    "pasur.variant.ten-point-sur": "ten-point sur",
    "pasur.variant.ru-baaz": "Ru Baaz, open Pasur",
}
