"""The match log v1 (match-log.md) as a TOML mapping: read into the record's values with
every structural problem collected under its key path, and written back as the canonical
mapping that ``logfile`` serialises.

The reading is driven by what each game declares in the registry: its deals' set-up keys
(the first required, ``one_card`` keys a single card, the others card lists) and its
entries' keys (which pick the kind of entry, :mod:`referee.log.entries`). One walker
(:mod:`referee.log.schema`) reads every game."""

from __future__ import annotations

import datetime as dt
from typing import Any

from referee.cards import format_cards
from referee.log.entries import entry_to_dict, kind_for, read_entry
from referee.log.schema import Walker, Where, key_of, name_of
from referee.messages import join, sentence
from referee.params import Value
from referee.problems import Problem, deal_path
from referee.record import Deal, Match, Setup
from referee.registry import (
    GAMES,
    GameSpec,
    check_game,
    check_variant,
    unknown_parameter,
    variant_values,
)
from referee.text import name_problem, normal_name, visible

FORMAT = "referee-match"
VERSION = 1
MAX_DEALS = 2000
MAX_PLAYS = 500
MAX_NAME = 40
HEADER_KEYS = (
    "format",
    "version",
    "game",
    "variant",
    "event",
    "date",
    "players",
    "rules",
    "deals",
    "result",
)
DEAL_KEYS = ("dealer", "hands", "plays", "note", "score")
TOP = Where("")
RESULT = Where("result")


def _format_and_version(walk: Walker, data: dict[str, Any]) -> bool:
    """The ``format`` and ``version`` keys; False when the log is of a newer version (it
    is not read further: referee will not guess at it)."""
    fmt = data.get("format")
    if "format" not in data:
        walk.missing(TOP, "format", sentence("missing key 'format'; expected \"referee-match\""))
    elif fmt != FORMAT:
        said = sentence('expected "{format}", found {value}', format=FORMAT, value=repr(fmt))
        walk.bad("log.format", said, TOP, "format")
    version = data.get("version")
    if "version" not in data:
        walk.missing(TOP, "version", sentence("missing key 'version'; expected 1"))
    elif isinstance(version, bool) or not isinstance(version, int) or version < 1:
        said = sentence("expected version 1, found {value}", value=repr(version))
        walk.bad("log.version", said, TOP, "version")
    elif version > VERSION:
        said = sentence(
            "this log is version {version}; this referee reads version {supported} and will "
            "not guess at a newer one",
            version=version,
            supported=VERSION,
        )
        walk.bad("log.version", said, TOP, "version")
        return False
    return True


def _game(walk: Walker, data: dict[str, Any]) -> tuple[GameSpec, str] | None:
    """The game and variant (an unknown variant is read as the default, with its problem)."""
    game = data.get("game")
    if "game" not in data:
        said = sentence("missing key 'game'; expected one of {games}", games=join(GAMES))
        walk.missing(TOP, "game", said)
        return None
    why = check_game(game)
    if why is not None:
        walk.bad("log.game", why, TOP, "game")
        return None
    spec = GAMES[str(game)]
    variant = data.get("variant", spec.default_variant)
    why = check_variant(spec.name, variant)
    if why is not None:
        walk.bad("log.variant", why, TOP, "variant")
        variant = spec.default_variant
    return spec, variant


def _event_and_date(walk: Walker, data: dict[str, Any]) -> tuple[str | None, dt.date | None]:
    """The optional ``event`` (a string) and ``date`` (a TOML date or date-time)."""
    event = data.get("event")
    if event is not None:
        event = walk.text(event, TOP, "event", "log.format")
    date = data.get("date")
    if date is not None and not isinstance(date, dt.date):
        said = sentence("expected a TOML date or date-time, found {value}", value=repr(date))
        walk.bad("log.format", said, TOP, "date")
        date = None
    return event, date


def _rules(walk: Walker, data: dict[str, Any], spec: GameSpec, variant: str) -> dict[str, Value]:
    """Every parameter: the variant's, with the log's ``[rules]`` over them."""
    given = data.get("rules", {})
    if not isinstance(given, dict):
        said = sentence("expected a table of parameters, found {value}", value=repr(given))
        walk.bad("log.rules", said, TOP, "rules")
        given = {}
    rules, problems = resolve_rules(spec.name, variant, given)
    walk.problems.extend(problems)
    return rules


