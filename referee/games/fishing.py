"""The fishing-game core shared by Basra and Pasur: the plays (captures and trails, sweeps),
what may be played as values and in words, explanations and what a person sees, on
:class:`FishingBase` (set-up, rounds and turns, the end of the deal). Each game supplies
only its rules through a few hooks."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import TYPE_CHECKING

from referee.cards import Card
from referee.games.base import (
    MAX_LEGAL_SHOWN,
    Cards,
    Explanation,
    Illegal,
    Line,
    Options,
    View,
    Words,
)
from referee.games.captures import Vector, counts, vector
from referee.games.events import Captured, Residue, Swept
from referee.games.facts import Fact, Joined, fact, joined
from referee.games.fishing_base import FishingBase
from referee.games.fishing_base import deal_rounds as deal_rounds
from referee.games.plays import Capture, Choice, Listing, Play
from referee.record import Entry, FishPlay

if TYPE_CHECKING:
    import random

    from referee.games.base import MatchSoFar
    from referee.games.captures import Vectors
    from referee.record import Match

Option = Play  # the ruling on a legal play, and one legal play: the same value


EXPLAINED = 40  # legal alternatives an explanation lists
LISTED = 200  # the most kinds of play any listing describes (--all, --json): bounded work
SAY_WHICH = 20  # the ways a play typed without its capture lists when it could mean several


class FishingDeal(FishingBase):
    """One deal of a fishing game. Subclasses give the capture rules and the scoring."""

    @classmethod
    def simulate_deal(
        cls, match: Match, dealer: str, carry: MatchSoFar, rng: random.Random
    ) -> None:
        """The simulator's player for a fishing game (:mod:`referee.games.fishing_sim`)."""
        from referee.games.fishing_sim import play_fishing_deal

        play_fishing_deal(cls, match, dealer, carry, rng)

    # --- plays -------------------------------------------------------------------------

    def plays_json(self, card: Card | None, player: str | None = None) -> dict[str, object] | None:
        """``options --json``: the plays of ``card`` as objects (README, "options --json")."""
        if card is None or self.finished:
            return None
        return self.listing(card).as_json()

    def apply(self, entry: Entry) -> None:
        assert isinstance(entry, FishPlay)
        ruling = self.check(entry)
        self.used[entry.card] = (entry.by, self.entries + 1)
        side = self.side[entry.by]
        self.events.append(Captured(entry.by, entry.card, ruling.taken, ruling.sweep))
        if ruling.taken:
            taken = set(ruling.taken)
            self.floor = [c for c in self.floor if c not in taken]
            self.piles[side].extend((entry.card, *ruling.taken))
            self.last_capturer = side
            if ruling.sweep:
                self.record_sweep(side)
                self.events.append(Swept(entry.by, side, self.sweep_word, self.floor_key))
        else:
            self.floor.append(entry.card)
        self.entries += 1
        if self.finished:
            residue = tuple(self.floor)
            if self.last_capturer is not None:
                self.piles[self.last_capturer].extend(residue)
                self.floor = []
                if residue:
                    self.events.append(Residue(self.last_capturer, residue, self.floor_key))

    def check(self, entry: Entry) -> Play:
        """Judge a play in the current state without changing anything: what it takes."""
        play = entry
        assert isinstance(play, FishPlay)
        self.check_turn(play)
        card, takes = play.card, play.takes
        missing = [c for c in takes if c not in self.floor]
        if missing:
            raise Illegal(
                self.capture_rule(card),
                fact(
                    "fishing.not-on-floor",
                    n=len(missing),
                    cards=tuple(missing),
                    floor=self.floor_word,
                    floor_cards=tuple(self.floor) or fact("fishing.empty"),
                ),
                *self.shown_options(card),
            )
        return self.rule_capture(card, takes)

    def check_turn(self, play: FishPlay) -> None:
        """The checks before the capture rules: the deal not over, the player's turn, the
        card not yet played and held, a card set aside not played in the first round."""
        if self.finished:
            raise Illegal(
                "hand.count",
                fact("fishing.all-played", count=self.total_plays),
            )
        expected = self.to_move()
        if play.by != expected:
            raise Illegal("turn.order", fact("fishing.turn", player=expected, by=play.by))
        card = play.card
        if card in self.used:
            raise Illegal(
                "card.duplicate",
                fact("card.used", card=card, where=self.where_used(card)),
            )
        takes = play.takes
        if len(set(takes)) != len(takes):
            raise Illegal("card.duplicate", fact("card.named-twice", cards=takes))
        if self.hands is not None and play.by in self.hands and not self.holds(play.by, card):
            held = self.round_cards(play.by) or ()
            raise Illegal(
                "hand.not-held",
                fact("fishing.not-held.holds", player=play.by, card=card, cards=held)
                if held
                else fact("hand.not-held", player=play.by, card=card),
            )
        if self.round == 0 and card in self.deferred:
            raise Illegal(
                self.floor_rule,
                fact(
                    "fishing.set-aside.first-round",
                    card=card,
                    key=self.deferred_key,
                    floor=self.floor_word,
                ),
            )

    @abstractmethod
    def rule_capture(self, card: Card, takes: tuple[Card, ...]) -> Play:
        """The game's capture rules for ``card`` taking ``takes`` from the current floor."""

    @abstractmethod
    def options(self, card: Card) -> list[Play]:
        """Every legal way to play ``card`` now, in a list (the simulator's choices; on a
        large floor there are millions: the table commands use :meth:`kinds`)."""

    @abstractmethod
    def record_sweep(self, side: str) -> None:
        """Count a sweep for ``side`` (Pasur may cancel instead)."""

    def illegal(self, rule: str, message: Fact, card: Card) -> Illegal:
        """A refusal that lists the strongest legal ways to play ``card``."""
        return Illegal(rule, message, *self.shown_options(card))

    def shown_options(self, card: Card) -> tuple[Sequence[Words], int]:
        """The legal ways a refusal shows (only those are described), and how many more."""
        listing = self.option_listing(card, MAX_LEGAL_SHOWN)
        return listing.lines, listing.total - len(listing.lines)

    @abstractmethod
    def capture_rule(self, card: Card) -> str:
        """The rule that governs what ``card`` may take (cited when it takes a card that is
        not on the floor)."""

    @abstractmethod
    def rules_applied(self, card: Card, ruling: Play) -> tuple[list[str], list[Words]]:
        """The rule ids behind a legal play's ruling, and the ruling in plain words."""

    @abstractmethod
    def capture_kinds(self, card: Card) -> Vectors | None:
        """The legal numeral captures of ``card`` as value vectors (counted, strongest
        first, lazily), or None when the card does not capture by sums (a jack, a face
        card, a sweeping 7D)."""

    def capture_vectors(self, card: Card) -> list[Vector] | None:
        """Every one of :meth:`capture_kinds`, in a list (for tests and benchmarks: on a
        floor of 39 numerals there are 178,175)."""
        kinds = self.capture_kinds(card)
        return None if kinds is None else list(kinds)

    @abstractmethod
    def sweep_of(self, card: Card, takes: tuple[Card, ...]) -> bool:
        """Would taking ``takes`` with ``card`` score a sweep now?"""

    @abstractmethod
    def may_trail(self, card: Card, can_capture: bool) -> bool:
        """May ``card`` be laid on the floor now?"""

    def kinds(self, card: Card) -> Iterator[Capture]:
        """Every legal kind of play of ``card`` now, lazily, strongest first: sweeps, then
        the most cards taken, the trail last. A kind stands for the captures that differ
        only in which card of a value is taken."""
        vecs = self.capture_kinds(card)
        if vecs is None:
            ways = sorted(self.options(card), key=lambda o: (not o.sweep, -len(o.takes)))
            yield from (Capture.of(o) for o in ways)
            return
        numerals = [c for c in self.floor if c in self.values]
        whole = vector(self.floor, self.values) if len(numerals) == len(self.floor) else None
        sweeping = whole is not None and self.sweep_of(card, tuple(numerals)) and whole in vecs
        by_value: dict[int, tuple[Card, ...]] = {}
        for c in numerals:
            value = self.values[c]
            by_value[value] = (*by_value.get(value, ()), c)
        place = {c: i for i, c in enumerate(numerals)}
        if sweeping:
            assert whole is not None
            yield kind_of(card, whole, by_value, place, True, self.values)
        for vec in vecs:
            if not (sweeping and vec == whole):
                yield kind_of(card, vec, by_value, place, False, self.values)
        if self.may_trail(card, vecs.count() > 0):
            yield Capture(card)

    def count_kinds(self, card: Card) -> int:
        """How many kinds of play :meth:`kinds` yields, counted without listing them."""
        vecs = self.capture_kinds(card)
        if vecs is None:
            return len(self.options(card))
        found = vecs.count()
        return found + self.may_trail(card, found > 0)

    def listing(self, card: Card, limit: int | None = None) -> Listing:
        """The legal kinds of play of ``card``, strongest first: the first ``limit`` (at
        most :data:`LISTED`) described, all counted."""
        if card in self.used:
            note = fact("fishing.options.used", card=card, where=self.where_used(card))
            return Listing(self.options_label(card), card, (), 0, note)
        shown = LISTED if limit is None else min(limit, LISTED)
        key = (self.entries, tuple(self.floor), card, shown)
        if self._listed is not None and self._listed[0] == key:
            return self._listed[1]
        kinds = tuple(islice(self.kinds(card), shown))
        total = len(kinds) if len(kinds) < shown else self.count_kinds(card)
        listing = Listing(self.options_label(card), card, kinds, total)
        self._listed = (key, listing)  # the JSON of `options` asks again
        return listing

    def option_listing(self, card: Card, limit: int | None = None) -> Options:
        """The legal ways to play ``card`` in words, strongest first, one line per kind
        (:meth:`listing`)."""
        listing = self.listing(card, limit)
        return Options(listing.label, listing.lines(), listing.total)

    def options_label(self, card: Card) -> Fact:
        """What a listing of ``card``'s options is about: the card and the floor."""
        if not self.floor:
            return fact("fishing.options.on-empty", card=card, floor=self.floor_word)
        return fact("fishing.options.on", card=card, cards=tuple(self.floor))

    def option_lines(self, card: Card, limit: int | None = None) -> Sequence[Words]:
        """The lines of :meth:`option_listing`."""
        return self.option_listing(card, limit).lines

    # --- options, explanations, what a person sees ----------------------------------------

    def table_entry(
        self, by: str | None, cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool
    ) -> Entry:
        card = cards[0]
        player = by or self.to_move()
        assert player is not None
        chosen: tuple[Card, ...] = ()
        if takes is not None:
            chosen = takes
        elif not trail and player == self.to_move() and card not in self.used:
            chosen = self.only_way(card)
            if not chosen:  # its one legal play is a trail: never inferred (decisions.md)
                raise Illegal(
                    f"{self.game}.trail",
                    fact("fishing.trail.unsaid", card=card),
                )
        return FishPlay(player, card, chosen)

    def only_way(self, card: Card) -> tuple[Card, ...]:
        """What ``card`` takes when it can be played one way only; Illegal naming the first
        ways (from the strongest few, never all of them) when it can be played several."""
        listing = self.listing(card, SAY_WHICH)
        lines = listing.lines()
        if listing.total == 1:  # one kind of capture: is it one set of cards?
            plays = list(islice(listing.shown[0].plays(self.floor), SAY_WHICH))
            lines = [p.as_fact() for p in plays]
        if len(lines) > 1:
            raise Illegal(
                self.choice_rule,
                fact("fishing.choice", card=card, ways=joined(lines[:SAY_WHICH], "; ")),
            )
        return listing.shown[0].first(self.floor).takes if listing.shown else ()

    def legal_options(
        self, card: Card | None, player: str | None, limit: int | None = None
    ) -> Options:
        assert card is not None, "a fishing play names its card"
        listing = self.listing(card, limit)
        if listing.note:
            return Options(listing.label, [listing.note], 0)
        return Options(listing.label, listing.lines(), listing.total)

    def explain(self, entry: Entry) -> Explanation:
        assert isinstance(entry, FishPlay)
        listing = self.option_listing(entry.card, EXPLAINED)
        legal, more = list(listing.lines), listing.total - len(listing.lines)
        if entry.by != self.to_move():
            legal, more = [], 0
        try:
            ruling = self.check(entry)
        except Illegal as err:
            if err.legal:
                legal, more = list(err.legal), err.more
            return Explanation([err.rule], [err.message], legal, False, more)
        rules, lines = self.rules_applied(entry.card, ruling)
        return Explanation(rules, lines, legal, True, more)

    def describe(self) -> list[Words]:
        return [
            fact(
                "state.deal",
                deal=self.index + 1,
                dealer=self.dealer,
                entry=self.entries + 1,
            ),
            fact(
                "fishing.describe.floor",
                floor_title=self.floor_title,
                cards=tuple(self.floor) or fact("fishing.empty"),
                round=self.round + 1,
                rounds=len(self.rounds),
                player=self.to_move(),
            ),
            fact("fishing.captured", piles=self.captured()),
        ]

    def captured(self) -> Joined:
        """Each side's captured cards and sweeps so far."""
        return joined(
            fact(
                "fishing.captured.side",
                n=self.sweeps[s],
                side=s,
                cards=len(p),
                sweeps=self.sweep_plural(self.sweeps[s]),
            )
            for s, p in self.piles.items()
        )

    def sweep_plural(self, count: int) -> Fact:
        """The game's word for a sweep after a count: 1 sweep, 2 sweeps (a basra, a sur)."""
        return fact("fishing.sweeps", n=count)

    def view(self) -> View:
        who = self.to_move()
        floor: Line = (
            fact("fishing.view.floor", floor_title=self.floor_title),
            Cards(tuple(self.floor), fact("fishing.empty")),
        )
        turn: Line = (fact("fishing.view.to-play", player=who),)
        lines: list[Line] = [
            (
                fact(
                    "fishing.view.deal",
                    deal=self.index + 1,
                    dealer=self.dealer,
                    round=self.round + 1,
                    rounds=len(self.rounds),
                    play=self.entries + 1,
                    plays=self.total_plays,
                ),
            ),
            floor,
            turn,
        ]
        if who is not None:
            known = self.round_cards(who)
            if known is not None:
                lines.append((fact("view.holds", player=who), Cards(known)))
        lines.append((fact("fishing.captured", piles=self.captured()),))
        unseen = tuple(self.unseen())
        lines.append((fact("fishing.view.unseen", count=len(unseen)), Cards(unseen)))
        data: dict[str, object] = {
            "floor": [str(c) for c in self.floor],
            "round": self.round + 1,
            "rounds": len(self.rounds),
            "unseen": [str(c) for c in unseen],
            "captured": {s: len(p) for s, p in self.piles.items()},
            "sweeps": dict(self.sweeps),
        }
        return View(tuple(lines), data, (floor, turn))


def kind_of(
    card: Card,
    vec: Vector,
    by_value: dict[int, tuple[Card, ...]],
    place: dict[Card, int],
    sweep: bool,
    values: Mapping[Card, int],
) -> Capture:
    """The kind of capture of ``card`` taking the numerals of ``vec`` (``by_value``: the
    floor's numerals of each value, in floor order; ``place``: each one's position;
    ``values``: the game's)."""
    takes: list[Card] = []
    choose: list[Choice] = []
    for value, n in enumerate(counts(vec), 1):
        if n:
            cards = by_value[value]
            if n == len(cards):
                takes.extend(cards)
            else:
                choose.append((n, cards))
    takes.sort(key=place.__getitem__)
    return Capture(card, tuple(takes), tuple(choose), sweep, by_value=True, values=values)
