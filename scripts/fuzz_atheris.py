"""Coverage-guided fuzzing of the card parser and the log reader with atheris (libFuzzer).

    pip install atheris
    python scripts/fuzz_atheris.py -max_total_time=300 sample_games/

Any exception other than the reader returning problems is a crash: libFuzzer stops and
writes the input to crash-*. libFuzzer prints the number of inputs run at the end."""

from __future__ import annotations

import contextlib
import sys

import atheris

with atheris.instrument_imports():
    from referee.cards import CardError, parse_cards
    from referee.log.file import load_bytes
    from referee.match import replay


def one_input(data: bytes) -> None:
    match, problems = load_bytes(data)
    if match is not None:
        problems = replay(match, problems).problems
    for p in problems:
        if not p.rule or not p.message:
            raise AssertionError(f"a problem without a rule or message: {p!r}")
    with contextlib.suppress(CardError):
        parse_cards(data[:64].decode("utf-8", "replace"))


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
