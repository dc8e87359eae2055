"""The HTTP side of ``referee serve``: Starlette's routes, each answered in the reader's
language, and the edges every request goes through (a body over 64 kB refused, only POST
changing anything, a form's token or a program's JSON, no other site's requests, every
bad request a 4xx page, never a traceback).

All of referee's work (reading, replaying, recording, rendering) runs on a pool of worker
threads, each saying its request in that request's reader's language (a thread's own,
``referee.words.lang.use(code, here=True)``): an entry waiting for its disk's fsync holds up no
other table, and the event loop stays free for the other phones meanwhile.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from referee.serve import handlers, recording, replies
from referee.words.lang import normal

if TYPE_CHECKING:
    from collections.abc import Callable

    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from referee.serve.source import Served

MAX_BODY = 64 * 1024
WORKERS = 8  # requests answered side by side (an entry waits for its disk's fsync)
HEADERS = {
    "content-security-policy": (
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-resource-policy": "same-origin",
}


def reader_language(asked: str | None, accept: str, default: str) -> str:
    """The page's language: ``?lang=``, else the first of ours the browser asks for
    (``Accept-Language``, by its weights), else the server's own."""

    if asked and normal(asked):
        return normal(asked) or default
    best: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                weight = 0.0
        code = normal(tag) if tag.strip() not in ("", "*") else None
        if code is not None and weight > 0:
            best.append((weight, -i, code))
    return max(best)[2] if best else default


class Edges:
    """The edges of every request: a body over :data:`MAX_BODY` refused before the app
    sees it, and the security headers on every answer."""

    def __init__(self, app: ASGIApp, server: Server) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in have
                ]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        body = await self._body(scope, receive)
        if body is None:
            request = Request(scope)
            reply = await self.server.error(request, 413)
            await reply(scope, receive, secured)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, secured)

    @staticmethod
    async def _body(scope: Scope, receive: Receive) -> bytes | None:
        """The whole body, or None when it is over the limit (said or sent)."""
        for key, value in scope.get("headers", []):
            if key == b"content-length" and (not value.isdigit() or int(value) > MAX_BODY):
                return None
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                return None
            chunks.append(chunk)
            more = message.get("more_body", False)
        return b"".join(chunks)


