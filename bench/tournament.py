"""Tournaments at scale: a played Swiss of N entrants and R rounds (N·R/2 logs) built with
the director's own functions, then, for each size:

- pairing every round: the computation (the match points and history from the file, and
  the least-cost pairing) and the whole ``pair`` (reading the round's logs, counting,
  pairing, writing the next round's logs and the file), in process;
- ``referee verify`` of every log against ``tournament verify``, ``tournament standings``
  and ``tournament status`` of the same folder: paired runs (interleaved), wall-clock
  medians and the CPU time of the command and its workers, with the ratios;
- ``tournament publish`` of the folder; the peak memory of each command (its workers
  included).

Targets (issue 38, at 2,000 entrants and 10 rounds): a round paired in at most 1 s;
verify and standings within 1.3x ``referee verify``; publish in at most 30 s; under
500 MB. Run from the repository root (a non-editable install, see README.md):

    python bench/tournament.py [--entrants 200,2000] [--rounds 10] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import referee_command

from referee.tournament import director
from referee.tournament.model import Entrant, Points, Tournament
from referee.tournament.pairing import pair
from referee.tournament.store import load, log_path
from referee.tournament.verify import standing_for
from scripts.tournament_robustness import play


def cpu() -> float:
    """CPU seconds of this process and of its workers that have ended."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


Timed = tuple[float, float]  # wall seconds, CPU seconds


def build(folder: Path, entrants: int, rounds: int) -> tuple[list[Path], list[Timed], list[Timed]]:
    """A played Swiss of ``entrants`` (Basra, two a table) and ``rounds`` rounds in
    ``folder``: its logs, and for each round the time (wall, CPU) of the pairing
    computation alone (the match points and history from the file, the least-cost
    pairing) and of the whole ``pair`` (what ``referee tournament pair`` runs after
    starting: reading and counting the round's logs, pairing, writing the next round's
    logs and the file)."""
    t = Tournament("Bench", "basra", "egyptian", {}, "2026-12-02", "swiss", rounds, 2,
                   f"bench-{entrants}", Points(), (),
                   [Entrant(f"E{k:04d}") for k in range(entrants)])  # fmt: skip
    director.create(folder, t, rounds, 2)
    logs: list[Path] = []
    computed: list[Timed] = []
    whole: list[Timed] = []
    rng = random.Random(entrants)
    for r in range(1, rounds + 1):
        began, used = time.perf_counter(), cpu()
        rnd = director.pair(folder)
        whole.append((time.perf_counter() - began, cpu() - used))
        t = load(folder)
        began, used = time.perf_counter(), cpu()
        mp, hist = standing_for(t, r)
        pair(t, r, mp, hist)
        computed.append((time.perf_counter() - began, cpu() - used))
        for tb in rnd.tables:
            path = log_path(folder, tb.log)
            play(path, rng.randrange(1000))
            logs.append(path)
    return logs, computed, whole


class Peak:
    """The peak resident memory of a process and its descendants (their sum), sampled
    from /proc while it runs."""

    def __init__(self, pid: int) -> None:
        self.pid, self.most, self.done = pid, 0, False
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _tree(self) -> list[int]:
        found, todo = [], [self.pid]
        while todo:
            p = todo.pop()
            found.append(p)
            try:
                kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
            except OSError:
                continue
            todo.extend(int(k) for k in kids)
        return found

    def _rss(self, pid: int) -> int:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            pass
        return 0

    def _watch(self) -> None:
        while not self.done:
            self.most = max(self.most, sum(self._rss(p) for p in self._tree()))
            time.sleep(0.02)

    def stop(self) -> int:
        self.done = True
        self.thread.join()
        return self.most


