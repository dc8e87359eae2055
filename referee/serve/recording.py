"""An entry checked and recorded (the log written and fsynced), before anything is said of
it (:mod:`referee.serve.handlers` says it in the reader's language), and the answers that
say nothing in words (the live tags, the JSON state). Entries to different logs are
written side by side, each on a worker thread of its own."""

from __future__ import annotations

import hmac
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from referee.problems import Problem, RefereeError, internal_error
from referee.render.tables import state_json
from referee.serve.entry import BAD, BadRequest, Done, record
from referee.serve.forms import form_request
from referee.serve.replies import (
    FORM,
    JSON,
    PRIVATE,
    Reply,
    Sent,
    find,
    is_director,
    json_refusal,
    json_reply,
)
from referee.words.rulings import problem_json, problem_message

if TYPE_CHECKING:
    from referee.serve.source import Seat, Served


@dataclass
class Pending:
    """An entry as recorded (or refused) on a writer thread, to be answered: ``status``
    when it was refused before it was looked at (404, 403, 415, 400), the seat and its
    form's token, the entry sent, what it came to, a JSON answer already made, or the
    failure to report."""

    status: int = 0
    seat: Seat | None = None
    token: str = ""
    data: dict[str, object] | None = None
    done: Done | None = None
    reply: Reply | None = None
    failed: Exception | None = None


def caught(fn: Callable[..., Pending], *args: Any) -> Pending:
    """``fn(*args)``, any failure kept to be said on the page thread."""
    try:
        return fn(*args)
    except Exception as e:
        return Pending(failed=e)


def form_entry(served: Served, key: str, sent: Sent) -> Pending:
    """An entry from a table's form: the key must open a table of the current round and
    the form come from this server's page with the token it put there."""

    found = find(served, key)
    if found is None or not found[0].open:
        return Pending(404)
    seat, keys = found
    if not sent.same_origin:
        return Pending(403)
    if sent.media != FORM:
        return Pending(415)
    try:
        fields = parse_qs(sent.body.decode("utf-8"), keep_blank_values=True, max_num_fields=400)
    except (UnicodeDecodeError, ValueError):
        return Pending(400)
    token = keys.token(key)
    given = (fields.get("token") or [""])[0]
    if not hmac.compare_digest(given.encode("utf-8", "replace"), token.encode()):
        return Pending(403)
    try:
        data = form_request(fields)
    except BadRequest as e:
        return Pending(0, seat, token, None, Done(400, problem=Problem(BAD, e.said)))
    return Pending(0, seat, token, data, record(seat.path, data))


def json_entry(served: Served, key: str, sent: Sent) -> Pending:
    """An entry from a program (``POST /t/KEY/entry``): ``application/json`` only."""
    found = find(served, key)
    if found is None or not found[0].open:
        refused = json_refusal(404, "serve.key", "this key opens no table taking entries now")
        return Pending(reply=refused)
    if not sent.same_origin:
        return Pending(
            reply=json_refusal(403, "serve.origin", "requests from another site are refused")
        )
    if sent.media != JSON:
        return Pending(reply=json_refusal(415, BAD, "send Content-Type: application/json"))
    try:
        data = json.loads(sent.body)
    except (UnicodeDecodeError, ValueError):
        return Pending(reply=json_refusal(400, BAD, "the body is not JSON"))
    return Pending(seat=found[0], done=record(found[0].path, data))


def wordless(fn: Callable[..., Reply], *args: Any) -> Reply:
    """An answer without words (a tag, the JSON state): a problem of the files served is
    a 409, a bug one line on standard error and a 500, never a traceback."""
    try:
        return fn(*args)
    except RefereeError as e:
        return json_refusal(409, e.problems[0].rule, problem_message(e.problems[0]))
    except Exception as e:
        print(internal_error(e), file=sys.stderr, flush=True)
        return Reply(500, "", "text/plain", dict(PRIVATE))


def table_tag(served: Served, key: str) -> Reply:
    found = find(served, key)
    if found is None:
        return Reply(404, "", "text/plain", dict(PRIVATE))
    return Reply(200, served.tag([found[0]]), "text/plain", dict(PRIVATE))


def board_tag(served: Served) -> Reply:
    return Reply(200, served.tag(served.seats()), "text/plain", dict(PRIVATE))


def director_tag(served: Served, key: str) -> Reply:

    found = is_director(served, key)
    if found is None:
        return Reply(404, "", "text/plain", dict(PRIVATE))
    return Reply(200, served.tag(found[0]), "text/plain", dict(PRIVATE))


def state(served: Served, key: str) -> Reply:
    """``GET /t/KEY/state``: ``show --json``'s object, its digest and its entries."""

    found = find(served, key)
    if found is None:
        return json_refusal(404, "serve.key", "this key opens no table")
    log = served.read(found[0])
    if not log.usable or log.match is None or log.replayed is None:
        assert log.problem is not None
        body = {
            "ok": False,
            **problem_json(log.problem),
            "digest": log.digest,
            "entries": log.entries,
        }
        return json_reply(409, body)
    out = state_json(log.match, log.replayed) | {"digest": log.digest, "entries": log.entries}
    return json_reply(200, out)
