"""Issue 10's cases at the table, one by one: each entry the rules allow is accepted in the
order they allow it, each one they forbid is refused with its rule id, and `undo` takes
back anything. Commands run in-process as `referee` runs them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.words.rulings import problem_message

from .conftest import first_problem, log_text, replay_text, run
from .table import run_command


@pytest.fixture
def at_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path / "match.toml"


def ok(*args: str) -> Any:
    result = run_command(*args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result


def refused(rule: str, *args: str) -> Any:
    """The command is refused with ``rule`` (exit 1, a ruling, not a crash)."""
    result = run_command(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert f"[{rule}]" in result.stderr, result.stderr
    assert "internal error" not in result.stderr
    return result


def bura_match() -> None:
    ok("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date")
    ok("deal", "--dealer", "Ivan", "--trump", "9H")


# --- undo anything ------------------------------------------------------------------------


def test_undo_a_forfeit_that_finished_the_deal(at_table: Path) -> None:
    bura_match()
    dealt = at_table.read_bytes()
    ok("forfeit", "--by", "Petr")
    assert "[deals.score]" in at_table.read_text() or "score" in at_table.read_text()
    ok("undo")
    assert at_table.read_bytes() == dealt
    ok("undo")  # the deal itself
    refused("log.deal", "undo")  # back to an empty match: nothing more to take back


def test_undo_the_last_play_of_a_basra_deal_and_the_match(at_table: Path) -> None:
    sample = Path(__file__).resolve().parent.parent / "sample_games" / "basra-egyptian-2p.toml"
    at_table.write_bytes(sample.read_bytes())
    complete = at_table.read_bytes()
    refused("basra.match", "deal", "--floor", "5H 3C 9D KS")
    ok("undo")  # the play that decided the match
    data = json.loads(ok("score", "--json").stdout)
    assert data["winner"] is None and data["complete"] is False
    last = at_table.read_text()
    assert "[result]\nwinner" not in last and "winner =" not in last
    for _ in range(400):  # undo everything, entry by entry, deal by deal
        if run_command("undo").exit_code != 0:
            break
    refused("log.deal", "undo")
    assert "[[deals]]" not in at_table.read_text()
    assert complete != at_table.read_bytes()


def test_a_declaration_before_the_first_trick_ends_the_deal_and_the_next_is_dealt(
    at_table: Path,
) -> None:
    bura_match()
    done = ok("declare", "molodka", "AC", "10C", "KC", "--by", "ivan")  # case-insensitive
    assert "Recorded: Ivan declares molodka" in done.stdout
    assert "Deal 1 is over (void: Ivan declared before the first trick)" in done.stdout
    ok("deal", "--trump", "7S")  # the same dealer deals again
    ok("undo")
    ok("undo")  # the declaration
    ok("play", "AS")  # the deal is open again
    score = json.loads(ok("score", "--json").stdout)
    assert score["pot"] == {"Ivan": -1, "Petr": -1} and score["pot_now"] == 2


def test_a_winning_bura_can_be_answered_by_a_moscow_before_the_same_trick(at_table: Path) -> None:
    bura_match()
    ok("play", "6S", "--by", "Petr")
    ok("play", "7S", "--by", "Ivan")  # Ivan takes the trick and leads the next
    won = ok("declare", "bura", "6H", "7H", "8H", "--by", "Petr")
    assert "Petr: declared bura" in won.stdout
    answered = ok("declare", "moscow", "AS", "AC", "AD", "--by", "Ivan")
    assert "Ivan: declared moscow" in answered.stdout
    refused("bura.declare.priority", "play", "KS", "--by", "Ivan")
    ok("undo")
    ok("undo")
    ok("play", "AS", "--by", "Ivan")


def played_out_claim() -> tuple[Any, int]:
    """A simulated Bura match and the index of a deal that ends with a claim made after
    its last trick (all cards played)."""
    from referee.games.base import MatchSoFar
    from referee.match import start_deal
    from referee.table.simulate import simulate_match

    for seed in range(200):
        match = simulate_match("bura", "classic", 2, seed, deals=4)
        for i, deal in enumerate(match.deals):
            if not getattr(deal.plays[-1], "claim", False):
                continue
            state: Any = start_deal(match, deal, i, MatchSoFar({}))
            for entry in deal.plays[:-1]:
                state.apply(entry)
            if state.played_out:
                return match, i
    raise AssertionError("no played-out deal with a claim in 200 simulated matches")


def test_a_claim_after_the_last_trick_is_accepted_and_decides(at_table: Path) -> None:
    from referee.log.file import dumps

    match, i = played_out_claim()
    claim = match.deals[i].plays[-1]
    match.deals = match.deals[: i + 1]
    match.deals[i].plays = match.deals[i].plays[:-1]
    match.result_totals = match.result_winner = None
    for deal in match.deals:
        deal.score = None
    at_table.write_bytes(dumps(match))
    assert f"Deal {i + 1} is finished" in ok("show").stdout  # played out, void for now
    claimed = ok("claim", "--by", claim.by)
    assert f"{claim.by} claims 31 with" in claimed.stdout
    assert f"Deal {i + 1} is over ({claim.by}: " in claimed.stdout
    ok("undo")
    ok("claim", "--by", claim.by)


def test_a_claim_with_no_name_is_for_the_player_who_took_the_last_trick(at_table: Path) -> None:
    bura_match()
    ok("play", "AS", "10S", "--by", "Petr")
    taken = ok("play", "6S", "7S", "--by", "Ivan")
    assert "Petr takes trick 1." in taken.stdout
    claimed = ok("claim")
    assert "Petr claims 31 with 21 card points: not upheld" in claimed.stdout
    sheet = ok("score").stdout
    assert "Petr: false claim: 21 points" in sheet


# --- hands ----------------------------------------------------------------------------------


def test_basra_hands_round_by_round(at_table: Path) -> None:
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date")
    ok(
        "deal",
        "--dealer",
        "Omar",
        "--floor",
        "5H 3C 9D KS",
        "--hand",
        "ali=8S KD 4C 2H",
        "--hand",
        "Omar=7D 6S 2D AH",
    )
    for card, by in (
        ("8S", "Ali"),
        ("6S", "Omar"),
        ("KD", "Ali"),
        ("2D", "Omar"),
        ("4C", "Ali"),
        ("AH", "Omar"),
        ("2H", "Ali"),
    ):
        ok("play", card, "--by", by, "--trail")
    refused("hand.count", "hand", "Ali", "10C", "JD", "QD", "KH")  # round 2 is not dealt
    ok("play", "7D", "--by", "Omar", "--trail")
    refused("log.players", "hand", "Alli", "10C", "JD", "QD", "KH")
    ok("hand", "Ali", "10C", "JD", "QD", "KC")  # mistyped: KC for KH
    refused("hand.not-held", "play", "KH", "--by", "Ali", "--trail")
    ok("hand", "Ali", "--set", "8S", "KD", "4C", "2H", "10C", "JD", "QD", "KH")  # corrected
    assert 'Ali = "8S KD 4C 2H 10C JD QD KH"' in at_table.read_text()
    refused("hand.not-held", "play", "3D", "--by", "Ali", "--trail")
    ok("play", "KH", "--by", "Ali", "--trail")


def test_bura_draws_are_recorded_as_they_happen(at_table: Path) -> None:
    ok("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date")
    ok(
        "deal",
        "--dealer",
        "Ivan",
        "--trump",
        "9H",
        "--hand",
        "Ivan=6S 7S 8S",
        "--hand",
        "Petr=AS KS QS",
    )
    ok("play", "AS", "--by", "Petr")
    ok("play", "6S", "--by", "Ivan")
    refused("hand.not-held", "play", "JC", "--by", "Petr")  # drawn, not yet listed
    refused("hand.count", "hand", "Petr", "JC", "JD")  # one card was drawn, not two
    ok("hand", "Petr", "JC")
    ok("hand", "Ivan", "JS")
    ok("play", "JC", "--by", "Petr")


def test_the_turned_up_trump_given_to_the_wrong_drawer_is_bura_draw() -> None:
    """Recorded hands that give the trump to someone other than its drawer: bura.draw as
    soon as the last draw is complete, even when the record ends with that entry."""
    from referee.games.base import Illegal, MatchSoFar
    from referee.match import replay, start_deal
    from referee.table.simulate import simulate_match

    for seed in range(100):
        match = simulate_match("bura", "classic", 2, seed, deals=1)
        deal = match.deals[0]
        state: Any = start_deal(match, deal, 0, MatchSoFar({}))
        reached = -1
        for j, entry in enumerate(deal.plays):
            try:
                state.apply(entry)
            except Illegal:
                break
            if state.trump_holder is not None:
                reached = j
                break
        if reached < 0 or deal.hands is None:
            continue
        drawer = state.trump_holder
        other = next(p for p in match.players if p != drawer)
        hands = dict(deal.hands)
        pos = state.drawn[drawer] - 1
        swap = hands[other][-1]
        hands[drawer] = (*hands[drawer][:pos], swap, *hands[drawer][pos + 1 :])
        hands[other] = (*hands[other][:-1], *deal.cards("trump"))
        deal.hands = hands
        deal.plays = deal.plays[: reached + 1]  # the record ends with the last draw
        deal.score = None
        match.result_totals = match.result_winner = None
        problems = replay(match).problems
        assert problems[0].rule == "bura.draw", problems
        # a problem of the deal (issue 25): no play, the path of the hand
        assert problems[0].play is None and problems[0].deal == 1
        assert problems[0].path in (f"deals[0].hands.{drawer}", f"deals[0].hands.{other}")
        return
    raise AssertionError("no simulated deal reached its last draw")


# --- rulings of the clarified rulebook ----------------------------------------------------


def test_a_card_shown_in_a_declaration_stays_in_that_hand(at_table: Path) -> None:
    bura_match()
    ok("play", "7C", "--by", "Petr")
    ok("play", "8S", "--by", "Ivan")
    ok("declare", "molodka", "AD", "KD", "QD", "--by", "Ivan")
    ok("play", "AD", "--by", "Ivan")
    refused("hand.not-held", "play", "KD", "--by", "Petr")


DUEL = """{ by = "Petr", cards = "6S" },
{ by = "Ivan", cards = "7S" },
{ by = "Ivan", declares = "bura", cards = "6H 7H 8H" },
{ by = "Petr", declares = "bura", cards = "JH QH KH" },
{ by = "Ivan", cards = "6H 7H 8H" },
{ by = "Petr", cards = "JH QH KH" },"""


def test_the_deciding_trick_of_two_buras_is_followed_by_no_draw() -> None:
    from .conftest import log_text, replay_text

    players = '["Ivan", "Petr"]'
    replayed = replay_text(log_text("bura", [("Ivan", {"trump": '"9H"'}, DUEL)], players))
    assert replayed.problems == []
    assert replayed.deals[0].result.winner == "Petr"
    hands = '{ Ivan = "7S 6H 7H 8H", Petr = "6S JH QH KH" }'  # one draw after trick 1 only
    setup = {"trump": '"9H"', "hands": hands}
    assert replay_text(log_text("bura", [("Ivan", setup, DUEL)], players)).problems == []


def test_buried_names_a_card_once() -> None:
    from .conftest import basra_log

    rule, deal, play = first_problem(basra_log("", extra='buried = "JD JD"\n'))
    assert (rule, deal, play) == ("card.duplicate", 1, None)


def test_an_undrawn_trump_in_a_mixed_lead_is_hand_not_held_first() -> None:
    from .conftest import log_text

    lead = '{ by = "Petr", cards = "9H AS" },'
    log = log_text("bura", [("Ivan", {"trump": '"9H"'}, lead)], '["Ivan", "Petr"]')
    assert first_problem(log)[0] == "hand.not-held"


# --- saying what happened, helping with mistakes ------------------------------------------


def test_names_and_cards_as_people_type_them(at_table: Path) -> None:
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date")
    result = refused("log.players", "deal", "--dealer", "Omr", "--floor", "5H 3C 9D KS")
    assert "Omr is not a player (Ali, Omar); did you mean Omar?" in result.stderr
    ok("deal", "--dealer", "omar", "--floor", "5H 3C 9D KS")
    result = refused("log.card", "play", "1S")
    assert "an ace is written A (AS)" in result.stderr
    ok("play", "8", "S", "--takes", "5H 3C")  # "8 S" is the 8 of spades
    ok("play", "♦K", "--takes", "KS")  # the suit symbol first
    result = run_command("play", "4C", "--takes", "")
    assert result.exit_code == 2 and "--trail" in result.stderr
    assert "8♠ was already played by Ali" in ok("options", "8S").stdout


def test_ascii_mode_prints_only_ascii(at_table: Path) -> None:
    bura_match()
    for args in (
        ("show", "--ascii"),
        ("options", "--ascii"),
        ("score", "--ascii"),
        ("play", "AS", "--ascii"),
        ("undo", "--ascii"),
        ("forfeit", "--by", "Petr", "--ascii"),
    ):
        out = ok(*args).stdout
        assert out.isascii(), (args, out)


@pytest.mark.parametrize(
    ("args", "usage", "said"),
    [
        (("-h",), "referee [OPTIONS] COMMAND [ARGS]...", "verify"),
        (("play", "-h"), " play [OPTIONS] {cards}...", "--trail"),
        (("hand", "-h"), " hand [OPTIONS] ", "Example"),
    ],
)
def test_dash_h_is_help(args: tuple[str, ...], usage: str, said: str) -> None:
    """-h is --help, for the whole program (the full app) and for each command."""
    result = run(*args) if args[0] == "-h" else run_command(*args)
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("Usage: ") and usage in first, result.stdout
    assert said in result.stdout


def test_not_yet_seen_by_suit_then_rank_without_held_cards(at_table: Path) -> None:
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date")
    ok("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "--hand", "Ali=8S KD 4C 2H")
    data = json.loads(ok("show", "--json").stdout)
    unseen = data["unseen"]
    assert "8S" not in unseen and "5H" not in unseen
    assert unseen[:3] == ["AS", "2S", "3S"]


def test_standings_keep_games_apart_and_count_unfinished(at_table: Path, tmp_path: Path) -> None:
    samples = Path(__file__).resolve().parent.parent / "sample_games"
    folder = tmp_path / "results"
    folder.mkdir()
    for name in ("basra-egyptian-2p.toml", "bura-classic-2p.toml"):
        (folder / name).write_bytes((samples / name).read_bytes())
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date", "-f", str(folder / "open.toml"))
    data = json.loads(ok("standings", str(folder), "--json").stdout)
    games = {r["game"] for r in data["sides"]}
    assert games == {"basra", "bura"}
    ali = next(r for r in data["sides"] if r["name"] == "Ali")
    assert ali["unfinished"] == 1 and ali["played"] == 1
    text = ok("standings", str(folder)).stdout
    assert "\nBasra\n" in text and "\nBura\n" in text


@pytest.mark.parametrize(
    ("game", "setup"),
    [
        ("basra", {"floor": '"5H 3C 9D KS"'}),
        ("pasur", {"floor": '"5H 3C 9D KS"'}),
        ("bura", {"trump": '"9H"'}),
        ("kozel", {"trump": '"9H"'}),
    ],
)
def test_a_card_dealt_to_two_players_is_refused_in_every_game(
    game: str, setup: dict[str, str]
) -> None:
    """[card.duplicate] One check for both cores: the hand that names the card again."""
    hands = '{ Ali = "AS 7C 8C 10C", Omar = "6S AS 7H 8H" }'
    replayed = replay_text(log_text(game, [("Omar", {**setup, "hands": hands}, "")]))
    first = replayed.problems[0]
    assert (first.rule, first.path) == ("card.duplicate", "deals[0].hands.Omar")
    assert problem_message(first) == "AS is dealt to both Ali and Omar"


# --- a hand checked against the deal's plays ----------------------------------------------


def test_a_hand_that_contradicts_the_plays_is_refused_and_nothing_is_written(
    at_table: Path,
) -> None:
    """`hand` is checked by replaying the deal with it: a hand without a card its player
    already played is refused ([hand.not-held]) and the file keeps its bytes; the same
    player's true hand is recorded."""
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date")
    ok("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS")
    ok("play", "2C", "--trail")
    ok("play", "4D", "--trail")
    before = at_table.read_bytes()
    result = refused("hand.not-held", "hand", "Ali", "4D 6S 7S 8S")
    assert "Ali does not hold 2♣ (holds 4♦ 6♠ 7♠ 8♠)" in result.stderr
    assert at_table.read_bytes() == before
    ok("hand", "Ali", "2C 6S 7S 8S")
    assert 'Ali = "2C 6S 7S 8S"' in at_table.read_text()
