"""Amending any entry of a match, not only the last: replace a play, insert one before it,
delete it, correct a deal's recorded hand, or the header (a misspelt name, the wrong date
or event). Everything after the change is checked again by a full replay; when the change
makes a later entry illegal, nothing is written and the answer names the first such entry
and its rule. Each amendment says the command that takes it back."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any, NamedTuple

from referee.cards import Card, format_cards
from referee.games.base import Illegal
from referee.log.format import match_to_dict, read_match
from referee.match import Replay, clear_derived, replay
from referee.messages import plural_sentence, sentence
from referee.problems import Problem, RefereeError, deal_path
from referee.record import Deal, Entry, FishPlay, Match, describe_entry
from referee.table.dealwalk import CannotFollow, Moved, follow_turns, steps
from referee.table.session import Said, Table
from referee.table.typed import player_named
from referee.words.events import sweep_said
from referee.words.rulings import problem_message, with_legal


class Play(NamedTuple):
    """A play as typed at the table: its cards, what it takes (or a trail), and who."""

    cards: tuple[Card, ...]
    takes: tuple[Card, ...] | None = None
    trail: bool = False
    by: str | None = None


def _deal_of(match: Match, number: int) -> Deal:
    if not 1 <= number <= len(match.deals):
        said = sentence(
            "the log has {count} deals; there is no deal {deal}",
            count=len(match.deals),
            deal=number,
        )
        raise RefereeError([Problem("log.deal", said)])
    return match.deals[number - 1]


def _check_entry_number(deal: Deal, deal_number: int, play: int, extra: int = 0) -> None:
    """``play`` must name an entry of the deal (``extra`` 1: or the place after the last)."""
    if not 1 <= play <= len(deal.plays) + extra:
        said = sentence(
            "deal {deal} has {count} entries; there is no entry {play}",
            deal=deal_number,
            count=len(deal.plays),
            play=play,
        )
        raise RefereeError([Problem("log.play", said, deal_path(deal_number - 1, None, play - 1))])


def _entry_at(match: Match, deal: int, play: int, typed: Play, default_by: str | None) -> Entry:
    """The entry ``typed`` means at entry ``play`` (from 1) of deal ``deal``, judged in the
    state just before it (its capture filled in when there is one legal way)."""
    before = replay(match.prefix(deal - 1, play - 1))
    state = before.state
    if state is None or before.problems:
        raise RefereeError(
            before.problems or [Problem("log.deal", sentence("deal {deal}", deal=deal))]
        )
    by = player_named(match, typed.by, "by") if typed.by else default_by
    try:
        return state.table_entry(by, typed.cards, typed.takes, typed.trail)
    except Illegal as err:
        where = deal_path(deal - 1, None, play - 1)
        refused = Problem(err.rule, err.message, where, deal, play, legal=err.legal, more=err.more)
        raise RefereeError([refused]) from None


def _checked(match: Match, what: str) -> Replay:
    """The match replayed after a change; any problem refuses the change, the first one
    named as what the change made illegal."""
    clear_derived(match)
    replayed = replay(match)
    if replayed.problems:
        first = replayed.problems[0]
        said = sentence(
            "{change} would make this illegal: {why}", change=what, why=problem_message(first)
        )
        again = Problem(
            first.rule, said, first.path, first.deal, first.play, legal=first.legal, more=first.more
        )
        raise RefereeError([again])
    return replayed


def undo_line(deal: int, play: int, entry: Entry | None, now: str) -> str:
    """The command that takes an entry's amendment back."""
    at = f"referee amend --deal {deal} --play {play}"
    if now == "inserted":
        return f"{at} --delete"
    if entry is None:
        return ""
    if isinstance(entry, FishPlay):
        how = f"--takes '{format_cards(entry.takes)}'" if entry.takes else "--trail"
        return f"{at}{' --insert' if now == 'deleted' else ''} {entry.card} {how} --by {entry.by}"
    if entry.kind != "cards":
        return ""
    insert = " --insert" if now == "deleted" else ""
    return f"{at}{insert} {format_cards(entry.cards)} --by {entry.by}"


def _said(what: str, deal: int, play: int, entry: Entry | None) -> str:
    """An insertion or deletion in words."""
    shown = describe_entry(entry) if entry is not None else sentence("an unreadable entry")
    if what == "Deleted":
        return sentence(
            "Deleted deal {deal}, entry {play}: {entry}.", deal=deal, play=play, entry=shown
        )
    return sentence(
        "Inserted at deal {deal}, entry {play}: {entry}.", deal=deal, play=play, entry=shown
    )


class Amendment(NamedTuple):
    """What ``amend`` did: the match and replay after it, in words, the command that takes
    it back ("" when there is none to type), the later plays given to another player (the
    turn moved), and what else changed in words (those plays, a later capture that became
    a sweep or stopped being one). ``changed`` is False when the entry already said this
    (nothing was written)."""

    match: Match
    replayed: Replay
    said: str
    back: str
    moved: tuple[Moved, ...] = ()
    notes: tuple[str, ...] = ()
    changed: bool = True


