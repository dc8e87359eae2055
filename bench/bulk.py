"""In bulk: verify 1,000 simulated match logs. Reports TOML parsing alone against reading
the record plus replay and checks (target: replay and checks cost no more than parsing),
the end-to-end `referee verify` time, and its peak memory as the number of files grows."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import referee_command

from referee.log.file import dumps
from referee.log.format import read_match
from referee.match import replay
from referee.table.simulate import simulate_match

MIX = [
    ("basra", "egyptian", 2),
    ("basra", "classic", 4),
    ("pasur", "standard", 3),
    ("pasur", "pagat", 2),
    ("bura", "classic", 2),
    ("bura", "little-robber", 3),
    ("kozel", "classic", 4),
    ("kozel", "six-spades", 2),
]


def make_logs(folder: Path, count: int) -> list[Path]:
    paths = []
    for k in range(count):
        game, variant, n = MIX[k % len(MIX)]
        path = folder / f"{k:05d}-{game}-{variant}-{n}p.toml"
        path.write_bytes(dumps(simulate_match(game, variant, n, 10_000 + k)))
        paths.append(path)
    return paths


def peak_rss_kb(cmd: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-v", *cmd], capture_output=True, text=True)
    took = time.perf_counter() - start
    found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr)
    return took, int(found.group(1)) if found else -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="referee-bulk-"))
    t0 = time.perf_counter()
    paths = make_logs(folder, args.files)
    texts = [p.read_text() for p in paths]
    size = sum(len(t) for t in texts)
    plays = 0
    print(
        f"{len(paths)} simulated logs ({size / 1e6:.1f} MB) made in "
        f"{time.perf_counter() - t0:.0f} s"
    )
    parse_runs, check_runs = [], []
    for _ in range(args.repeats):
        start = time.perf_counter()
        datas = [tomllib.loads(t) for t in texts]
        parse_runs.append(time.perf_counter() - start)
        start = time.perf_counter()
        plays = 0
        for data in datas:
            match, problems = read_match(data)
            assert match is not None
            replayed = replay(match, problems)
            assert not replayed.problems
            plays += sum(len(d.plays) for d in match.deals)
        check_runs.append(time.perf_counter() - start)
    parse, check = min(parse_runs), min(check_runs)
    print(f"{plays} entries in all; best of {args.repeats}:")
    print(f"  TOML parsing (tomllib)          {parse:6.2f} s")
    print(f"  reading + replay + checks       {check:6.2f} s   ({check / parse:.2f}x parsing)")
    load_runs = []
    for _ in range(args.repeats):  # what one core does to merely read them
        start = time.perf_counter()
        for path in paths:
            with path.open("rb") as f:
                tomllib.load(f)
        load_runs.append(time.perf_counter() - start)
    floor = min(load_runs)
    print(f"  one core, a tomllib.load loop   {floor:6.2f} s   (the yardstick)")
    ref = referee_command()
    names = list(map(str, paths))
    print("referee verify, end to end (wall time), and the peak memory of its processes:")
    for jobs in (1, 0):
        label = "1 job " if jobs == 1 else "every core"
        for count in sorted({max(1, args.files // 4), max(1, args.files // 2), args.files}):
            cmd = [*ref, "verify", *names[:count], "--json"] + (["--jobs", "1"] if jobs else [])
            took, rss = peak_rss_kb(cmd)
            note = f"   {took / (floor * count / args.files):4.2f}x the yardstick"
            print(
                f"  {label:10s} {count:5d} files  {took:6.2f} s   peak RSS "
                f"{rss / 1024:6.1f} MiB{note}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