class Server:
    """The app's routes over one served folder or log, with the worker all of referee's
    work runs on."""

    def __init__(self, served: Served, default_lang: str = "en", base: str | None = None) -> None:
        self.served = served
        self.default = default_lang
        self.base = base  # the address the server said (the room's), for the slips
        self.pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="referee-serve")

    async def work(self, code: str, fn: Callable[..., replies.Reply], *args: Any) -> Response:
        """Run ``fn`` on the worker with the language ``code`` in use; its reply."""
        loop = asyncio.get_running_loop()
        said = partial(handlers.speaking, code, self.default, fn, *args)
        reply = await loop.run_in_executor(self.pool, said)
        return reply.response()

    async def wordless(self, fn: Callable[..., replies.Reply], *args: Any) -> Response:
        """An answer without words (a tag, the JSON state), on a worker."""
        loop = asyncio.get_running_loop()
        said = partial(recording.wordless, fn, *args)
        reply: replies.Reply = await loop.run_in_executor(self.pool, said)
        return reply.response()

    def lang(self, request: Request) -> str:
        asked = request.query_params.get("lang")
        return reader_language(asked, request.headers.get("accept-language", ""), self.default)

    async def error(self, request: Request, status: int, detail: str = "") -> Response:
        return await self.work(self.lang(request), handlers.error_page, status, detail)

    def routes(self) -> list[Route]:
        page, post = ["GET", "HEAD"], ["POST"]
        return [
            Route("/", self.board, methods=page),
            Route("/tag", self.board_tag, methods=page),
            Route("/d/{key}", self.director, methods=page),
            Route("/d/{key}/tag", self.director_tag, methods=page),
            Route("/d/{key}/slips", self.slips, methods=page),
            Route("/t/{key}", self.table, methods=page),
            Route("/t/{key}", self.table_post, methods=post),
            Route("/t/{key}/state", self.state, methods=page),
            Route("/t/{key}/entry", self.entry, methods=post),
            Route("/t/{key}/tag", self.table_tag, methods=page),
            Route("/t/{key}/choices", self.choices, methods=page),
            Route("/t/{key}/amend", self.amend, methods=page),
            Route("/t/{key}/hand", self.hand, methods=page),
            Route("/s/{name}", self.static, methods=page),
        ]

    def query(self, request: Request) -> dict[str, str]:
        return {k: v[:200] for k, v in request.query_params.items()}

    async def board(self, request: Request) -> Response:
        return await self.work(self.lang(request), handlers.board, self.served, self.query(request))

    async def board_tag(self, request: Request) -> Response:
        return await self.wordless(recording.board_tag, self.served)

    async def director(self, request: Request) -> Response:
        key, q = request.path_params["key"], self.query(request)
        return await self.work(self.lang(request), handlers.director, self.served, key, q)

    async def director_tag(self, request: Request) -> Response:
        key = request.path_params["key"]
        return await self.wordless(recording.director_tag, self.served, key)

    async def slips(self, request: Request) -> Response:
        key, base = request.path_params["key"], self.base or base_url(request)
        return await self.work(self.lang(request), handlers.slips, self.served, key, base)

    async def table(self, request: Request) -> Response:
        key, q = request.path_params["key"], self.query(request)
        return await self.work(self.lang(request), handlers.table, self.served, key, q)

    async def table_tag(self, request: Request) -> Response:
        key = request.path_params["key"]
        return await self.wordless(recording.table_tag, self.served, key)

    async def choices(self, request: Request) -> Response:
        key, q = request.path_params["key"], self.query(request)
        return await self.work(self.lang(request), handlers.choices, self.served, key, q)

    async def amend(self, request: Request) -> Response:
        key, q = request.path_params["key"], self.query(request)
        return await self.work(
            self.lang(request), handlers.correction, self.served, key, q, "amend"
        )

    async def hand(self, request: Request) -> Response:
        key, q = request.path_params["key"], self.query(request)
        return await self.work(self.lang(request), handlers.correction, self.served, key, q, "hand")

    async def state(self, request: Request) -> Response:
        key = request.path_params["key"]
        return await self.wordless(recording.state, self.served, key)

    async def static(self, request: Request) -> Response:
        name, version = request.path_params["name"], request.query_params.get("v")
        found = handlers.static(name, version, request.headers.get("if-none-match"))
        return found if found is not None else await self.error(request, 404)

    async def sent(self, request: Request) -> replies.Sent:
        """What a request that would change something brings: where it is from, its media
        type and its body (judged on the worker, after its key)."""
        return replies.Sent(same_origin(request), media_type(request), await request.body())

    async def table_post(self, request: Request) -> Response:
        """An entry from a table's page: a form with the server's token."""
        key, q, sent = request.path_params["key"], self.query(request), await self.sent(request)
        return await self.work(self.lang(request), handlers.table_post, self.served, key, sent, q)

    async def entry(self, request: Request) -> Response:
        """An entry from a program: ``application/json`` only (no other site can send it
        without a preflight, which this server never answers)."""
        key, sent = request.path_params["key"], await self.sent(request)
        return await self.work("en", handlers.entry, self.served, key, sent)


def media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def same_origin(request: Request) -> bool:
    """Whether a request that would change something comes from this server's own pages
    (or from a program, which sends no ``Origin``): another site's never does."""
    if request.headers.get("sec-fetch-site", "") == "cross-site":
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    return bool(origin != "null" and urlsplit(origin).netloc == request.headers.get("host", ""))


def base_url(request: Request) -> str:
    """This server's address as the request reached it (``http://host:port``)."""
    return f"{request.url.scheme}://{request.headers.get('host') or request.url.netloc}"


def make_app(served: Served, default_lang: str = "en", base: str | None = None) -> ASGIApp:
    """The ASGI app serving ``served`` (said to be at ``base``): Starlette's routes inside
    the edges."""
    server = Server(served, default_lang, base)

    async def refused(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        return await server.error(request, status if 400 <= status < 500 else 500)

    app = Starlette(
        routes=server.routes(),
        exception_handlers={HTTPException: refused, Exception: refused},
    )
    return Edges(app, server)
