"""The one small interface every game's rules implement: a deal state that checks and
applies entries, knows its legal plays, and scores itself when finished; and the one that
shows a deal (:class:`Presenter`: ``show``'s view, ``explain``, ``options``). Callers
(replay, the table commands, explain, rendering, the simulator) use only these; a game's
own module decides every rule.

To add a game: write its package (a ``DealState`` subclass on the fishing or trick core
where the game is one of those, whose presenters show it; its ``GameSpec``; its words) and
add one line to ``referee.registry.BUILT_IN``, or, from outside referee,
``referee.registry.add(SPEC)``.
A refusal (:class:`Illegal`) carries its rule, its fact and its legal plays as values.

What happened is reported as values: ``apply`` returns the values of
:mod:`referee.games.events` that the entry brought about (the entry itself first: a capture
or trail, a lead or follow and whether it holds the trick, a declaration, a claim's verdict;
then a sweep, a trick taken, the residue). The words layer (:mod:`referee.words`) says them,
and the table says each accepted entry back from them. A game that returns none is said
back from its entry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from importlib import import_module
from itertools import islice
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypeVar

from referee.cards import Card
from referee.games.events import Event
from referee.games.spec import GameSpec
from referee.messages import Fact, Joined, fact
from referee.params import Value
from referee.problems import Problem, deal_path
from referee.record import Deal, Entry

if TYPE_CHECKING:
    import random

    from referee.messages import LegalPlay
    from referee.record import Match

T = TypeVar("T")


class Cards(NamedTuple):
    """Cards inside a line of text, for rendering to show with suit symbols or ASCII;
    ``empty`` is said when there are none."""

    cards: tuple[Card, ...]
    empty: str | Fact = "—"


Words = str | Fact | Joined  # a sentence already made, or facts the words layer says
Line = tuple[str | Fact | Cards, ...]  # a line a person reads: words or facts, and cards


class View(NamedTuple):
    """What a person sees of a deal in progress: lines of text and cards, in order, the
    same facts as plain data for ``show --json``, and the few lines said after each play
    (``brief``: the floor or the trick, and who is next; none: the turn alone)."""

    lines: tuple[Line, ...]
    data: dict[str, object]
    brief: tuple[Line, ...] = ()


class Options(NamedTuple):
    """What may be played now, in words: a label, the lines shown (strongest first), and how
    many options there are in all."""

    label: Words
    lines: Sequence[Words]
    total: int


class Explanation(NamedTuple):
    """The ruling on one entry: the rule ids that apply, the ruling in words, the legal
    alternatives as values (and how many more there are), whether the entry is legal,
    what to say where there is no alternative to list (``note``), and ``answer``, the
    question the entry raised, answered, where "legal" says too little (a claim: was it
    true?)."""

    rules: list[str]
    lines: list[Words]
    legal: Sequence[LegalPlay]
    ok: bool
    more: int = 0  # legal alternatives beyond those listed
    note: Words | None = None
    answer: Words | None = None


MAX_LEGAL_SHOWN = 12  # legal alternatives a ruling lists; the rest are counted


def first_legal(
    plays: Iterable[T], count: Callable[[], int], limit: int = MAX_LEGAL_SHOWN
) -> tuple[tuple[T, ...], int]:
    """The first ``limit`` of ``plays`` (strongest first) and how many more there are, as a
    refusal shows them: ``count`` is asked only when the limit is reached."""
    shown = tuple(islice(plays, limit))
    return shown, (count() - len(shown) if len(shown) == limit else 0)


class Illegal(Exception):
    """An entry that breaks a rule: the rule id, the fact that decided it, the legal plays
    it shows as values (at most :data:`MAX_LEGAL_SHOWN`), and how many more there are. They
    stay values until the edge says them (``verify``, the table, ``explain``) or writes
    them (``verify --json``, :func:`referee.words.rulings.refusal_json`)."""

    def __init__(
        self,
        rule: str,
        message: str | Fact,
        legal: Sequence[LegalPlay] | None = None,
        more: int = 0,
    ) -> None:
        super().__init__(rule)
        self.rule = rule
        self.message = message
        self.legal: tuple[LegalPlay, ...] = tuple(legal or ())
        self.more = more


POT = "pot"  # a carried value: the money in the pot after a deal (a game whose spec has a pot)
PAYMENTS = "payments"  # a tally: what each player paid into the pot (-) or took (+)
SWEEPS = "sweeps"  # a tally: the sweeps that scored, per side (a game whose spec has sweeps)
FORFEITS = "forfeits"  # a tally: 1 for the side whose forfeit ended the deal (Bura, Kozel)


class MatchSoFar:
    """What one deal hands to the next: match totals before it, the deal's number, and what
    the game itself carries over, by its own names (``carried``: a rolled-over award, the
    pot before the antes), which the game's state reads and its result writes."""

    __slots__ = ("carried", "deal_number", "totals")

    def __init__(
        self, totals: dict[str, int], deal_number: int = 1, carried: dict[str, int] | None = None
    ) -> None:
        self.totals = totals
        self.deal_number = deal_number
        self.carried: dict[str, int] = carried or {}

    def copy(self) -> MatchSoFar:
        """A copy that shares no mapping with this one."""
        return MatchSoFar(dict(self.totals), self.deal_number, dict(self.carried))


