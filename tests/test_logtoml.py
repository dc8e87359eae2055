"""referee.log.tomlread against tomllib: every log the project holds takes the fast path and reads
exactly as tomllib reads it; random logs written by tomli-w read back; mutated logs are
read as tomllib reads them or refused; what the subset leaves out is refused; the reading
is linear; and tomllib is imported only for what the fast path refuses."""

from __future__ import annotations

import datetime
import random
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.log.file import parse_bytes
from referee.log.tomlread import MAX_DEPTH, loads_canonical
from scripts.fuzz_logtoml import classify, mutate, one_line, same, seeds, window

from .conftest import FIXTURES, ROOT, SAMPLES

SHARED = ROOT.parent / "shared" / "examples"  # beside the repository, as CI lays it
LOGS = sorted([*SAMPLES.glob("*.toml"), *(ROOT / "tests").rglob("*.toml"), *SHARED.rglob("*.toml")])


def test_the_logs_are_found() -> None:
    assert len(list(SAMPLES.glob("*.toml"))) >= 19 and len(list(FIXTURES.glob("*.toml"))) >= 12


@pytest.mark.parametrize("path", LOGS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_log_takes_the_fast_path(path: Path) -> None:
    text = path.read_text("utf-8")
    ours = loads_canonical(text)
    assert ours is not None
    assert same(ours, tomllib.loads(text))
    assert parse_bytes(text.encode()) == (ours, [])


def test_the_enriched_logs_take_the_fast_path() -> None:
    """The fuzzer's seeds: the samples with escapes, quoted keys, a date, a claim, a play
    too long to be inline (``[[deals.plays]]``), and tomli-w's arrays on one line."""
    texts = seeds()
    assert any("[[deals.plays]]" in t for t in texts) and any("date = " in t for t in texts)
    for text in texts:
        ours = loads_canonical(text)
        assert ours is not None and same(ours, tomllib.loads(text)), text[:200]


# Random documents in the shape of a log, through tomli-w.
TEXT = st.text(max_size=12) | st.sampled_from(["Ali", "Omar", "Ali & Hoda", "Zoë", "", "7D"])
KEY = TEXT | st.sampled_from(["by", "card", "cards", "takes", "note", "claim", "forfeit"])
INT = st.integers(-(10**18) + 1, 10**18 - 1) | st.integers(-3, 200)
SCALAR = st.booleans() | INT | TEXT | st.dates()
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEY, inner, max_size=3),
    max_leaves=8,
)
CARDS = st.text(alphabet="AKQJ1098765432SHDC ", max_size=20)
PLAY = st.dictionaries(KEY, SCALAR, min_size=1, max_size=4) | st.fixed_dictionaries(
    {"by": TEXT, "card": CARDS}, optional={"takes": CARDS, "note": TEXT}
)
DEAL = st.fixed_dictionaries(
    {"dealer": TEXT, "plays": st.lists(PLAY, max_size=6)},
    optional={
        "floor": CARDS,
        "hands": st.dictionaries(TEXT, CARDS, max_size=4),
        "note": st.text(max_size=120),
        "score": st.dictionaries(TEXT, INT, max_size=4),
        "extra": VALUE,
    },
)
LOG = st.fixed_dictionaries(
    {
        "format": st.just("referee-match"),
        "version": INT,
        "game": TEXT,
        "variant": TEXT,
        "players": st.lists(TEXT, max_size=5),
        "rules": st.dictionaries(KEY, SCALAR, max_size=6),
    },
    optional={
        "event": st.text(max_size=60),
        "date": st.dates(),
        "deals": st.lists(DEAL, max_size=3),
        "result": st.fixed_dictionaries(
            {}, optional={"totals": st.dictionaries(TEXT, INT, max_size=4), "winner": TEXT}
        ),
        "extra": VALUE,
    },
)


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LOG)
def test_logs_written_by_tomli_w_read_back(data: dict[str, Any]) -> None:
    assume(depth(data) <= MAX_DEPTH)
    text = tomli_w.dumps(data)
    ours = loads_canonical(text)
    assert ours is not None, text
    assert same(ours, tomllib.loads(text))
    assert same(ours, data, ordered=False)  # tomli-w writes a table's tables last
    flat = one_line(text)  # the arrays on one line, as people write them
    assert same(loads_canonical(flat), tomllib.loads(flat)), flat


POOL = seeds()


