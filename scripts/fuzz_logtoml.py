"""Differential fuzzing of referee.log.tomlread against tomllib: mutated real logs through both,
and every input counted as refused by tomllib (loads_canonical must refuse it too), left to
tomllib (loads_canonical returned None, tomllib read it), equal (both read it, the same
values of the same types in the same order) or DISAGREE (there must be none).

    python scripts/fuzz_logtoml.py --inputs 1000000 --seed 1

The logs: the samples, the tests' fixtures, and samples written again with what tomli-w
escapes (quotes, backslashes, controls, tabs, non-ASCII names as quoted keys), a date, a
play note long enough for ``[[deals.plays]]`` tables, a claim, one-line arrays and
inline tables. Most inputs are a run of a log's lines (parsing a few lines is quicker,
and every run starts somewhere else), the rest the whole log; each gets one to three
edits: characters inserted, deleted or replaced (TOML's own characters most often), a
line repeated (duplicate keys, tables opened twice), a piece of another log spliced in,
or a value swapped for one of TOML's other kinds. Deterministic for a seed. Prints the
counts and the first disagreements (at most 20).
"""

from __future__ import annotations

import argparse
import collections
import datetime
import random
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tomli_w

from referee.log.tomlread import loads_canonical

ROOT = Path(__file__).resolve().parent.parent
ALPHABET = " \t\n\r\"'\\#[]{}=,.-_+:0123456789eExobTZtfnuU\x00\x1f\x7fé€\u2028\ufeff"
VALUES = [
    "1_000", "0x10", "0o7", "0b1", "1.5", "1e3", "inf", "-nan", "+1", "-0", "007", "-7",
    "9" * 18, "9" * 19, "1" * 5000, "true", "false", "truee", "fals", "1979-05-27",
    "1979-05-27T07:32:00", "1979-05-27 07:32:00Z", "1979-05-27t07:32:00+01:00", "07:32:00",
    "2026-02-30", "0000-01-01", "2026-13-01", "2026-1-01", "'lit'", '"""ml"""', "'''x'''",
    '""', '"\\e"', '"\\x41"', '"\\uD800"', '"\\u00e9"', '"\\U0001F600"', '"\\U00110000"',
    '"\\u12"', '"a\\"b"', '"\\\\"', '"\\"', '"tab\there"', '"#"', "# c", "[]", "[ ]",
    "[1,]", "[1 2]", "[,]", "[\n1,\n]", "[[1], [2, [3]]]", "{}", "{ }", "{a=1}", "{a=1,}",
    "{ a = 1, a = 2 }", "{ a.b = 1 }", '{ "a" = 1 }', "{ a = [\n1] }", "{ a = { b = {} } }",
    "[" * 20 + "]" * 20, '{ by = "Ali", card = "8S" }', '{ by = "A}li" }', "=", "",
]  # fmt: skip


def same(a: Any, b: Any, ordered: bool = True) -> bool:
    """Equal values of the same types (``True`` is not ``1``, a date-time not a date), the
    keys of every table in the same order (unless not ``ordered``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        keys = list(a) == list(b) if ordered else a.keys() == b.keys()
        return keys and all(same(a[k], b[k], ordered) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y, ordered) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def enriched(data: dict[str, Any], rng: random.Random) -> str:
    """A sample written again with the things tomli-w escapes, quotes or splits."""
    data = dict(data)
    data["event"] = rng.choice(['Café "Nord", table\t3 \\ back', "a\nb\x1b[2J\x7f", "٣ ♥ 𝄞"])
    data["date"] = datetime.date(2026, rng.randint(1, 12), rng.randint(1, 28))
    deals = [dict(d) for d in data.get("deals", [])]
    if deals:
        first = deals[0]
        plays = [dict(p) for p in first["plays"]]
        if plays:
            plays[0]["note"] = "a long note, so that tomli-w writes [[deals.plays]] tables " * 2
            plays[-1] = {"by": plays[-1]["by"], "claim": True}
        first["plays"] = plays
        first["note"] = 'quoted "note" with \\ and \u00e9'
        first["score"] = {"Ali & Hoda": 45, "Zoë": -3, "": 0}
        deals[0] = first
        data["deals"] = deals
    return tomli_w.dumps(data)


def one_line(text: str) -> str:
    """tomli-w's multi-line arrays put on one line, as a person might write them."""
    return text.replace("[\n    ", "[").replace(",\n    ", ", ").replace(",\n]", "]")


