"""The table commands a page or a program sends, run on the table service exactly as the
CLI runs them (the same checks, the same sentences), each answering the match after it and
what it said: the lines the CLI prints before the state."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.messages import localized, sentence
from referee.record import FORFEIT_REASON, TrickEntry, describe_entry
from referee.render.announce import announce, claim_verdict
from referee.render.tables import Style
from referee.table.amend import Play, amend_entry, amend_hand, amend_header
from referee.table.typed import parse_card_list, typed_play
from referee.table.usage import UsageError

if TYPE_CHECKING:
    from referee.record import Match
    from referee.table.session import Recorded, Table


class Announce(NamedTuple):
    """An accepted entry to say back as the table announces it (``confirm``: a
    declaration's or claim's own verdict in place of its first line)."""

    done: Recorded
    confirm: str = ""


Said = list[object]  # sentences, and entries to announce: said once the language is chosen


def said_lines(said: tuple[object, ...] | list[object]) -> list[str]:
    """What an entry said, in the language in use, cards with their suits."""

    out: list[str] = []
    for item in said:
        if isinstance(item, Announce):
            out.extend(announce(item.done, Style(), item.confirm))
        else:
            out.append(localized(item))
    return [line.replace("\u200f", "") for line in out]


def run(table: Table, command: str, body: dict[str, Any]) -> tuple[Match, Said]:
    """Run ``command`` with its options ``o`` (checked by :func:`parse_request`)."""
    if command == "undo":
        done = table.undo()
        return done.match, [sentence("Removed {what}.", what=done.said)]
    if command == "hand":
        said = table.hand(body["name"], " ".join(body.get("cards", [])), body.get("set", False))
        return said.match, [sentence("Recorded {what}.", what=said.said)]
    if command == "deal":
        return _deal(table, body)
    if command == "amend":
        return _amend(table, body)
    return _entry(table, command, body)


def _deal(table: Table, body: dict[str, Any]) -> tuple[Match, Said]:
    hands: dict[str, str] = {}
    for text in body.get("hand", []):
        if "=" not in text:
            raise UsageError(sentence('--hand takes NAME="CARDS", found {value}', value=repr(text)))
        name, cards = text.split("=", 1)
        hands[name.strip()] = cards
    keys = ("floor", "buried", "returned", "trump")
    setup = {key: body[key] for key in keys if body.get(key) is not None}
    match, _ = table.deal(body.get("dealer"), setup, hands, body.get("note"))
    said = sentence(
        "Recorded deal {deal}, dealt by {dealer}.",
        deal=len(match.deals),
        dealer=match.deals[-1].dealer,
    )
    return match, [said]


def _entry(table: Table, command: str, body: dict[str, Any]) -> tuple[Match, Said]:
    """A play, a declaration, a claim or a forfeit, said back as the CLI says it."""

    note = body.get("note")
    confirm: str = ""
    done: Recorded
    if command == "play":
        parsed, taken = typed_play(body["cards"], body.get("takes"), body.get("trail", False))
        done = table.play(parsed, taken, body.get("trail", False), body.get("by"), note)
    elif command == "declare":
        cards = parse_card_list(" ".join(body["cards"]), "CARDS")
        done = table.announce(TrickEntry(body["by"], cards, declares=body["name"]), note)
        confirm = sentence("Recorded: {entry}.", entry=describe_entry(done.entry))
    elif command == "claim":
        done = table.announce(TrickEntry(body.get("by") or "", claim=True), note)
        confirm = claim_verdict(done) or ""
    else:
        reason = body.get("reason") or FORFEIT_REASON
        done = table.announce(TrickEntry(body["by"], forfeit=reason), note)
        confirm = sentence(
            "Recorded: {entry}; {player} loses the deal.",
            entry=describe_entry(done.entry),
            player=done.entry.by,
        )
    return done.match, [Announce(done, confirm)]


def _amend(table: Table, body: dict[str, Any]) -> tuple[Match, Said]:
    """``amend``: the header, a deal's recorded hand, or an entry replaced, inserted
    before or deleted, as ``referee amend`` takes them."""

    if body.get("rename") or "event" in body or "date" in body:
        return _header(table, body)
    deal = body.get("deal")
    if deal is None:
        raise UsageError(sentence("name the deal: --deal N"))
    if "hand" in body:
        return _hand(table, deal, body["hand"])
    play = body.get("play")
    if play is None:
        raise UsageError(sentence("name the entry: --play M"))
    delete, insert, cards = body.get("delete", False), body.get("insert", False), body.get("cards")
    if delete and (cards or insert):
        raise UsageError(sentence("--delete takes no cards"))
    if not delete and not cards:
        raise UsageError(sentence("name the play that belongs there, or --delete"))
    typed = None
    if not delete:
        parsed, taken = typed_play(cards or [], body.get("takes"), body.get("trail", False))
        typed = Play(parsed, taken, body.get("trail", False), body.get("by"))
    done = amend_entry(table, deal, play, typed, "insert" if insert else "replace")
    said: Said = [done.said]
    if done.back:
        said.append(sentence("To take it back: {command}", command=done.back))
    return done.match, said


def _hand(table: Table, deal: int, hand: str) -> tuple[Match, Said]:
    name, sep, text = hand.partition("=")
    if not sep:
        raise UsageError(sentence('--hand takes NAME="CARDS", found {value}', value=repr(hand)))
    done = amend_hand(table, deal, name.strip(), parse_card_list(text, "--hand"))
    return done.match, [sentence("Recorded {what}.", what=done.said)]


def _header(table: Table, body: dict[str, Any]) -> tuple[Match, Said]:
    renames = {}
    for text in body.get("rename", []):
        old, sep, new = text.partition("=")
        if not sep or not old.strip() or not new.strip():
            raise UsageError(sentence("--rename takes OLD=NEW, found {value}", value=repr(text)))
        renames[old.strip()] = new.strip()
    when = None
    if body.get("date") is not None:
        try:
            when = dt.date.fromisoformat(body["date"])
        except ValueError:
            found = sentence("expected YYYY-MM-DD, found {value}", value=repr(body["date"]))
            raise UsageError(sentence("{what}: {error}", what="--date", error=found)) from None
    done = amend_header(table, renames, body.get("event"), when)
    return done.match, [done.said]
