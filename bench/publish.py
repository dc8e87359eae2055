"""``referee tournament publish`` of a played 64-entrant, 7-round Swiss (224 matches, so
224 score sheets and some 330 pages in all; target: at most 5 s on this machine), timed
as a user runs it (the whole command, interpreter start included). Run from the
repository root:

    python bench/publish.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import referee_command
from tournament import build

TARGET = 5.0  # seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "event"
        folder.mkdir()
        began = time.perf_counter()
        logs, _, _ = build(folder, 64, 7)
        print(f"built a 64-entrant, 7-round tournament ({len(logs)} logs) in "
              f"{time.perf_counter() - began:.1f} s")  # fmt: skip
        site = Path(tmp) / "site"
        times = []
        for _ in range(args.repeat):
            began = time.perf_counter()
            subprocess.run(
                [*referee_command(), "tournament", "publish", str(folder), "-o", str(site)],
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - began)
        pages = sum(1 for _ in site.rglob("*.html"))
        sheets = sum(1 for _ in (site / "sheets").glob("*.html"))
        best, worst = min(times), max(times)
        print(
            f"tournament publish: {pages} pages ({sheets} score sheets) in "
            f"{', '.join(f'{x:.2f}' for x in times)} s; best {best:.2f} s, worst {worst:.2f} s "
            f"(target {TARGET:.0f} s: {'met' if worst <= TARGET else 'MISSED'})"
        )


if __name__ == "__main__":
    main()
