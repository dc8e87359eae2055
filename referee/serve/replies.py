"""What every answer of ``referee serve`` is made of: a reply, a request that would change
something, and the seat or director a key opens (read from the files and the key file)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.serve.keys import DIRECTOR, Keys, load_keys

if TYPE_CHECKING:
    from starlette.responses import Response

    from referee.serve.source import Seat, Served

HTML = "text/html; charset=utf-8"
PRIVATE = {"cache-control": "no-store"}
FORM = "application/x-www-form-urlencoded"
JSON = "application/json"


@dataclass(frozen=True)
class Sent:
    """A request that would change something: whether it came from this server's own
    pages (or a program), its media type, and its body (at most 64 kB)."""

    same_origin: bool
    media: str
    body: bytes


@dataclass
class Reply:
    """An answer, made on the worker and sent from the event loop."""

    status: int
    body: str | bytes
    media: str = HTML
    headers: dict[str, str] = field(default_factory=dict)

    def response(self) -> Response:
        from starlette.responses import Response

        return Response(self.body, self.status, self.headers, self.media)


def json_reply(status: int, body: dict[str, object]) -> Reply:
    return Reply(status, json.dumps(body, ensure_ascii=False), "application/json", dict(PRIVATE))


def json_refusal(status: int, rule: str, message: str) -> Reply:
    return json_reply(status, {"ok": False, "rule": rule, "message": message})


def seats_and_keys(served: Served) -> tuple[list[Seat], Keys]:
    """Every seat served, and the keys (a key made for each new seat)."""
    seats = served.seats()
    return seats, load_keys(served.keys_path, [s.name for s in seats])


def find(served: Served, key: str) -> tuple[Seat, Keys] | None:
    """The seat ``key`` opens, or None (a wrong key, or the director's)."""
    seats, keys = seats_and_keys(served)
    name = keys.find(key)
    return next(((s, keys) for s in seats if s.name == name), None)


def is_director(served: Served, key: str) -> tuple[list[Seat], Keys] | None:
    seats, keys = seats_and_keys(served)
    return (seats, keys) if keys.find(key) == DIRECTOR else None
