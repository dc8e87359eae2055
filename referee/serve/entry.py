"""An entry from a table's page or a program: a table command and its options as cli.md
and the CLI name them (``{"base": 12, "command": "play", "cards": ["8S"], "takes": "5H
3C"}``), checked as the CLI checks them and recorded through the table service, the same
lock, replay and atomic write, so that the log is byte for byte the CLI's.

Each entry carries the entries of the log it was built on (``base``) and may carry its
digest; both are compared with the log as read under the writers' lock, and an entry
built on a log that has changed since is refused (``serve.stale``), never applied on top.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from referee.log.file import read_path, real_path, written
from referee.messages import Msg, join, sentence
from referee.problems import Problem, RefereeError
from referee.serve.commands import run, said_lines
from referee.serve.source import digest_of, entries_of
from referee.table.session import Table
from referee.table.usage import UsageError
from referee.text import not_utf8
from referee.words.rulings import problem_message, refusal_json

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.record import Match
    from referee.table.session import Change

T = TypeVar("T")

TEXT, LIST, FLAG, NUMBER = "text", "list", "flag", "number"
KINDS = {
    TEXT: sentence("text"),
    LIST: sentence("a list of cards (or a text of them)"),
    FLAG: sentence("true or false"),
    NUMBER: sentence("a whole number from 1"),
}
OPTIONS: dict[str, dict[str, str]] = {  # each command's options, as the CLI names them
    "deal": {
        "dealer": TEXT,
        "floor": TEXT,
        "buried": TEXT,
        "returned": TEXT,
        "trump": TEXT,
        "hand": LIST,
        "note": TEXT,
    },
    "hand": {"name": TEXT, "cards": LIST, "set": FLAG},
    "play": {"cards": LIST, "takes": TEXT, "trail": FLAG, "by": TEXT, "note": TEXT},
    "declare": {"name": TEXT, "cards": LIST, "by": TEXT, "note": TEXT},
    "claim": {"by": TEXT, "note": TEXT},
    "forfeit": {"by": TEXT, "reason": TEXT, "note": TEXT},
    "undo": {},
    "amend": {
        "cards": LIST,
        "deal": NUMBER,
        "play": NUMBER,
        "takes": TEXT,
        "trail": FLAG,
        "by": TEXT,
        "insert": FLAG,
        "delete": FLAG,
        "hand": TEXT,
        "rename": LIST,
        "event": TEXT,
        "date": TEXT,
    },
}
NEEDED = {"play": ("cards",), "declare": ("name", "cards", "by"), "forfeit": ("by",)}
NEEDED |= {"hand": ("name",)}
FILE_OPTIONS = frozenset(("file", "f", "out", "o", "output"))  # never: an entry names no file
STALE = "serve.stale"
BAD = "serve.request"


class BadRequest(Exception):
    """A body that is not a table command with its options (answered 400)."""

    def __init__(self, said: Msg) -> None:
        super().__init__(str(said))
        self.said = said


class Request(NamedTuple):
    """A table command as sent: its name, the entries and digest of the log it was built
    on, and its options by their CLI names."""

    command: str
    base: int
    digest: str | None
    options: dict[str, Any]


def _value(command: str, key: str, value: object) -> object:
    """An option's value checked against its kind (a list may come as one text)."""

    kind = OPTIONS[command][key]
    texts = value if isinstance(value, list) else [value]
    ok = {
        TEXT: isinstance(value, str),
        LIST: isinstance(value, str)
        or (isinstance(value, list) and all(isinstance(v, str) for v in value)),
        FLAG: isinstance(value, bool),
        NUMBER: type(value) is int and value >= 1,
    }[kind]
    if not ok:
        raise BadRequest(sentence("{key} must be {kind}", key=key, kind=KINDS[kind]))
    for text in texts:
        if isinstance(text, str) and (why := not_utf8(text) or _surrogate(text)) is not None:
            raise BadRequest(sentence("{key}: {error}", key=key, error=why))
    return [value] if kind == LIST and isinstance(value, str) else value


def _surrogate(text: str) -> Msg | None:
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        return sentence("a lone surrogate is not text")
    return None


