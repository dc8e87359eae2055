"""How verify time grows with the number of plays: logs of 1 to 32 deals (Basra, 2
players, the target set out of reach), parsed and replayed in-process; medians."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib

from referee.log.file import dumps
from referee.log.format import read_match
from referee.match import replay
from referee.table.simulate import simulate_match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print(
        f"{'deals':>5} {'plays':>6} {'bytes':>8} {'parse ms':>9} {'replay ms':>10} {'us/play':>8}"
    )
    for deals in (1, 2, 4, 8, 16, 32):
        match = simulate_match(
            "basra", "egyptian", 2, 77, overrides={"target": 100_000}, deals=deals
        )
        text = dumps(match).decode()
        plays = sum(len(d.plays) for d in match.deals)
        parse, check = [], []
        for _ in range(args.repeats):
            start = time.perf_counter()
            data = tomllib.loads(text)
            parse.append(time.perf_counter() - start)
            start = time.perf_counter()
            m, problems = read_match(data)
            assert m is not None
            assert not replay(m, problems).problems
            check.append(time.perf_counter() - start)
        p, c = statistics.median(parse) * 1000, statistics.median(check) * 1000
        print(f"{deals:>5} {plays:>6} {len(text):>8} {p:>9.2f} {c:>10.2f} {c * 1000 / plays:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
