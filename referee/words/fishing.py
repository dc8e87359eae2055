"""The fishing games' sentences: each fact their rules report, by its code (see
:mod:`referee.words.sentences`). ``{floor}`` is the game's word for the cards in the middle
(the ``fishing.floor`` or ``pasur.pool`` fact), ``{key}`` the set-aside cards' key."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {
    # --- the cards in the middle, a count of sweeps -----------------------------------
    "fishing.floor": "floor",
    "fishing.floor.title": "Floor",
    "fishing.empty": "empty",
    "fishing.sweeps": ("sweep", "sweeps"),
    # --- the deal's set-up and its end (fishing_base) ---------------------------------
    "fishing.used.opening": "on the opening {floor}",
    "fishing.used.played": "played by {player} at play {play}",
    "fishing.floor.count": "the opening {floor} holds 4 cards, found {count}: {cards}",
    "fishing.floor.twice": "{card} is on the {floor} twice",
    "fishing.set-aside.on-floor": "{card} is listed as {key} and on the opening {floor}",
    "fishing.set-aside.twice": (
        "{card} is listed as {key} twice; a card goes back into the stock once"
    ),
    "fishing.hand.rounds": (
        "{player}'s hand lists {n} card; a whole number of rounds gives one of {counts}",
        "{player}'s hand lists {n} cards; a whole number of rounds gives one of {counts}",
    ),
    "fishing.hand.on-floor": "{card} in {player}'s hand is also on the opening {floor}",
    "fishing.hand.set-aside": (
        "{card} was {key} from the opening {floor}, so it cannot be in a first-round hand"
    ),
    "fishing.end.early": "the deal ended after {count} of its {total} plays",
    "fishing.end.hand": (
        "{player}'s hand lists {n} card; the finished deal gave them {full}",
        "{player}'s hand lists {n} cards; the finished deal gave them {full}",
    ),
    "fishing.end.missing": "the deal does not account for {cards}",
    # --- a play refused before the game's capture rules (fishing) ---------------------
    "fishing.not-on-floor": (
        "{cards} is not on the {floor} ({floor_cards})",
        "{cards} are not on the {floor} ({floor_cards})",
    ),
    "fishing.all-played": "all {count} cards of this deal have been played; no play may follow",
    "fishing.turn": "it is {player}'s turn, not {by}'s",
    "fishing.not-held.holds": "{player} does not hold {card} (holds {cards})",
    "fishing.set-aside.first-round": (
        "{card} was {key} from the opening {floor} and cannot be played in the first round"
    ),
    "fishing.trail.unsaid": (
        "{card} takes nothing here; a trail is always said: add --trail (in live: -)"
    ),
    "fishing.choice": "{card} can be played more than one way; say which: {ways}",
    # --- the options of a card, a play and a kind of play (plays) ---------------------
    "fishing.options.used": "none: {card} was already {where}",
    "fishing.options.on-empty": "{card} on an empty {floor}",
    "fishing.options.on": "{card} on {cards}",
    "fishing.play.trail": "trail",
    "fishing.play.sweep": "takes {cards} (sweep)",
    "fishing.play.takes": "takes {cards}",
    "fishing.play.choose": "{n} of {cards}",
    "fishing.play.ways": ("{parts} ({n} way)", "{parts} ({n} ways)"),
    # --- what a person sees (describe, view) ------------------------------------------
    "fishing.describe.floor": (
        "{floor_title}: {cards}; round {round} of {rounds}; {player} to play."
    ),
    "fishing.captured": "Captured so far: {piles}",
    "fishing.captured.side": "{side} {cards} cards, {n} {sweeps}",
    "fishing.view.deal": (
        "Deal {deal}, dealt by {dealer}; round {round} of {rounds}, play {play} of {plays}"
    ),
    "fishing.view.floor": "{floor_title}: ",
    "fishing.view.to-play": "To play: {player}",
    "fishing.view.unseen": "Not yet seen ({count}): ",
    # --- Basra (rules.md §1) ----------------------------------------------------------
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
    # --- Pasur (rules.md §2) ----------------------------------------------------------
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
}