def read_match(data: dict[str, Any]) -> tuple[Match | None, list[Problem]]:
    """Read a parsed log. Returns the match (None if the header is unusable) and problems."""
    walk = Walker()
    walk.unknown_keys(data, HEADER_KEYS, TOP)
    if not _format_and_version(walk, data):
        return None, walk.problems
    found = _game(walk, data)
    if found is None:
        return None, walk.problems
    spec, variant = found
    event, date = _event_and_date(walk, data)
    players = _players(walk, data, spec, variant)
    rules = _rules(walk, data, spec, variant)
    if players is None:
        return None, walk.problems
    match = Match(spec.name, variant, players, rules, event, date)
    sides = match.sides
    for i, raw in enumerate(_deals(walk, data)):
        match.deals.append(_deal(walk, raw, i, spec, players, sides))
    _result(walk, data.get("result"), match, sides)
    return match, walk.problems


def read_more_deals(match: Match, data: dict[str, Any]) -> bool:
    """Add to ``match`` the deals and result of its log's last part, parsed alone (from its
    last ``[[deals]]`` on): False, with ``match`` not to be used, when that part holds
    anything else, more deals than a log may, or any problem; the whole log is read then."""
    deals = data.get("deals")
    if not data.keys() <= {"deals", "result"} or not isinstance(deals, list) or not deals:
        return False
    if len(match.deals) + len(deals) > MAX_DEALS:
        return False
    walk = Walker()
    spec, sides = GAMES[match.game], match.sides
    for i, raw in enumerate(deals, len(match.deals)):
        match.deals.append(_deal(walk, raw, i, spec, match.players, sides))
    match.result_totals = match.result_winner = None
    _result(walk, data.get("result"), match, sides)
    return not walk.problems


def _deals(walk: Walker, data: dict[str, Any]) -> list[Any]:
    """The ``[[deals]]`` array (none when it is of the wrong shape or too long)."""
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        walk.bad("log.deal", sentence("expected an array of tables [[deals]]"), TOP, "deals")
        return []
    if len(deals) > MAX_DEALS:
        said = sentence(
            "{count} deals; a match log holds at most {limit}", count=len(deals), limit=MAX_DEALS
        )
        walk.bad("log.deal", said, TOP, "deals")
        return []
    return deals


def _name_problem(name: str, seen: set[str]) -> str | None:
    """What is wrong with one player's name, or None."""
    if len(name) > MAX_NAME:
        return sentence(
            "{name}…: a name has at most 40 characters, found {count}",
            name=repr(visible(name[:MAX_NAME])),
            count=len(name),
        )
    why = name_problem(name)
    if why is None and name in seen:
        why = sentence("{name} is listed twice; names must be unique", name=repr(name))
    return why


def _players(walk: Walker, data: dict[str, Any], spec: GameSpec, variant: str) -> list[str] | None:
    """The players in playing order (None when they cannot be used)."""
    if "players" not in data:
        said = sentence("missing key 'players'; expected the players in playing order")
        walk.missing(TOP, "players", said)
        return None
    raw = data["players"]
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        said = sentence("expected an array of player names, found {value}", value=repr(raw))
        walk.bad("log.players", said, TOP, "players")
        return None
    ok = True
    seen: set[str] = set()
    names = [normal_name(name) for name in raw]
    for i, name in enumerate(names):
        why = _name_problem(name, seen)
        if why:
            walk.bad("log.players", why, TOP, f"players[{i}]")
            ok = False
        seen.add(name)
    low, high = spec.player_range(variant)
    if not low <= len(raw) <= high:
        played = (
            sentence("{low} to {high} players", low=low, high=high)
            if low < high
            else sentence("{low} players", low=low)
        )
        what = spec.name if (low, high) == spec.players else f"{spec.name} ({variant})"
        said = sentence(
            "{what} is played by {played}, found {count}", what=what, played=played, count=len(raw)
        )
        walk.bad("game.players", said, TOP, "players")
        ok = False
    return names if ok else None


