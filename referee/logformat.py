"""The match log v1 (match-log.md) as a TOML mapping: read into the record's values with
every structural problem collected under its key path, and written back as the canonical
mapping that ``logfile`` serialises. The keys a game's deals and entries may hold come from
its registry entry."""

from __future__ import annotations

import datetime as dt
from typing import Any

from referee.cards import Card, CardError, format_cards, lookup_card, lookup_cards, parse_cards
from referee.messages import join, m
from referee.params import Value
from referee.problems import Problem, deal_path
from referee.record import Deal, Entry, FishPlay, Match, TrickEntry
from referee.registry import GAMES, GameSpec, check_game, check_variant, resolve_rules
from referee.text import name_problem, normal_name, visible

FORMAT = "referee-match"
VERSION = 1
MAX_DEALS = 2000
MAX_PLAYS = 500
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


class _Reader:
    """Reads a mapping into a Match, collecting problems instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(
        self,
        rule: str,
        message: str,
        path: str | None,
        deal: int | None = None,
        play: int | None = None,
        stage: int = 0,
    ) -> None:
        self.problems.append(Problem(rule, message, path, deal, play, stage=stage))

    def unknown_keys(
        self,
        table: dict[str, Any],
        allowed: tuple[str, ...],
        prefix: str,
        deal: int | None = None,
        play: int | None = None,
        stage: int = 0,
    ) -> None:
        for key in table:
            if key not in allowed:
                where = f"{prefix}.{key}" if prefix else key
                self.bad(
                    "log.key",
                    m(
                        "unknown key {key}; expected one of {allowed}",
                        key=repr(key),
                        allowed=join(allowed),
                    ),
                    where,
                    deal,
                    play,
                    stage,
                )

    def cards(
        self,
        value: Any,
        path: str,
        rule: str,
        deal: int | None = None,
        play: int | None = None,
        stage: int = 0,
    ) -> tuple[Card, ...] | None:
        if not isinstance(value, str):
            self.bad(
                rule,
                m(
                    'expected a card list string such as "5H 3C", found {type} {value}',
                    type=type(value).__name__,
                    value=repr(value),
                ),
                path,
                deal,
                play,
                stage,
            )
            return None
        try:
            return parse_cards(value)
        except CardError as err:
            self.bad(
                "log.card",
                m("{what}: {error}", what=repr(value), error=err.args[0]),
                path,
                deal,
                play,
                stage,
            )
            return None

    def read(self, data: dict[str, Any]) -> Match | None:
        self.unknown_keys(data, HEADER_KEYS, "")
        fmt = data.get("format")
        if "format" not in data:
            self.bad("log.key", m("missing key 'format'; expected \"referee-match\""), "format")
        elif fmt != FORMAT:
            self.bad(
                "log.format",
                m('expected "{format}", found {value}', format=FORMAT, value=repr(fmt)),
                "format",
            )
        version = data.get("version")
        if "version" not in data:
            self.bad("log.key", m("missing key 'version'; expected 1"), "version")
        elif isinstance(version, bool) or not isinstance(version, int) or version < 1:
            self.bad(
                "log.version",
                m("expected version 1, found {value}", value=repr(version)),
                "version",
            )
        elif version > VERSION:
            self.bad(
                "log.version",
                m(
                    "this log is version {version}; this referee reads version {supported} "
                    "and will not guess at a newer one",
                    version=version,
                    supported=VERSION,
                ),
                "version",
            )
            return None
        game = data.get("game")
        if "game" not in data:
            self.bad(
                "log.key",
                m("missing key 'game'; expected one of {games}", games=join(GAMES)),
                "game",
            )
            return None
        why = check_game(game)
        if why is not None:
            self.bad("log.game", why, "game")
            return None
        assert isinstance(game, str)
        spec = GAMES[game]
        variant = data.get("variant", spec.default_variant)
        why = check_variant(game, variant)
        if why is not None:
            self.bad("log.variant", why, "variant")
            variant = spec.default_variant
        event = data.get("event")
        if event is not None and not isinstance(event, str):
            self.bad(
                "log.format", m("expected a string, found {value}", value=repr(event)), "event"
            )
            event = None
        date = data.get("date")
        if date is not None and not isinstance(date, dt.date):
            self.bad(
                "log.format",
                m("expected a TOML date or date-time, found {value}", value=repr(date)),
                "date",
            )
            date = None
        players = self.players(data, spec, variant)
        rules_given = data.get("rules", {})
        if not isinstance(rules_given, dict):
            self.bad(
                "log.rules",
                m("expected a table of parameters, found {value}", value=repr(rules_given)),
                "rules",
            )
            rules_given = {}
        rules, rule_problems = resolve_rules(game, variant, rules_given)
        self.problems.extend(rule_problems)
        if players is None:
            return None
        match = Match(game, variant, players, rules, event, date)
        deals = data.get("deals", [])
        if not isinstance(deals, list):
            self.bad("log.deal", m("expected an array of tables [[deals]]"), "deals")
            deals = []
        if len(deals) > MAX_DEALS:
            self.bad(
                "log.deal",
                m(
                    "{count} deals; a match log holds at most {limit}",
                    count=len(deals),
                    limit=MAX_DEALS,
                ),
                "deals",
            )
            deals = []
        sides = match.sides
        for i, raw in enumerate(deals):
            match.deals.append(self.deal(raw, i, spec, players, sides))
        self.result(data.get("result"), match, sides)
        return match

    def players(self, data: dict[str, Any], spec: GameSpec, variant: str) -> list[str] | None:
        if "players" not in data:
            self.bad(
                "log.key",
                m("missing key 'players'; expected the players in playing order"),
                "players",
            )
            return None
        raw = data["players"]
        if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
            self.bad(
                "log.players",
                m("expected an array of player names, found {value}", value=repr(raw)),
                "players",
            )
            return None
        ok = True
        seen: set[str] = set()
        names = [normal_name(name) for name in raw]
        for i, name in enumerate(names):
            why: str | None = None
            if len(name) > 40:
                why = m(
                    "{name}…: a name has at most 40 characters, found {count}",
                    name=repr(visible(name[:40])),
                    count=len(name),
                )
            elif (why := name_problem(name)) is not None:
                pass
            elif name in seen:
                why = m("{name} is listed twice; names must be unique", name=repr(name))
            if why:
                self.bad("log.players", why, f"players[{i}]")
                ok = False
            seen.add(name)
        low, high = spec.player_range(variant)
        if not low <= len(raw) <= high:
            played = (
                m("{low} to {high} players", low=low, high=high)
                if low < high
                else m("{low} players", low=low)
            )
            what = (
                spec.name
                if spec.player_range(variant) == spec.players
                else f"{spec.name} ({variant})"
            )
            self.bad(
                "game.players",
                m(
                    "{what} is played by {played}, found {count}",
                    what=what,
                    played=played,
                    count=len(raw),
                ),
                "players",
            )
            ok = False
        return names if ok else None

    def deal(self, raw: Any, i: int, spec: GameSpec, players: list[str], sides: list[str]) -> Deal:
        number = i + 1
        path = deal_path(i)
        if not isinstance(raw, dict):
            self.bad(
                "log.deal", m("expected a table, found {value}", value=repr(raw)), path, number
            )
            return Deal("", broken=True)
        allowed = (DEAL_KEYS[0], *spec.setup, *DEAL_KEYS[1:])
        self.unknown_keys(raw, allowed, path, number)
        deal = Deal("")
        dealer = _name(raw.get("dealer"))
        if dealer is None:
            self.bad("log.key", m("missing key 'dealer'"), f"{path}.dealer", number)
            deal.broken = True
        elif not isinstance(dealer, str):  # a value of the wrong type: the deal's shape
            self.bad(
                "log.deal",
                m("expected a string, found {value}", value=repr(dealer)),
                f"{path}.dealer",
                number,
            )
            deal.broken = True
        elif dealer not in players:
            self.bad(
                "log.players",
                m(
                    "dealer {dealer} is not one of the players ({players})",
                    dealer=repr(dealer),
                    players=join(players),
                ),
                f"{path}.dealer",
                number,
            )
            deal.broken = True
        else:
            deal.dealer = dealer
        for key in ("trump", "floor"):
            if key not in spec.setup:
                continue
            if key not in raw:
                self.bad("log.key", m("missing key {key}", key=repr(key)), f"{path}.{key}", number)
                deal.broken = True
                continue
            cards = self.cards(raw[key], f"{path}.{key}", "log.deal", number)
            if cards is None:
                deal.broken = True
            elif key == "floor":
                deal.floor = cards
            elif len(cards) != 1:
                self.bad(
                    "log.deal",
                    m("expected one card, found {count}", count=len(cards)),
                    f"{path}.trump",
                    number,
                )
                deal.broken = True
            else:
                deal.trump = cards[0]
        for key in ("buried", "returned"):
            if key in raw and key in spec.setup:
                got = self.cards(raw[key], f"{path}.{key}", "log.deal", number)
                if got is None:
                    deal.broken = True
                else:
                    setattr(deal, key, got)
        if "hands" in raw:
            deal.hands = self.hands(raw["hands"], f"{path}.hands", number, players)
            if deal.hands is None:
                deal.broken = True
        note = raw.get("note")
        if note is not None and not isinstance(note, str):
            self.bad(
                "log.deal",
                m("expected a string, found {value}", value=repr(note)),
                f"{path}.note",
                number,
            )
        elif note is not None:
            deal.note = note
        if "score" in raw:
            deal.score = self.score_table(raw["score"], f"{path}.score", number, sides)
        plays = raw.get("plays")
        if "plays" not in raw:
            self.bad(
                "log.key",
                m("missing key 'plays' (write plays = [] before the first play)"),
                f"{path}.plays",
                number,
            )
            plays = []
        elif not isinstance(plays, list):
            self.bad(
                "log.deal",
                m("expected an array of plays, found {value}", value=repr(plays)),
                f"{path}.plays",
                number,
            )
            plays = []
        if len(plays) > MAX_PLAYS:
            self.bad(
                "log.deal",
                m(
                    "{count} entries; a deal holds at most {limit}",
                    count=len(plays),
                    limit=MAX_PLAYS,
                ),
                f"{path}.plays",
                number,
            )
            plays = []
            deal.broken = True
        for j, entry in enumerate(plays):
            deal.plays.append(self.entry(entry, i, j, spec, players))
        return deal

    def hands(
        self, raw: Any, path: str, number: int, players: list[str]
    ) -> dict[str, tuple[Card, ...]] | None:
        if not isinstance(raw, dict):
            self.bad(
                "log.deal",
                m('expected a table of player = "cards", found {value}', value=repr(raw)),
                path,
                number,
            )
            return None
        out: dict[str, tuple[Card, ...]] = {}
        ok = True
        for name, cards in ((_name(k), v) for k, v in raw.items()):
            if name not in players:
                self.bad(
                    "log.players",
                    m(
                        "{name} is not one of the players ({players})",
                        name=repr(name),
                        players=join(players),
                    ),
                    f"{path}.{_key(name)}",
                    number,
                )
                ok = False
                continue
            got = self.cards(cards, f"{path}.{_key(name)}", "log.deal", number)
            if got is None:
                ok = False
            else:
                out[name] = got
        return out if ok else None

    def score_table(
        self, raw: Any, path: str, number: int | None, sides: list[str]
    ) -> dict[str, int] | None:
        if not isinstance(raw, dict):
            self.bad(
                "log.result",
                m("expected a table of side = points, found {value}", value=repr(raw)),
                path,
                number,
                stage=2,
            )
            return None
        out: dict[str, int] = {}
        for name, value in ((_name(k), v) for k, v in raw.items()):
            if name not in sides:
                self.bad(
                    "log.result",
                    m(
                        "{name} is not a side of this match ({sides})",
                        name=repr(name),
                        sides=join(sides),
                    ),
                    f"{path}.{_key(name)}",
                    number,
                    stage=2,
                )
            elif isinstance(value, bool) or not isinstance(value, int):
                self.bad(
                    "log.result",
                    m("expected a whole number, found {value}", value=repr(value)),
                    f"{path}.{_key(name)}",
                    number,
                    stage=2,
                )
            else:
                out[name] = value
        return out

    def entry(self, raw: Any, i: int, j: int, spec: GameSpec, players: list[str]) -> Entry | None:
        fishing = "card" in spec.entries
        fast = _fast_fish_play(raw, players) if fishing else _fast_trick_cards(raw, players)
        if fast is not None:
            return fast
        number, play = i + 1, j + 1
        path = deal_path(i, None, j)
        if not isinstance(raw, dict):
            self.bad(
                "log.play",
                m(
                    'expected a table such as {{ by = "Ali", card = "7D" }}, found {value}',
                    value=repr(raw),
                ),
                path,
                number,
                play,
                1,
            )
            return None
        before = len(self.problems)

        def bad(rule: str, message: str, key: str | None = None) -> None:
            self.bad(rule, message, f"{path}.{key}" if key else path, number, play, 1)

        allowed = ("by", *spec.entries, "note")
        unknown = [k for k in raw if k not in allowed]
        absent = [] if fishing else [k for k in unknown if k in ("declares", "claim", "forfeit")]
        for key in absent:  # another game's entry: the wrong shape, not a typo
            bad(
                "log.play",
                m(
                    "{name} has no {key} entries (an entry holds {allowed})",
                    name=spec.name,
                    key=repr(key),
                    allowed=join(allowed),
                ),
                key,
            )
        self.unknown_keys(
            {k: v for k, v in raw.items() if k not in absent}, allowed, path, number, play, 1
        )
        by = _name(raw.get("by"))
        if by is None:
            bad("log.key", m("missing key 'by' (who played)"), "by")
        elif not isinstance(by, str):  # a value of the wrong type: the entry's shape
            bad("log.play", m("expected a string, found {value}", value=repr(by)), "by")
        elif by not in players:
            bad(
                "log.players",
                m(
                    "{name} is not one of the players ({players})",
                    name=repr(by),
                    players=join(players),
                ),
                "by",
            )
        note = raw.get("note")
        if note is not None and not isinstance(note, str):
            bad("log.play", m("expected a string, found {value}", value=repr(note)), "note")
        if not fishing:
            return self.trick_entry(raw, bad, path, number, play, before, spec)
        card: tuple[Card, ...] | None = None
        if "card" not in raw:
            bad("log.key", m("missing key 'card'"), "card")
        else:
            card = self.cards(raw["card"], f"{path}.card", "log.play", number, play, 1)
            if card is not None and len(card) != 1:
                bad(
                    "log.play",
                    m("expected exactly one card, found {count}", count=len(card)),
                    "card",
                )
        takes = self.cards(raw.get("takes", ""), f"{path}.takes", "log.play", number, play, 1)
        if len(self.problems) > before or card is None or takes is None:
            return None
        return FishPlay(by, card[0], takes, note)

    def trick_entry(
        self,
        raw: dict[str, Any],
        bad: Any,
        path: str,
        number: int,
        play: int,
        before: int,
        spec: GameSpec,
    ) -> Entry | None:
        shape = [k for k in ("declares", "claim", "forfeit") if k in raw and k in spec.entries]
        entry: dict[str, Any] = {"by": _name(raw.get("by", "")), "note": raw.get("note")}
        if len(shape) > 1:
            bad(
                "log.play",
                m(
                    "an entry is one of a play, a declaration, a claim or a forfeit; found "
                    "{value} together",
                    value=join(shape, " and "),
                ),
            )
        elif shape == ["claim"]:
            if raw["claim"] is not True:
                bad(
                    "log.play",
                    m("claim is always true, found {value}", value=repr(raw["claim"])),
                    "claim",
                )
            if "cards" in raw:
                bad("log.play", m("a claim shows no cards"), "cards")
            entry["claim"] = True
        elif shape == ["forfeit"]:
            if not isinstance(raw["forfeit"], str):
                bad(
                    "log.play",
                    m("expected the reason as a string, found {value}", value=repr(raw["forfeit"])),
                    "forfeit",
                )
            if "cards" in raw:
                bad("log.play", m("a forfeit shows no cards"), "cards")
            entry["forfeit"] = str(raw["forfeit"])
        else:
            if shape == ["declares"]:
                name = raw["declares"]
                if name not in spec.declarations:
                    bad(
                        "log.play",
                        m(
                            "expected one of {declarations}, found {value}",
                            declarations=join(spec.declarations),
                            value=repr(name),
                        ),
                        "declares",
                    )
                entry["declares"] = str(name)
            if "cards" not in raw:
                bad("log.key", m("missing key 'cards' (the cards led, followed or shown)"), "cards")
            else:
                got = self.cards(raw["cards"], f"{path}.cards", "log.play", number, play, 1)
                if got is not None:
                    if not got:
                        bad("log.play", m("expected one or more cards, found none"), "cards")
                    entry["cards"] = got
        if len(self.problems) > before:
            return None
        return TrickEntry(**entry)

    def result(self, raw: Any, match: Match, sides: list[str]) -> None:
        if raw is None:
            return
        if not isinstance(raw, dict):
            self.bad("log.result", m("expected a table, found {value}", value=repr(raw)), "result")
            return
        self.unknown_keys(raw, ("totals", "winner"), "result")
        names = sides
        if "totals" in raw:
            match.result_totals = self.score_table(raw["totals"], "result.totals", None, names)
        if "winner" in raw:
            winner = _name(raw["winner"])
            if winner not in names:
                self.bad(
                    "log.result",
                    m(
                        "winner {winner} is not a side of this match ({names})",
                        winner=repr(winner),
                        names=join(names),
                    ),
                    "result.winner",
                )
            else:
                match.result_winner = winner


_FISH_KEYS = frozenset(("by", "card", "takes", "note"))


def _fast_fish_play(raw: Any, players: list[str]) -> FishPlay | None:
    """The common case read quickly: a well-formed play of known cards. Anything unusual
    returns None and takes the full path, which reports every problem."""
    if type(raw) is not dict or not _FISH_KEYS.issuperset(raw):
        return None
    by, card, takes, note = raw.get("by"), raw.get("card"), raw.get("takes", ""), raw.get("note")
    if by not in players or type(card) is not str or type(takes) is not str:
        return None
    if note is not None and type(note) is not str:
        return None
    got = lookup_card(card)
    taken = lookup_cards(takes)
    if got is None or taken is None:
        return None
    return FishPlay(by, got, taken, note)


def _fast_trick_cards(raw: Any, players: list[str]) -> TrickEntry | None:
    """A well-formed lead or follow read quickly; anything else takes the full path."""
    if type(raw) is not dict or len(raw) != 2:
        return None
    by, cards = raw.get("by"), raw.get("cards")
    if by not in players or type(cards) is not str:
        return None
    got = lookup_cards(cards)
    if not got:
        return None
    return TrickEntry(by, got)


def _name(value: Any) -> Any:
    """A player or side name as the log spells it, in NFC (other values unchanged)."""
    return normal_name(value) if isinstance(value, str) else value


def _key(name: str) -> str:
    """A table key as it appears in a key path (quoted unless bare)."""
    bare = name.replace("_", "").replace("-", "").isalnum() and name.isascii()
    return name if bare else f'"{name}"'


def read_match(data: dict[str, Any]) -> tuple[Match | None, list[Problem]]:
    """Read a parsed log. Returns the match (None if the header is unusable) and problems."""
    reader = _Reader()
    match = reader.read(data)
    return match, reader.problems


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


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """One play or entry in canonical key order."""
    out: dict[str, Any] = {"by": entry.by}
    if isinstance(entry, FishPlay):
        out["card"] = str(entry.card)
        if entry.takes:
            out["takes"] = format_cards(entry.takes)
    else:
        if entry.declares is not None:
            out["declares"] = entry.declares
            out["cards"] = format_cards(entry.cards)
        elif entry.claim:
            out["claim"] = True
        elif entry.forfeit is not None:
            out["forfeit"] = entry.forfeit
        else:
            out["cards"] = format_cards(entry.cards)
    if entry.note is not None:
        out["note"] = entry.note
    return out


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
    result: dict[str, Any] = {}
    if match.result_totals is not None:
        result["totals"] = dict(match.result_totals)
    if match.result_winner is not None:
        result["winner"] = match.result_winner
    if result:
        out["result"] = result
    return out


def deal_to_dict(spec: GameSpec, deal: Deal, players: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": deal.dealer}
    if "trump" in spec.setup:
        out["trump"] = str(deal.trump)
    if "floor" in spec.setup:
        out["floor"] = format_cards(deal.floor)
    for key in ("buried", "returned"):
        if key in spec.setup and getattr(deal, key):
            out[key] = format_cards(getattr(deal, key))
    if deal.hands is not None:
        out["hands"] = {p: format_cards(deal.hands[p]) for p in players if p in deal.hands}
    out["plays"] = [entry_to_dict(e) for e in deal.plays if e is not None]
    if deal.note is not None:
        out["note"] = deal.note
    if deal.score is not None:
        out["score"] = dict(deal.score)
    return out
