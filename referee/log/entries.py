"""The entries of a deal as the log holds them: each kind of entry declares its keys and
reads and writes itself, and a game's registry entry names the keys its entries may have,
which picks the kind (``card``/``takes``: a fishing play; ``cards``, ``declares``,
``claim``, ``forfeit``: a trick game's entry). Problems are collected by the walker under
their key paths, at the stage of an entry's own shape."""

from __future__ import annotations

from typing import Any

from referee.cards import format_cards, lookup_card, lookup_cards
from referee.log.schema import Walker, Where, name_of
from referee.messages import join, sentence
from referee.record import Entry, FishPlay, TrickEntry
from referee.registry import GameSpec


class FishKind:
    """A Basra or Pasur play: ``card`` and the floor cards it ``takes`` (none: a trail)."""

    keys = ("card", "takes")
    foreign: tuple[str, ...] = ()
    _fast_keys = frozenset(("by", "card", "takes", "note"))

    def fast(self, raw: Any, players: list[str]) -> Entry | None:
        """The common case read quickly: a well-formed play of known cards. Anything
        unusual returns None and takes the full path, which reports every problem."""
        if type(raw) is not dict or not self._fast_keys.issuperset(raw):
            return None
        by, card, takes = raw.get("by"), raw.get("card"), raw.get("takes", "")
        note = raw.get("note")
        if by not in players or type(card) is not str or type(takes) is not str:
            return None
        if note is not None and type(note) is not str:
            return None
        got = lookup_card(card)
        taken = lookup_cards(takes)
        if got is None or taken is None:
            return None
        return FishPlay(by, got, taken, note)

    def read(
        self, walk: Walker, raw: dict[str, Any], where: Where, spec: GameSpec, before: int
    ) -> Entry | None:
        card = None
        if "card" not in raw:
            walk.missing(where, "card", sentence("missing key 'card'"))
        else:
            cards = walk.cards(raw["card"], where, "card", "log.play")
            if cards is not None and len(cards) != 1:
                said = sentence("expected exactly one card, found {count}", count=len(cards))
                walk.bad("log.play", said, where, "card")
            elif cards is not None:
                card = cards[0]
        takes = walk.cards(raw.get("takes", ""), where, "takes", "log.play")
        if len(walk.problems) > before or card is None or takes is None:
            return None
        return FishPlay(name_of(raw.get("by")), card, takes, raw.get("note"))

    def write(self, entry: FishPlay, out: dict[str, Any]) -> None:
        out["card"] = str(entry.card)
        if entry.takes:
            out["takes"] = format_cards(entry.takes)


