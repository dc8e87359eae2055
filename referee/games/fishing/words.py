"""The fishing games' shared sentences: each fact the fishing core reports, by its code
(see :mod:`referee.words.sentences`; each game adds its own). ``{floor}`` is the game's
word for the cards in the middle (the ``fishing.floor`` fact, or the game's own),
``{key}`` the set-aside cards' key; ``fishing.breakdown.*`` name a score's parts."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {
    # --- the cards in the middle, a count of sweeps -----------------------------------
    "fishing.floor": "floor",
    "fishing.floor.title": "Floor",
    "fishing.empty": "empty",
    "fishing.sweeps": ("sweep", "sweeps"),
    # --- the deal's set-up and its end (state) ----------------------------------------
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
    "fishing.hand.no-round": (
        "{player}'s hand lists {n} card; the opening {floor} leaves no round to deal",
        "{player}'s hand lists {n} cards; the opening {floor} leaves no round to deal",
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
    # --- the score sheet's words for the parts of a score ---------------------------
    "fishing.breakdown.cards": "cards",
    "fishing.breakdown.ten_diamonds": "ten diamonds",
    "fishing.breakdown.two_clubs": "two clubs",
    "fishing.breakdown.aces": "aces",
    "fishing.breakdown.jacks": "jacks",
}
