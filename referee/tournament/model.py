"""A tournament as plain values: entrants, rounds, tables, the director's decisions and the
counts of the tables' logs (their digests). No I/O: the store reads and writes them.

A moment in the tournament is named by ``during``: the round that was current (the last
round paired, 0 before the first) when a count, recount or decision was made. The results
in effect when round ``r`` was paired are those made ``during < r``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SYSTEMS = ("swiss", "round-robin")
TIEBREAKS = (
    "buchholz",
    "buchholz-cut1",
    "sonneborn-berger",
    "direct",
    "wins",
    "game-points",
    "game-difference",
)
DEFAULT_TIEBREAKS = {
    "swiss": ("buchholz-cut1", "buchholz", "sonneborn-berger", "wins", "game-points"),
    "round-robin": ("direct", "sonneborn-berger", "wins", "game-points"),
}
DECISIONS = ("forfeit", "time", "points")


@dataclass
class Points:
    """Match points for a side finished ahead of another, level with it, and a bye."""

    win: int = 2
    draw: int = 1
    bye: int = 2


@dataclass
class Entrant:
    """A side: a player, or a team of two (``members``; its name is theirs joined by " & ")."""

    name: str
    members: tuple[str, ...] = ()
    joined: int = 1  # the first round it can be paired in
    withdrawn: int | None = None  # not paired from this round on

    @property
    def players(self) -> tuple[str, ...]:
        return self.members or (self.name,)

    def active_in(self, round_number: int) -> bool:
        """May this side be paired in round ``round_number``?"""
        return self.joined <= round_number and (
            self.withdrawn is None or round_number < self.withdrawn
        )


@dataclass
class Count:
    """A table's log as counted: its digest and what it said (first count or a recount)."""

    digest: str
    totals: dict[str, int]
    winner: str | None
    during: int
    at: str
    reason: str | None = None  # a recount's reason; None for the first count
    complete: bool = True  # False: the log of a decided table, counted before its end


@dataclass
class Decision:
    """A director's decision for a table: sides that did not play (``forfeit``), time
    called (``totals`` of the finished deals then), or match points set (``points``)."""

    kind: str
    reason: str
    during: int
    at: str
    absent: tuple[str, ...] = ()
    points: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)  # the log's, when it was made
    undone: str | None = None  # when it was taken back
    undone_during: int | None = None

    def in_effect(self, before: int | None = None) -> bool:
        """Was it standing for results taken before round ``before`` (None: now)?"""
        if before is not None and self.during >= before:
            return False
        if self.undone is None:
            return True
        return (
            before is not None and self.undone_during is not None and (self.undone_during >= before)
        )


@dataclass
class Table:
    """One table of a round: its sides in seating order, their players, its log."""

    number: int
    sides: tuple[str, ...]
    players: tuple[str, ...]
    log: str
    counts: list[Count] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)

    def decision(self, before: int | None = None) -> Decision | None:
        """The decision standing (None: now), the last one made and not taken back."""
        standing = [d for d in self.decisions if d.in_effect(before)]
        return standing[-1] if standing else None

    def count(self, before: int | None = None) -> Count | None:
        """The last count of a finished log made before round ``before`` (None: now)."""
        made = [c for c in self.counts if (before is None or c.during < before) and c.complete]
        return made[-1] if made else None


@dataclass
class Round:
    """A paired round: its tables, its byes, and every paired side's match points then."""

    number: int
    tables: list[Table]
    byes: tuple[str, ...]
    match_points: dict[str, int]
    paired_at: str

    def table(self, number: int) -> Table | None:
        return next((t for t in self.tables if t.number == number), None)


@dataclass
class Tournament:
    """The whole tournament file as values."""

    name: str
    game: str
    variant: str
    rules: dict[str, bool | int | str]  # the overrides given (the same at every table)
    date: str
    system: str
    rounds: int
    table_size: int  # players at a table
    seed: str
    points: Points
    tiebreaks: tuple[str, ...]
    entrants: list[Entrant]
    paired: list[Round] = field(default_factory=list)
    closed: str | None = None
    # the entrants by name, built again when the list is another or has grown (entrants
    # are only ever added to it)
    _by_name: dict[str, Entrant] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _indexed: tuple[int, int] = field(default=(0, -1), init=False, repr=False, compare=False)

    @property
    def current(self) -> int:
        """The last round paired (0 before the first)."""
        return len(self.paired)

    @property
    def teams(self) -> bool:
        return any(e.members for e in self.entrants)

    @property
    def sides_per_table(self) -> int:
        return 2 if self.teams else self.table_size

    def entrant(self, name: str) -> Entrant | None:
        """The entrant of that name (the first, in a file that names one twice)."""
        seen, indexed = self._indexed
        if seen != id(self.entrants) or indexed > len(self.entrants):
            self._by_name, indexed = {}, 0
        for e in self.entrants[indexed:]:  # those added since
            self._by_name.setdefault(e.name, e)
        self._indexed = (id(self.entrants), len(self.entrants))
        return self._by_name.get(name)

    def active(self, round_number: int) -> list[str]:
        """The sides that round ``round_number`` pairs, in entry order."""
        return [e.name for e in self.entrants if e.active_in(round_number)]


@dataclass(frozen=True)
class History:
    """What earlier rounds say for pairing: who has met whom, who has had a bye, and how
    often each side sat first (the first seat deals first)."""

    met: frozenset[frozenset[str]]
    byes: frozenset[str]
    first: dict[str, int]

    def have_met(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.met
