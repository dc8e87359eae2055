"""Issue 37, at the table round three: the entries listed with their numbers, a quiet echo,
explain answering a claim's question, a played-out Bura deal that says a claim may still
decide it, one card notation in everything a person reads, and the smaller items (verify
without a file, the pending tables said, a no-op amend, an amendment that makes a later
capture a sweep, an ace by its name, the score sheet's head)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.commands.live import Live
from referee.log.file import dumps, load

from .conftest import ROOT, SAMPLES, run


def ok(*args: str) -> str:
    done = run(*args)
    assert done.exit_code == 0, (args, done.output)
    return str(done.stdout)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def basra_table() -> None:
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date")
    ok("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS")


def false_claim() -> None:
    """Olga takes A♦, K♦ and Q♦ (18 card points) and claims 31."""
    ok("new", "bura", "-p", "Ivan", "-p", "Olga", "--no-date")
    ok("deal", "--dealer", "Ivan", "--trump", "9H")
    for card in ("AD", "6C", "KD", "7C", "QD", "8C"):
        ok("play", card)


# --- entries you can point at ------------------------------------------------------------


def test_explain_without_play_lists_the_deal_numbered() -> None:
    out = ok("explain", str(SAMPLES / "basra-classic-4p.toml"), "--deal", "1").splitlines()
    assert out[0] == (
        "Deal 1, dealt by Samir: 48 entries, numbered as explain --play and amend --play take them."
    )
    assert out[1] == "   1         Ali: 8♠ takes 8♣"
    assert (
        out[3]
        == "   3  basra  Hoda: K♦ takes K♠ K♥ — Hoda sweeps the floor: a basra for Ali & Hoda."
    )
    assert len(out) == 49


def test_the_listing_marks_claims_and_the_first_illegal_entry() -> None:
    bura = ok("explain", str(SAMPLES / "bura-classic-3p.toml"), "-d", "1").splitlines()
    assert bura[7] == "   7  claim  Petr: claims 31 with 41 card points: upheld"
    log = str(ROOT / "tests" / "fixtures" / "basra-egyptian-2p.one-mistake.toml")
    listed = ok("explain", log, "-d", "1", "--ascii").splitlines()
    assert listed[9].startswith("   9  ILLEGAL  Omar 9C takes 9H AH 5C: [basra.capture.group] ")
    assert listed[10] == (
        "  10           Ali 9S (trail) (not judged: the record goes wrong before it)"
    )


def test_show_and_live_list_the_deal_in_progress(here: Path) -> None:
    basra_table()
    ok("play", "8S", "--takes", "5H 3C")
    ok("play", "4C", "--trail")
    assert ok("show", "--entries").splitlines() == [
        "Deal 1, dealt by Omar: 2 entries, numbered as explain --play and amend --play take them.",
        "   1  Ali: 8♠ takes 5♥ 3♣",
        "   2  Omar: 4♣ trails",
    ]
    said: list[str] = []
    Live(here / "match.toml", said.append, ascii_only=True).handle("entries")
    assert said[1:] == ["   1  Ali: 8S takes 5H 3C", "   2  Omar: 4C trails"]


def test_the_guide_says_how_to_find_a_number() -> None:
    guide = (ROOT / "docs" / "user-guide.md").read_text(encoding="utf-8")
    assert "referee explain match.toml --deal 1" in guide and "referee show --entries" in guide


# --- a quiet echo --------------------------------------------------------------------------


def test_a_play_is_said_back_in_three_lines_and_show_says_the_rest(here: Path) -> None:
    basra_table()
    assert ok("play", "8S", "--takes", "5H 3C").splitlines() == [
        "Ali: 8♠ takes 5♥ 3♣",
        "Floor: 9♦ K♠",
        "To play: Omar",
    ]
    verbose = ok("play", "KD", "--takes", "KS", "--verbose").splitlines()
    assert verbose[0] == "Omar: K♦ takes K♠" and verbose[1].startswith("Basra (Egyptian)")
    assert any(line.startswith("Not yet seen (46): ") for line in verbose)
    assert any(line.startswith("Not yet seen (46): ") for line in ok("show").splitlines())


def test_a_deal_that_ends_is_still_said_in_full(here: Path) -> None:
    false_claim()
    out = ok("claim", "--by", "Olga").splitlines()
    assert (
        out[1] == "Deal 1 is over (Olga: false claim: 18 points): Ivan 2; Olga 0 (card points 18)."
    )
    assert out[2] == "Match totals: Ivan 2, Olga 0 (target 21)."
    assert any(line.startswith("Totals: ") for line in out[3:])


def test_live_says_a_play_back_quietly(here: Path) -> None:
    basra_table()
    said: list[str] = []
    live = Live(here / "match.toml", said.append, ascii_only=True)
    live.handle("8S 5H 3C")
    assert said == ["Ali: 8S takes 5H 3C", "Floor: 9D KS", "To play: Omar"]
    said.clear()
    Live(here / "match.toml", said.append, True, verbose=True).handle("KD KS")
    assert said[0] == "Omar: KD takes KS" and said[1].startswith("Basra (Egyptian)")
    assert "Not yet seen (46): " in said[1]


# --- explain answers the question asked --------------------------------------------------


def test_explain_answers_a_false_claim(here: Path) -> None:
    false_claim()
    ok("claim", "--by", "Olga")
    out = run("explain", "match.toml", "--deal", "1", "--play", "7")
    assert out.exit_code == 0
    ruling = next(line for line in out.stdout.splitlines() if line.startswith("Ruling: "))
    assert ruling.startswith(
        "Ruling: recorded correctly: the claim was false (18 card points: A♦ 11, K♦ 4, Q♦ 3; "
        "31 needed)."
    )
    assert "legal" not in ruling


def test_explain_answers_a_true_claim() -> None:
    out = ok("explain", str(SAMPLES / "bura-classic-3p.toml"), "-d", "1", "-p", "7")
    assert (
        "Ruling: recorded correctly: the claim was true (41 card points: A♦ 11, A♣ 11, 10♦ 10, "
        "K♣ 4, Q♠ 3, J♣ 2; 31 needed). Petr wins the deal."
    ) in out


# --- a played-out Bura deal ----------------------------------------------------------------


def test_a_played_out_bura_deal_says_a_claim_may_still_decide_it(here: Path) -> None:
    match, _ = load(SAMPLES / "bura-classic-2p.toml")
    assert match is not None
    (here / "match.toml").write_bytes(dumps(match.prefix(0, 31)))  # before the last card
    out = ok("play", "AH").splitlines()
    assert out[2] == (
        "Deal 1 is over (played out with no claim): Ivan 0 (card points 89); Petr 0 "
        "(card points 31)."
    )
    assert out[4] == (
        "A claim of 31 may still decide this deal, before the next deal: referee claim --by "
        "NAME (in live: claim NAME)."
    )
    assert "A claim of 31 may still decide this deal" in ok("show")
    assert ok("claim", "--by", "Ivan").startswith("Ivan claims 31 with 89 card points: upheld")
    assert "A claim of 31 may still" not in ok("show")


# --- one card notation ---------------------------------------------------------------------


def test_every_line_a_person_reads_shows_the_suits(here: Path) -> None:
    basra_table()
    ok("play", "8S", "--takes", "5H 3C")
    ok("play", "4C", "--trail")
    assert ok("options", "9C").splitlines()[0] == "9♣ on 9♦ K♠ 4♣: 2 options"
    refused = run("play", "7D", "--takes", "9D 4C")
    assert "9♦ 4♣ is not a union of groups a 7 can take" in refused.stderr
    amended = ok("amend", "--deal", "1", "--play", "2", "4H", "--trail")
    assert amended.startswith("Amended deal 1, entry 2: Omar 4♣ (trail) → Omar 4♥ (trail).")
    explained = ok("explain", "match.toml", "--deal", "1", "--play", "2")
    assert "Floor: 9♦ K♠; round 1 of 6; Omar to play." in explained
    log = (here / "match.toml").read_text()
    assert 'card = "4H"' in log and "♥" not in log  # the log keeps ASCII
    assert json.loads(ok("options", "9C", "--json"))["for"] == "9C on 9D KS 4H"


def test_the_residue_and_a_declaration_show_the_suits(here: Path) -> None:
    match, _ = load(SAMPLES / "basra-egyptian-2p.toml")
    assert match is not None
    last = match.deals[0].plays[-1]
    (here / "match.toml").write_bytes(dumps(match.prefix(0, len(match.deals[0].plays) - 1)))
    out = ok("play", str(last.card), "--trail")  # type: ignore[union-attr]
    assert "The cards left on the floor (4♠ 8♠) go to Ali, the last to capture." in out
    (here / "match.toml").unlink()
    ok("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date")
    ok("deal", "--dealer", "Ivan", "--trump", "9H")
    ok("play", "AS")
    ok("play", "6S")
    said = ok("declare", "molodka", "AC", "10C", "KC", "--by", "Petr")
    assert said.startswith("Recorded: Petr declares molodka showing A♣ 10♣ K♣.")


def test_ascii_anywhere_on_the_line_or_a_terminal_without_the_suits(here: Path) -> None:
    basra_table()
    assert ok("--ascii", "play", "8S", "--takes", "5H 3C").splitlines()[0] == "Ali: 8S takes 5H 3C"
    assert ok("options", "--ascii", "9C").splitlines()[0] == "9C on 9D KS: 2 options"
    refused = run("play", "2D", "--takes", "9D", "--ascii")
    assert refused.exit_code == 1 and refused.stderr.isascii()
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "REFEREE_LANG": "en"}
    shown = subprocess.run(
        [sys.executable, "-m", "referee", "options", "9C"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert shown.returncode == 0 and shown.stdout.splitlines()[0] == "9C on 9D KS: 2 options"


# --- the smaller items ---------------------------------------------------------------------


def test_verify_without_a_file_checks_match_toml(here: Path) -> None:
    basra_table()
    assert ok("verify").strip() == "match.toml: ok (1 deal, in progress)"


def test_an_amendment_that_changes_nothing_writes_nothing(here: Path) -> None:
    basra_table()
    ok("play", "8S", "--takes", "5H 3C")
    before = (here / "match.toml").read_bytes()
    out = ok("amend", "--deal", "1", "--play", "1", "8S", "--takes", "5H 3C")
    assert out == (
        "Nothing changed: deal 1, entry 1 already records Ali 8♠ takes 5♥ 3♣; nothing was "
        "written.\n"
    )
    assert (here / "match.toml").read_bytes() == before


def test_an_amendment_that_makes_a_later_capture_a_sweep_says_so(here: Path) -> None:
    basra_table()
    for play in (["8S", "--takes", "5H 3C"], ["4C", "--trail"], ["KD", "--takes", "KS"]):
        ok("play", *play)
    out = ok("amend", "--deal", "1", "--play", "2", "9H", "--takes", "9D").splitlines()
    assert out[1] == "Entry 3 (Ali K♦ takes K♠) is now a basra."
    back = ok("amend", "--deal", "1", "--play", "2", "4C", "--trail").splitlines()
    assert back[1] == "Entry 3 (Ali K♦ takes K♠) is no longer a basra."


def test_an_ace_is_named(here: Path) -> None:
    basra_table()
    done = run("play", "AS", "--takes", "5H 3C")
    assert "5♥ 3♣ is not a union of groups an ace can take" in done.stderr


def test_the_score_sheet_names_the_game_once() -> None:
    page = ok("sheet", str(SAMPLES / "bura-classic-3p.toml"))
    assert page.count("Bura (classic)") == 2  # the page's title and its heading
    assert '<p class="head">Target 21.</p>' in page
