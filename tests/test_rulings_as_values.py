"""Rulings travel as values to the edge: a refusal keeps its rule, its fact and its legal
plays as values until the edge says them (``verify``, the table) or writes them (``verify
--json``'s ``legal`` and ``more``, the objects ``options --json`` prints;
:func:`referee.words.rulings.refusal_json`); the tournament keeps a table's problem as a
value and says it where it is shown."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from referee.log.file import dumps, load
from referee.problems import Problem, RefereeError
from referee.table.session import Table
from referee.words.rulings import refusal_json

from .conftest import FIXTURES, json_lines, run

BASRA = FIXTURES / "basra-egyptian-2p.one-mistake.toml"  # deal 1, play 9: 9C takes 9H AH 5C
KOZEL = FIXTURES / "kozel-classic-2p.one-mistake.toml"  # deal 1, play 18: two cards on one
FISHING_KEYS = ["card", "takes", "choose", "ways", "sweep", "trail"]


def verified(*logs: Path, jobs: str = "1") -> list[dict[str, Any]]:
    done = run("verify", *map(str, logs), "--json", "--jobs", jobs)
    assert done.exit_code == 1, done.output
    return json_lines(done.stdout)


def before_the_mistake(log: Path, folder: Path, deal: int, play: int) -> Path:
    """The log cut just before entry ``play`` of deal ``deal``: the table at that moment."""
    match, _ = load(log)
    assert match is not None
    cut = match.prefix(deal - 1, play - 1)
    out = folder / "table.toml"
    out.write_bytes(dumps(cut))
    return out


def options_json(log: Path, *args: str) -> dict[str, Any]:
    done = run("options", *args, "--json", "--all", "-f", str(log))
    assert done.exit_code == 0, done.output
    out = json.loads(done.stdout)
    assert isinstance(out, dict)
    return out


def test_verify_json_gives_the_legal_plays_as_options_json_objects(tmp_path: Path) -> None:
    """The one-mistake Basra log: the message is the ruling alone; ``legal`` holds the
    objects ``options 9C --json`` prints at that moment, in its order; ``more`` counts the
    rest (none here)."""
    (report,) = verified(BASRA)
    problem = report["problems"][0]
    assert problem["rule"] == "basra.capture.group"
    assert problem["message"] == "9H AH 5C is not a union of groups a 9 can take"
    assert problem["more"] == 0
    assert [list(p) for p in problem["legal"]] == [FISHING_KEYS] * 6
    assert problem["legal"][0]["takes"] == ["9H", "3C", "AH", "5C"]
    assert problem["legal"][-1]["trail"] is True
    listed = options_json(before_the_mistake(BASRA, tmp_path, 1, 9), "9C")
    assert listed["options"] == problem["legal"] and listed["total"] == 6


def test_verify_says_the_legal_plays_in_words_as_before() -> None:
    done = run("verify", str(BASRA))
    assert done.exit_code == 1
    assert done.stdout.endswith(
        "9♥ A♥ 5♣ is not a union of groups a 9 can take; legal: takes A♥ 3♣ 5♣ 9♥, "
        "takes A♥ 8♣ 9♥, takes A♥ 3♣ 5♣, takes A♥ 8♣, takes 9♥, trail\n"
    )


def test_a_trick_refusal_lists_the_players_plays(tmp_path: Path) -> None:
    """Kozel, hands recorded: a follow of two cards on a one-card lead is refused with
    Misha's legal follows, the one that takes the trick first, as ``options --json``
    gives them; the table says them in words."""
    (report,) = verified(KOZEL)
    problem = report["problems"][0]
    assert (problem["rule"], problem["more"]) == ("kozel.follow", 0)
    assert problem["message"] == "1 card was led, so Misha plays 1, not 2"
    assert problem["legal"] == [
        {"cards": ["8C"], "beats": True},
        {"cards": ["10S"], "beats": False},
        {"cards": ["10D"], "beats": False},
        {"cards": ["9S"], "beats": False},
    ]
    table = before_the_mistake(KOZEL, tmp_path, 1, 18)
    assert options_json(table)["plays"] == problem["legal"]
    refused = run("play", "10S", "10D", "-f", str(table))
    assert refused.exit_code == 1
    assert refused.stderr.endswith("not 2; legal: 8♣, 10♠, 10♦, 9♠\n"), refused.stderr


def test_a_refusal_that_is_not_about_the_cards_has_no_legal_plays(tmp_path: Path) -> None:
    """A play out of turn is a ruling on an entry: ``legal`` is empty, ``more`` 0."""
    match, _ = load(before_the_mistake(BASRA, tmp_path, 1, 9))
    assert match is not None
    again = match.deals[0].plays[-1]  # the last player, once more
    assert again is not None
    match.deals[0].plays.append(again)
    log = tmp_path / "turn.toml"
    log.write_bytes(dumps(match))
    (report,) = verified(log)
    problem = report["problems"][0]
    assert (problem["rule"], problem["legal"], problem["more"]) == ("turn.order", [], 0)


def test_a_problem_that_is_not_a_ruling_has_no_legal_key(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    log.write_text(BASRA.read_text().replace('dealer = "Ali"', 'dealer = "Zed"', 1))
    (report,) = verified(log)
    assert [p["rule"] for p in report["problems"]] == ["log.players"]
    assert all("legal" not in p and "more" not in p for p in report["problems"])


def test_many_logs_on_worker_processes_keep_their_legal_plays(tmp_path: Path) -> None:
    """Eight logs and more are verified on worker processes: the refusals, with their
    plays as values, travel back from them whole."""
    logs = []
    for k in range(8):
        copy = tmp_path / f"m{k}.toml"
        shutil.copy(BASRA if k % 2 else KOZEL, copy)
        logs.append(copy)
    reports = verified(*logs, jobs="2")
    assert [len(r["problems"][0]["legal"]) for r in reports] == [4, 6] * 4


def test_refusal_json_is_what_a_program_reads_of_a_refused_play(tmp_path: Path) -> None:
    """The table service refuses a play with a problem; ``refusal_json`` writes it (what
    ``serve`` answers beside ``"ok": false``): the same fields as ``verify --json``."""
    table = before_the_mistake(BASRA, tmp_path, 1, 9)
    with pytest.raises(RefereeError) as refused:
        Table(table).play(cards("9C"), cards("9H AH 5C"), False, None)
    (problem,) = refused.value.problems
    (report,) = verified(BASRA)
    expected = {k: report["problems"][0][k] for k in ("rule", "message", "legal", "more")}
    assert refusal_json(problem) == expected
    assert list(refusal_json(problem)) == ["rule", "message", "legal", "more"]


def cards(text: str) -> tuple[Any, ...]:
    from referee.cards import parse_cards

    return tuple(parse_cards(text))


def test_the_tournament_keeps_a_tables_problem_as_a_value(tmp_path: Path) -> None:
    """The store hands over the first problem of a table's log as a :class:`Problem`; the
    status says it in words only where it shows it."""
    from referee.tournament.store import facts_of

    log = tmp_path / "t.toml"
    shutil.copy(BASRA, log)
    match, _ = load(log)
    assert match is not None
    facts = facts_of(log, "basra", "egyptian", list(match.players), dict(match.rules))
    assert facts is not None and isinstance(facts.problem, Problem)
    assert facts.problem.rule == "basra.capture.group" and facts.problem.legal
    clean = FIXTURES / "basra-egyptian-2p.toml"
    other = facts_of(clean, "pasur", "standard", list(match.players), dict(match.rules))
    assert other is not None and other.problem is not None
    assert other.problem.rule == "tournament.table"
    assert "the log is Basra (Egyptian), the table plays Pasur" in str(other.problem)
