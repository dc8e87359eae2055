"""Each game owns its knowledge (issue 19): outside ``referee/games/`` no module branches on
a game or a game family by name. The registry, which names the games, and the words layer,
which keeps one table of sentences per family, are the places that may; everything else
asks the registry's declarations (set-up keys, a pot, sweeps) or the game's own values."""

from __future__ import annotations

import ast
from pathlib import Path

from referee.registry import GAMES

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
ALLOWED = ("games", "locale")  # where games are named by design: their own packages
FAMILIES = ("fishing", "trick")
NAMES = frozenset((*GAMES, *FAMILIES))


def _named(node: ast.AST) -> list[str]:
    """The game or family names a comparison operand spells: a string, or a tuple, list or
    set of strings."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value in NAMES else []
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [n for e in node.elts for n in _named(e)]
    return []


def branches(source: str) -> list[tuple[int, str]]:
    """Every place ``source`` compares with a game's name (``==``, ``!=``, ``in``, a
    ``case``) or keys a table by one: its line and the name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        operands: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.MatchValue):
            operands = [node.value]
        elif isinstance(node, ast.Dict):
            operands = [k for k in node.keys if k is not None]
        found.extend((o.lineno, n) for o in operands for n in _named(o))
    return found


def modules() -> list[Path]:
    """referee's modules outside the games, the registry and the words layer."""
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] not in ALLOWED
    ]


def test_the_check_sees_a_branch() -> None:
    source = (
        'if game == "bura":\n    pass\n'
        'ok = spec.name in ("basra", "pasur")\n'
        'match family:\n    case "trick":\n        pass\n'
        'words = {"kozel": 1}\n'
        'fine = key == "floor" or name != "Ali"\n'
    )
    assert sorted(branches(source)) == [
        (1, "bura"),
        (3, "basra"),
        (3, "pasur"),
        (5, "trick"),
        (7, "kozel"),
    ]


def test_no_game_branch_outside_the_games() -> None:
    checked = modules()
    assert any(p.name == "match.py" for p in checked) and not any(
        "games" in p.relative_to(PACKAGE).parts for p in checked
    )
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {name!r}"
        for path in checked
        for line, name in branches(path.read_text(encoding="utf-8"))
    ]
    assert not found, "a game named outside referee/games/:\n" + "\n".join(found)


def test_the_record_values_hold_no_game_slot() -> None:
    """A deal's set-up, what a deal carries on and what its result passes on are the game's
    own mappings: no slot of the record values is a game's set-up key or carry."""
    from referee.games.base import DealResult, MatchSoFar
    from referee.record import Deal

    setup_keys = {key for spec in GAMES.values() for key in spec.setup}
    assert not setup_keys & set(Deal.__slots__)
    assert set(MatchSoFar.__slots__) == {"totals", "deal_number", "carried"}
    assert set(DealResult.__slots__) == {
        "score",
        "breakdown",
        "next_dealer",
        "winner",
        "how",
        "carried",
        "tallies",
    }
