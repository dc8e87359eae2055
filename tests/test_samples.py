"""sample_games/: every log verifies, is canonical, and the two marked samples' scores agree
with a recount written here independently of the engine (default rules only)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from .conftest import SAMPLES, json_lines, run

ALL = sorted(SAMPLES.glob("*.toml"))


def test_every_game_and_variant_has_a_sample() -> None:
    from referee.registry import GAMES

    names = {p.stem.rsplit("-", 1)[0] for p in ALL}
    for game, variants in ((g, s.variants) for g, s in GAMES.items()):
        for variant in variants:
            assert f"{game}-{variant}" in names
    counts = {p.stem.rsplit("-", 1)[1] for p in ALL if not p.stem.startswith("bura")}
    assert counts == {"2p", "3p", "4p"}


@pytest.mark.parametrize("log", ALL, ids=lambda p: p.stem)
def test_sample_verifies_and_is_complete(log: Path) -> None:
    result = run("verify", str(log), "--json")
    assert json_lines(result.stdout)[0]["ok"] is True, result.stdout
    score = run("score", str(log), "--json")
    assert '"complete": true' in score.stdout


@pytest.mark.parametrize("log", ALL, ids=lambda p: p.stem)
def test_sample_is_canonical(log: Path) -> None:
    result = run("export", str(log))
    assert result.exit_code == 0
    assert result.stdout_bytes == log.read_bytes()


def recount(data: dict, game: str) -> list[dict[str, int]]:  # type: ignore[type-arg]
    """Count each deal's points from the record alone: piles from `takes`, the residue to
    the last capturer, sweeps by the default rules (Basra egyptian, Pasur standard)."""
    players = data["players"]
    n = len(players)
    out = []
    for deal in data["deals"]:
        floor = deal["floor"].split()
        piles: dict[str, list[str]] = {p: [] for p in players}
        sweeps = dict.fromkeys(players, 0)
        last = None
        plays = deal["plays"]
        last_round_from = len(plays) - 4 * n
        for i, play in enumerate(plays):
            card, takes = play["card"], play.get("takes", "").split()
            if not takes:
                floor.append(card)
                continue
            before = len(floor)
            floor = [c for c in floor if c not in takes]
            piles[play["by"]] += [card, *takes]
            last = play["by"]
            if floor:
                continue
            if game == "basra":
                if card[0] == "J":
                    sweeps[last] += before == 1
                else:
                    sweeps[last] += 1
            elif card[0] != "J" and i < last_round_from:
                sweeps[last] += 1
        if last is not None:
            piles[last] += floor
        scores = {}
        for p in players:
            pile = piles[p]
            pts = 3 * ("10D" in pile) + 2 * ("2C" in pile)
            pts += sum(1 for c in pile if c[0] in "AJ")
            if game == "basra":
                most = max(len(v) for v in piles.values())
                alone = sum(1 for v in piles.values() if len(v) == most) == 1
                pts += 30 * (len(pile) == most and alone) + 10 * sweeps[p]
            else:
                clubs = {q: sum(1 for c in v if c.endswith("C")) for q, v in piles.items()}
                top = max(clubs.values())
                leaders = [q for q, v in clubs.items() if v == top]
                if len(leaders) == 1:
                    pts += 7 * (p == leaders[0])
                elif n == 3:
                    pts += 7 * (p not in leaders)
                pts += 5 * sweeps[p]
            scores[p] = pts
        out.append(scores)
    return out


@pytest.mark.parametrize("name", ["basra-egyptian-2p", "pasur-standard-3p"])
def test_recount_agrees(name: str) -> None:
    path = SAMPLES / f"{name}.toml"
    data = tomllib.loads(path.read_text())
    assert "recounted" in data["deals"][0]["note"]
    stored = [d["score"] for d in data["deals"]]
    assert recount(data, name.split("-")[0]) == stored
