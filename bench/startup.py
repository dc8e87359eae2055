"""At the table: `referee play` and `referee show` on a 10-deal log against the start-up
of `python -c "import typer"`. Target: at most 1.3x. Prints medians of interleaved runs."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import interleaved, median_ms, referee_command, write_long_match

from referee.games.fishing import FishingDeal
from referee.match import replay


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    log = folder / "long.toml"
    match = write_long_match(log)
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    who = state.to_move()
    assert who is not None
    held = state.round_cards(who)
    assert held
    card = held[0]
    takes = state.options(card)[0].taken
    work = folder / "work.toml"
    ref = referee_command()
    play = [*ref, "play", str(card), "-f", str(work)]
    play += ["--takes", " ".join(map(str, takes))] if takes else ["--trail"]

    def fresh_copy() -> None:
        shutil.copyfile(log, work)

    commands = {
        "python -c 'import typer'": ([sys.executable, "-c", "import typer"], None),
        "referee show": ([*ref, "show", "-f", str(log)], None),
        "referee play": (play, fresh_copy),
    }
    times = interleaved(commands, args.rounds)
    base = median_ms(times["python -c 'import typer'"])
    plays = sum(len(d.plays) for d in match.deals)
    print(
        f"log: {len(match.deals) - 1} complete deals + 1 open, {plays} plays, "
        f"{log.stat().st_size} bytes; {args.rounds} interleaved rounds, medians"
    )
    for name, values in times.items():
        ms = median_ms(values)
        print(f"{name:28s} {ms:7.1f} ms   {ms / base:4.2f}x")
    shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