def run(cmd: list[str]) -> tuple[float, float, int]:
    """Run ``cmd`` once: wall seconds, CPU seconds (it and its workers), peak bytes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = Peak(proc.pid)
    code = proc.wait()
    wall = time.perf_counter() - began
    most = peak.stop()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if code not in (0, 1):
        raise SystemExit(f"{cmd[:3]}: exit {code}")
    return wall, cpu, most


def paired_runs(
    commands: dict[str, list[str]], repeat: int
) -> dict[str, list[tuple[float, float, int]]]:
    """Every command once per round, in turn, so that the machine's load hits them alike."""
    out: dict[str, list[tuple[float, float, int]]] = {name: [] for name in commands}
    for cmd in commands.values():  # warm the caches once
        run(cmd)
    for _ in range(repeat):
        for name, cmd in commands.items():
            out[name].append(run(cmd))
    return out


def measure(entrants: int, rounds: int, repeat: int, keep: Path | None) -> dict[str, float]:
    """Build one size, print its figures, return them for the growth table."""
    with tempfile.TemporaryDirectory(dir=keep) as tmp:
        folder = Path(tmp) / "event"
        began = time.perf_counter()
        logs, computed, whole = build(folder, entrants, rounds)
        print(f"\n{entrants} entrants, {rounds} rounds: {len(logs)} logs built in "
              f"{time.perf_counter() - began:.0f} s")  # fmt: skip
        for name, times in (("pairing, computed", computed), ("pair, whole", whole)):
            print(f"  {name + ' (s, wall):':28}" + " ".join(f"{w:5.2f}" for w, _ in times))
            print(f"  {name + ' (s, cpu):':28}" + " ".join(f"{c:5.2f}" for _, c in times))
        ref = referee_command()
        args = [str(p.relative_to(folder)) for p in logs]
        here = os.getcwd()
        os.chdir(folder)  # the logs named relatively: the command line stays short
        try:
            got = paired_runs(
                {
                    "referee verify (every log)": [*ref, "verify", *args],
                    "tournament verify": [*ref, "tournament", "verify"],
                    "tournament standings": [*ref, "tournament", "standings"],
                    "tournament status": [*ref, "tournament", "status"],
                },
                repeat,
            )
            site = Path(tmp) / "site"
            published = [run([*ref, "tournament", "publish", ".", "-o", str(site), "--force"])
                         for _ in range(max(1, repeat // 2))]  # fmt: skip
        finally:
            os.chdir(here)
        got["tournament publish"] = published
        base_wall = statistics.median(w for w, _, _ in got["referee verify (every log)"])
        base_cpu = statistics.median(c for _, c, _ in got["referee verify (every log)"])
        figures = {
            "logs": len(logs),
            "pair_computed": max(c for _, c in computed),
            "pair_whole": max(c for _, c in whole),
        }
        for name, values in got.items():
            wall = statistics.median(w for w, _, _ in values)
            used = statistics.median(c for _, c, _ in values)
            spread = max(w for w, _, _ in values) - min(w for w, _, _ in values)
            most = max(m for _, _, m in values)
            figures[name] = wall
            figures[name + " cpu"] = used
            figures[name + " peak"] = most
            print(
                f"  {name:28} {wall:7.2f} s (±{spread / 2:.2f})  cpu {used:7.2f} s  "
                f"{wall / base_wall:5.2f}x wall  {used / base_cpu:5.2f}x cpu  "
                f"peak {most / 2**20:6.0f} MB"
            )
        return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entrants", default="200,2000", help="sizes, comma-separated")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None, help="build the events in here")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    rows = [measure(int(n), args.rounds, args.repeat, args.keep) for n in args.entrants.split(",")]
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")
    print("growth (CPU seconds, medians; the worst round for pairing; peak MB):")
    names = {"pair_computed": "pairing", "pair_whole": "pair", "referee verify (every log)":
             "referee verify", "tournament verify": "t. verify", "tournament standings":
             "t. standings", "tournament publish": "t. publish"}  # fmt: skip
    print("   logs " + "".join(f"{short:>15}" for short in names.values()) + "   peak")
    for row in rows:
        peak = max(v for k, v in row.items() if k.endswith(" peak")) / 2**20
        cells = [row[n] if n.startswith("pair_") else row[n + " cpu"] for n in names]
        print(f"  {int(row['logs']):5d}" + "".join(f"{c:15.2f}" for c in cells)
              + f"  {peak:5.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
