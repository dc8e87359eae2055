"""Issue 25, the third audit's six corrections: each case through `referee verify --json` on
a log written here (rule id, deal, play and path), and at the table where it applies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.cards import Card
from referee.log.file import dumps, load_bytes
from referee.record import FishPlay, TrickEntry

from .conftest import SAMPLES, basra_log, log_text, run
from .table import run_command

SIX = '["Anna", "Boris", "Dima", "Petr", "Yuri", "Zoya"]'
SIX_NAMES = ("Anna", "Boris", "Dima", "Petr", "Yuri", "Zoya")


def problems(tmp_path: Path, text: str) -> list[dict[str, Any]]:
    """The problems `referee verify --json` finds in ``text``: where and which rule (the
    messages and a refusal's legal plays left out: test_rulings_as_values.py reads them)."""
    path = tmp_path / "m.toml"
    path.write_text(text)
    result = run("verify", "--json", str(path))
    (data,) = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert result.exit_code == (0 if data["ok"] else 1), result.output
    said = ("message", "legal", "more")
    return [{k: v for k, v in p.items() if k not in said} for p in data["problems"]]


def first(tmp_path: Path, text: str) -> dict[str, Any]:
    found = problems(tmp_path, text)
    assert found, "expected a problem"
    return found[0]


def at(rule: str, deal: int = 1, play: int | None = None, key: str = "") -> dict[str, Any]:
    """The JSON problem expected: at a play (its path), or at a key of the deal."""
    out: dict[str, Any] = {"deal": deal}
    if play is not None:
        out["play"] = play
        out["path"] = f"deals[{deal - 1}].plays[{play - 1}]" + (f".{key}" if key else "")
    else:
        out["path"] = f"deals[{deal - 1}]" + (f".{key}" if key else "")
    out["rule"] = rule
    return out


def bura(plays: str, trump: str = "9H", hands: str = "", players: str = '["Ivan", "Petr"]') -> str:
    dealer = "Ivan" if "Ivan" in players else "Zoya"
    setup = {"trump": f'"{trump}"'}
    if hands:
        setup["hands"] = hands
    return log_text("bura", [(dealer, setup, plays)], players)


def entries(order: str | tuple[str, ...], cards: list[str]) -> str:
    """One ``{ by, cards }`` entry per player, in the order given."""
    names = order.split() if isinstance(order, str) else order
    return "\n".join(f'{{ by = "{p}", cards = "{c}" }},' for p, c in zip(names, cards, strict=True))


# Six players, dealt by Zoya: Anna leads 3 cards, Petr's 9S 10S JS takes it (36 points) and
# draws first; the 18 cards drawn empty the stock and Dima, drawing last, gets the trump 9H.
# Petr leads the second trick with trumps and keeps it: every card has been played.
TRICK_1 = entries(
    SIX_NAMES, ["6S 7S 8S", "6C 7C 8C", "6D 7D 8D", "9S 10S JS", "9C 10C JC", "9D 10D JD"]
)
TRICK_2 = entries(
    "Petr Yuri Zoya Anna Boris Dima",
    ["QH KH AH", "QS KS AS", "QC KC AC", "QD KD AD", "6H 7H 8H", "9H 10H JH"],
)
PLAYED_OUT = TRICK_1 + "\n" + TRICK_2


@pytest.fixture
def at_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path / "match.toml"


def ok(*args: str) -> Any:
    result = run_command(*args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result


def refused(rule: str, *args: str) -> str:
    """The command is refused with ``rule`` (exit 1, a ruling, not a crash); its stderr."""
    result = run_command(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert f"[{rule}]" in result.stderr, result.stderr
    return str(result.stderr)


def table_bura(*players: str, trump: str = "9H") -> None:
    argv = ["new", "bura", "--no-date"]
    for p in players:
        argv += ["-p", p]
    ok(*argv)
    ok("deal", "--dealer", players[-1] if len(players) > 2 else players[0], "--trump", trump)


# --- 1. a declaration is checked in the common order first -------------------------------


MID_TRICK = '{ by = "Petr", cards = "AS" },\n'


def test_a_shown_card_not_in_the_recorded_hand_is_not_held(tmp_path: Path) -> None:
    text = bura(
        MID_TRICK + '{ by = "Ivan", declares = "molodka", cards = "6C 7C 8C" },',
        hands='{ Ivan = "6D 7D 8D" }',
    )
    assert first(tmp_path, text) == at("hand.not-held", play=2)


def test_a_shown_card_already_played_is_a_duplicate(tmp_path: Path) -> None:
    text = bura(MID_TRICK + '{ by = "Ivan", declares = "moscow", cards = "AS AD AC" },')
    assert first(tmp_path, text) == at("card.duplicate", play=2)
    between = (
        '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },\n'
        '{ by = "Ivan", declares = "molodka", cards = "7S 8S 10S" },'
    )
    assert first(tmp_path, bura(between)) == at("card.duplicate", play=3)


def test_a_shown_card_outside_the_deck_is_card_deck(tmp_path: Path) -> None:
    text = bura(MID_TRICK + '{ by = "Ivan", declares = "moscow", cards = "AS AD 5C" },')
    assert first(tmp_path, text) == at("card.deck", play=2)


def test_the_declarations_own_rules_come_after_the_common_checks(tmp_path: Path) -> None:
    """With the cards in order, the moment is bura.declare, the cards bura.declare.cards."""
    mid = MID_TRICK + '{ by = "Ivan", declares = "molodka", cards = "6C 7C 8C" },'
    assert first(tmp_path, bura(mid, hands='{ Ivan = "6C 7C 8C" }')) == at("bura.declare", play=2)
    trick = '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },\n'
    wrong = trick + '{ by = "Ivan", declares = "bura", cards = "7C 8H 10H" },'
    assert first(tmp_path, bura(wrong)) == at("bura.declare.cards", play=3)


def test_at_the_table_a_shown_card_not_held_is_refused(at_table: Path) -> None:
    table_bura("Ivan", "Petr")
    ok("hand", "Ivan", "6D", "7D", "8D")
    ok("play", "AS")
    said = refused("hand.not-held", "declare", "molodka", "6C", "7C", "8C", "--by", "Ivan")
    assert "bura.declare" not in said
    refused("card.duplicate", "declare", "moscow", "AS", "AD", "AC", "--by", "Ivan")


# --- 2. the turned-up trump is drawn last of the whole stock ------------------------------


# Anna leads two cards, Zoya's JS QS ends up holding the trick; 12 of the 18 stock cards are
# drawn after it, so the trump 6H still lies under the stock.
TWO_CARD_TRICK = entries(SIX_NAMES, ["6S 7S", "6C 7C", "8S 9S", "8C 9C", "6D 7D", "JS QS"])


def test_the_trump_listed_as_an_ordinary_draw_is_bura_draw(tmp_path: Path) -> None:
    text = bura(TWO_CARD_TRICK, trump="6H", hands='{ Yuri = "AC 6D 7D 8D 6H" }', players=SIX)
    assert first(tmp_path, text) == at("bura.draw", key="hands.Yuri")
    fine = bura(TWO_CARD_TRICK, trump="6H", hands='{ Yuri = "AC 6D 7D 8D 9D" }', players=SIX)
    assert problems(tmp_path, fine) == []  # the last deal may be left unfinished


def test_the_trump_listed_as_an_ordinary_draw_is_kozel_draw(tmp_path: Path) -> None:
    """Four players, 4 cards each: a two-card trick draws 8 of the 20 stock cards."""
    trick = entries("Yuri Anna Boris Dima", ["6D 7D", "6S 7S", "6C 7C", "8S 9S"])
    setup = {"trump": '"6H"', "hands": '{ Yuri = "AC 6D 7D 9C 8D 6H" }'}
    text = log_text("kozel", [("Dima", setup, trick)], '["Anna", "Boris", "Dima", "Yuri"]')
    assert first(tmp_path, text) == at("kozel.draw", key="hands.Yuri")


def test_at_the_table_the_trump_as_an_ordinary_draw_is_refused(at_table: Path) -> None:
    table_bura(*SIX_NAMES, trump="6H")
    ok("hand", "Yuri", "AC", "6D", "7D")
    for cards in ["6S 7S", "6C 7C", "8S 9S", "8C 9C", "6D 7D", "JS QS"]:
        ok("play", *cards.split())
    refused("bura.draw", "hand", "Yuri", "8D", "6H")
    ok("hand", "Yuri", "8D", "9D")


# --- 3. a problem with recorded hands found at an entry is a problem of the deal ----------


def test_the_trump_given_to_the_wrong_drawer_is_a_problem_of_the_deal(tmp_path: Path) -> None:
    """Dima draws the trump last; Anna's hand lists it."""
    text = bura(TRICK_1, hands='{ Anna = "6S 7S 8S 9H QH KH" }', players=SIX)
    assert first(tmp_path, text) == at("bura.draw", key="hands.Anna")  # no play
    last = bura(TRICK_1, hands='{ Dima = "6D 7D 8D QH KH AH" }', players=SIX)
    assert first(tmp_path, last) == at("bura.draw", key="hands.Dima")


def test_at_the_table_the_trump_for_the_wrong_drawer_is_refused(at_table: Path) -> None:
    table_bura(*SIX_NAMES)
    ok("hand", "Anna", "6S", "7S", "8S")
    for cards in ["6S 7S 8S", "6C 7C 8C", "6D 7D 8D", "9S 10S JS", "9C 10C JC", "9D 10D JD"]:
        ok("play", *cards.split())
    said = refused("bura.draw", "hand", "Anna", "9H", "QH", "KH")
    assert "deals[0].hands.Anna" in said and "plays" not in said


# --- 4. after the last trick of a played-out Bura deal only a claim may follow -----------


def test_a_forfeit_after_the_last_trick_is_bura_misdraw(tmp_path: Path) -> None:
    forfeit = PLAYED_OUT + '\n{ by = "Petr", forfeit = "drew out of turn" },'
    assert first(tmp_path, bura(forfeit, players=SIX)) == at("bura.misdraw", play=13)
    declares = PLAYED_OUT + '\n{ by = "Petr", declares = "bura", cards = "QH KH AH" },'
    assert first(tmp_path, bura(declares, players=SIX)) == at("bura.declare", play=13)
    claim = PLAYED_OUT + '\n{ by = "Petr", claim = true },'
    assert problems(tmp_path, bura(claim, players=SIX)) == []
    assert problems(tmp_path, bura(PLAYED_OUT, players=SIX)) == []  # void: no claim


def test_at_the_table_only_a_claim_follows_the_last_trick(at_table: Path) -> None:
    table_bura(*SIX_NAMES)
    for cards in [
        *["6S 7S 8S", "6C 7C 8C", "6D 7D 8D", "9S 10S JS", "9C 10C JC", "9D 10D JD"],
        *["QH KH AH", "QS KS AS", "QC KC AC", "QD KD AD", "6H 7H 8H", "9H 10H JH"],
    ]:
        ok("play", *cards.split())
    refused("bura.misdraw", "forfeit", "--by", "Petr")
    refused("bura.declare", "declare", "bura", "QH", "KH", "AH", "--by", "Petr")
    ok("claim", "--by", "Petr")


# --- 5. the cap on integer parameters and " & " in a name ---------------------------------


@pytest.mark.parametrize(("value", "rule"), [(1_000_000, None), (1_000_001, "log.rules")])
def test_every_integer_parameter_is_at_most_a_million(
    tmp_path: Path, value: int, rule: str | None
) -> None:
    for game, key in [("bura", "ante"), ("kozel", "penalty_none"), ("basra", "target")]:
        setup = {"trump": '"9H"'} if game != "basra" else {"floor": '"5H 3C 9D KS"'}
        text = log_text(game, [("Ali", setup, "")], rules=f"{key} = {value}")
        found = problems(tmp_path, text)
        if rule is None:
            assert all(p["rule"] != "log.rules" for p in found), found
        else:
            assert found[0] == {"path": f"rules.{key}", "rule": "log.rules"}


def test_a_name_holding_the_partnership_separator_is_refused(tmp_path: Path) -> None:
    text = log_text("basra", [], players='["Ali & Hoda", "Omar"]')
    (found,) = problems(tmp_path, text)
    assert found["rule"] == "log.players" and found["path"].startswith("players")
    assert problems(tmp_path, log_text("basra", [], players='["Ali&Hoda", "Omar"]')) == []


# --- 6. the other clarified points ---------------------------------------------------------


def with_entry(sample: str, deal: int, entry: FishPlay | TrickEntry) -> tuple[str, int]:
    """A sample log with ``entry`` appended to its finished deal ``deal`` (from 1), and the
    entry's play number."""
    match, found = load_bytes((SAMPLES / sample).read_bytes())
    assert match is not None and not found
    plays = match.deals[deal - 1].plays
    plays.append(entry)
    return dumps(match).decode(), len(plays)


@pytest.mark.parametrize(
    ("sample", "entry"),
    [
        ("basra-egyptian-2p.toml", FishPlay("Ali", Card("2", "S"))),
        ("pasur-pagat-2p.toml", FishPlay("Nobody", Card("5", "S"))),  # a wrong player too
        ("kozel-classic-2p.toml", TrickEntry("Misha", (Card("5", "S"),))),  # not in the deck
    ],
)
def test_a_play_after_the_last_card_is_hand_count(
    tmp_path: Path, sample: str, entry: FishPlay | TrickEntry
) -> None:
    text, play = with_entry(sample, 1, entry)
    found = first(tmp_path, text)
    if found["rule"] == "log.players":  # a name that is no player is a shape problem
        text, play = with_entry(sample, 1, entry._replace(by=load_players(sample)[0]))
        found = first(tmp_path, text)
    assert found == at("hand.count", play=play)


def load_players(sample: str) -> list[str]:
    match, _ = load_bytes((SAMPLES / sample).read_bytes())
    assert match is not None
    return match.players


def test_a_bura_play_after_the_last_card_is_hand_count(tmp_path: Path) -> None:
    """Checked right after its shape: before turn order and the card's own checks."""
    for extra in ['{ by = "Anna", cards = "5S" }', '{ by = "Petr", cards = "6S" }']:
        text = bura(PLAYED_OUT + "\n" + extra + ",", players=SIX)
        assert first(tmp_path, text) == at("hand.count", play=13)


def test_a_finished_deals_hands_leaving_out_the_last_draw(tmp_path: Path) -> None:
    """[bura.draw] drawing completes a trick: the hands of a deal won by a claim after its
    second trick list 3 + 2 + 1 cards."""
    claim = (
        '{ by = "Petr", cards = "AS 10S" },\n{ by = "Ivan", cards = "6H 7H" },\n'
        '{ by = "Ivan", cards = "AH" },\n{ by = "Petr", cards = "6C" },\n'
        '{ by = "Ivan", claim = true },'
    )
    full = '{ Ivan = "6H 7H AH 8C 9C QS", Petr = "AS 10S 6C 7C JC KS" }'
    assert problems(tmp_path, bura(claim, hands=full)) == []
    short = '{ Ivan = "6H 7H AH 8C 9C", Petr = "AS 10S 6C 7C JC KS" }'
    assert first(tmp_path, bura(claim, hands=short)) == at("deal.conservation", key="hands.Ivan")


@pytest.mark.parametrize(
    ("header", "path"), [('date = "yesterday"', "date"), ("event = 5", "event")]
)
def test_wrong_type_header_values_are_log_format(tmp_path: Path, header: str, path: str) -> None:
    text = log_text("basra", []).replace("players =", f"{header}\nplayers =")
    assert first(tmp_path, text) == {"path": path, "rule": "log.format"}


@pytest.mark.parametrize(
    ("setup", "path"),
    [({"dealer": "5"}, "dealer"), ({"trump": "9"}, "trump"), ({"hands": "{ Ivan = 5 }"}, None)],
)
def test_wrong_type_deal_values_are_log_deal(
    tmp_path: Path, setup: dict[str, str], path: str | None
) -> None:
    keys = {"trump": '"9H"', **setup}
    dealer = keys.pop("dealer", '"Ivan"')
    body = "".join(f"{k} = {v}\n" for k, v in keys.items())
    text = bura("").replace('dealer = "Ivan"\ntrump = "9H"\n', f"dealer = {dealer}\n{body}")
    found = first(tmp_path, text)
    assert (found["rule"], found["deal"]) == ("log.deal", 1)
    assert found["path"].startswith(f"deals[0].{path}" if path else "deals[0].hands")


@pytest.mark.parametrize(
    "entry",
    [
        '{ by = "Petr", cards = 5 }',
        '{ by = "Petr", cards = "" }',
        '{ by = 5, cards = "AS" }',
        '{ by = "Petr", claim = "yes" }',
        '{ by = "Petr", forfeit = 1 }',
    ],
)
def test_wrong_type_entry_values_are_log_play(tmp_path: Path, entry: str) -> None:
    found = first(tmp_path, bura(entry + ","))
    assert (found["rule"], found["deal"], found["play"]) == ("log.play", 1, 1)
    assert found["path"].startswith("deals[0].plays[0]")


def test_names_cards_and_players_in_the_right_container(tmp_path: Path) -> None:
    assert first(tmp_path, bura('{ by = "Petr", cards = "XS" },'))["rule"] == "log.card"
    assert first(tmp_path, bura('{ by = "Olga", cards = "AS" },'))["rule"] == "log.players"
    nobody = bura("").replace('dealer = "Ivan"', 'dealer = "Olga"')
    assert first(tmp_path, nobody)["rule"] == "log.players"
    hands = bura("", hands='{ Olga = "AS KS QS" }')
    assert first(tmp_path, hands)["rule"] == "log.players"
    assert first(tmp_path, log_text("bura", [], players="[]"))["rule"] == "game.players"


@pytest.mark.parametrize("takes", ["5H 3C 9D", "5H 3C 9D KS 2C"])
def test_a_basra_jack_takes_exactly_the_floor(tmp_path: Path, takes: str) -> None:
    text = basra_log(f'{{ by = "Ali", card = "JC", takes = "{takes}" }},')
    assert first(tmp_path, text) == at("basra.jack", play=1)
    exact = basra_log('{ by = "Ali", card = "JC", takes = "5H 3C 9D KS" },')
    assert problems(tmp_path, exact) == []


@pytest.mark.parametrize("takes", ["5H 3C", "5H 3C 9D 2C"])
def test_a_pasur_jack_takes_exactly_what_it_takes(tmp_path: Path, takes: str) -> None:
    """A Pasur jack takes every card on the pool but kings and queens."""
    play = f'{{ by = "Ali", card = "JC", takes = "{takes}" }},'
    text = basra_log(play, game="pasur", variant="standard")
    assert first(tmp_path, text) == at("pasur.capture.jack", play=1)