@settings(max_examples=600, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_mutated_logs_read_as_tomllib_reads_them_or_are_refused(
    rng: random.Random, part: bool
) -> None:
    text = rng.choice(POOL)
    text = mutate(window(text, rng) if part else text, rng, POOL)
    assert classify(text) != "DISAGREE", text


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(POOL),
    st.lists(
        st.tuples(
            st.sampled_from(["insert", "delete", "replace"]),
            st.floats(0, 1),
            st.sampled_from([*" \t\n\r\"'\\#[]{}=,.-_+:0e1T", "\x00", "é", "\x7f"])
            | st.characters(),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_edited_logs_read_as_tomllib_reads_them_or_are_refused(
    text: str, edits: list[tuple[str, float, str]]
) -> None:
    for kind, where, char in edits:
        at = int(where * len(text))
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at + 1 :]
    assert classify(text) != "DISAGREE", text


def test_the_fuzzer_short_run() -> None:
    """scripts/fuzz_logtoml.py finds no disagreement, and reaches every verdict but one."""
    from scripts.fuzz_logtoml import run

    counts, disagreements = run(3000, 5)
    assert disagreements == [] and counts["DISAGREE"] == 0
    assert counts["refused"] > 100 and counts["left"] > 10 and counts["equal"] > 300


READ = [
    ("", {}),
    ("a = 1", {"a": 1}),
    ('players = ["Ali", "Omar"]\n', {"players": ["Ali", "Omar"]}),
    ("a = [ 1 , 2 , ]\n", {"a": [1, 2]}),
    ("a = [\n\n  [1, [2]],\n  [],\n]\n", {"a": [[1, [2]], []]}),
    ('a = {by="Ali",card="8S"}\n', {"a": {"by": "Ali", "card": "8S"}}),
    (
        "a = { }\nb = {}\nc = { x = { y = [true, false] } }\n",
        {"a": {}, "b": {}, "c": {"x": {"y": [True, False]}}},
    ),
    ('a = { s = "}" }\n', {"a": {"s": "}"}}),
    ('"" = 0\n"Ali & Hoda" = -45\n"a.b" = 1\n', {"": 0, "Ali & Hoda": -45, "a.b": 1}),
    ('a = "\\b\\t\\n\\f\\r\\"\\\\\\u00e9\\U0001F600"\n', {"a": '\b\t\n\f\r"\\é😀'}),
    ('a = "tab\there ♥ \u2028"\n', {"a": "tab\there ♥ \u2028"}),
    ("a = -0\nb = 0\nc = 999999999999999999\n", {"a": 0, "b": 0, "c": 999999999999999999}),
    ("date = 2026-11-27\n", {"date": datetime.date(2026, 11, 27)}),
    (
        "a = [2026-02-28, 2024-02-29 ]\n",
        {"a": [datetime.date(2026, 2, 28), datetime.date(2024, 2, 29)]},
    ),
    (
        "[a.b]\nx = 1\n[a.c]\n[[d]]\n[d.e]\n[[d]]\n[d.e]\ny = 2\n",
        {"a": {"b": {"x": 1}, "c": {}}, "d": [{"e": {}}, {"e": {"y": 2}}]},
    ),
    ('[a."b.c"]\n[[a."b.c".d]]\n', {"a": {"b.c": {"d": [{}]}}}),
    ("[x]   \nk = 1   \n", {"x": {"k": 1}}),
]


@pytest.mark.parametrize(("text", "expected"), READ)
def test_what_it_reads(text: str, expected: dict[str, Any]) -> None:
    assert same(loads_canonical(text), expected)
    assert same(tomllib.loads(text), expected)


REFUSED = {
    "a comment": "a = 1 # one\n",
    "a comment line": "# a log\na = 1\n",
    "a carriage return": "a = 1\r\n",
    "a tab": "a =\t1\n",
    "an indented key": "  a = 1\n",
    "a literal string": "a = 'x'\n",
    "a multi-line string": 'a = """x"""\n',
    "a multi-line literal": "a = '''x'''\n",
    "an escape of TOML 1.1": 'a = "\\e"\n',
    "a hex escape": 'a = "\\x41"\n',
    "a surrogate escape": 'a = "\\uD800"\n',
    "an escape past Unicode": 'a = "\\U00110000"\n',
    "a short escape": 'a = "\\u12"\n',
    "a float": "a = 1.5\n",
    "an exponent": "a = 1e3\n",
    "inf": "a = inf\n",
    "a hex integer": "a = 0x10\n",
    "underscores": "a = 1_000\n",
    "a plus sign": "a = +1\n",
    "a big integer": "a = 1000000000000000000\n",
    "a date-time": "a = 2026-11-27T10:00:00\n",
    "a date-time with a space": "a = 2026-11-27 10:00:00\n",
    "a date-time in an array": "a = [2026-11-27 10:00:00]\n",
    "a date-time inline": "a = { b = 2026-11-27 10:00:00Z }\n",
    "a time": "a = 10:00:00\n",
    "a dotted key": "a.b = 1\n",
    "a dotted key inline": "a = { b.c = 1 }\n",
    "a duplicate key": "a = 1\na = 2\n",
    "a duplicate inline key": "a = { b = 1, b = 2 }\n",
    "a duplicate play key": 'a = [{ by = "A", by = "B" }]\n',
    "a table twice": "[a]\n[a]\n",
    "a table over a value": "a = 1\n[a]\n",
    "a table after its subtable": "[a.b]\n[a]\n",
    "a table into an inline table": "a = {}\n[a.b]\n",
    "tables after an array": "a = []\n[[a]]\n",
    "a table into an array": "a = [{}]\n[a.b]\n",
    "an array of tables over a table": "[a]\n[[a]]\n",
    "a key over a subtable": "[[d]]\n[d.e]\n[[d]]\ne = 1\n[d.e]\n",
    "spaces in a header": "[ a ]\n",
    "a trailing comma inline": "a = { b = 1, }\n",
    "a newline inline": "a = { b = 1,\nc = 2 }\n",
    "nesting too deep": "a = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n",
    "an impossible date": "a = 2026-02-30\n",
    "year zero": "a = 0000-01-01\n",
    "a control in a string": 'a = "\x1b"\n',
    "a raw DEL": 'a = "\x7f"\n',
    "a newline in a string": 'a = "x\ny"\n',
    "an unclosed string": 'a = "x\n',
    "a byte-order mark": "\ufeffa = 1\n",
    "a non-ASCII bare key": "é = 1\n",
    "a leading zero": "a = 01\n",
}


@pytest.mark.parametrize("text", list(REFUSED.values()), ids=list(REFUSED))
def test_what_it_refuses(text: str) -> None:
    """None, whether tomllib reads the text or not: tomllib then decides."""
    assert loads_canonical(text) is None


def test_the_refusals_tomllib_reads_are_read_the_same_through_parse_bytes() -> None:
    for text in REFUSED.values():
        try:  # parse_bytes reads past a byte-order mark
            expected: dict[str, Any] | None = tomllib.loads(text.removeprefix("\ufeff"))
        except (tomllib.TOMLDecodeError, ValueError):
            expected = None
        data, problems = parse_bytes(text.encode())
        assert same(data, expected), text
        assert (problems == []) == (expected is not None)


def cpu(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


LINEAR = {
    "tables on one line": lambda n: "a = [" + '{ by = "A}", card = "8S" }, ' * n + "]\n",
    "compact tables": lambda n: "a = [" + "{b=1,c=[2]}," * n + "]\n",
    "unclosed tables": lambda n: "a = [" + "{ b = 1, " * n + "\n",
    "escaped quotes": lambda n: 'a = "' + '\\"' * n + '"\n',
    "escapes then a far quote": lambda n: 'a = "' + "\\n" * n + "x" * (4 * n) + '"\n',
    "an unclosed string": lambda n: 'a = "' + "x\\t" * n + "\n",
    "a long string": lambda n: 'a = "' + "x" * (20 * n) + '"\n',
    "many keys": lambda n: "".join(f'k{i} = "v"\n' for i in range(n)),
    "many headers": lambda n: "".join(f"[[d]]\n[d.e]\nx = {i}\n" for i in range(n)),
    "a long header": lambda n: "[" + ".".join(["a"] * n) + "]\n",
    "a long array": lambda n: "a = [\n" + "    1,\n" * n + "]\n",
}


@pytest.mark.parametrize("shape", list(LINEAR.values()), ids=list(LINEAR))
def test_linear_time(shape: Callable[[int], str]) -> None:
    """Eight times the text takes about eight times as long (a quadratic reading would take
    64 times): the bound, 24 times and 5 ms, leaves room for a busy machine."""
    small, large = shape(4000), shape(32000)
    assert len(large) > 7 * len(small)
    loads_canonical(small)
    short, long = cpu(lambda: loads_canonical(small)), cpu(lambda: loads_canonical(large))
    assert long < 24 * short + 0.005, (short, long)


def test_tomllib_only_on_the_fallback_and_datetime_only_for_a_date() -> None:
    sample = SAMPLES / "kozel-classic-4p.toml"
    code = (
        "import sys\n"
        "from referee.log.tomlread import loads_canonical\n"
        "loads_canonical('a = [1, { b = \"c\" }]\\n')\n"
        "print('datetime' in sys.modules)\n"
        "loads_canonical('a = 2026-11-27\\n')\n"
        "print('datetime' in sys.modules)\n"
        "from referee.log.file import parse_bytes\n"
        f"data, problems = parse_bytes(open({str(sample)!r}, 'rb').read())\n"
        "print(data is not None and problems == [], 'tomllib' in sys.modules)\n"
        "data, problems = parse_bytes(b'a = 1 # a comment\\n')\n"
        "print(data, problems, 'tomllib' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split("\n")
    assert out[:4] == ["False", "True", "True False", "{'a': 1} [] True"]
