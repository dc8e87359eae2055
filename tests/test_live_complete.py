"""Tab in `referee live` offers what is legal at that position (issue 23): the card from the
player's recorded hand or from the cards still unseen, the floor cards that complete a legal
capture after the card, the command words of this game only; a mistyped word is answered
with the command or cards it is close to. Through a real pseudo-terminal (pexpect), and
the same positions through :class:`referee.cli.commands.live.Live` directly."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.cli.commands.live import Live
from referee.log.file import load
from referee.table.session import Table

ROOT = Path(__file__).resolve().parents[1]


def start(tmp_path: Path) -> object:
    """``referee live`` on the match in ``tmp_path``, this checkout's code."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "referee", "live", "-f", str(tmp_path / "match.toml")],
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=60,  # a loaded machine starts Python slowly
        env={"TERM": "xterm", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        dimensions=(40, 120),
    )
    child.expect("type help")
    return child


pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")

DEAL = "deal 5H 3C 10D 10H dealer Omar"  # Ali leads; the unseen tens are 10S and 10C


def new(tmp_path: Path, game: str, players: list[str]) -> Path:
    tmp_path.mkdir(exist_ok=True)
    Table(tmp_path / "match.toml").create(game, players, None, {}, None, None)
    return tmp_path


def first_play(tmp_path: Path) -> tuple[str, tuple[str, ...]]:
    match, problems = load(tmp_path / "match.toml")
    assert match is not None and not problems
    entry = match.deals[0].plays[0]
    return str(entry.card), tuple(str(c) for c in entry.takes)  # type: ignore[attr-defined]


def test_takes_are_the_floor_cards_of_a_legal_capture(tmp_path: Path) -> None:
    """``8S 5⇥`` completes to 5H, the only 5 on the floor (not 5S 5D 5C), and ``3⇥`` to 3C:
    the line entered is the legal capture, recorded."""
    child = start(new(tmp_path, "basra", ["Ali", "Omar"]))
    child.sendline(DEAL)
    child.expect("Ali> ")
    child.send("8S 5\t")
    child.send("3\t")
    child.sendline("")
    child.expect("Omar> ")
    assert first_play(tmp_path) == ("8S", ("5H", "3C"))
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_card_from_the_recorded_hand_then_the_trail(tmp_path: Path) -> None:
    """With Ali's hand recorded, ``K⇥`` is KH, the only king he holds (KS KD KC are
    unseen); with no capture for it, the next Tab offers only the trail."""
    child = start(new(tmp_path, "basra", ["Ali", "Omar"]))
    child.sendline(DEAL)
    child.expect("Ali> ")
    child.sendline("hand Ali 8S 2C 7D KH")
    child.expect("Recorded")
    child.expect("Ali> ")
    child.send("K\t")
    child.send("\t")
    child.sendline("")
    child.expect("Omar> ")
    assert first_play(tmp_path) == ("KH", ())
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_an_unseen_card_never_one_on_the_floor(tmp_path: Path) -> None:
    """``10⇥⇥`` lists the tens still unseen, 10C and 10S, not the 10D and 10H on the floor."""
    child = start(new(tmp_path, "basra", ["Ali", "Omar"]))
    child.sendline(DEAL)
    child.expect("Ali> ")
    child.send("10\t\t")
    child.expect(r"\r\n(10.*)\r\nAli> 10")  # readline lists the choices, then the line
    assert child.match.group(1).split() == ["10C", "10S"]
    child.sendcontrol("u")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_command_words_of_this_game_only(tmp_path: Path) -> None:
    """``dec⇥`` is `declare` in Bura and nothing in Basra, which has no declarations: the
    line stays ``dec``, answered as a word that is not a card."""
    child = start(new(tmp_path, "basra", ["Ali", "Omar"]))
    child.send("dec\t")
    child.sendline("")
    child.expect("'dec' is not a card")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    bura = tmp_path / "bura"
    child = start(new(bura, "bura", ["Ivan", "Petr"]))
    child.send("dec\t")
    child.sendline("")
    child.expect("see help for the form of declare")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_mistyped_word_did_you_mean(tmp_path: Path) -> None:
    """A mistyped command is answered with the command; Tab after it offers nothing."""
    child = start(new(tmp_path, "basra", ["Ali", "Omar"]))
    child.sendline(DEAL)
    child.expect("Ali> ")
    child.send("optoins 9\t")
    child.sendline("")
    child.expect_exact("'optoins' is not a command; did you mean options?")
    child.sendline("10X")
    child.expect_exact("did you mean 10S, 10C?")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert not load(tmp_path / "match.toml")[0].deals[0].plays  # type: ignore[union-attr]


# --- the same positions, asked directly --------------------------------------------------


def live(tmp_path: Path, game: str, players: list[str], *lines: str) -> tuple[Live, list[str]]:
    said: list[str] = []
    session = Live(new(tmp_path, game, players) / "match.toml", said.append)
    for line in lines:
        session.handle(line)
    said.clear()
    return session, said


def test_positions_in_a_fishing_game(tmp_path: Path) -> None:
    session, _ = live(tmp_path, "basra", ["Ali", "Omar"], "deal 5H 3C 9D 6S dealer Omar")
    assert session.completions("6", "8H ") == []  # the case: 8 cannot take the 6S
    assert session.completions("", "8H ") == ["5H", "3C", "-"]
    assert session.completions("", "8H 5H ") == ["3C"]
    assert session.completions("", "3D ") == ["3C", "-"]
    assert "9D" not in session.completions("9", "")  # on the floor
    assert session.completions("", "") [-10:] == [
        "help", "show", "entries", "score", "undo", "options", "deal", "hand", "amend", "quit"
    ]  # fmt: skip
    assert session.completions("", "deal ")[-2:] == ["buried", "dealer"]  # not `returned`
    session.handle("hand Ali 8H 2C 7D KS")
    assert session.completions("", "")[:4] == ["KS", "8H", "7D", "2C"]


def test_positions_in_trick_games(tmp_path: Path) -> None:
    session, _ = live(tmp_path / "b", "bura", ["Ivan", "Petr"], "deal 9H dealer Petr")
    assert session.completions("", "declare ") == ["bura", "moscow", "little-moscow", "molodka"]
    assert session.completions("", "claim ") == ["Ivan", "Petr"]
    assert "9H" not in session.completions("9", "")  # the turned-up trump
    session.handle("hand Ivan AS KS 10C")
    assert session.completions("", "AS ") == ["KS", "10C"]
    kozel, said = live(tmp_path / "k", "kozel", ["Misha", "Katya"])
    words = kozel.completions("", "")
    assert "forfeit" in words and "claim" not in words and "declare" not in words
    kozel.handle("clam")  # Kozel has no claims: no command is suggested
    assert "did you mean" not in said[-1]
