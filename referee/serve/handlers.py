"""What each route of ``referee serve`` answers, run on the worker thread in the reader's
language: the seat a key opens, its page, its entries (forms and JSON), the boards, the
live tags, the fixed files, and a page for every request refused."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from referee.messages import sentence
from referee.problems import RefereeError, internal_error
from referee.serve.boards import director_board, public_board, slips_page
from referee.serve.corrections import correction_page
from referee.serve.entry import BAD as BAD
from referee.serve.entry import answer
from referee.serve.pages import Page, choices_fragment, table_page
from referee.serve.recording import caught, form_entry, json_entry
from referee.serve.replies import PRIVATE, Reply, Sent, find, is_director, json_reply
from referee.serve.views import frame, render, said, static_file
from referee.words import lang
from referee.words.lang import current
from referee.words.rulings import problem_said

if TYPE_CHECKING:
    from collections.abc import Callable

    from starlette.responses import Response

    from referee.serve.recording import Pending
    from referee.serve.source import Served

REFUSED = {
    400: sentence("This request is not one referee serve takes."),
    403: sentence("Refused: this form is not from this server's own page. Reload it, try again."),
    404: sentence("Nothing here: this address opens no page (a wrong or old key?)."),
    405: sentence(
        "Only an entry sent from a table's page (or a program's JSON) changes anything here."
    ),
    409: sentence("The files served have a problem."),
    413: sentence("Refused: a request is at most 64 kB."),
    415: sentence("Refused: an entry is a form of a table's page, or JSON (application/json)."),
    500: sentence(
        "Something went wrong inside referee serve; every log is whole. Please report it."
    ),
}
DID = {"undo": "undo", "amend": "amend", "hand": "hand"}


def speaking(code: str, director: str, fn: Callable[..., Reply], *args: Any) -> Reply:
    """``fn(*args)`` in the language ``code``; a problem of the files served is a page
    that says it, and a bug is one line for the director (in the server's language,
    ``director``) and a plain page, never a traceback."""

    lang.use(code, here=True)
    try:
        return fn(*args)
    except RefereeError as e:
        return error_page(409, said(problem_said(e.problems[0])))
    except Exception as e:
        lang.use(director, here=True)
        print(internal_error(e), file=sys.stderr, flush=True)
        lang.use(code, here=True)
        return error_page(500)


def error_page(status: int, detail: str = "") -> Reply:
    """A refused request's page, in the reader's language."""

    message = detail or said(REFUSED.get(status, REFUSED[400]))
    board = f"/?lang={current()}"  # the way back, in the language the reader was answered in
    ctx = frame(message, None, "") | {"status": status, "message": message, "board": board}
    return Reply(status, render("error.html", ctx), headers=dict(PRIVATE))


def table(served: Served, key: str, query: dict[str, str]) -> Reply:

    found = find(served, key)
    if found is None:
        return error_page(404)
    seat, keys = found
    page = Page(seat, served.read(seat), key, keys.token(key), query, tag=served.tag([seat]))
    return Reply(200, table_page(page), headers=dict(PRIVATE))


def choices(served: Served, key: str, query: dict[str, str]) -> Reply:

    found = find(served, key)
    if found is None:
        return error_page(404)
    seat, keys = found
    page = Page(seat, served.read(seat), key, keys.token(key), query)
    return Reply(200, choices_fragment(page), headers=dict(PRIVATE))


def correction(served: Served, key: str, query: dict[str, str], which: str) -> Reply:

    found = find(served, key)
    if found is None or not found[0].open:
        return error_page(404)
    seat, keys = found
    page = Page(seat, served.read(seat), key, keys.token(key), query, tag=served.tag([seat]))
    return Reply(200, correction_page(page, which), headers=dict(PRIVATE))


def form_answer(served: Served, key: str, pending: Pending, query: dict[str, str]) -> Reply:
    """A form's entry answered: to the table's page when it was recorded, else the page
    with what refused it (the card refused chosen again, its legal captures offered)."""

    if pending.failed is not None:
        raise pending.failed
    if pending.status:
        return error_page(pending.status)
    done, data, seat = pending.done, pending.data or {}, pending.seat
    assert done is not None and seat is not None
    if done.status == 200:
        return Reply(303, "", headers={"location": after(key, str(data["command"]), query)})
    if data.get("command") == "play":
        cards = data.get("cards", [])
        query = {**query, "cards": " ".join(cards) if isinstance(cards, list) else ""}
    log, tag = served.read(seat), served.tag([seat])
    page = Page(seat, log, key, pending.token, query, done.problem, tag)
    return Reply(done.status, table_page(page), headers=dict(PRIVATE))


def after(key: str, command: str, query: dict[str, str]) -> str:
    """Where a recorded entry's form leads: the table's page, saying what was done."""
    params = {k: v for k, v in query.items() if k == "lang"}
    if command in DID:
        params["did"] = DID[command]
    return f"/t/{key}" + (f"?{urlencode(params)}" if params else "")


def table_post(served: Served, key: str, sent: Sent, query: dict[str, str]) -> Reply:
    """An entry from a table's form, recorded and answered."""

    return form_answer(served, key, caught(form_entry, served, key, sent), query)


def entry(served: Served, key: str, sent: Sent) -> Reply:
    """An entry from a program, recorded and answered."""

    return json_answer(caught(json_entry, served, key, sent))


def json_answer(pending: Pending) -> Reply:
    """A program's entry answered as serve.md says (in English: JSON never changes)."""

    if pending.failed is not None:
        raise pending.failed
    if pending.reply is not None:
        return pending.reply
    assert pending.done is not None
    outcome = answer(pending.done)
    return json_reply(outcome.status, outcome.body)


def board(served: Served, query: dict[str, str]) -> Reply:

    seats = served.seats()
    return Reply(200, public_board(served, seats, query), headers={"cache-control": "no-cache"})


def director(served: Served, key: str, query: dict[str, str]) -> Reply:

    found = is_director(served, key)
    if found is None:
        return error_page(404)
    seats, keys = found
    return Reply(200, director_board(served, seats, keys, key, query), headers=dict(PRIVATE))


def slips(served: Served, key: str, base: str) -> Reply:

    found = is_director(served, key)
    if found is None:
        return error_page(404)
    seats, keys = found
    return Reply(200, slips_page(served, seats, keys, base), headers=dict(PRIVATE))


def static(name: str, version: str | None, etag: str | None) -> Response | None:
    """``/s/NAME``: the stylesheets and the script (None: no such file). Asked for with
    their digest (``?v=``, as the pages link them), they are kept for good: a new
    version has a new address."""
    from starlette.responses import Response

    found = static_file(name)
    if found is None:
        return None
    data, digest = found
    keep = "public, max-age=31536000, immutable" if version == digest else "no-cache"
    headers = {"etag": f'"{digest}"', "cache-control": keep}
    if etag == f'"{digest}"':
        return Response(b"", 304, headers)
    media = "text/css; charset=utf-8" if name.endswith(".css") else "text/javascript; charset=utf-8"
    return Response(data, 200, headers, media)
