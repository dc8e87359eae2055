"""A tournament tally across matches, one table per game (their points never add up):
played, won, points for and against, sweeps, win %; unfinished matches are counted apart.
A match is reduced to a small summary first, so that many logs can be checked in other
processes and only their summaries brought together."""

from typing import NamedTuple

from referee.match import Replay
from referee.registry import GAMES


class Summary(NamedTuple):
    """What the standings need of one match."""

    game: str
    totals: dict[str, int]
    winner: str | None
    complete: bool
    sweeps: dict[str, int]
    members: dict[str, tuple[str, ...]]  # each side's players (``--by-player``)


def summarize(replayed: Replay) -> Summary:
    sweeps = dict.fromkeys(replayed.totals, 0)
    for d in replayed.deals:
        for side, n in d.result.tally("sweeps").items():
            sweeps[side] += n
    match = replayed.match
    groups = GAMES[match.game].sides(list(match.players), match.rules)
    members = {" & ".join(g): tuple(g) for g in groups}
    return Summary(
        match.game, dict(replayed.totals), replayed.winner, replayed.complete, sweeps, members
    )


class Row:
    """One side's line in the standings of one game."""

    __slots__ = (
        "game",
        "name",
        "played",
        "points_against",
        "points_for",
        "sweeps",
        "unfinished",
        "won",
    )

    def __init__(self, game: str, name: str) -> None:
        self.game = game
        self.name = name
        self.played = 0
        self.won = 0
        self.points_for = 0
        self.points_against = 0
        self.sweeps = 0
        self.unfinished = 0

    @property
    def win_pct(self) -> float:
        return round(100 * self.won / self.played, 1) if self.played else 0.0

    def as_dict(self) -> dict[str, object]:
        """The row for ``--json``: ``sweeps`` only in games that score sweeps."""
        out: dict[str, object] = {
            "name": self.name,
            "played": self.played,
            "won": self.won,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "sweeps": self.sweeps,
            "win_pct": self.win_pct,
            "unfinished": self.unfinished,
            "game": self.game,
        }
        if not GAMES[self.game].sweeps:
            del out["sweeps"]
        return out


def tally(summaries: list[Summary], by_player: bool = False) -> list[Row]:
    """Rows for every side of every match, game by game (in the order the games first
    appear), best first within a game: most wins, then win %, then the points difference
    (penalty points, Kozel: the fewest first), then the name. Only decided matches are
    played, won and scored; a match still in progress counts as unfinished. Points against
    a side are all its opponents' points. Sweeps are basras or surs.

    ``by_player``: one row per player instead, with the totals of every side they played
    in (Omar alone and Omar & Karim): a side's match, points and sweeps count for each of
    its players."""
    rows: dict[tuple[str, str], Row] = {}
    games: list[str] = []
    for match in summaries:
        if match.game not in games:
            games.append(match.game)
        grand = sum(match.totals.values())
        for side, points in match.totals.items():
            names = match.members.get(side, (side,)) if by_player else (side,)
            for name in names:
                row = rows.setdefault((match.game, name), Row(match.game, name))
                if not match.complete:
                    row.unfinished += 1
                    continue
                row.played += 1
                row.won += int(match.winner == side)
                row.points_for += points
                row.points_against += grand - points
                row.sweeps += match.sweeps.get(side, 0)

    def rank(row: Row) -> tuple[int, int, float, int, str]:
        diff = row.points_for - row.points_against
        if GAMES[row.game].lower_wins:  # penalty points: fewer is better
            diff = -diff
        return (games.index(row.game), -row.won, -row.win_pct, -diff, row.name)

    return sorted(rows.values(), key=rank)