class _Unchanged(Exception):
    """The amendment would record what the entry already records."""


MOVED_SHOWN = 12  # later plays listed one by one when an amendment moves them; the rest counted


class Edit(NamedTuple):
    """An amendment made: in words, its kind, the first later entry, the entry it replaced."""

    said: str
    done: str
    start: int
    old: Entry | None


def _edit(edited: Match, deal: int, play: int, typed: Play | None, mode: str) -> Edit:
    """Make the amendment in ``edited``: what it did in words, its kind ("deleted",
    "inserted", "replaced"), the first later entry (from 0) and the entry it replaced or
    deleted (None for an insertion)."""
    target = _deal_of(edited, deal)
    _check_entry_number(target, deal, play, 1 if mode == "insert" else 0)
    old = target.plays[play - 1] if mode != "insert" else None
    if typed is None:
        del target.plays[play - 1]
        return Edit(_said("Deleted", deal, play, old), "deleted", play - 1, old)
    if mode == "insert":
        new = _entry_at(edited, deal, play, typed, None)
        target.plays.insert(play - 1, new)
        return Edit(_said("Inserted", deal, play, new), "inserted", play, None)
    new = _entry_at(edited, deal, play, typed, old.by if old is not None else None)
    if old is not None and old.note and not new.note:
        new = new._replace(note=old.note)  # a corrected play keeps its note
    if new == old:
        raise _Unchanged(describe_entry(new))
    target.plays[play - 1] = new
    said = sentence(
        "Amended deal {deal}, entry {play}: {old} → {new}.",
        deal=deal,
        play=play,
        old=describe_entry(old) if old is not None else sentence("an unreadable entry"),
        new=describe_entry(new),
    )
    return Edit(said, "replaced", play, old)


def amend_entry(
    table: Table, deal: int, play: int, typed: Play | None, mode: str = "replace"
) -> Amendment:
    """Replace entry ``play`` of deal ``deal`` with ``typed``, insert ``typed`` before it
    (``mode`` "insert"), or delete it (``typed`` None); the later plays of the deal go to
    the player whose turn it then is, and the whole match is checked by a full replay."""

    def change(match: Match, replayed: Replay) -> tuple[Replay | None, Amendment]:
        edited = copy.deepcopy(match)
        said, done, start, old = _edit(edited, deal, play, typed, mode)
        what = {
            "deleted": sentence("deleting deal {deal}, entry {play}", deal=deal, play=play),
            "inserted": sentence(
                "inserting before deal {deal}, entry {play}", deal=deal, play=play
            ),
            "replaced": sentence("amending deal {deal}, entry {play}", deal=deal, play=play),
        }[done]
        try:
            moved = follow_turns(edited, deal - 1, start)
        except CannotFollow as err:
            raise RefereeError([cannot_follow(err, match, what, deal, play, done)]) from None
        replayed = _checked(edited, what)
        notes = (*moved_said(moved), *sweeps_said(match, edited, deal, play, done))
        match.deals[:] = edited.deals
        back = undo_line(deal, play, old, done)  # the turn moves back with it
        return replayed, Amendment(match, replayed, said, back, tuple(moved), notes)

    try:
        _, _, amended = table.change(change)
    except _Unchanged as same:
        match, replayed = table.open()
        said = sentence(
            "Nothing changed: deal {deal}, entry {play} already records {entry}; nothing "
            "was written.",
            deal=deal,
            play=play,
            entry=same.args[0],
        )
        return Amendment(match, replayed, said, "", changed=False)
    return amended


def moved_said(moved: list[Moved]) -> list[str]:
    """The later plays an amendment gave to another player, before → after (the first
    :data:`MOVED_SHOWN`, the rest counted)."""
    if not moved:
        return []
    out: list[str] = [
        plural_sentence(
            "{n} later play now goes to the player whose turn it is:",
            "{n} later plays now go to the player whose turn it is:",
            len(moved),
        )
    ]
    for m in moved[:MOVED_SHOWN]:
        out.append(
            sentence(
                "  entry {play}: {before} → {after}",
                play=m.number,
                before=describe_entry(m.before),
                after=describe_entry(m.after),
            )
        )
    if len(moved) > MOVED_SHOWN:
        out.append(sentence("  … and {count} more", count=len(moved) - MOVED_SHOWN))
    return out


def _old_number(index: int, done: str) -> int:
    """The number (from 1) in the log as it stands of the entry at ``index`` (from 0) of
    the amended deal, an entry after the amended one."""
    return index + {"inserted": 0, "deleted": 2}.get(done, 1)