class DealResult:
    """A finished deal: points per side, their breakdown, the next dealer, the deal's
    winner where the game names one (None when void or lost to a false claim), how it
    ended, and two mappings the game owns: ``carried``, what passes on to the next deal's
    :class:`MatchSoFar`, and ``tallies``, figures it counted per side or player by name (the
    well-known ones: :data:`POT` carried, :data:`PAYMENTS`, :data:`SWEEPS` and
    :data:`FORFEITS` tallied)."""

    __slots__ = ("breakdown", "carried", "how", "next_dealer", "score", "tallies", "winner")

    def __init__(
        self,
        score: dict[str, int],
        breakdown: dict[str, dict[str, int]],
        next_dealer: str,
        winner: str | None = None,
        how: str | Fact = "",
        carried: dict[str, int] | None = None,
        tallies: dict[str, dict[str, int]] | None = None,
    ) -> None:
        self.score = score
        self.breakdown = breakdown
        self.next_dealer = next_dealer
        self.winner = winner
        self.how = how  # how the deal ended, in words, where the score alone does not say
        self.carried: dict[str, int] = carried or {}
        self.tallies: dict[str, dict[str, int]] = tallies or {}

    def tally(self, key: str) -> dict[str, int]:
        """One of the game's tallies (empty when it keeps none of that name)."""
        return self.tallies.get(key, {})


class DealState(ABC):
    """The state of one deal during replay. ``apply`` checks first and changes nothing
    when it raises :class:`Illegal`; replay, the CLI and the simulator all use it. What a
    person sees of it is its :attr:`presenter`'s to say (:func:`present`)."""

    game: str
    presenter: ClassVar[type[Presenter]]  # shows a deal of this game (view, options)

    def __init__(
        self, players: list[str], rules: dict[str, Value], deal: Deal, index: int, carry: MatchSoFar
    ) -> None:
        self.players = players
        self.n = len(players)
        self.rules = rules
        self.deal = deal
        self.index = index
        self.carry = carry
        self.dealer = deal.dealer
        self.hands = deal.hands
        self.after = {p: players[(i + 1) % self.n] for i, p in enumerate(players)}
        self.entries = 0
        # Problems with the record itself that an entry brings to light (recorded hands
        # that contradict a draw): replay stops there, the table refuses the entry.
        self.record_problems: list[Problem] = []

    @property
    def hands(self) -> dict[str, tuple[Card, ...]] | None:
        """The recorded hands (None: not recorded); a simulator may set them as it deals."""
        return self._hands

    @hands.setter
    def hands(self, hands: dict[str, tuple[Card, ...]] | None) -> None:
        self._hands = hands
        # each recorded card's place in its player's hand list: a card is held when it is
        # listed within the cards received so far (a hand may lag behind the deal)
        self.listed: dict[str, dict[Card, int]] = {
            p: {c: i for i, c in enumerate(cards)} for p, cards in (hands or {}).items()
        }

    def problem(
        self,
        rule: str,
        message: str | Fact,
        key: str | None = None,
        play: int | None = None,
        stage: int = 0,
    ) -> Problem:
        """A problem located in this deal (``play`` counts from 0 here)."""
        return Problem(
            rule,
            message,
            deal_path(self.index, key, play),
            self.index + 1,
            None if play is None else play + 1,
            stage=stage,
        )

    def conservation(self, found: Fact, player: str | None = None) -> Problem:
        """[deal.conservation] What the end of the deal finds (stage 2): in ``player``'s
        recorded hand, or in the deal as a whole."""
        key = None if player is None else f"hands.{player}"
        return self.problem("deal.conservation", found, key, stage=2)

    def dealt_twice(self, card: Card, first: str, second: str, key: str) -> Problem:
        """[card.duplicate] One card listed in two players' recorded hands."""
        return self.problem(
            "card.duplicate",
            fact("card.dealt-twice", card=card, first=first, second=second),
            key,
        )

    def next_player(self, name: str, step: int = 1) -> str:
        """The player ``step`` places after ``name`` in playing order."""
        if step == 1:
            return self.after[name]
        return self.players[(self.players.index(name) + step) % self.n]

    @abstractmethod
    def setup_problems(self) -> list[Problem]:
        """Problems with the deal's set-up (dealer, floor or trump, hands)."""

    @abstractmethod
    def apply(self, entry: Entry) -> Sequence[Event | str]:
        """Check one entry and apply it, returning what it brought about as values (events);
        raise Illegal (state unchanged) if it breaks a rule."""

    @abstractmethod
    def check(self, entry: Entry) -> object:
        """Judge one entry without changing anything: raise Illegal if it breaks a rule;
        otherwise return the game's ruling (fishing: what the play takes)."""

    def is_legal(self, entry: Entry) -> bool:
        """Would ``entry`` be accepted now?"""
        try:
            self.check(entry)
        except Illegal:
            return False
        return True

    @abstractmethod
    def table_entry(
        self, by: str | None, cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool
    ) -> Entry:
        """The entry a play typed at the table means: ``by`` (None: whoever is to play),
        the cards, and for a fishing game the cards taken or a trail (None and False: the
        capture is filled in when there is one legal way, else Illegal lists the ways)."""

    def default_author(self, kind: str) -> str | None:
        """Who an entry of ``kind`` (``cards``, ``claim``, …) is from when the table does
        not say: the player to move."""
        return self.to_move()

    @property
    @abstractmethod
    def finished(self) -> bool:
        """True once the deal is over and can be scored."""

    @abstractmethod
    def to_move(self) -> str | None:
        """Whose entry is expected next (None when the deal is over)."""

    def in_hand(self, player: str) -> tuple[Card, ...] | None:
        """The cards ``player`` may play from now, when the record gives their hand; None
        when it does not (what `live` offers at Tab for the next card)."""
        return None

    def can_follow(self) -> bool:
        """True when the deal is finished as recorded but an entry may still follow it
        (Bura: another declaration before the same trick, a claim after the last trick)."""
        return False

    def may_follow(self) -> Fact | None:
        """When :meth:`can_follow`: what may still follow the finished deal and how to
        record it (said with the deal's end, so that nobody takes the end for final)."""
        return None

    @abstractmethod
    def received(self, player: str) -> int:
        """How many cards ``player`` has received so far in this deal (dealt and drawn)."""

    def open_payments(self) -> dict[str, int]:
        """Money paid by each player into a pot for this deal while it is open (antes)."""
        return {}

    def open_pot(self) -> int:
        """The pot while this deal is open (0 in games without one)."""
        return 0

    @abstractmethod
    def end_problems(self) -> list[Problem]:
        """Problems found when the deal ends (conservation and the like)."""

    @abstractmethod
    def result(self) -> DealResult:
        """The finished deal's score."""

    @classmethod
    def simulate_deal(
        cls, spec: GameSpec, match: Match, dealer: str, carry: MatchSoFar, rng: random.Random
    ) -> None:
        """Play one deal into ``match`` as the simulator's players would (a shuffled deck,
        random and greedy legal plays, every hand recorded): the family's player (``spec``
        says which entries the game has), so that ``referee simulate`` knows no game."""
        raise NotImplementedError(f"{cls.__name__} has no simulated player")