def _deal(
    walk: Walker, raw: Any, i: int, spec: GameSpec, players: list[str], sides: list[str]
) -> Deal:
    """One deal: dealer, set-up, hands, note, stored score and entries."""
    where = Where(deal_path(i), i + 1)
    if not isinstance(raw, dict):
        walk.bad("log.deal", sentence("expected a table, found {value}", value=repr(raw)), where)
        return Deal("", broken=True)
    walk.unknown_keys(raw, (DEAL_KEYS[0], *spec.setup, *DEAL_KEYS[1:]), where)
    deal = Deal("")
    _dealer(walk, raw, where, players, deal)
    _setup(walk, raw, where, spec, deal)
    if "hands" in raw:
        deal.hands = _hands(walk, raw["hands"], Where(where.at("hands"), i + 1), players)
        if deal.hands is None:
            deal.broken = True
    note = raw.get("note")
    if note is not None:
        deal.note = walk.text(note, where, "note", "log.deal")
    if "score" in raw:
        deal.score = _score_table(
            walk, raw["score"], Where(where.at("score"), i + 1, None, 2), sides
        )
    plays = _plays(walk, raw, where, deal)
    kind = kind_for(spec)
    for j, entry in enumerate(plays):
        read = kind.fast(entry, players)  # the common case: no walker, no key path
        if read is None:
            at = Where(deal_path(i, None, j), i + 1, j + 1, 1)
            read = read_entry(walk, entry, at, spec, players)
        deal.plays.append(read)
    return deal


def _dealer(
    walk: Walker, raw: dict[str, Any], where: Where, players: list[str], deal: Deal
) -> None:
    dealer = walk.player(
        raw.get("dealer"),
        where,
        "dealer",
        "log.deal",
        players,
        sentence("missing key 'dealer'"),
        lambda name: sentence(
            "dealer {dealer} is not one of the players ({players})",
            dealer=name,
            players=join(players),
        ),
    )
    if dealer is None:
        deal.broken = True
    else:
        deal.dealer = dealer


def _setup(walk: Walker, raw: dict[str, Any], where: Where, spec: GameSpec, deal: Deal) -> None:
    """The game's set-up keys: the first required, ``one_card`` keys one card each."""
    for index, key in enumerate(spec.setup):
        if key not in raw:
            if index == 0:
                walk.missing(where, key)
                deal.broken = True
            continue
        value: Setup | None
        if key in spec.one_card:
            value = walk.card(raw[key], where, key, "log.deal")
        else:
            value = walk.cards(raw[key], where, key, "log.deal")
        if value is None:
            deal.broken = True
        else:
            deal.setup[key] = value


def _plays(walk: Walker, raw: dict[str, Any], where: Where, deal: Deal) -> list[Any]:
    """The deal's entries as given (none when of the wrong shape or too many)."""
    plays = raw.get("plays")
    if "plays" not in raw:
        walk.missing(
            where, "plays", sentence("missing key 'plays' (write plays = [] before the first play)")
        )
        return []
    if not isinstance(plays, list):
        said = sentence("expected an array of plays, found {value}", value=repr(plays))
        walk.bad("log.deal", said, where, "plays")
        return []
    if len(plays) > MAX_PLAYS:
        said = sentence(
            "{count} entries; a deal holds at most {limit}", count=len(plays), limit=MAX_PLAYS
        )
        walk.bad("log.deal", said, where, "plays")
        deal.broken = True
        return []
    return plays


def _hands(walk: Walker, raw: Any, where: Where, players: list[str]) -> dict[str, Any] | None:
    """Recorded hands: player = "cards" (None when any cannot be read)."""
    if not isinstance(raw, dict):
        said = sentence('expected a table of player = "cards", found {value}', value=repr(raw))
        walk.bad("log.deal", said, where)
        return None
    out = {}
    ok = True
    for name, cards in ((name_of(k), v) for k, v in raw.items()):
        if name not in players:
            said = sentence(
                "{name} is not one of the players ({players})",
                name=repr(name),
                players=join(players),
            )
            walk.bad("log.players", said, where, key_of(name))
            ok = False
            continue
        got = walk.cards(cards, where, key_of(name), "log.deal")
        if got is None:
            ok = False
        else:
            out[name] = got
    return out if ok else None