def parse_request(data: object) -> Request:
    """The table command a body holds, every key and value checked (:class:`BadRequest`)."""
    if not isinstance(data, dict) or not isinstance(data.get("command"), str):
        raise BadRequest(sentence("expected a JSON object with a command and its options"))
    command = data["command"]
    if command not in OPTIONS:
        raise BadRequest(
            sentence(
                "command is one of {commands}, not {command}",
                commands=join(OPTIONS),
                command=repr(command[:40]),
            )
        )
    base = data.get("base")
    if type(base) is not int or base < 0:
        raise BadRequest(sentence("base must be the number of entries the entry was built on"))
    digest = data.get("digest")
    if digest is not None and not (
        isinstance(digest, str)
        and len(digest) == 64
        and all(c in "0123456789abcdef" for c in digest)
    ):
        raise BadRequest(sentence("digest must be the log's SHA-256, in hexadecimal"))
    options: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("command", "base", "digest"):
            continue
        if key in FILE_OPTIONS:
            raise BadRequest(
                sentence("{key} names a file: an entry goes to this table's log only", key=key)
            )
        if key not in OPTIONS[command]:
            raise BadRequest(_not_an_option(command, str(key)[:40]))
        if value is not None:
            options[key] = _value(command, key, value)
    for key in NEEDED.get(command, ()):
        if key not in options:
            raise BadRequest(sentence("{command} needs {key}", command=command, key=key))
    return Request(command, base, digest, options)


def _not_an_option(command: str, key: str) -> Msg:
    names = join(OPTIONS[command]) if OPTIONS[command] else sentence("none")
    return sentence(
        "{key} is not an option of {command} (its options: {options})",
        key=repr(key),
        command=command,
        options=names,
    )


class Guarded(Table):
    """The table service with the stale check: every change compares the log, as read
    under the writers' lock, with the entries and digest the entry was built on."""

    def __init__(self, path: Path, base: int, digest: str | None) -> None:
        super().__init__(path)
        self.base = base
        self.digest = digest

    def change(self, change: Change[T]) -> tuple[Match, Replay, T]:
        def checked(match: Match, replayed: Replay) -> tuple[Replay | None, T]:
            self.check(match)  # called with the lock held, on the match just read
            return change(match, replayed)

        return super().change(checked)

    def check(self, match: Match) -> None:
        now = entries_of(match)
        stale = now != self.base
        if not stale and self.digest is not None:
            stale = digest_of(read_path(real_path(self.path))) != self.digest
        if stale:
            said = sentence(
                "the log changed since this entry was made ({base} entries then, {count} "
                "now): here it is now",
                base=self.base,
                count=now,
            )
            raise RefereeError([Problem(STALE, said)])


class Done(NamedTuple):
    """What an entry came to, before anything is said: the status, the match after it
    (accepted), what to say (sentences, or an entry to announce), and for a refusal its
    problem (which carries its legal plays as values). Made without the reader's
    language (on any thread)."""

    status: int
    match: Match | None = None
    said: tuple[object, ...] = ()
    problem: Problem | None = None


class Outcome(NamedTuple):
    """What an entry came to, said: the HTTP status, the JSON answer, what to say on the
    page (in the reader's language) and, for a refusal, its problem."""

    status: int
    body: dict[str, object]
    said: list[str]
    problem: Problem | None = None


def record(path: Path, data: object) -> Done:
    """Check and record the entry ``data`` holds in the log at ``path`` (nothing here
    depends on the reader's language: entries to different logs are written side by
    side)."""

    try:
        request = parse_request(data)
    except BadRequest as e:
        return _bad(e.said)
    try:
        table = Guarded(path, request.base, request.digest)
        match, said = run(table, request.command, request.options)
    except BadRequest as e:
        return _bad(e.said)
    except UsageError as e:
        return _bad(e.args[0] if e.args else sentence("wrong use of the command"))
    except RefereeError as e:
        return Done(409, problem=e.problems[0])
    written.clear()  # the CLI's record of what it wrote, for Ctrl-C: a server keeps none
    return Done(200, match, tuple(said))


def answer(done: Done) -> Outcome:
    """An entry's outcome said in the language in use (English for a program's JSON)."""

    if done.status == 200:
        assert done.match is not None
        lines = said_lines(done.said)
        said = {"ok": True, "entries": entries_of(done.match), "said": "\n".join(lines)}
        return Outcome(200, said, lines)

    assert done.problem is not None
    p = done.problem
    body: dict[str, object] = {"ok": False, "rule": p.rule, "message": problem_message(p)}
    if done.status == 409:  # refused: the rule's own legal plays (none for serve.stale)
        body |= refusal_json(p)
    return Outcome(done.status, body, [], p)


def enter(path: Path, data: object) -> Outcome:
    """Check and record the entry ``data`` holds, and say what it came to."""
    return answer(record(path, data))


def _bad(said: Msg | str) -> Done:
    message = said if isinstance(said, Msg) else sentence("{error}", error=str(said))
    return Done(400, problem=Problem(BAD, message))
