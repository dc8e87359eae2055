"""Shared by the tests of ``referee serve``: a match log or a tournament to serve, the app
on Starlette's test client, and the addresses the server says."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():  # starlette 1.x would rather have httpx2: httpx still serves
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee.serve.app import make_app
from referee.serve.source import Served
from referee.serve.start import addresses
from tests.conftest import ROOT, run

BASE = "http://testserver"
ENV = {**os.environ, "REFEREE_LANG": "en", "PYTHONPATH": str(ROOT)}  # a real process


def referee(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        cwd=cwd,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )


class Server:
    """``referee serve --json --port 0`` in a process of its own, and the addresses it said."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "referee", "serve", "--json", "--port", "0", *args],
            cwd=cwd,
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, self.process.communicate(timeout=10)
        self.said: dict[str, Any] = json.loads(line)

    def stop(self, sig: int = signal.SIGINT) -> tuple[int, str, str]:
        self.process.send_signal(sig)
        out, err = self.process.communicate(timeout=20)
        return self.process.returncode, out, err

    def table(self, n: int = 0) -> str:
        return str(self.said["tables"][n]["url"])


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def cli(*args: str) -> str:
    """A CLI command that must succeed; its output."""
    result = run(*args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return str(result.stdout)


def new_match(folder: Path, name: str = "match.toml", game: str = "basra", *players: str) -> Path:
    """A new match log with its first deal (Basra: Omar deals 5H 3C 9D KS)."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / name
    names = players or (("Ali", "Omar") if game == "basra" else ("Ivan", "Petr"))
    cli("new", game, *(x for p in names for x in ("-p", p)), "--date", "2026-12-01", "-f", str(log))
    if game == "basra":
        cli("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(log))
    else:
        cli("deal", "--dealer", "Ivan", "--trump", "9H", "-f", str(log))
    return log


def next_round(event: Path, tables: list[dict[str, Any]], reason: str = "absent") -> None:
    """Each of ``tables`` (as the server lists them) decided by a forfeit of its second
    side, and the next round paired."""
    for n, t in enumerate(tables, 1):
        forfeit = ("--forfeit", t["sides"][1], "--reason", reason)
        cli("tournament", "result", str(n), *forfeit, "--dir", str(event))
    cli("tournament", "pair", "--dir", str(event))


def new_event(folder: Path, players: int = 4) -> Path:
    """A tournament of ``players`` entrants, its first round paired."""
    folder.mkdir(parents=True, exist_ok=True)
    names = ("Ali", "Omar", "Zaid", "Hoda", "Samir", "Leila")[:players]
    tour = ("tournament", "new", "Cafe Cup", "--game", "basra", "--dir", str(folder))
    cli(*tour, *(x for n in names for x in ("-p", n)), "--seed", "7", "--date", "2026-12-02")
    cli("tournament", "pair", "--dir", str(folder))
    return folder


def client(served: Served, **kwargs: Any) -> TestClient:
    return TestClient(make_app(served), base_url=BASE, follow_redirects=False, **kwargs)


def at_table(log: Path) -> tuple[TestClient, str]:
    """The match ``log`` served: a client of the app and its table's page."""
    served = Served(log=log)
    return client(served), table_url(served)


def path_of(url: str) -> str:
    return url.removeprefix(BASE)


def urls(served: Served) -> dict[str, Any]:
    return addresses(served, BASE)


def table_url(served: Served, n: int = 0) -> str:
    return path_of(urls(served)["tables"][n]["url"])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def entry(c: TestClient, url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """A program's entry: its status and JSON answer."""
    r = c.post(f"{url}/entry", json=body)
    return r.status_code, json.loads(r.text)


def form_fields(html: str) -> dict[str, str]:
    """The hidden fields of the first entry form of a page (token, base, digest)."""
    import re

    return {
        k: re.search(rf'name="{k}" value="([^"]*)"', html).group(1)  # type: ignore[union-attr]
        for k in ("token", "base", "digest")
    }
