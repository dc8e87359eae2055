"""The trick games' sentences: each fact their rules report, by its code (see
:mod:`referee.words.sentences`). ``trick.*`` are the trick core's (Bura and Kozel alike),
``bura.*`` and ``kozel.*`` each game's own."""

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
    # Bura's declarations
    "bura.deck": "Bura's 36-card deck (6 to A)",
    "bura.declaration.three": "a declaration shows 3 different cards, found {cards}",
    "bura.declaration.bura": "a bura is three trumps ({suit}); {cards} is not",
    "bura.declaration.moscow": "a moscow is three aces; {cards} is not",
    "bura.declaration.moscow-ace": "with moscow_needs_trump_ace, one of the aces must be {card}",
    "bura.declaration.little-moscow": (
        "a little moscow is three sixes including {card}; {cards} is not"
    ),
    "bura.declaration.molodka": (
        "a molodka is three cards of one plain (non-trump) suit; {cards} is not"
    ),
    "bura.declare.mid-trick": (
        "a declaration is made at the start of a trick, before the lead, not in the middle of one"
    ),
    "bura.declare.again": "{player} has already declared before this trick",
    "bura.closed.first": (
        "a declaration before the first trick voided "
        "this deal; it is redealt and nothing more is recorded in it"
    ),
    "bura.closed.declared": "{player}'s declaration won the deal; nothing may follow in it",
    "bura.after-last.claim": "only a claim may follow",
    "bura.may-follow.claim": (
        "A claim of 31 may still decide this deal, before the next deal: referee claim --by "
        "NAME (in live: claim NAME)."
    ),
    "bura.may-follow.declare": (
        "Another player may still declare before this trick: referee declare NAME CARDS --by "
        "PLAYER (in live: declare NAME CARDS PLAYER)."
    ),
    # Bura's claims, and how a deal ended
    "bura.claim.mid-trick": "a claim is made between tricks, never in the middle of one",
    "bura.claim.early": "a claim needs at least one complete trick",
    "bura.how.declared-first": "declared before the first trick",
    "bura.how.moscow": "declared moscow",
    "bura.how.bura": "declared bura",
    "bura.how.duel": "declared bura: won the deciding trick",
    "bura.how.claim": "claimed 31 with {points}",
    "bura.how.false-claim": "false claim: {points} points",
    "bura.how.most-points": "most card points ({points})",
    "bura.how.played-out": "played out with no claim",
    "bura.how.void": "void: {player} {how}",
    "bura.explain.claim-won": "{player} wins the deal.",
    "bura.explain.claim-lost": ("The pot is doubled and each opponent of {player} scores 2."),
    "bura.explain.no-cards": "no card that counts",
    "bura.explain.claim-was-true": (
        "recorded correctly: the claim was true ({points} card points: {cards}; {needed} needed)."
    ),
    "bura.explain.claim-was-false": (
        "recorded correctly: the claim was false ({points} card points: {cards}; {needed} needed)."
    ),
    "bura.explain.card": "{card} {points}",
    "bura.explain.declare": (
        "{name} against trump {card}: judged with any other declaration before this trick."
    ),
    "bura.explain.forfeit": "{player} loses the deal, as for a false claim.",
    "bura.waiting": "Waiting for a claim",
    "bura.view.pot": "Pot: {pot} (card points are not shown: claims are from memory)",
    "bura.unfinished": "no claim, winning declaration or forfeit ended it, and cards remain",
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
}
