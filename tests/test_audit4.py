"""Issue 40, the fourth audit's loose ends: a buried (or returned) card also on the final
floor is ``card.duplicate`` first, on every path; and a forfeit is said in ``score --json``
(with export, the sheets and standings agreeing). Each case as a user types it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import basra_log, json_lines, log_text, run


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
    assert "2♥" in said  # the suits, as everything a person reads
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


# --- a forfeit in score --json ----------------------------------------------------------------

KOZEL_FORFEIT = log_text(
    "kozel",
    [("Misha", {"trump": '"9H"'}, '{ by = "Katya", forfeit = "drew out of turn" },')],
    '["Misha", "Katya"]',
)
BURA_FORFEIT = log_text(
    "bura",
    [("Ivan", {"trump": '"9H"'}, '{ by = "Petr", forfeit = "drew out of turn" },')],
    '["Ivan", "Petr"]',
)


def score_json(path: Path) -> dict[str, Any]:
    result = run("score", str(path), "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize(
    ("text", "forfeiter", "other", "points"),
    [
        (KOZEL_FORFEIT, "Katya", "Misha", {"Katya": 6, "Misha": 0}),
        (BURA_FORFEIT, "Petr", "Ivan", {"Petr": 0, "Ivan": 2}),
    ],
)
def test_score_json_says_which_side_forfeited(
    tmp_path: Path, text: str, forfeiter: str, other: str, points: dict[str, int]
) -> None:
    log = tmp_path / "m.toml"
    log.write_text(text)
    (deal,) = score_json(log)["deals"]
    assert deal["score"] == points
    assert deal["breakdown"][forfeiter]["forfeit"] is True
    assert "forfeit" not in deal["breakdown"][other]


@pytest.mark.parametrize(("game", "n"), [("kozel", 4), ("kozel", 3), ("bura", 3)])
def test_only_the_side_that_forfeited_is_marked(tmp_path: Path, game: str, n: int) -> None:
    """Over simulated matches (whose players sometimes forfeit): a deal's breakdown marks
    exactly the side of its forfeit entry, and no deal without one."""
    from referee.log.file import dumps
    from referee.record import TrickEntry, side_map
    from referee.table.simulate import simulate_match

    forfeits = 0
    for seed in range(1, 6):
        match = simulate_match(game, "classic", n, seed)
        log = tmp_path / f"{seed}.toml"
        log.write_bytes(dumps(match))
        side = side_map(match.players, match.rules)
        for deal, scored in zip(match.deals, score_json(log)["deals"], strict=True):
            by = [e.by for e in deal.plays if isinstance(e, TrickEntry) and e.forfeit]
            marked = {s for s, parts in scored["breakdown"].items() if parts.get("forfeit")}
            assert marked == {side[p] for p in by}
            assert all(parts.get("forfeit", True) is True for parts in scored["breakdown"].values())
            forfeits += len(by)
    assert forfeits > 0  # the simulator's players forfeit now and then


@pytest.mark.parametrize(("game", "seed"), [("kozel", 6), ("bura", 1)])
def test_export_the_sheets_and_standings_agree_with_a_forfeit(
    tmp_path: Path, game: str, seed: int
) -> None:
    """A complete simulated match with forfeits: the exported log scores the same, each
    forfeited deal is said in words on the terminal and printed sheets, and the standings
    count the same totals."""
    from referee.log.file import dumps
    from referee.table.simulate import simulate_match

    log = tmp_path / "m.toml"
    log.write_bytes(dumps(simulate_match(game, "classic", 2, seed)))
    scored = score_json(log)
    forfeited = [
        d for d in scored["deals"] if any(b.get("forfeit") for b in d["breakdown"].values())
    ]
    assert len(forfeited) >= 2
    for side in scored["sides"]:  # the deals' scores add up to the totals, forfeits included
        assert sum(d["score"][side] for d in scored["deals"]) == scored["totals"][side]
    assert run("export", str(log), "-o", str(tmp_path / "out.toml")).exit_code == 0
    assert score_json(tmp_path / "out.toml") == scored
    said = "drew out of turn"  # the forfeit's reason, in the deal's "how it ended"
    lines = run("score", str(log)).stdout.splitlines()
    assert sum("forfeit" in line and said in line for line in lines) == len(forfeited)
    assert run("sheet", str(log), "-o", str(tmp_path / "s.html")).exit_code == 0
    assert (tmp_path / "s.html").read_text().count(said) == len(forfeited)
    standings = json.loads(run("standings", str(log), "--json").stdout)
    assert {r["name"]: r["points_for"] for r in standings["sides"]} == scored["totals"]


# --- simulate --rule --------------------------------------------------------------------------


def simulated(out: Path, *args: str) -> list[Path]:
    """`referee simulate ... --out OUT`: the logs it wrote, in order."""
    result = run("simulate", *args, "--out", str(out))
    assert result.exit_code == 0, result.output
    return sorted(out.glob("*.toml"))


def test_simulate_writes_the_overrides_in_rules(tmp_path: Path) -> None:
    from referee.log.file import load

    args = ("basra", "--players", "3", "--seed", "5", "--matches", "3")
    ruled = (*args, "--rule", "target=41", "-r", "majority_points=7", "--rule", "capture=maximal")
    logs = simulated(tmp_path / "a", *ruled)
    assert len(logs) == 3
    for log in logs:
        match, problems = load(log)
        assert match is not None and problems == []
        assert (match.rules["target"], match.rules["majority_points"]) == (41, 7)
        assert match.rules["capture"] == "maximal"
        assert match.rules["ace_points"] == 1  # the variant's value where none is given
        assert "target = 41\n" in log.read_text()
    assert verify_problems(logs[0]) == []
    result = run("verify", "--json", *map(str, logs))
    assert all(line["ok"] for line in json_lines(result.stdout)), result.stdout
    # the same arguments give the same bytes; without the overrides, other bytes
    again = simulated(tmp_path / "b", *ruled)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in logs]
    plain = simulated(tmp_path / "c", *args)
    assert [p.name for p in plain] == [p.name for p in logs]
    assert plain[0].read_bytes() != logs[0].read_bytes()


@pytest.mark.parametrize(
    "rule",
    ["target=0", "nonsense=1", "target", "partnerships=maybe", "hand_size=x", "capture=all"],
)
def test_simulate_refuses_a_rule_as_new_does(tmp_path: Path, rule: str) -> None:
    """The same usage error (exit 2, the same words) as `new --rule`, and nothing written."""
    out = tmp_path / "sim"
    refused_by_new = run(
        "new", "basra", "-p", "A", "-p", "B", "-f", str(tmp_path / "m.toml"), "--rule", rule
    )
    refused_by_simulate = run("simulate", "basra", "--out", str(out), "--rule", rule)
    assert refused_by_new.exit_code == refused_by_simulate.exit_code == 2
    assert refused_by_simulate.stderr == refused_by_new.stderr
    assert "--rule" in refused_by_simulate.stderr
    assert not out.exists() and not (tmp_path / "m.toml").exists()


def test_simulate_says_when_a_match_is_left_undecided(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parameters under which nobody ever scores: the match stops when the log is full
    (here made to hold 3 deals) and is written undecided, and simulate says so."""
    import referee.cli.commands.simulate
    import referee.log.format
    import referee.table.simulate

    monkeypatch.setattr(referee.table.simulate, "MAX_DEALS", 3)
    monkeypatch.setattr(referee.log.format, "MAX_DEALS", 3)
    monkeypatch.setattr(referee.cli.commands.simulate, "MAX_DEALS", 3)  # what it says
    zero = [f"--rule={k}=0" for k in ("ace_points", "basra_points", "jack_points")]
    zero += [
        f"--rule={k}=0" for k in ("majority_points", "ten_diamonds_points", "two_clubs_points")
    ]
    result = run("simulate", "basra", "-k", "2", "--out", str(tmp_path), *zero)
    assert result.exit_code == 0, result.output
    assert "2 matches are undecided: no side won in 3 deals" in result.stdout
    for log in sorted(tmp_path.glob("*.toml")):  # a clean log, its match still open
        assert run("verify", str(log)).stdout == f"{log}: ok (3 deals, in progress)\n"


@pytest.mark.parametrize(("players", "hand_size"), [(2, 23), (3, 1_000_000), (4, 14)])
def test_simulate_redeals_when_the_stock_cannot_replace_the_floor(
    tmp_path: Path, players: int, hand_size: int
) -> None:
    """Hands so large that the first round leaves fewer cards than a Basra floor's jacks
    and 7D need as replacements: the deal is dealt again (the simulate_overrides run found
    `simulate` ending with an internal error there), and every log verifies."""
    logs = simulated(
        tmp_path, "basra", "-n", str(players), "-k", "12", "--rule", f"hand_size={hand_size}"
    )
    assert len(logs) == 12
    lines = json_lines(run("verify", "--json", *map(str, logs)).stdout)
    assert all(line["ok"] for line in lines), lines
