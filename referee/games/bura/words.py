"""Bura's sentences: each fact its rules report (its declarations, its claims, how a deal
ended) and its variants (``bura.variant.<id>``), read by :mod:`referee.words.sentences`
when a Bura fact is first said."""

from __future__ import annotations

SENTENCES: dict[str, str | tuple[str, str]] = {
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
    # the same, on a table's page, whose forms are below it (``serve``)
    "bura.may-follow.claim.page": (
        "A claim of 31 may still decide this deal, before the next deal: Claim 31, below."
    ),
    "bura.may-follow.declare.page": "Another player may still declare before this trick.",
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
    # its variants
    "bura.variant.classic": "classic",
    "bura.variant.little-robber": "little robber",
}
