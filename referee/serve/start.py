"""Starting ``referee serve``: what is served (a tournament folder or a match log, refused
plainly when there is neither), the port bound (a port in use is a plain error), the lock
that refuses a second server on the same folder, the addresses said for people (with QR
codes in the terminal) or as one line of JSON, and uvicorn running the app until Ctrl-C."""

from __future__ import annotations

import contextlib
import errno
import io
import ipaddress
import json
import os
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.log.file import open_regular, shown_path
from referee.messages import localized, sentence
from referee.problems import Problem, RefereeError
from referee.serve.app import make_app
from referee.serve.keys import load_keys, running_url, serving
from referee.serve.source import Served
from referee.tournament.store import file_of
from referee.words.rulings import problem_message

if TYPE_CHECKING:
    from collections.abc import Callable

LOCAL = "127.0.0.1"
WILDCARD = ("0.0.0.0", "", "::")  # every address of this machine: the room
_held: list[Path] = []  # the lock file this process holds (removed as it stops)


def refuse(rule: str, said: str) -> RefereeError:
    return RefereeError([Problem(rule, said)])


def what_is_served(folder: Path | None, log: Path | None) -> Served:
    """The tournament in ``folder`` (default: here), or the match log ``log``; either
    must be there (a plain ``serve.source`` refusal otherwise)."""

    if log is not None:
        try:
            os.close(open_regular(log))
        except RefereeError as e:
            said = sentence(
                "{problem}; referee serve -f takes a match log",
                problem=problem_message(e.problems[0]),
            )
            raise refuse("serve.source", said) from None
        return Served(log=log.absolute())

    where = folder or Path(".")
    if not file_of(where).is_file():
        said = sentence(
            "{dir}: no tournament here (no {file}); give --dir with a tournament's folder, "
            "or -f with a match log",
            dir=shown_path(where),
            file="tournament.toml",
        )
        raise refuse("serve.source", said)
    served = Served(folder=where.absolute())
    served.tournament()  # a tournament file with a problem is said now, not at each page
    return served


def lan_address() -> str | None:
    """This machine's address on the room's network (the one a route out would use; no
    packet is sent), or None when it has none."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        found = str(s.getsockname()[0])
        return None if found.startswith("127.") else found
    return None


def serves_room(host: str) -> bool:
    """Whether ``--host`` serves the room (every address, or one other devices can reach),
    not this machine alone (the loopback: ``127.0.0.1``, ``localhost``, ``::1``)."""
    if host in WILDCARD:
        return True
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host.lower() != "localhost"


def room_line(base: str, host: str = "0.0.0.0") -> str:
    """The one line ``--host 0.0.0.0`` (or an address of the room's network) says: the
    address the other devices use."""
    if host in WILDCARD and lan_address() is None:
        return sentence(
            "This machine has no address on a network now: the other devices reach it once it "
            "joins the room's network (referee serve --urls then says the addresses)"
        )
    return sentence("Other devices on the room's network use {address}", address=base)


def public_host(host: str) -> str:
    """The host other devices reach the server at (a wildcard means this machine's own)."""
    if host in WILDCARD:
        return lan_address() or LOCAL
    return host


def base_url(host: str, port: int) -> str:
    shown = public_host(host)
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def addresses(served: Served, base: str) -> dict[str, Any]:
    """serve.md's object: the board, the director, and every table of the current round."""
    seats = served.seats()
    keys = load_keys(served.keys_path, [s.name for s in seats])
    tables = [
        {
            "round": s.round,
            "table": s.table,
            "sides": list(s.sides),
            "url": f"{base}/t/{keys.key_of(s.name)}",
        }
        for s in seats
        if s.open
    ]
    return {"board": f"{base}/", "director": f"{base}/d/{keys.director}", "tables": tables}


def urls(served: Served, host: str, port: int) -> dict[str, Any]:
    """``--urls``: the addresses of the server running on this folder (or, when none runs,
    of one started with these options)."""
    running = running_url(served.lock_path)
    return addresses(served, running or base_url(host, port))


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or a plain refusal (a port in use, an address not here)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            said = sentence(
                "port {port} is in use (another server?); choose another with --port", port=port
            )
        else:
            said = sentence(
                "cannot serve on {host}:{port}: {error}",
                host=host,
                port=port,
                error=e.strerror or str(e),
            )
        raise refuse("serve.port", said) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def said_for_people(found: dict[str, Any], host: str) -> list[str]:
    """The addresses as the director reads them, each table's with its QR code."""
    import segno

    lines = [localized(sentence("Board (for everyone): {url}", url=found["board"]))]
    lines.append(localized(sentence("Director: {url}", url=found["director"])))
    if serves_room(host):
        lines.append(localized(room_line(found["board"].rstrip("/"), host)))
    for t in found["tables"]:
        where = (
            sentence("Round {round}, table {table}", round=t["round"], table=t["table"])
            if t["round"] is not None
            else sentence("The table")
        )
        lines.append(
            localized(
                sentence(
                    "{table} ({sides}): {url}",
                    table=where,
                    sides=" – ".join(t["sides"]),
                    url=t["url"],
                )
            )
        )
        out = io.StringIO()
        segno.make(t["url"], error="m", micro=False).terminal(out=out, compact=True, border=2)
        lines.append(out.getvalue().rstrip("\n"))
    lines.append(localized(sentence("Serving; Ctrl-C stops it.")))
    return lines


def run(
    served: Served, host: str, port: int, as_json: bool, lang: str, echo: Callable[[str], None]
) -> None:
    """Serve until Ctrl-C (or SIGTERM): bind, lock, say the addresses, run uvicorn."""
    sock = bind(host, port)
    base = base_url(host, sock.getsockname()[1])  # port 0: the one the system chose
    with serving(served.lock_path, base):
        _held[:] = [served.lock_path]
        found = addresses(served, base)
        if as_json:
            echo(json.dumps(found, ensure_ascii=False))
        else:
            for line in said_for_people(found, host):
                echo(line)
        sys.stdout.flush()
        _serve(served, sock, lang, as_json, base)


def _stopped(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM, once uvicorn has closed: say so and leave (every entry accepted
    was written before it was answered)."""
    said = localized(sentence("referee serve stopped; every entry accepted is in its log."))
    for lock in _held:
        with contextlib.suppress(OSError):
            os.unlink(lock)
    with contextlib.suppress(OSError):
        os.write(2, (said + "\n").encode("utf-8", "backslashreplace"))
    os._exit(0)


def _serve(served: Served, sock: socket.socket, lang: str, quiet: bool, base: str) -> None:
    import uvicorn

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _stopped)  # uvicorn raises the signal again once it has closed
    config = uvicorn.Config(
        make_app(served, lang, base),
        log_config=None,
        log_level="critical" if quiet else "error",
        access_log=False,
        timeout_graceful_shutdown=1,
        timeout_keep_alive=30,  # the pages ask every second: their connections stay open
        lifespan="off",
        server_header=False,
    )
    uvicorn.Server(config).run(sockets=[sock])
    _stopped(signal.SIGINT, None)