def _score_table(walk: Walker, raw: Any, where: Where, sides: list[str]) -> dict[str, int] | None:
    """A stored table of side = points (checked against the replay later)."""
    if not isinstance(raw, dict):
        said = sentence("expected a table of side = points, found {value}", value=repr(raw))
        walk.bad("log.result", said, where)
        return None
    out: dict[str, int] = {}
    for name, value in ((name_of(k), v) for k, v in raw.items()):
        if name not in sides:
            said = sentence(
                "{name} is not a side of this match ({sides})", name=repr(name), sides=join(sides)
            )
            walk.bad("log.result", said, where, key_of(name))
        elif isinstance(value, bool) or not isinstance(value, int):
            said = sentence("expected a whole number, found {value}", value=repr(value))
            walk.bad("log.result", said, where, key_of(name))
        else:
            out[name] = value
    return out


def _result(walk: Walker, raw: Any, match: Match, sides: list[str]) -> None:
    """The stored ``[result]``: totals and winner (checked against the replay later)."""
    if raw is None:
        return
    if not isinstance(raw, dict):
        walk.bad("log.result", sentence("expected a table, found {value}", value=repr(raw)), RESULT)
        return
    walk.unknown_keys(raw, ("totals", "winner"), RESULT)
    if "totals" in raw:
        match.result_totals = _score_table(
            walk, raw["totals"], Where("result.totals", stage=2), sides
        )
    if "winner" in raw:
        winner = name_of(raw["winner"])
        if winner not in sides:
            said = sentence(
                "winner {winner} is not a side of this match ({names})",
                winner=repr(winner),
                names=join(sides),
            )
            walk.bad("log.result", said, RESULT, "winner")
        else:
            match.result_winner = winner


def new_match(
    game: str,
    players: list[str],
    variant: str | None = None,
    overrides: dict[str, Value] | None = None,
    event: str | None = None,
    date: dt.date | None = None,
) -> tuple[Match | None, list[Problem]]:
    """A new match with no deals, validated as a log would be."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "players": players,
        "rules": overrides or {},
    }
    if variant is not None:
        data["variant"] = variant
    if event:
        data["event"] = event
    if date is not None:
        data["date"] = date
    return read_match(data)


def match_to_dict(match: Match) -> dict[str, Any]:
    """The canonical mapping of a match: keys in the documented order, every parameter."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game,
        "variant": match.variant,
    }
    if match.event is not None:
        out["event"] = match.event
    if match.date is not None:
        out["date"] = match.date
    out["players"] = list(match.players)
    out["rules"] = dict(sorted(match.rules.items()))
    if match.deals:
        spec = GAMES[match.game]
        out["deals"] = [deal_to_dict(spec, d, match.players) for d in match.deals]
    result = result_to_dict(match)
    if result:
        out["result"] = result
    return out


def result_to_dict(match: Match) -> dict[str, Any]:
    """The stored ``[result]`` of a match: its totals and winner, where known."""
    result: dict[str, Any] = {}
    if match.result_totals is not None:
        result["totals"] = dict(match.result_totals)
    if match.result_winner is not None:
        result["winner"] = match.result_winner
    return result


def deal_to_dict(spec: GameSpec, deal: Deal, players: list[str]) -> dict[str, Any]:
    """One deal in canonical key order: dealer, the game's set-up, hands, plays, note,
    score (an optional set-up key only when it holds cards)."""
    out: dict[str, Any] = {"dealer": deal.dealer}
    for index, key in enumerate(spec.setup):
        if key in spec.one_card:
            out[key] = str(deal.card(key))
        elif index == 0 or deal.cards(key):
            out[key] = format_cards(deal.cards(key))
    if deal.hands is not None:
        out["hands"] = {p: format_cards(deal.hands[p]) for p in players if p in deal.hands}
    out["plays"] = [entry_to_dict(e) for e in deal.plays if e is not None]
    if deal.note is not None:
        out["note"] = deal.note
    if deal.score is not None:
        out["score"] = dict(deal.score)
    return out


def resolve_rules(
    game: str, variant: str, given: dict[str, Any], path: str = "rules"
) -> tuple[dict[str, Value], list[Problem]]:
    """The variant's values overridden by ``given``; unknown keys and bad values are problems."""
    values = variant_values(game, variant)
    problems: list[Problem] = []
    for key, value in given.items():
        param = GAMES[game].params.get(key)
        if param is None:
            problems.append(
                Problem(
                    "log.rules",
                    unknown_parameter(game, key),
                    f"{path}.{key}",
                )
            )
            continue
        why = param.check(value)
        if why is not None:
            problems.append(Problem("log.rules", why, f"{path}.{key}"))
            continue
        values[key] = value
    return values, problems