class Presenter(ABC):
    """What a person sees of a deal, apart from its rules: ``show``'s view, the state in a
    few lines and the ruling on an entry for ``explain``, and the legal plays in words
    (``options``) and as objects (``options --json``). One per game family (a game may
    add its own lines), reading the deal state through its public surface only; a game
    names its presenter in ``DealState.presenter``. (A family's presenter declares the
    state it shows, ``state: FishingDeal``; no generic subscript, which costs 10 M
    instructions at start-up.)"""

    state: DealState

    def __init__(self, state: DealState) -> None:
        self.state = state

    @abstractmethod
    def view(self) -> View:
        """What ``show`` displays of the deal in progress."""

    @abstractmethod
    def describe(self) -> Sequence[Words]:
        """The state now in a few plain lines, for an explanation."""

    @abstractmethod
    def explain(self, entry: Entry) -> Explanation:
        """The ruling on ``entry`` in the state now: the rules that apply, the ruling's
        facts, the legal alternatives as values."""

    @abstractmethod
    def legal_options(
        self, card: Card | None, player: str | None, limit: int | None = None
    ) -> Options:
        """What may be played now, in words: a label and one line per option (fishing: the
        ways to play ``card``; trick games: the ways ``player`` can beat the trick)."""

    def plays_json(self, card: Card | None, player: str | None = None) -> dict[str, object] | None:
        """The legal plays now as objects for scripts (``options --json``): a fishing
        game's ways to play ``card``, a trick game's plays of ``player`` (None: whoever is
        to play); None where a game lists its options only in words."""
        return None


def deal_rules(game: GameSpec) -> type[DealState]:
    """The rules of a deal of ``game`` (its ``engine`` module, imported on first use: a game
    loaded by name)."""
    module, name = game.engine.split(":")
    cls: type[DealState] = getattr(import_module(module), name)
    return cls


def present(state: DealState) -> Presenter:
    """The presenter of ``state``'s game, showing it."""
    return type(state).presenter(state)


def sole_leader(values: dict[str, int], lowest: bool = False) -> str | None:
    """The key with strictly the highest value (or the lowest), or None when it is shared.

    >>> sole_leader({"Ali": 30, "Omar": 12}), sole_leader({"Ali": 3, "Omar": 3})
    ('Ali', None)
    """
    if not values:
        return None
    best = min(values.values()) if lowest else max(values.values())
    leaders = [k for k, v in values.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None