class TrickKind:
    """A Bura or Kozel entry: the ``cards`` led or followed, a declaration (``declares``
    with the cards shown), a ``claim`` or a ``forfeit`` (its reason)."""

    keys = ("cards", "declares", "claim", "forfeit")
    foreign = ("declares", "claim", "forfeit")

    def fast(self, raw: Any, players: list[str]) -> Entry | None:
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

    def read(
        self, walk: Walker, raw: dict[str, Any], where: Where, spec: GameSpec, before: int
    ) -> Entry | None:
        shape = [k for k in self.foreign if k in raw and k in spec.entries]
        entry: dict[str, Any] = {"by": name_of(raw.get("by", "")), "note": raw.get("note")}
        if len(shape) > 1:
            said = sentence(
                "an entry is one of a play, a declaration, a claim or a forfeit; found "
                "{value} together",
                value=join(shape, " and "),
            )
            walk.bad("log.play", said, where)
        elif shape == ["claim"]:
            self._claim(walk, raw, where, entry)
        elif shape == ["forfeit"]:
            self._forfeit(walk, raw, where, entry)
        else:
            if shape == ["declares"]:
                entry["declares"] = self._declares(walk, raw, where, spec)
            self._cards(walk, raw, where, entry)
        if len(walk.problems) > before:
            return None
        return TrickEntry(**entry)

    @staticmethod
    def _claim(walk: Walker, raw: dict[str, Any], where: Where, entry: dict[str, Any]) -> None:
        if raw["claim"] is not True:
            said = sentence("claim is always true, found {value}", value=repr(raw["claim"]))
            walk.bad("log.play", said, where, "claim")
        if "cards" in raw:
            walk.bad("log.play", sentence("a claim shows no cards"), where, "cards")
        entry["claim"] = True

    @staticmethod
    def _forfeit(walk: Walker, raw: dict[str, Any], where: Where, entry: dict[str, Any]) -> None:
        if not isinstance(raw["forfeit"], str):
            said = sentence(
                "expected the reason as a string, found {value}", value=repr(raw["forfeit"])
            )
            walk.bad("log.play", said, where, "forfeit")
        if "cards" in raw:
            walk.bad("log.play", sentence("a forfeit shows no cards"), where, "cards")
        entry["forfeit"] = str(raw["forfeit"])

    @staticmethod
    def _declares(walk: Walker, raw: dict[str, Any], where: Where, spec: GameSpec) -> str:
        name = raw["declares"]
        if name not in spec.declarations:
            said = sentence(
                "expected one of {declarations}, found {value}",
                declarations=join(spec.declarations),
                value=repr(name),
            )
            walk.bad("log.play", said, where, "declares")
        return str(name)

    @staticmethod
    def _cards(walk: Walker, raw: dict[str, Any], where: Where, entry: dict[str, Any]) -> None:
        if "cards" not in raw:
            said = sentence("missing key 'cards' (the cards led, followed or shown)")
            walk.missing(where, "cards", said)
            return
        got = walk.cards(raw["cards"], where, "cards", "log.play")
        if got is not None:
            if not got:
                walk.bad(
                    "log.play", sentence("expected one or more cards, found none"), where, "cards"
                )
            entry["cards"] = got

    def write(self, entry: TrickEntry, out: dict[str, Any]) -> None:
        if entry.declares is not None:
            out["declares"] = entry.declares
            out["cards"] = format_cards(entry.cards)
        elif entry.claim:
            out["claim"] = True
        elif entry.forfeit is not None:
            out["forfeit"] = entry.forfeit
        else:
            out["cards"] = format_cards(entry.cards)


EntryKind = FishKind | TrickKind
KINDS: tuple[EntryKind, ...] = (FishKind(), TrickKind())
_BY_TYPE: dict[type, EntryKind] = {FishPlay: KINDS[0], TrickEntry: KINDS[1]}


def kind_for(spec: GameSpec) -> EntryKind:
    """The kind of entry whose keys are those the game's entries may hold."""
    return next(k for k in KINDS if set(spec.entries) <= set(k.keys))


def read_entry(
    walk: Walker, raw: Any, where: Where, spec: GameSpec, players: list[str]
) -> Entry | None:
    """One entry of a deal, or None (its problems collected) when it cannot be read."""
    kind = kind_for(spec)
    fast = kind.fast(raw, players)
    if fast is not None:
        return fast
    if not isinstance(raw, dict):
        said = sentence(
            'expected a table such as {{ by = "Ali", card = "7D" }}, found {value}',
            value=repr(raw),
        )
        walk.bad("log.play", said, where)
        return None
    before = len(walk.problems)
    allowed = ("by", *spec.entries, "note")
    absent = [k for k in raw if k not in allowed and k in kind.foreign]
    for key in absent:  # another game's entry: the wrong shape, not a typo
        said = sentence(
            "{name} has no {key} entries (an entry holds {allowed})",
            name=spec.name,
            key=repr(key),
            allowed=join(allowed),
        )
        walk.bad("log.play", said, where, key)
    walk.unknown_keys({k: v for k, v in raw.items() if k not in absent}, allowed, where)
    _by_and_note(walk, raw, where, players)
    return kind.read(walk, raw, where, spec, before)


def _by_and_note(walk: Walker, raw: dict[str, Any], where: Where, players: list[str]) -> None:
    """The keys every entry has: who made it, and an optional note."""
    walk.player(
        raw.get("by"),
        where,
        "by",
        "log.play",
        players,
        sentence("missing key 'by' (who played)"),
        lambda name: sentence(
            "{name} is not one of the players ({players})", name=name, players=join(players)
        ),
    )
    note = raw.get("note")
    if note is not None:
        walk.text(note, where, "note", "log.play")


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """One entry in canonical key order: by, its kind's keys, note."""
    out: dict[str, Any] = {"by": entry.by}
    _BY_TYPE[type(entry)].write(entry, out)  # type: ignore[arg-type]  # its own kind
    if entry.note is not None:
        out["note"] = entry.note
    return out
