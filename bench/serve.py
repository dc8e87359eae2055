"""``referee serve`` under serve.md's load: a tournament of 60 tables served by a real
uvicorn process, each table entering a play every 2 seconds through the JSON interface,
its page open (asking for its tag every second and fetching the page when it changed, as
the page's script does), and the director's and the public board open the same way.
Prints the responses' p50/p99 latency by kind, the entries lost or applied twice (checked
against the logs: must be 0), how late an open page saw a change, the closed-loop entries
a second (each table posting as soon as it is answered), and the table page's bytes.
Run from the repository root (it needs httpx, a dev dependency):

    python bench/serve.py [--tables 60] [--seconds 120] [--closed 20]
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from referee.logfile import load
from referee.serve.source import entries_of
from referee.simulate import simulate_match
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


CUT = (httpx.ReadError, httpx.RemoteProtocolError, httpx.ConnectError, httpx.WriteError)


async def timed(times: Times, kind: str, call: Any) -> httpx.Response:
    """A request's answer, its time kept under ``kind``; a connection the server closed
    as it was reused is tried again, as browsers do (counted under ``kind + " again"``).
    An entry tried again is safe: its ``base`` refuses it if the first one was applied."""
    for attempt in range(3):
        began = time.perf_counter()
        try:
            r = await call()
        except CUT:
            times[f"{kind} again"].append(time.perf_counter() - began)
            if attempt == 2:
                raise
            continue
        times[kind].append(time.perf_counter() - began)
        return r
    raise AssertionError("unreachable")


async def page_open(c: httpx.AsyncClient, url: str, tag_url: str, times: Times, kind: str,
                    stop: float, seen: list[float] | None = None) -> None:  # fmt: skip
    """A page open: its tag every second, the page fetched again when it changed."""
    tag = (await timed(times, f"{kind} tag", lambda: c.get(tag_url))).text
    while time.perf_counter() < stop:
        await asyncio.sleep(1.0)
        now = (await timed(times, f"{kind} tag", lambda: c.get(tag_url))).text
        if now != tag:
            tag = now
            if seen is not None:
                seen.append(time.perf_counter())
            await timed(times, f"{kind} page", lambda: c.get(url))


async def table(c: httpx.AsyncClient, url: str, todo: list[dict[str, Any]], times: Times,
                stop: float, every: float, lags: list[float]) -> int:  # fmt: skip
    """One table: an entry every ``every`` seconds (0: as soon as answered) while its page
    is open; the entries accepted."""
    seen: list[float] = []
    watcher = (
        asyncio.create_task(page_open(c, url, f"{url}/tag", times, "table", stop, seen))
        if every
        else None
    )
    accepted, next_at = 0, time.perf_counter()
    for base, body in enumerate(todo):
        if time.perf_counter() >= stop:
            break
        sent = body | {"base": base}
        r = await timed(times, "entry", lambda sent=sent: c.post(f"{url}/entry", json=sent))
        if r.status_code == 409 and r.json()["rule"] == "serve.stale":  # sent twice: was it in?
            state = (await timed(times, "state", lambda: c.get(f"{url}/state"))).json()
            if state["entries"] != base + 1:
                print("refused:", r.status_code, r.text[:200])
                break
        elif r.status_code != 200:
            print("refused:", r.status_code, r.text[:200])
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


async def load_run(said: dict[str, Any], todo: list[list[dict[str, Any]]], seconds: float,
                   every: float) -> tuple[list[int], Times, list[float], float]:  # fmt: skip
    times: Times = defaultdict(list)
    lags: list[float] = []
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(limits=limits, timeout=30) as c:
        began = time.perf_counter()
        stop = began + seconds
        jobs = [table(c, t["url"], todo[i], times, stop, every, lags)
                for i, t in enumerate(said["tables"])]  # fmt: skip
        if every:
            base = said["board"].rstrip("/")
            jobs.append(
                page_open(c, said["director"], said["director"] + "/tag", times, "director", stop)
            )
            jobs.append(page_open(c, said["board"], f"{base}/tag", times, "board", stop))
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
    with httpx.Client() as c:
        html = c.get(said["tables"][0]["url"]).text
        css = [c.get(said["board"].rstrip("/") + u) for u in _static_links(html)]
    size = len(html.encode())
    more = sum(len(r.content) for r in css)
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
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.1f}")
    for loop, seconds, every in (("open", args.seconds, args.every), ("closed", args.closed, 0.0)):
        with tempfile.TemporaryDirectory() as tmp:
            tables = event(Path(tmp), args.tables)
            todo = [entries(players, k) for k, (players, _) in enumerate(tables)]
            server, said = start(Path(tmp))
            try:
                if loop == "open":
                    page_bytes(said)
                cpu, mine = cpu_seconds(server.pid), time.process_time()
                accepted, times, lags, took = asyncio.run(load_run(said, todo, seconds, every))
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
