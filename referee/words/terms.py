"""The ids people read as words: a game's variant, a tournament's pairing system, its
tie-breaks, a director's decision, and the time a record was made.

An id (``classic``, ``buchholz-cut1``, ``forfeit``) stays an id where it is typed and where
scripts read it (JSON, CSV, the files); every sentence and page a person reads says its word,
in English too (docs/languages.md). A variant's word is its game's (the ``<game>.variant.<id>``
sentence of its words); an id nobody gives a word is said as it is.
"""

from __future__ import annotations

import datetime as dt

from referee.messages import Msg, fact, join, sentence
from referee.registry import GAMES
from referee.words.sentences import knows, said, said_text

SYSTEMS: dict[str, Msg] = {
    "swiss": sentence("Swiss system"),
    "round-robin": sentence("round robin"),
}
TIEBREAKS: dict[str, Msg] = {
    "buchholz": sentence("Buchholz"),
    "buchholz-cut1": sentence("Buchholz less the lowest"),
    "sonneborn-berger": sentence("Sonneborn–Berger"),
    "direct": sentence("direct encounter"),
    "wins": sentence("wins"),
    "game-points": sentence("game points"),
    "game-difference": sentence("game points difference"),
}
DECISIONS: dict[str, Msg] = {
    "forfeit": sentence("forfeit"),
    "time": sentence("time called"),
    "points": sentence("points set by the director"),
}
MONTHS = (
    sentence("{day} January {year}"),
    sentence("{day} February {year}"),
    sentence("{day} March {year}"),
    sentence("{day} April {year}"),
    sentence("{day} May {year}"),
    sentence("{day} June {year}"),
    sentence("{day} July {year}"),
    sentence("{day} August {year}"),
    sentence("{day} September {year}"),
    sentence("{day} October {year}"),
    sentence("{day} November {year}"),
    sentence("{day} December {year}"),
)


def variant_said(game: str, variant: str) -> str:
    """A variant's word (``classic``: «классическая»; its game's ``<game>.variant.<id>``
    sentence, read from that game's words alone), or its id when it has none."""
    code = f"{game}.variant.{variant}"
    return said_text(fact(code)) if knows(code) else variant


def system_said(system: str) -> str:
    return SYSTEMS.get(system, system)


def tiebreak_said(tiebreak: str) -> str:
    return TIEBREAKS.get(tiebreak, tiebreak)


def decision_said(kind: str) -> str:
    return DECISIONS.get(kind, kind)


def date_said(day: dt.date) -> Msg:
    """A day as the reader writes it: «2 декабря 2026», «2 دسامبر 2026»."""
    return sentence(MONTHS[day.month - 1].template, day=day.day, year=day.year)


def when_said(stamp: str) -> str:
    """A record's time (``2026-12-02T10:05:00Z``, UTC, as the tournament file keeps it) as
    the reader's clock shows it: the day and the hour in local time («2 December 2026,
    12:05» in Cairo); a day alone (``2026-12-02``) as the day. Other text as it is."""
    try:
        moment = dt.datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if len(stamp) == len("2026-12-02"):  # a day only
        return date_said(moment.date())
    return day_said(moment)


def day_said(day: dt.date) -> Msg:
    """A day (a log's or a tournament's date) as the reader writes it; with its hour when it
    has one, in local time when it names its zone."""
    if not isinstance(day, dt.datetime):
        return date_said(day)
    if day.tzinfo is not None:
        day = day.astimezone()
    return sentence("{date}, {time}", date=date_said(day.date()), time=f"{day:%H:%M}")


def game_said(game: str) -> str:
    """A game's name (``kozel``: Kozel, Буркозёл), or the text as it is."""
    spec = GAMES.get(game)
    return spec.title if spec is not None else game


def breakdown_word(game: str, key: str) -> object:
    """The score sheet's word for a part of ``game``'s score (``basras``, ``card points``):
    the game's own (its ``<game>.breakdown.<key>`` sentence), else its family's
    (``fishing.breakdown.cards``), else the key in plain letters."""
    spec = GAMES.get(game)
    for owner in (game,) if spec is None else (game, spec.family):
        code = f"{owner}.breakdown.{key}"
        if knows(code):
            return said(fact(code))
    return key.replace("_", " ")


def breakdown_said(game: str, parts: dict[str, int], all_keys: bool = False) -> Msg:
    """A side's score in its parts (``basras 20, cards 3``); the parts worth 0 left out
    unless ``all_keys``."""
    return join(
        sentence("{what} {points}", what=breakdown_word(game, k), points=v)
        for k, v in parts.items()
        if v or all_keys
    )


def scores_said(sides: list[str], score: dict[str, int]) -> Msg:
    """Each side's points, in the sides' order (``Ali 12, Omar 7``)."""
    return join(sentence("{side} {points}", side=s, points=score.get(s, 0)) for s in sides)