def cannot_follow(
    err: CannotFollow, match: Match, what: str, deal: int, play: int, done: str
) -> Problem:
    """Why an amendment is refused: the later entry that cannot follow it (named as the log
    numbers it now), what it would break, and what to do."""
    number = _old_number(err.index, done)
    recorded = match.deals[deal - 1].plays[number - 1]
    entry = describe_entry(recorded) if recorded is not None else sentence("an unreadable entry")
    why = with_legal(err.problem)  # what it breaks, and what would be legal there
    if err.was is not None:
        said = sentence(
            "{change} gives entry {play} ({entry}) to {player}, whose turn it then is, and "
            "it cannot follow: {why}",
            change=what,
            play=number,
            entry=entry,
            player=err.entry.by,
            why=why,
        )
    else:
        said = sentence(
            "{change} would make entry {play} ({entry}) illegal: {why}",
            change=what,
            play=number,
            entry=entry,
            why=why,
        )
    if err.problem.rule == "hand.not-held":
        todo = sentence(
            "correct {player}'s recorded hand first (referee amend --deal {deal} --hand "
            '{player}="…"), or amend entry {play}',
            player=err.entry.by,
            deal=deal,
            play=number,
        )
    else:
        todo = sentence(
            "amend or delete entry {play} first (referee amend --deal {deal} --play {play} …), "
            "then try again",
            deal=deal,
            play=number,
        )
    message = sentence("{said}; nothing was written: {todo}", said=said, todo=todo)
    return Problem(err.problem.rule, message, deal_path(deal - 1, None, number - 1), deal, number)


def sweeps_said(match: Match, edited: Match, deal: int, play: int, done: str) -> list[str]:
    """The later captures of the deal that an amendment turned into a sweep, or that are
    no longer one."""
    before = steps(match, deal - 1)
    after = steps(edited, deal - 1)
    shift = {"inserted": 1, "deleted": -1}.get(done, 0)
    first = play if done == "inserted" else play + 1  # the first later entry, as numbered now
    out: list[str] = []
    for old in before[first - 1 :]:
        k = old.number + shift
        if k > len(after):
            break
        new = after[k - 1]
        if new.entry is None or bool(old.sweep) == bool(new.sweep):
            continue
        swept = new.sweep or old.sweep
        assert swept is not None
        out.append(
            sentence(
                "Entry {play} ({entry}) is now a {sweep}."
                if new.sweep
                else "Entry {play} ({entry}) is no longer a {sweep}.",
                play=k,
                entry=describe_entry(new.entry),
                sweep=sweep_said(swept.word, 1),
            )
        )
    return out


def amend_hand(table: Table, deal: int, player: str, cards: tuple[Card, ...]) -> Said:
    """Put ``cards`` in place of ``player``'s recorded hand in deal ``deal`` (none: forget
    it); every entry of that deal and after is checked again."""

    def change(match: Match, replayed: Replay) -> tuple[Replay | None, str]:
        edited = copy.deepcopy(match)
        target = _deal_of(edited, deal)
        name = player_named(match, player, "--hand")
        hands = dict(target.hands or {})
        if cards:
            hands[name] = cards
        else:
            hands.pop(name, None)
        target.hands = {p: hands[p] for p in edited.players if p in hands} or None
        said = sentence(
            "{player}'s hand in deal {deal}: {cards}",
            player=name,
            deal=deal,
            cards=cards or sentence("not recorded"),
        )
        what = sentence("correcting {player}'s hand in deal {deal}", player=name, deal=deal)
        replayed = _checked(edited, what)
        match.deals[:] = edited.deals
        return replayed, said

    return Said(*table.change(change))


def amend_header(
    table: Table,
    renames: dict[str, str],
    event: str | None = None,
    date: dt.date | None = None,
) -> Said:
    """Correct the header: rename players (everywhere in the log), set the event or date."""

    def change(match: Match, replayed: Replay) -> tuple[Replay | None, str]:
        data = match_to_dict(match)
        named = {player_named(match, old, "--rename"): new for old, new in renames.items()}
        data = _renamed(data, named, match.sides)
        if event is not None:
            data["event"] = event
        if date is not None:
            data["date"] = date
        edited, problems = read_match(data)
        if edited is None or problems:
            raise RefereeError(problems)
        said = sentence("Corrected the header of {file}.", file=str(table.label))
        replayed = _checked(edited, sentence("correcting the header"))
        for key in Match.__slots__:
            setattr(match, key, getattr(edited, key))
        return replayed, said

    return Said(*table.change(change))


def _renamed(data: dict[str, Any], names: dict[str, str], sides: list[str]) -> dict[str, Any]:
    """The log mapping with players renamed wherever a name stands: the players, each
    deal's dealer, hands, entries' ``by`` and stored score, and the result (a partnership's
    side name is its players' names joined by " & ")."""
    every = {s: " & ".join(names.get(p, p) for p in s.split(" & ")) for s in sides}
    every.update(names)

    def keys(table: dict[str, Any]) -> dict[str, Any]:
        return {every.get(k, k): v for k, v in table.items()}

    data["players"] = [every.get(p, p) for p in data["players"]]
    for deal in data.get("deals", []):
        deal["dealer"] = every.get(deal["dealer"], deal["dealer"])
        for key in ("hands", "score"):
            if key in deal:
                deal[key] = keys(deal[key])
        for entry in deal["plays"]:
            entry["by"] = every.get(entry["by"], entry["by"])
    result = data.get("result", {})
    if "totals" in result:
        result["totals"] = keys(result["totals"])
    if "winner" in result:
        result["winner"] = every.get(result["winner"], result["winner"])
    return data
