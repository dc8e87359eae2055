"""Issue 40, the fourth audit's loose ends: a buried (or returned) card also on the final
floor is ``card.duplicate`` first, on every path; and a forfeit is said in ``score --json``
(with export, the sheets and standings agreeing). Each case as a user types it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import basra_log, json_lines, run


@pytest.fixture
def at_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path / "match.toml"


def verify_problems(path: Path) -> list[dict[str, Any]]:
    """The problems `referee verify --json` finds in ``path``, messages left out."""
    result = run("verify", "--json", str(path))
    (data,) = json_lines(result.stdout)
    assert result.exit_code == (0 if data["ok"] else 1), result.output
    return [{k: v for k, v in p.items() if k != "message"} for p in data["problems"]]


def refused(rule: str, *args: str) -> str:
    """The command is refused (exit 1) and its first problem cites ``rule``; its stderr."""
    result = run(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    first = next(line for line in result.stderr.splitlines() if "[" in line)
    assert f"[{rule}]" in first, result.stderr
    return str(result.stderr)


# --- a buried card that is also on the final floor ------------------------------------------

BURIED_ON_FLOOR = basra_log("", floor="2H 3C 5S KD", extra='buried = "2H"\n')
RETURNED_ON_POOL = basra_log(
    "", floor="2H 3C 5S KD", extra='returned = "2H"\n', game="pasur", variant="standard"
)


@pytest.mark.parametrize(
    ("text", "key"), [(BURIED_ON_FLOOR, "buried"), (RETURNED_ON_POOL, "returned")]
)
def test_a_set_aside_card_on_the_floor_is_card_duplicate_first(
    tmp_path: Path, text: str, key: str
) -> None:
    log = tmp_path / "m.toml"
    log.write_text(text)
    found = verify_problems(log)
    assert found[0] == {"deal": 1, "path": f"deals[0].{key}", "rule": "card.duplicate"}
    # the game's own rule on what may be set aside comes after, for the same card
    rule = "basra.deal.floor" if key == "buried" else "pasur.deal.pool"
    assert found[1:] == [{"deal": 1, "path": f"deals[0].{key}", "rule": rule}]


def test_at_the_table_a_buried_card_on_the_floor_is_card_duplicate(at_table: Path) -> None:
    assert run("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date").exit_code == 0
    before = at_table.read_bytes()
    said = refused(
        "card.duplicate", "deal", "--dealer", "Omar", "--floor", "2H 3C 5S KD", "--buried", "2H"
    )
    assert "2H" in said
    assert at_table.read_bytes() == before  # nothing written


def test_at_the_table_a_returned_card_in_the_pool_is_card_duplicate(at_table: Path) -> None:
    assert run("new", "pasur", "-p", "Ali", "-p", "Omar", "--no-date").exit_code == 0
    refused(
        "card.duplicate", "deal", "--dealer", "Omar", "--floor", "2H 3C 5S KD", "--returned", "2H"
    )


def test_amend_on_a_log_burying_a_floor_card_names_card_duplicate(at_table: Path) -> None:
    at_table.write_text(basra_log('{ by = "Ali", card = "8S", takes = "5S 3C" },', **FLOOR_2H))
    before = at_table.read_bytes()
    refused("card.duplicate", "amend", "--deal", "1", "--play", "1", "8S", "--takes", "5S 3C")
    assert at_table.read_bytes() == before


FLOOR_2H: dict[str, str] = {"floor": "2H 3C 5S KD", "extra": 'buried = "2H"\n'}
