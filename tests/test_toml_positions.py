"""A TOML mistake is reported at its real line and column (issue 23): tomllib's own
position, the last character when it stopped at the end of the document (it said line 1,
column 1), and for an unclosed array or inline table the bracket that opened it."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.log.file import parse_bytes

from .conftest import run

BROKEN = [
    # an array never closed, the file ending on its line: at its "[", line 2 column 11
    ('game = "basra"\nplayers = ["Ali", "Omar"', (2, 11), "still open at line 2, column 25"),
    # never closed, tomllib stopping at the next table: the opening bracket still
    ('game = "basra"\nplayers = ["Ali", "Omar"\n\n[[deals]]\n', (2, 11), "line 4, column 1"),
    # brackets inside a string and a comment are no brackets
    (
        'game = "basra"\nplayers = ["A]i", "Omar" # a ] here\nnote = "[ ]"\n',
        (2, 11),
        "still open at line 3",
    ),
    ('game = "basra"\nrules = {a = 1\n', (2, 9), "Unclosed inline table"),
    # closed arrays, a mistake elsewhere: tomllib's position as it is
    ('game = "basra"\nplayers = [\n  "Ali",\n  "Om\\"ar",\n]\n[x\n', (6, 3), "table declaration"),
    ('game = "basra"\nvariant = \n', (2, 11), "Invalid value"),
    ('game = "basra"\nvariant = "x', (2, 13), "Unterminated string"),  # at its end
]


@pytest.mark.parametrize(("text", "where", "said"), BROKEN)
def test_the_real_line_and_column(text: str, where: tuple[int, int], said: str) -> None:
    mapping, problems = parse_bytes(text.encode())
    assert mapping is None and len(problems) == 1
    p = problems[0]
    assert (p.rule, p.line, p.column) == ("log.toml", *where)
    assert said in p.message


def test_verify_names_the_line(tmp_path: Path) -> None:
    log = tmp_path / "broken.toml"
    log.write_text('game = "basra"\nplayers = ["Ali", "Omar"\n', encoding="utf-8")
    done = run("verify", str(log))
    assert done.exit_code == 1
    assert "[log.toml] (line 2, column 11): not valid TOML: Unclosed array" in done.output
