"""The trick core shared by Bura and Kozel (referee/games/trick), exactly: the cases the
fifth mutation run (issue 36, docs/mutation.md) found no test for, through the commands a
user types: `referee verify --json` (rule, deal, play, key path, words), `referee explain
FILE --deal N` (each entry said back) and `referee score --json`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import log_text, ok, run


def kozel_log(*deals: tuple[str, str, str]) -> str:
    """A Kozel log of Misha and Katya; each deal is (dealer, trump, the body of its plays,
    with a ``hands = ...`` line first if the hands are recorded)."""
    body = []
    for dealer, trump, entries in deals:
        setup = {"trump": f'"{trump}"'}
        lines = entries.splitlines()
        if lines and lines[0].startswith("hands = "):
            setup["hands"] = lines[0].removeprefix("hands = ")
            entries = "\n".join(lines[1:])
        body.append((dealer, setup, entries))
    return log_text("kozel", body, '["Misha", "Katya"]')


def bura_log(entries: str, hands: str = "") -> str:
    """A one-deal Bura log of Ivan (dealer) and Petr, trump 9H."""
    setup = {"trump": '"9H"'}
    if hands:
        setup["hands"] = hands
    return log_text("bura", [("Ivan", setup, entries)], '["Ivan", "Petr"]')


def plays(*entries: tuple[str, str]) -> str:
    """The body of a plays array: (who, which cards) each."""
    return "\n".join(f'{{ by = "{by}", cards = "{cards}" }},' for by, cards in entries)


def written(tmp_path: Path, text: str) -> str:
    path = tmp_path / "m.toml"
    path.write_text(text, "utf-8")
    return str(path)


def problems(tmp_path: Path, text: str) -> list[dict[str, Any]]:
    """`referee verify --json` on the log ``text``: its problems (exit 1 if any)."""
    done = run("verify", written(tmp_path, text), "--json")
    found: list[dict[str, Any]] = json.loads(done.stdout)["problems"]
    assert done.exit_code == (1 if found else 0)
    return found


def said_back(tmp_path: Path, text: str, deal: int = 1) -> list[str]:
    """`referee explain FILE --deal N`: each entry of the deal as it is said back."""
    lines = ok("explain", written(tmp_path, text), "--deal", str(deal)).splitlines()
    return [" ".join(line.split()[1:]) for line in lines[1:]]


# --- entries said back -------------------------------------------------------------------


def test_a_false_claim_and_forfeits_are_said_back_as_recorded(tmp_path: Path) -> None:
    """[bura.claim] [kozel.forfeit] The deal's entries listed: a false claim "not upheld"
    with its card points; a forfeit by its player, with its reason as recorded (an empty
    one stays empty)."""
    claim = plays(("Petr", "6S"), ("Ivan", "7S")) + '\n{ by = "Ivan", claim = true },'
    assert said_back(tmp_path, bura_log(claim)) == [
        "Petr leads 6♠",
        "Ivan plays 7♠ and holds the trick — Ivan takes trick 1.",
        "claim Ivan: claims 31 with 0 card points: not upheld",
    ]
    text = kozel_log(
        ("Misha", "9C", '{ by = "Katya", forfeit = "" },'),
        ("Katya", "9C", '{ by = "Misha", forfeit = "tired" },'),
    )
    assert said_back(tmp_path, text, 1) == ["deal forfeited Katya: forfeits ()"]
    assert said_back(tmp_path, text, 2) == ["deal forfeited Misha: forfeits (tired)"]


# --- the recorded hands at set-up ----------------------------------------------------------


def test_a_short_recorded_hand_is_refused_with_its_count(tmp_path: Path) -> None:
    """[hand.count] Every player is dealt Kozel's 4: a hand of 2 is a problem of its key,
    saying how many it lists and how many were dealt."""
    text = kozel_log(("Misha", "9C", 'hands = { Misha = "6S 7S", Katya = "AS 10S KS QS" }'))
    assert problems(tmp_path, text) == [
        {
            "deal": 1,
            "path": "deals[0].hands.Misha",
            "rule": "hand.count",
            "message": "Misha's hand lists 2 cards; every player is dealt 4",
        }
    ]
