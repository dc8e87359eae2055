"""A table page's form as the entry a program would send: the same command and options by
their CLI names (:data:`referee.serve.entry.OPTIONS`), from the fields the page's pickers
fill in (cards tapped, a capture chosen, an entry to correct)."""

from __future__ import annotations

from referee.messages import sentence
from referee.serve.entry import FLAG, LIST, NUMBER, OPTIONS, TEXT, BadRequest


def first(fields: dict[str, list[str]], key: str) -> str:
    return (fields.get(key) or [""])[0]


def form_request(fields: dict[str, list[str]]) -> dict[str, object]:
    """The entry a form's ``fields`` ask for, as :func:`referee.serve.entry.enter` takes
    it (a command with its base, the log's digest and its options)."""
    command = first(fields, "command")
    if command not in OPTIONS:
        raise BadRequest(sentence("expected a JSON object with a command and its options"))
    base = first(fields, "base")
    if not base.isdigit():
        raise BadRequest(sentence("base must be the number of entries the entry was built on"))
    data: dict[str, object] = {"command": command, "base": int(base)}
    if first(fields, "digest"):
        data["digest"] = first(fields, "digest")
    for key, kind in OPTIONS[command].items():
        values = [v for v in fields.get(key, []) if v.strip()]
        if not values:
            continue
        if kind == TEXT:
            data[key] = " ".join(values)
        elif kind == LIST:
            data[key] = values
        elif kind == FLAG:
            data[key] = True
        elif kind == NUMBER:
            data[key] = _number(key, values[0])
    if command == "play":
        _capture(fields, data)
    if command == "amend":
        _correction(fields, data)
    return data


def _number(key: str, text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise BadRequest(
            sentence("{key} must be {kind}", key=key, kind=sentence("a whole number from 1"))
        )
    return int(text)


def _capture(fields: dict[str, list[str]], data: dict[str, object]) -> None:
    """A fishing play's capture: a choice tapped (``-``: a trail), or the floor's cards
    tapped one by one."""
    choice = first(fields, "choice").strip()
    taken = [v for v in fields.get("take", []) if v.strip()]
    if choice == "-":
        data["trail"] = True
    elif choice:
        data["takes"] = choice
    elif taken:
        data["takes"] = " ".join(taken)


def _correction(fields: dict[str, list[str]], data: dict[str, object]) -> None:
    """An earlier entry named ``DEAL/ENTRY``, and what to do with it."""
    where = first(fields, "entry")
    deal, sep, play = where.partition("/")
    if sep:
        data["deal"] = _number("deal", deal)
        data["play"] = _number("play", play)
    action = first(fields, "action")
    if action == "delete":
        data["delete"] = True
        data.pop("cards", None)
        data.pop("takes", None)
        data.pop("trail", None)
    elif action == "insert":
        data["insert"] = True