def seeds() -> list[str]:
    paths = sorted((ROOT / "sample_games").glob("*.toml"))
    paths += sorted((ROOT / "tests").rglob("*.toml"))
    texts = [p.read_text("utf-8") for p in paths]
    rng = random.Random(0)
    for text in texts[:19]:
        texts.append(enriched(tomllib.loads(text), rng))
    texts += [one_line(t) for t in texts[:6]]
    return texts


def window(text: str, rng: random.Random) -> str:
    """A run of whole statements of ``text`` (never half an array)."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line[:1] not in (" ", "]")]
    first = rng.randrange(len(starts))
    last = first + rng.randint(1, 12)
    end = starts[last] if last < len(starts) else len(lines)
    return "\n".join(lines[starts[first] : end])


def mutate(text: str, rng: random.Random, pool: list[str]) -> str:
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        at = rng.randrange(len(text) + 1)
        kind = rng.randrange(7)
        if kind == 0:  # insert
            chars = [rng.choice(ALPHABET) for _ in range(rng.randint(1, 4))]
            text = text[:at] + "".join(chars) + text[at:]
        elif kind == 1:  # delete
            text = text[:at] + text[at + rng.randint(1, 8) :]
        elif kind == 2:  # replace one character, now and then by any character
            char = rng.choice(ALPHABET) if rng.random() < 0.8 else chr(rng.randrange(0x110000))
            text = text[:at] + char + text[at + 1 :]
        elif kind == 3:  # a line again (a duplicate key, a table opened twice)
            lines = text.split("\n")
            line = rng.choice(lines)
            lines.insert(rng.randrange(len(lines) + 1), line)
            text = "\n".join(lines)
        elif kind == 4:  # a piece of another log
            other = rng.choice(pool)
            start = rng.randrange(len(other))
            text = text[:at] + other[start : start + rng.randint(1, 120)] + text[at:]
        else:  # a value of another kind
            lines = text.split("\n")
            keyed = [i for i, line in enumerate(lines) if " = " in line]
            if keyed:
                i = rng.choice(keyed)
                key, _, rest = lines[i].partition(" = ")
                if rest.startswith("{") or rng.random() < 0.5:
                    lines[i] = f"{key} = {rng.choice(VALUES)}"
                else:  # inside an inline table, or after the value
                    cut = rng.randrange(len(rest) + 1)
                    lines[i] = f"{key} = {rest[:cut]}{rng.choice(VALUES)}{rest[cut:]}"
                text = "\n".join(lines)
    return text


def classify(text: str) -> str:
    """``refused``, ``left``, ``equal`` or ``DISAGREE`` (see the module's docstring)."""
    try:
        ours = loads_canonical(text)
    except Exception:  # it must never raise
        return "DISAGREE"
    try:
        theirs: dict[str, Any] | None = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        theirs = None
    if theirs is None:
        return "refused" if ours is None else "DISAGREE"
    if ours is None:
        return "left"
    return "equal" if same(ours, theirs) else "DISAGREE"


def run(
    inputs: int, seed: int, progress: bool = False
) -> tuple[collections.Counter[str], list[str]]:
    rng = random.Random(seed)
    pool = seeds()
    counts: collections.Counter[str] = collections.Counter()
    disagreements: list[str] = []
    for k in range(inputs):
        text = rng.choice(pool)
        if rng.random() < 0.85:
            text = window(text, rng)
        text = mutate(text, rng, pool)
        verdict = classify(text)
        counts[verdict] += 1
        if verdict == "DISAGREE" and len(disagreements) < 20:
            disagreements.append(text)
        if progress and (k + 1) % 100_000 == 0:
            print(f"  {k + 1} inputs: {dict(counts)}", file=sys.stderr, flush=True)
    return counts, disagreements


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    counts, disagreements = run(args.inputs, args.seed, progress=True)
    print(
        f"{args.inputs} inputs (seed {args.seed}) in {time.monotonic() - started:.0f} s: "
        f"{counts['refused']} refused by tomllib, {counts['left']} left to tomllib, "
        f"{counts['equal']} equal, {counts['DISAGREE']} DISAGREE"
    )
    for text in disagreements:
        print(f"DISAGREE: {text[:400]!r}")
    return 1 if counts["DISAGREE"] else 0


if __name__ == "__main__":
    sys.exit(main())
