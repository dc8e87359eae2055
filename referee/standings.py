"""A tournament tally across matches, one table per game (their points never add up):
played, won, points for and against, sweeps, win %; unfinished matches are counted apart."""

from __future__ import annotations

from referee.match import Replay
from referee.registry import GAMES


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
        return {
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


def tally(replays: list[Replay]) -> list[Row]:
    """Rows for every side of every match, game by game (in the order the games first
    appear), best first within a game: most wins, then win %, then the points difference
    (penalty points, Kozel: the fewest first), then the name. Only decided matches are
    played, won and scored; a match still in progress counts as unfinished. Points against
    a side are all its opponents' points. Sweeps are basras or surs."""
    rows: dict[tuple[str, str], Row] = {}
    games: list[str] = []
    for rep in replays:
        game = rep.match.game
        if game not in games:
            games.append(game)
        grand = sum(rep.totals.values())
        sweeps: dict[str, int] = dict.fromkeys(rep.totals, 0)
        for d in rep.deals:
            for side, parts in d.result.breakdown.items():
                points = parts.get("basras", 0) or parts.get("surs", 0)
                per = int(rep.match.rules.get("basra_points", rep.match.rules.get("sur_points", 1)))
                sweeps[side] += points // per if per else 0
        for side, points in rep.totals.items():
            row = rows.setdefault((game, side), Row(game, side))
            if not rep.complete:
                row.unfinished += 1
                continue
            row.played += 1
            row.won += int(rep.winner == side)
            row.points_for += points
            row.points_against += grand - points
            row.sweeps += sweeps[side]

    def rank(r: Row) -> tuple[int, int, float, int, str]:
        diff = r.points_for - r.points_against
        if GAMES[r.game].lower_wins:  # penalty points: fewer is better
            diff = -diff
        return (games.index(r.game), -r.won, -r.win_pct, -diff, r.name)

    return sorted(rows.values(), key=rank)
