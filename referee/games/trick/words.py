"""The trick games' shared sentences: each fact the trick core reports, by its code (see
:mod:`referee.words.sentences`; each game adds its own); ``trick.breakdown.*`` name a score's
parts."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {
    # the cards and the deck; a suit named in a sentence (each catalog gives its symbol)
    "trick.deck": "the 36-card deck (6 to A)",
    "trick.card.deck": "{card} is not in {deck}",
    "trick.card.played-by": "played by {player} in trick {trick}",
    # whose turn, how many cards
    "trick.lead.turn": "{player} leads this trick, not {by}",
    "trick.lead.turn.declared": (
        "{player} leads this trick (a declaration gave them the lead), not {by}"
    ),
    "trick.lead.count": "a lead is 1 to {k} cards, found {count}",
    "trick.lead.suits": "cards led together must be of one suit; {cards} is not",
    "trick.follow.turn": "it is {player}'s turn to follow, not {by}'s",
    "trick.follow.count": (
        "{n} card was led, so {player} plays {n}, not {count}",
        "{n} cards were led, so {player} plays {n}, not {count}",
    ),
    "trick.hand.count": (
        "{player} holds {n} card, not {count}",
        "{player} holds {n} cards, not {count}",
    ),
    # cards not held
    "trick.held.shown": (
        "{player} does not hold {card}: {owner} showed it in "
        "a declaration, and it stays in their hand"
    ),
    "trick.held.trump-under": (
        "the turned-up trump {card} lies under the stock until it is drawn last"
    ),
    "trick.held.trump-drawn": "{player} does not hold {card}: {owner} drew it",
    # entries after the end
    "trick.played-out": "every card of this deal has been played; {then}",
    "trick.after-last.nothing": "nothing may follow",
    "trick.ended": "the deal ended ({how}); nothing may follow in it",
    "trick.no-such-entry": "{game} has no {kind} entries",
    # what ended a deal, and how
    "trick.reason.declared-first": "a declaration before the first trick",
    "trick.reason.declared": "a winning declaration",
    "trick.reason.claim": "a claim",
    "trick.reason.forfeit": "a forfeit",
    "trick.reason.played-out": "every card played",
    "trick.forfeit": "forfeit — {reason}",
    "trick.forfeit.default": "drew out of turn",
    "trick.how.by": "{player}: {how}",
    # explaining a ruling
    "trick.beats.none": "no set of their cards beats it",
    "trick.explain.lead": (
        "{player} leads {n} card.",
        "{player} leads {n} cards of one suit.",
    ),
    "trick.explain.beats": (
        "{cards} beats {held} ({player}'s cards now holding the trick).",
        "{cards} beat {held} ({player}'s cards now holding the trick).",
    ),
    "trick.explain.beats-not": (
        "{cards} does not beat {held} ({player}'s cards now holding the trick).",
        "{cards} do not beat {held} ({player}'s cards now holding the trick).",
    ),
    "trick.explain.ends": "The deal ends: {how}.",
    # what beats the trick, the legal options
    "trick.hint.top": "{card}: beaten by nothing",
    "trick.hint.any-trump": "any trump ({suit})",
    "trick.hint.or": "{one} or {other}",
    "trick.hint.ways": "{card}: beaten by {ways}",
    "trick.hint.nothing-left": "{card}: beaten by nothing left",
    "trick.hint.one-to-one": "to take the trick, {k} cards must beat these {k} one to one",
    "trick.option": "{cards}",
    "trick.options.over": "the deal is over",
    "trick.options.none": "none: {why}",
    "trick.options.lead": "any 1 card, or 2 to {k} cards of one suit",
    "trick.options.leads": "{player} leads",
    "trick.options.beat": "{player} to beat {cards}",
    "trick.options.beat-unknown": (
        "{player} to beat {cards} ({player}'s hand is not recorded: what beats each card)"
    ),
    "trick.options.beats-none": "none: no set of their cards beats it",
    # the state in a few lines (explain)
    "trick.state.trump": (
        "Trump {card}; {n} trick played; stock {stock}.",
        "Trump {card}; {n} tricks played; stock {stock}.",
    ),
    "trick.state.play": "{player} {cards}",
    "trick.state.so-far": "Trick so far: {plays}",
    "trick.state.points-of": "{player} {points}",
    "trick.state.points": "Card points in tricks: {points}",
    # show's view
    "trick.view.deal": "Deal {deal}, dealt by {dealer}; trump ",
    "trick.view.tricks": ("; {n} trick played; {stock}", "; {n} tricks played; {stock}"),
    "trick.view.stock": "stock {stock}",
    "trick.view.stock-stopped": "stock {stock} (no more drawing)",
    "trick.view.trick": "Trick: ",
    "trick.view.by": "{player} ",  # before the cards they played
    "trick.view.then": "; ",  # between two players' cards
    "trick.view.holding": "Holding the trick: {player}",
    "trick.view.to-follow": "{player} to follow",
    "trick.view.to-lead": "{player} to lead",
    "trick.view.count-of": "{player} {count}",
    "trick.view.counts": "Cards in hand: {counts}",
    "trick.view.unseen": "Not yet played ({count}): ",
    "trick.waiting.over": "The deal is over",
    # the recorded hands and the draw
    "trick.hand.short": (
        "{player}'s hand lists {n} card; every player is dealt {k}",
        "{player}'s hand lists {n} cards; every player is dealt {k}",
    ),
    "trick.hand.card-deck": "{card} in {player}'s hand is not in {deck}",
    "trick.hand.trump-dealt": "the trump {card} is turned up, not dealt to {player}",
    "trick.draw.trump-early": (
        "{player}'s hand lists the turned-up trump {card} among the "
        "cards drawn after trick {trick}, but it is drawn last, and "
        "{n} card remains in the stock",
        "{player}'s hand lists the turned-up trump {card} among the "
        "cards drawn after trick {trick}, but it is drawn last, and "
        "{n} cards remain in the stock",
    ),
    "trick.draw.trump-listed": (
        "{player} draws the last card, the turned-up trump "
        "{card}, but the hand lists {listed} there"
    ),
    "trick.draw.trump-elsewhere": (
        "{player}'s hand lists the turned-up trump "
        "{card}, but {last} draws it (the last card of the stock)"
    ),
    "trick.unfinished": "the deal is unfinished: {why}",
    "trick.unfinished.cards": "cards remain to be played",
    "trick.hand.received": (
        "{player}'s hand lists {n} card; they received {received} in this deal",
        "{player}'s hand lists {n} cards; they received {received} in this deal",
    ),
    # the score sheet's words for the parts of a score
    "trick.breakdown.card_points": "card points",
    "trick.breakdown.tricks": "tricks",
}
