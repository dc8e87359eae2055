"""``referee serve`` under serve.md's load: a tournament of 60 tables served by a real
uvicorn process, each table entering a play every 2 seconds through the JSON interface,
its page open (asking for its tag every second and fetching the page when it changed, as
the page's script does), and the director's and the public board open the same way.
Prints the responses' p50/p99 latency by kind, the entries lost or applied twice (checked
against the logs: must be 0), how late an open page saw a change, the closed-loop entries
a second (each table posting as soon as it is answered), and the table page's bytes.
Run from the repository root:

    python bench/serve.py [--tables 60] [--seconds 120] [--closed 20] [--together]

Real tables do not post in step: each table starts at its own moment of the first period
(spread evenly over it), and its page asks for its tag at its own moment of the second.
``--together`` makes every table post at the same instants instead (60 entries at once
every 2 s, and 60 pages fetched at once after them): the worst case of the same load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.log.file import load
from referee.serve.source import entries_of
from referee.table.simulate import simulate_match
from referee.tournament import director
from referee.tournament.model import Entrant, Points, Tournament
from referee.tournament.store import log_path

Times = dict[str, list[float]]


def event(folder: Path, tables: int) -> list[tuple[list[str], Path]]:
    """A Basra tournament of ``tables`` tables, its first round paired: each table's
    players and log."""
    names = [f"P{k:03d}" for k in range(2 * tables)]
    t = Tournament("Bench serve", "basra", "egyptian", {}, "2026-12-04", "swiss", 3, 2,
                   "serve", Points(), (), [Entrant(n) for n in names])  # fmt: skip
    director.create(folder, t, 3, 2)
    rnd = director.pair(folder)
    return [(list(tb.players), log_path(folder, tb.log)) for tb in rnd.tables]


def entries(players: list[str], seed: int) -> list[dict[str, Any]]:
    """A simulated match's entries as a program sends them (under the table's names)."""
    match = simulate_match("basra", "egyptian", 2, seed, {}, deals=3)
    rename = dict(zip(match.players, players, strict=True))
    out: list[dict[str, Any]] = []
    for deal in match.deals:
        dealt = {"command": "deal", "dealer": rename[deal.dealer]}
        for key, cards in deal.setup.items():
            dealt[key] = " ".join(map(str, cards))
        out.append(dealt)
        for e in deal.plays:
            how = {"takes": " ".join(map(str, e.takes))} if e.takes else {"trail": True}
            out.append({"command": "play", "cards": [str(e.card)], **how})
    return out


def start(folder: Path) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """``referee serve`` in a process of its own; the addresses it said."""
    env = {**os.environ, "REFEREE_LANG": "en"}
    cmd = [sys.executable, "-m", "referee", "serve", "--dir", str(folder), "--port", "0", "--json"]
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    assert server.stdout is not None
    return server, json.loads(server.stdout.readline())


class Conn:
    """One keep-alive HTTP/1.1 connection, as a phone's browser holds one: a lean client
    (a few lines of asyncio), so that the load, not the client, is what is measured. A
    connection the server closed is opened again and the request sent again, as browsers
    do; an entry sent again is safe, its ``base`` refuses it if the first was applied."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def send(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        if body:
            head += "Content-Type: application/json\r\n"
        request = (head + f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        for attempt in range(3):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                assert self.reader is not None
                self.writer.write(request)
                await self.writer.drain()
                return await self._answer(self.reader)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.writer = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    @staticmethod
    async def _answer(reader: asyncio.StreamReader) -> tuple[int, bytes]:
        status = int((await reader.readline()).split()[1])
        size = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                size = int(value)
        return status, await reader.readexactly(size)


async def timed(times: Times, kind: str, conn: Conn, method: str, path: str,
                body: bytes = b"") -> tuple[int, bytes]:  # fmt: skip
    began = time.perf_counter()
    answer = await conn.send(method, path, body)
    times[kind].append(time.perf_counter() - began)
    return answer


async def page_open(url: str, tag_url: str, times: Times, kind: str, stop: float,
                    seen: list[float] | None = None, phase: float = 0.0) -> None:  # fmt: skip
    """A page open: its tag every second (from ``phase`` seconds in), the page fetched
    again when it changed."""
    await asyncio.sleep(phase)
    conn = Conn(url)
    page, tag_path = urlsplit(url).path, urlsplit(tag_url).path
    tag = (await timed(times, f"{kind} tag", conn, "GET", tag_path))[1]
    while time.perf_counter() < stop:
        await asyncio.sleep(1.0)
        now = (await timed(times, f"{kind} tag", conn, "GET", tag_path))[1]
        if now != tag:
            tag = now
            if seen is not None:
                seen.append(time.perf_counter())
            await timed(times, f"{kind} page", conn, "GET", page)


async def table(url: str, todo: list[dict[str, Any]], times: Times, stop: float, every: float,
                lags: list[float], phase: float = 0.0) -> int:  # fmt: skip
    """One table: an entry every ``every`` seconds (0: as soon as answered), the first
    ``phase`` seconds in, while its page is open; the entries accepted."""
    seen: list[float] = []
    watcher = (
        asyncio.create_task(page_open(url, f"{url}/tag", times, "table", stop, seen, phase % 1.0))
        if every
        else None
    )
    conn, path = Conn(url), urlsplit(url).path
    await asyncio.sleep(phase)
    accepted, next_at = 0, time.perf_counter()
    for base, body in enumerate(todo):
        if time.perf_counter() >= stop:
            break
        sent = json.dumps(body | {"base": base}).encode()
        status, answer = await timed(times, "entry", conn, "POST", f"{path}/entry", sent)
        if status == 409 and json.loads(answer)["rule"] == "serve.stale":  # sent twice: in?
            state = json.loads((await timed(times, "state", conn, "GET", f"{path}/state"))[1])
            if state["entries"] != base + 1:
                print("refused:", status, answer[:200])
                break
        elif status != 200:
            print("refused:", status, answer[:200])
            break
        accepted += 1
        answered = time.perf_counter()
        if every:
            next_at += every
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            later = [s for s in seen if s >= answered]
            if later:
                lags.append(later[0] - answered)
    if watcher is not None:
        await watcher
    return accepted


async def load_run(
    said: dict[str, Any],
    todo: list[list[dict[str, Any]]],
    seconds: float,
    every: float,
    together: bool,
) -> tuple[list[int], Times, list[float], float]:
    times: Times = defaultdict(list)
    lags: list[float] = []
    began = time.perf_counter()
    stop = began + seconds
    count = len(said["tables"])
    jobs = [table(t["url"], todo[i], times, stop, every, lags,
                  0.0 if together else every * i / count)
            for i, t in enumerate(said["tables"])]  # fmt: skip
    if every:
        base = said["board"].rstrip("/")
        jobs.append(page_open(said["director"], said["director"] + "/tag", times, "director", stop))
        jobs.append(page_open(said["board"], f"{base}/tag", times, "board", stop))
    results = await asyncio.gather(*jobs)
    took = time.perf_counter() - began
    return [r for r in results if isinstance(r, int)], times, lags, took


def checked(
    logs: list[Path], todo: list[list[dict[str, Any]]], accepted: list[int]
) -> tuple[int, int]:
    """Entries lost (accepted, not in the log) and applied twice (in the log beyond what
    was accepted), read from the logs themselves."""
    lost = doubled = 0
    for path, sent, n in zip(logs, todo, accepted, strict=True):
        match, problems = load(path)
        assert match is not None and not problems, problems
        have = entries_of(match)
        lost += max(0, n - have)
        doubled += max(0, have - n)
        plays = [e for d in match.deals for e in d.plays]
        wanted = [e for e in sent[:n] if e["command"] == "play"]
        assert [str(p.card) for p in plays] == [e["cards"][0] for e in wanted], path
    return lost, doubled


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def report(times: Times) -> None:
    everything = [t for ts in times.values() for t in ts]
    print(f"{'responses':<16}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for kind in [*sorted(times), "all"]:
        ts = everything if kind == "all" else times[kind]
        print(
            f"{kind:<16}{len(ts):>7}{pct(ts, 0.5):>9.1f}{pct(ts, 0.99):>9.1f}{max(ts) * 1000:>9.1f}"
        )


def page_bytes(said: dict[str, Any]) -> None:
    from urllib.request import urlopen

    with urlopen(said["tables"][0]["url"]) as r:
        html = r.read().decode()
    more = 0
    for link in _static_links(html):
        with urlopen(said["board"].rstrip("/") + link) as r:
            more += len(r.read())
    size = len(html.encode())
    print(
        f"table page: {size} bytes of HTML; with its stylesheet and script (fetched once, "
        f"kept by their digest): {size + more}"
    )


def _static_links(html: str) -> list[str]:
    import re

    return re.findall(r'(?:href|src)="(/s/[^"]+)"', html)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--every", type=float, default=2.0, help="seconds between a table's plays")
    parser.add_argument("--closed", type=float, default=20, help="seconds of the closed loop")
    parser.add_argument(
        "--together", action="store_true", help="every table posts at the same instants"
    )
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.1f}")
    print("tables post " + ("together" if args.together else "each at its own moment"))
    for loop, seconds, every in (("open", args.seconds, args.every), ("closed", args.closed, 0.0)):
        with tempfile.TemporaryDirectory() as tmp:
            tables = event(Path(tmp), args.tables)
            todo = [entries(players, k) for k, (players, _) in enumerate(tables)]
            server, said = start(Path(tmp))
            try:
                if loop == "open":
                    page_bytes(said)
                cpu, mine = cpu_seconds(server.pid), time.process_time()
                accepted, times, lags, took = asyncio.run(
                    load_run(said, todo, seconds, every, args.together)
                )
                cpu, mine = cpu_seconds(server.pid) - cpu, time.process_time() - mine
            finally:
                server.terminate()
                server.wait(timeout=30)
            lost, doubled = checked([p for _, p in tables], todo, accepted)
            total = sum(accepted)
            print(
                f"\n{loop} loop: {len(tables)} tables, {took:.0f} s, {total} entries accepted "
                f"({total / took:.1f} a second); lost {lost}, applied twice {doubled}"
            )
            each = cpu / max(total, 1) * 1000
            print(
                f"CPU: the server {cpu:.1f} s ({cpu / took:.0%} of one core; {each:.1f} ms an "
                f"entry with all else it answered), this client {mine:.1f} s"
            )
            report(times)
            if lags:
                median, most = statistics.median(lags) * 1000, max(lags) * 1000
                seen = f"median {median:.0f} ms, max {most:.0f} ms"
                print(f"a change seen on its table's open page after: {seen}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
