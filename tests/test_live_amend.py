"""`amend` inside `referee live` (issue 23): replace, insert before and delete any entry by
its deal and entry, as `referee amend` does (everything after it checked again, nothing
written when a later entry becomes illegal), and `amend undo` takes the change back."""

from __future__ import annotations

from pathlib import Path

from referee.cli.commands.live import Live
from referee.log.file import load
from referee.table.session import Table

DEAL = ["deal 5H 3C 9D KS buried JD dealer Omar", "8S 5H 3C", "KD KS", "4C -"]


def session(tmp_path: Path) -> tuple[Live, list[str]]:
    Table(tmp_path / "match.toml").create("basra", ["Ali", "Omar"], None, {}, None, None)
    said: list[str] = []
    live = Live(tmp_path / "match.toml", said.append)
    for line in DEAL:
        live.handle(line)
    said.clear()
    return live, said


def plays(tmp_path: Path) -> list[str]:
    match, problems = load(tmp_path / "match.toml")
    assert match is not None and not problems
    return [f"{e.by} {e.card} {' '.join(map(str, e.takes))}".strip() for e in match.deals[0].plays]  # type: ignore[attr-defined]


BEFORE = ["Ali 8S 5H 3C", "Omar KD KS", "Ali 4C"]


def test_replace_then_undo(tmp_path: Path) -> None:
    live, said = session(tmp_path)
    live.handle("amend deal 1 play 2 KD -")
    assert plays(tmp_path) == ["Ali 8S 5H 3C", "Omar KD", "Ali 4C"]
    assert said[0] == "Amended deal 1, entry 2: Omar KD takes KS → Omar KD (trail)."
    assert said[1] == "To take it back: amend undo"
    live.handle("amend undo")
    assert plays(tmp_path) == BEFORE


def test_delete_insert_and_undo_in_order(tmp_path: Path) -> None:
    live, said = session(tmp_path)
    live.handle("amend deal 1 play 3 delete")
    assert plays(tmp_path) == BEFORE[:2]
    live.handle("amend deal 1 play 3 insert 4C -")
    assert plays(tmp_path) == BEFORE
    live.handle("amend undo")  # the insertion taken back first
    assert plays(tmp_path) == BEFORE[:2]
    live.handle("amend undo")
    assert plays(tmp_path) == BEFORE
    said.clear()
    live.handle("amend undo")
    assert said == ["referee: usage: no amendment to take back in this session"]


def test_an_insert_gives_the_later_plays_to_the_player_whose_turn_it_is(tmp_path: Path) -> None:
    """Issue 37: the later plays keep their cards and captures and follow the turn."""
    live, said = session(tmp_path)
    live.handle("amend deal 1 play 1 insert 6H -")
    assert plays(tmp_path) == ["Ali 6H", "Omar 8S 5H 3C", "Ali KD KS", "Omar 4C"]
    assert said[:5] == [
        "Inserted at deal 1, entry 1: Ali 6H (trail).",
        "3 later plays now go to the player whose turn it is:",
        "  entry 2: Ali 8S takes 5H 3C → Omar 8S takes 5H 3C",
        "  entry 3: Omar KD takes KS → Ali KD takes KS",
        "  entry 4: Ali 4C (trail) → Omar 4C (trail)",
    ]
    assert said[5] == "To take it back: amend undo"
    live.handle("amend undo")
    assert plays(tmp_path) == BEFORE


def test_a_change_that_makes_a_later_entry_illegal_writes_nothing(tmp_path: Path) -> None:
    live, said = session(tmp_path)
    before = (tmp_path / "match.toml").read_bytes()
    live.handle("amend deal 1 play 2 insert KH KS")
    assert said[0].startswith(
        "referee: [basra.capture.group] (deal 1, play 2, deals[0].plays[1]): "
    )
    assert "gives entry 2 (Omar KD takes KS) to Ali, whose turn it then is" in said[0]
    assert "nothing was written: amend or delete entry 2 first" in said[0]
    assert (tmp_path / "match.toml").read_bytes() == before
    said.clear()
    live.handle("amend undo")  # nothing was amended
    assert said == ["referee: usage: no amendment to take back in this session"]


def test_an_amendment_that_changes_nothing_writes_nothing(tmp_path: Path) -> None:
    live, said = session(tmp_path)
    before = (tmp_path / "match.toml").read_bytes()
    live.handle("amend deal 1 play 2 KD KS")
    assert said == [
        "Nothing changed: deal 1, entry 2 already records Omar KD takes KS; nothing was written."
    ]
    assert (tmp_path / "match.toml").read_bytes() == before
    said.clear()
    live.handle("amend undo")
    assert said == ["referee: usage: no amendment to take back in this session"]


def test_the_form_is_checked_and_in_help(tmp_path: Path) -> None:
    live, said = session(tmp_path)
    live.handle("amend deal x play 1 delete")
    assert said == ["referee: usage: deal: expected a whole number from 1, found 'x'"]
    said.clear()
    live.handle("amend play 1 delete")
    assert said == ["referee: usage: see help for the form of amend"]
    said.clear()
    live.handle("help")
    assert "amend deal 2 play 5 delete" in said[-1] and "amend undo" in said[-1]
    assert plays(tmp_path) == BEFORE
