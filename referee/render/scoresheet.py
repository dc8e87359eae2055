"""The score sheet as a value: what a replay establishes about a match, in the shape every
renderer reads (the terminal table, ``score --json``, the printable HTML sheet), as named
tuples (a frozen dataclass costs ``score`` several times as much to define).

It is built once from a clean :class:`referee.match.Replay` and never changes; it holds
figures and names only (the game's own words for how a deal ended stay sentences, said by
the renderer in the reader's language). Mappings are kept as tuples of pairs, in the order
the game gave them, so that the value is immutable, hashable and renders byte for byte as
the replay did.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, NamedTuple

from referee.cards import Card
from referee.games.base import FORFEITS, PAYMENTS, POT
from referee.params import Value
from referee.registry import GAMES, variant_values
from referee.words.sentences import said_text

if TYPE_CHECKING:
    from referee.match import DealSummary, Replay

Pairs = tuple[tuple[str, int], ...]  # a mapping from a side (or player, or key) to a figure


class RuleChange(NamedTuple):
    """A rule of the match that differs from its variant: the value played and the
    variant's, with the rule id that governs it."""

    name: str
    value: Value
    variant_value: Value
    rule: str


class Side(NamedTuple):
    """A side: its name (a player, or partners joined by `` & ``) and its players."""

    name: str
    players: tuple[str, ...]


class DealLine(NamedTuple):
    """One finished deal: its dealer, each side's score and breakdown as the game gives
    them, how it ended (where the score alone does not say), the running totals after it
    and, in a game with a pot, what each player paid in or took and the pot after it."""

    number: int
    dealer: str
    score: Pairs
    breakdown: tuple[tuple[str, Pairs], ...]
    running: Pairs
    how: str = ""
    trump: Card | None = None  # the card turned up (the game's one-card set-up key)
    captured: Pairs = ()  # cards each side captured, where the game counts them
    payments: Pairs = ()
    pot: int | None = None
    forfeited: tuple[str, ...] = ()  # the side whose forfeit ended the deal (Bura, Kozel)

    def points(self, side: str) -> int:
        """The side's score in this deal."""
        return dict(self.score)[side]

    def parts(self, side: str) -> Pairs:
        """The side's breakdown in this deal (empty when the game gives none)."""
        return dict(self.breakdown).get(side, ())

    def total(self, side: str) -> int:
        """The side's match total after this deal."""
        return dict(self.running).get(side, 0)

    def breakdown_json(self) -> dict[str, dict[str, object]]:
        """Each side's breakdown as ``score --json`` gives it: the side whose forfeit ended
        the deal says so (``"forfeit": true``), so that a program can tell it from a deal
        played without a trick (the sheets say it in words, with ``how``)."""
        out: dict[str, dict[str, object]] = {s: dict(b) for s, b in self.breakdown}
        for side in self.forfeited:
            out.setdefault(side, {})["forfeit"] = True
        return out


class ScoreSheet(NamedTuple):
    """A match's score sheet: header, every finished deal, totals, pot and the winner."""

    game: str
    title: str  # the game's name, a catalog sentence
    variant: str
    target: int
    lower_wins: bool  # penalty points (Kozel): the fewest wins
    has_pot: bool  # the game has a pot: balances and the pot are kept
    rules: tuple[RuleChange, ...]
    event: str | None
    date: dt.date | dt.datetime | None
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    deals: tuple[DealLine, ...]
    recorded: int  # deals in the log, the one in progress included
    totals: Pairs
    balances: Pairs  # each player's money won (+) or paid (-), with a pot
    pot: int  # in the pot now
    winner: str | None
    over: bool  # decided: with a winner, or a Kozel tie without one

    @property
    def complete(self) -> bool:
        return self.over

    @property
    def side_names(self) -> list[str]:
        return [s.name for s in self.sides]

    def total(self, side: str) -> int:
        return dict(self.totals).get(side, 0)

    def balance(self, player: str) -> int:
        return dict(self.balances).get(player, 0)

    @property
    def in_progress(self) -> bool:
        """A deal is recorded but not finished."""
        return self.recorded > len(self.deals)


def rule_changes(game: str, variant: str, rules: dict[str, Value]) -> tuple[RuleChange, ...]:
    """The match's rules that differ from its variant's, by name."""
    base = variant_values(game, variant)
    params = GAMES[game].params
    return tuple(
        RuleChange(name, rules[name], base[name], params[name].rule)
        for name in sorted(rules)
        if name in base and rules[name] != base[name]
    )


def _deal_line(replayed: Replay, summary: DealSummary, running: dict[str, int]) -> DealLine:
    result = summary.result
    for side in running:
        running[side] += result.score.get(side, 0)
    captured = summary.cards_captured()
    spec = GAMES[replayed.match.game]
    pot = spec.pot
    deal = replayed.match.deals[summary.number - 1]
    return DealLine(
        number=summary.number,
        dealer=deal.dealer,
        score=tuple(result.score.items()),
        breakdown=tuple((s, tuple(b.items())) for s, b in result.breakdown.items()),
        running=tuple(running.items()),
        how=said_text(result.how) if result.how else "",
        trump=deal.card(spec.one_card[0]) if spec.one_card else None,
        captured=tuple(captured.items()) if captured is not None else (),
        payments=tuple(result.tally(PAYMENTS).items()) if pot else (),
        pot=result.carried.get(POT, 0) if pot else None,
        forfeited=tuple(result.tally(FORFEITS)),
    )


def build(replayed: Replay) -> ScoreSheet:
    """The score sheet of a replayed match (a clean replay: a broken record has none)."""
    match = replayed.match
    spec = GAMES[match.game]
    running = dict.fromkeys(match.sides, 0)
    deals = tuple(_deal_line(replayed, d, running) for d in replayed.deals)
    return ScoreSheet(
        game=match.game,
        title=spec.title,
        variant=match.variant,
        target=int(match.rules["target"]),
        lower_wins=spec.lower_wins,
        has_pot=spec.pot,
        rules=rule_changes(match.game, match.variant, match.rules),
        event=match.event,
        date=match.date,
        players=tuple(match.players),
        sides=tuple(Side(" & ".join(g), tuple(g)) for g in spec.sides(match.players, match.rules)),
        deals=deals,
        recorded=len(match.deals),
        totals=tuple(replayed.totals.items()),
        balances=tuple(replayed.balances.items()),
        pot=replayed.pot,
        winner=replayed.winner,
        over=replayed.over,
    )
