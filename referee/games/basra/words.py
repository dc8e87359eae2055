"""Basra's sentences: each fact its rules report, the name of its sweep (a basra), its
score's own part (``basra.breakdown.basras``) and its variants (``basra.variant.<id>``),
read by :mod:`referee.words.sentences` when a Basra fact is first said."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {
    "basra.sweeps": ("basra", "basras"),
    "basra.floor.bad": (
        "the opening floor may hold no jack and no {seven}; found {cards} (bury them in the "
        "stock and list them as buried)"
    ),
    "basra.buried.wrong": "only jacks and the {seven} are buried; found {cards}",
    "basra.trail.capturer": (
        "{card} can capture, and with may_trail_capturer = false it may not be trailed"
    ),
    "basra.face.group": "a {rank} takes only floor cards of rank {rank}, not {cards}",
    "basra.maximal": (
        "with capture = maximal, {card} must take every group it can; taking {cards} leaves "
        "another group on the floor"
    ),
    "basra.seven.no-group": (
        "{cards} is not a union of groups a 7 can take, and the {seven} does not sweep: the "
        "floor's numerals add up to {total}, over the 10 that seven_diamonds = sweep_if_10 "
        "allows ([basra.seven-diamonds])"
    ),
    "basra.no-group.ace": "{cards} is not a union of groups an ace can take",
    "basra.no-group.an": "{cards} is not a union of groups an {rank} can take",
    "basra.no-group.a": "{cards} is not a union of groups a {rank} can take",
    "basra.jack.part": (
        "a jack takes every card on the floor ({cards}), never a part of it and never trails "
        "onto it"
    ),
    "basra.seven.part": "the {seven} sweeps this floor ({cards}): it must take all of it",
    "basra.jack.empty": "On an empty floor a jack is laid down.",
    "basra.jack.sweep": (
        "A jack takes every card on the floor ({cards}) and scores a basra; jack_basra = {mode}."
    ),
    "basra.jack.takes": "A jack takes every card on the floor ({cards}); jack_basra = {mode}.",
    "basra.seven.sweep": (
        "Under seven_diamonds = {mode} the {seven} takes the whole floor ({cards}) and scores "
        "a basra."
    ),
    "basra.seven.takes": (
        "Under seven_diamonds = {mode} the {seven} takes the whole floor ({cards})."
    ),
    "basra.seven.plain": (
        "The {seven} does not sweep: the floor's numerals add up to {total}, over the 10 that "
        "seven_diamonds = sweep_if_10 allows, so it is an ordinary 7."
    ),
    "basra.trail": "{card} takes nothing and is laid on the floor.",
    "basra.union.sweep": "{card} takes {cards}: a union of groups it can take and scores a basra.",
    "basra.union": "{card} takes {cards}: a union of groups it can take.",
    # --- its score's parts, its variants ----------------------------------------------
    "basra.breakdown.basras": "basras",
    "basra.variant.egyptian": "Egyptian",
    "basra.variant.classic": "classic",
    "basra.variant.lebanese": "Lebanese",
    "basra.variant.iraqi": "Iraqi",
    "basra.variant.two-card": "jack on two cards",
}
