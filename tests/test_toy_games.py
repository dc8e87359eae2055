"""A game is a package and one registry line, proved by two games defined only in the
tests (tests/toygames/): Pesca, a fishing game on a 40-card deck whose sweep is a pesca,
and Fante, a trick game. Each adds itself with ``referee.registry.add(SPEC)``; Pesca's
words go through ``referee.words.sentences.register``, Fante's are named by its spec; both
go through every command as a user types it, and touch nothing of referee but its public
cores."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import registry
from referee.messages import fact
from referee.words.sentences import knows, said_text

from .conftest import ok, run
from .toygames.fante import SPEC as FANTE
from .toygames.pesca import SPEC as PESCA

TOYS = Path(__file__).resolve().parent / "toygames"


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    """The one line a game: ``registry.add``; taken out again after the test."""
    registry.add(PESCA)
    registry.add(FANTE)
    yield
    for game in (PESCA, FANTE):
        del registry.GAMES[game.name]


def test_pesca_through_every_command(tmp_path: Path) -> None:
    log = str(tmp_path / "p.toml")
    ok("new", "pesca", "-p", "Gina", "-p", "Tito", "--no-date", "-f", log)
    hands = ("--hand", "Gina=5C 7D JH", "--hand", "Tito=KS 3H 4H")
    ok("deal", "--dealer", "Tito", "--floor", "5H 3C KD 7S", *hands, "-f", log)
    assert _complete(log, "5C ", "") == ["5H"]  # live completion: the one capture of a 5
    ok("play", "5C", "--takes", "5H", "-f", log)
    refused = run("play", "4H", "--takes", "3C", "-f", log)
    assert refused.exit_code == 1
    assert refused.stderr.startswith("referee: [pesca.capture]"), refused.stderr
    assert "a 4 takes one floor card of rank 4, not 3♣; legal: trail" in refused.stderr
    ok("play", "KS", "-f", log)
    ok("play", "7D", "-f", log)
    assert "takes 3♣ (sweep)" in ok("options", "3H", "-f", log)
    options = json.loads(ok("options", "3H", "--json", "-f", log))
    assert [(o["takes"], o["sweep"]) for o in options["options"]] == [(["3C"], True)]
    said = ok("play", "3H", "-f", log)
    assert "Tito sweeps the floor: a pesca." in said  # its own sweep, in its own words
    shown = ok("show", "-f", log)
    assert "Tito 4 cards, 1 pesca" in shown and "Gina 4 cards, 0 pesche" in shown
    assert "Not yet seen (30)" in shown  # 40 cards: 4 on the floor, 6 dealt
    explained = ok("explain", log, "--deal", "1", "--play", "4")
    assert "3♥ takes the last card, 3♣: a pesca." in explained
    assert "[pesca.capture], [pesca.sweep]" in explained
    score = json.loads(ok("score", log, "--json"))
    assert score["totals"] == {"Gina": 0, "Tito": 0}
    verdict = json.loads(ok("verify", log, "--json"))
    assert verdict["ok"] is True
    sheet = tmp_path / "p.html"
    ok("sheet", log, "-o", str(sheet))
    assert "Pesca" in sheet.read_text(encoding="utf-8")
    assert _complete(log, "", "J") == ["JH"]  # live completion: Gina's last card


def test_fante_through_every_command(tmp_path: Path) -> None:
    log = str(tmp_path / "f.toml")
    ok("new", "fante", "-p", "Nina", "-p", "Ugo", "--no-date", "-f", log)
    hands = ("--hand", "Nina=AS 6H 7C", "--hand", "Ugo=10S KH 8D")
    ok("deal", "--dealer", "Ugo", "--trump", "9H", *hands, "-f", log)
    refused = run("play", "2S", "-f", log)
    assert refused.exit_code == 1 and "[card.deck]" in refused.stderr, refused.stderr
    assert "2♠ is not in Fante's 36-card deck (6 to A)" in refused.stderr  # its own words
    ok("play", "AS", "-f", log)
    assert "Ugo to beat A♠: 1 option\n  K♥" in ok("options", "-f", log)  # 9H turned up
    ok("play", "KH", "-f", log)
    assert "Nina" in ok("show", "-f", log)
    assert "[fante.lead]" in ok("explain", log, "--deal", "1", "--play", "1")
    json.loads(ok("score", log, "--json"))
    assert json.loads(ok("verify", log, "--json"))["ok"] is True
    ok("sheet", log, "-o", str(tmp_path / "f.html"))
    assert "10S" in _complete(log, "", "10")


def _complete(log: str, before: str, text: str) -> list[str]:
    """What ``referee live`` offers at Tab after ``before`` with ``text`` typed."""
    from referee.cli.commands.live import Live

    return list(Live(Path(log), lambda line: None).completions(text, before))


@pytest.mark.parametrize("game", ["pesca", "fante"])
def test_simulated_and_tallied(tmp_path: Path, game: str) -> None:
    out = tmp_path / game
    ok("simulate", game, "--players", "2", "--seed", "3", "--matches", "3", "--out", str(out))
    logs = sorted(out.glob("*.toml"))
    assert len(logs) == 3
    for line in ok("verify", *map(str, logs), "--json", "--jobs", "1").splitlines():
        assert json.loads(line)["ok"] is True
    assert json.loads(ok("standings", str(out), "--json", "--jobs", "1"))["matches"] == 3


def test_their_words_add_to_the_built_in_ones() -> None:
    """Pesca's through ``register``, Fante's by its spec's ``words``: each beside every
    built-in sentence, which still says its own."""
    assert "tests.toygames.pesca.words" not in PESCA.words  # it reached them by register
    assert said_text(fact("pesca.sweeps", n=2)) == "pesche"
    assert said_text(fact("basra.sweeps", n=2)) == "basras"
    assert said_text(fact("pasur.sweeps", n=1)) == "sur"
    assert said_text(fact("fishing.play.trail")) == "trail"
    assert knows("fante.deck") and knows("bura.deck")


STANDARD = ("__future__", "typing", "collections", "random")  # what the toys may import besides


def test_the_toy_games_touch_nothing_outside_their_package() -> None:
    """Each toy imports referee's public modules and its own package only (``import`` and
    ``from … import``), names no other game, and changes nothing of referee's (no attribute
    or item of an imported referee name is assigned); referee itself names neither (they
    are added by one line each, ``registry.add``)."""
    for path in TOYS.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for module, _names in _imports(tree):
            assert module.split(".")[0] in ("referee", *STANDARD), (path, module)
            for other in ("basra", "pasur", "bura", "kozel"):
                assert f"games.{other}" not in module, (path, module)
        from_referee = {name for module, names in _imports(tree) for name in names
                        if module.startswith("referee")}  # fmt: skip
        for node in ast.walk(tree):
            targets = (
                node.targets if isinstance(node, ast.Assign)
                else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                else []
            )  # fmt: skip
            for target in targets:
                assert _root(target) not in from_referee, (path, ast.unparse(target))
    package = Path(registry.__file__).parent
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "pesca" not in text and "fante" not in text, path


def _imports(tree: ast.AST) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each absolute import of a module: its name and the names it binds."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ((alias.asname or alias.name).split(".")[0],)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module, tuple(a.asname or a.name for a in node.names)


def _root(target: ast.expr) -> str | None:
    """The name an assignment's target changes something of (``x.y[0] = …``: ``x``), or
    None for a plain name (binding it changes nothing of anyone's)."""
    if isinstance(target, ast.Name):
        return None
    while isinstance(target, (ast.Attribute, ast.Subscript)):
        target = target.value
    return target.id if isinstance(target, ast.Name) else None
