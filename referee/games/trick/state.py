"""The state of a trick-game deal (rules.md §3, §3a) and what follows from it alone: whose
turn it is, the cards known held or not yet seen, the ways to beat the trick, the deal's
set-up problems, the draw a completed trick brings and the problems of its end. Entries are
checked and applied in :mod:`referee.games.trick.deal`."""

from __future__ import annotations

from referee.cards import SHORT_DECK, Card, sort_key
from referee.games.base import DealState, MatchSoFar
from referee.games.trick.cards import Played
from referee.games.trick.plays import HandPlays
from referee.games.trick.ruling import Draw, Outcome
from referee.messages import Fact, fact
from referee.params import Value
from referee.problems import Problem
from referee.record import Deal


class TrickState(DealState):
    """One deal of a trick game as it stands: subclasses give the hand size and the
    game's own facts (waiting, notes, why a deal is unfinished)."""

    hand_size = 3
    deck_name = fact("trick.deck")

    def __init__(
        self, players: list[str], rules: dict[str, Value], deal: Deal, index: int, carry: MatchSoFar
    ) -> None:
        super().__init__(players, rules, deal, index, carry)
        trump = deal.card("trump")
        assert trump is not None
        self.trump = trump
        self.suit = trump.suit
        self.top: Card | None = None  # a card that beats every other (Kozel's 6S)
        k = self.hand_size
        self.held = dict.fromkeys(players, k)
        self.drawn = dict.fromkeys(players, k)
        self.stock = 36 - k * self.n  # the turned-up trump included, drawn last
        self.stopped = False
        self.trump_holder: str | None = None
        self.used: dict[Card, tuple[str, int]] = {}  # card -> (who played it, in which trick)
        self.shown: dict[Card, str] = {}  # cards shown (Bura's declarations): card -> player
        self.leader = self.next_player(deal.dealer) if deal.dealer in players else players[0]
        self.trick: list[Played] = []
        self.holder: Played | None = None
        self.tricks = 0
        self.points = dict.fromkeys(players, 0)
        self.won_tricks = dict.fromkeys(players, 0)
        self.taken: dict[str, list[Card]] = {p: [] for p in players}  # the cards of their tricks
        self.outcome: Outcome | None = None
        self.last_trick: tuple[str, tuple[Played, ...]] | None = None

    def rule(self, name: str) -> str:
        """This game's rule id: ``rule("lead")`` is ``bura.lead`` or ``kozel.lead``."""
        return f"{self.game}.{name}"

    # --- state -------------------------------------------------------------------------

    @property
    def played_out(self) -> bool:
        """Every card that will be played has been: the stock is empty or stopped, the
        hands are empty and no trick is open."""
        return (
            (self.stopped or self.stock == 0)
            and all(v == 0 for v in self.held.values())
            and not self.trick
        )

    @property
    def ended(self) -> Outcome | None:
        """How the deal ended if the record stopped here (None: it goes on)."""
        return self.outcome

    @property
    def finished(self) -> bool:
        return self.ended is not None or self.played_out

    def received(self, player: str) -> int:
        return self.drawn[player]

    def lead_override(self) -> str | None:
        """A player who must lead the next trick instead of the last trick's winner."""
        return None

    def to_move(self) -> str | None:
        if self.finished:
            return None
        if self.trick:
            return self.next_player(self.trick[-1][0])
        return self.lead_override() or self.leader

    def where_used(self, card: Card) -> Fact:
        by, trick = self.used[card]
        return fact("trick.card.played-by", player=by, trick=trick)

    def in_hand(self, player: str) -> tuple[Card, ...] | None:
        return self.known_cards(player)

    def known_cards(self, player: str) -> tuple[Card, ...] | None:
        """The player's cards in hand now, when the record gives hands."""
        if self.hands is None or player not in self.hands:
            return None
        got = self.hands[player][: self.drawn[player]]
        return tuple(c for c in got if c not in self.used)

    def unseen(self) -> list[Card]:
        """Cards not yet played in a trick, the turned-up trump and the cards known to be
        held (recorded hands, cards shown) left out; by suit then rank."""
        held = set(self.shown)
        for p in self.players:
            held.update(self.known_cards(p) or ())
        return sorted(SHORT_DECK - set(self.used) - {self.trump} - held, key=sort_key)

    def legal_plays(self, player: str) -> HandPlays:
        """Every legal play of ``player`` now, their lead or their follow: what the check
        asks of a play, what ``options`` lists and the simulator draws from."""

        def hand() -> tuple[Card, ...] | None:
            return self.known_cards(player)

        if not self.trick or self.holder is None:
            return HandPlays(hand, self.hand_size)
        led = len(self.trick[0][1])
        return HandPlays(hand, self.hand_size, led, self.holder[1], self.suit, self.top)

    def options(self, player: str) -> list[tuple[Card, ...]]:
        """The legal ways for ``player`` to take the trick now (their hand must be known)."""
        return self.legal_plays(player).beating()

    def declaration_in(self, cards: tuple[Card, ...]) -> tuple[str, tuple[Card, ...]] | None:
        """The strongest declaration these cards make (games with declarations)."""
        return None

    # --- the game's own facts ------------------------------------------------------------

    def after_last_trick(self) -> Fact:
        """What may still follow the last trick of a played-out deal."""
        return fact("trick.after-last.nothing")

    def unfinished(self) -> Fact:
        """Why an unfinished deal is not over, for its ``deal.conservation`` problem."""
        return fact("trick.unfinished.cards")

    # --- set-up ------------------------------------------------------------------------

    def setup_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if self.trump not in SHORT_DECK:
            out.append(
                self.problem(
                    "card.deck",
                    fact("trick.card.deck", card=self.trump, deck=self.deck_name),
                    "trump",
                )
            )
        if self.hands is not None:
            owner: dict[Card, str] = {}
            for player, cards in self.hands.items():
                out.extend(self.hand_problems(player, cards, owner))
        return out

    def hand_problems(
        self, player: str, cards: tuple[Card, ...], owner: dict[Card, str]
    ) -> list[Problem]:
        """A recorded hand's problems: too short, a card outside the deck, one dealt twice
        (``owner`` records who was dealt each card so far), the trump dealt."""
        out: list[Problem] = []
        k = self.hand_size
        key = f"hands.{player}"
        if len(cards) < k:
            out.append(
                self.problem(
                    "hand.count",
                    fact("trick.hand.short", n=len(cards), player=player, k=k),
                    key,
                )
            )
        for pos, c in enumerate(cards):
            if c not in SHORT_DECK:
                found = fact("trick.hand.card-deck", card=c, player=player, deck=self.deck_name)
                out.append(self.problem("card.deck", found, key))
            elif c in owner:
                out.append(self.dealt_twice(c, owner[c], player, key))
            elif c == self.trump and pos < k:
                found = fact("trick.hand.trump-dealt", card=c, player=player)
                out.append(self.problem(self.rule("deal"), found, key))
            owner[c] = player
        return out

    # --- the draw after a trick -------------------------------------------------------------

    def draw_after(self, winner: str, size: int) -> Draw | None:
        """[*.draw] The draw after a trick of ``size`` cards won by ``winner``: everyone back
        to a full hand from the winner on, or nobody ever again when the stock cannot go
        round (None: the stock is already empty or stopped)."""
        if self.stopped or self.stock == 0:
            return None
        need = size * self.n
        if self.stock < need:
            return Draw(size, stop=True)
        left = self.stock - need
        if left:
            return Draw(size, problems=self.early_trump(size, left))
        last = self.next_player(winner, self.n - 1)
        return Draw(size, trump_to=last, problems=self.trump_drawn(size, last))

    def early_trump(self, size: int, left: int) -> tuple[Problem, ...]:
        """[*.draw] The turned-up trump is drawn last of the whole stock: recorded hands
        that list it among the draws of a trick after which stock remains contradict it."""
        out: list[Problem] = []
        for player, got in (self.hands or {}).items():
            if self.trump in got[self.drawn[player] : self.drawn[player] + size]:
                found = fact(
                    "trick.draw.trump-early",
                    n=left,
                    player=player,
                    card=self.trump,
                    trick=self.tricks + 1,
                )
                out.append(self.problem(self.rule("draw"), found, f"hands.{player}", stage=1))
        return tuple(out)

    def trump_drawn(self, size: int, last: str) -> tuple[Problem, ...]:
        """[*.draw] The turned-up trump goes to ``last``: recorded hands that list it
        elsewhere contradict the draw (found now, even if the record ends here)."""
        out: list[Problem] = []
        for player, got in (self.hands or {}).items():
            if player == last:
                pos = self.drawn[last] + size - 1
                if pos < len(got) and got[pos] != self.trump:
                    found = fact(
                        "trick.draw.trump-listed", player=last, card=self.trump, listed=got[pos]
                    )
                    out.append(self.problem(self.rule("draw"), found, f"hands.{last}", stage=1))
            elif self.trump in got:
                found = fact(
                    "trick.draw.trump-elsewhere", player=player, card=self.trump, last=last
                )
                out.append(self.problem(self.rule("draw"), found, f"hands.{player}", stage=1))
        return tuple(out)

    # --- the end of the deal ----------------------------------------------------------

    def end_problems(self) -> list[Problem]:
        if not self.finished:
            return [self.conservation(fact("trick.unfinished", why=self.unfinished()))]
        out: list[Problem] = []
        for player, cards in (self.hands or {}).items():
            if len(cards) != self.drawn[player]:
                found = fact(
                    "trick.hand.received", n=len(cards), player=player, received=self.drawn[player]
                )
                out.append(self.conservation(found, player))
        return out
