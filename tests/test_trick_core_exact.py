"""The trick core shared by Bura and Kozel (referee/games/trick), exactly: the cases the
fifth mutation run (issue 36, docs/mutation.md) found no test for, through the commands a
user types: `referee verify --json` (rule, deal, play, key path, words), `referee explain
FILE --deal N` (each entry said back) and `referee score --json`."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.log.tomlwrite import dumps

from .conftest import log_text, ok, run
from .test_trick_exact import plays


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


def test_recorded_hands_outside_the_deck_dealt_twice_or_with_the_trump(tmp_path: Path) -> None:
    """[card.deck] [card.duplicate] [kozel.deal] A 5 is not in the 36-card deck; the
    turned-up trump among the 4 dealt is a problem, and the same card listed in a second
    hand (among its draws) is dealt twice: each said with its key."""
    hands = 'hands = { Misha = "7S 8S 5S 9C JS", Katya = "AS 10S KS QS 9C" }'
    found = problems(tmp_path, kozel_log(("Misha", "9C", hands)))
    assert [(p["path"], p["rule"], p["message"]) for p in found] == [
        (
            "deals[0].hands.Misha",
            "card.deck",
            "5S in Misha's hand is not in Kozel's 36-card deck (6 to A)",
        ),
        ("deals[0].hands.Misha", "kozel.deal", "the trump 9C is turned up, not dealt to Misha"),
        ("deals[0].hands.Katya", "card.duplicate", "9C is dealt to both Misha and Katya"),
    ]
    assert {p["deal"] for p in found} == {1}


def test_a_turned_up_trump_outside_the_deck(tmp_path: Path) -> None:
    """[card.deck] The trump is a card of the 36-card deck."""
    assert problems(tmp_path, kozel_log(("Misha", "5C", ""))) == [
        {
            "deal": 1,
            "path": "deals[0].trump",
            "rule": "card.deck",
            "message": "5C is not in Kozel's 36-card deck (6 to A)",
        }
    ]


def test_the_trump_listed_among_the_first_draws(tmp_path: Path) -> None:
    """[kozel.draw] The turned-up trump is drawn last of the stock: a hand that lists it
    among the cards drawn after trick 1 (26 cards left) contradicts the draw."""
    hands = 'hands = { Misha = "7S 8S 6S JS", Katya = "AS 10S KS QS 9C" }'
    entries = plays(("Katya", "AS"), ("Misha", "7S")) + '\n{ by = "Katya", forfeit = "" },'
    assert problems(tmp_path, kozel_log(("Misha", "9C", f"{hands}\n{entries}"))) == [
        {
            "deal": 1,
            "path": "deals[0].hands.Katya",
            "rule": "kozel.draw",
            "message": "Katya's hand lists the turned-up trump 9C among the cards drawn after"
            " trick 1, but it is drawn last, and 26 cards remain in the stock",
        }
    ]


def test_a_finished_deal_whose_hand_lists_fewer_than_received(tmp_path: Path) -> None:
    """[deal.conservation] A forfeit after trick 1 ends the deal: Katya received 4 and
    then 1, so a hand listing 4 is short (Misha's 5 are right)."""
    hands = 'hands = { Misha = "7S 8S 6S JS 10C", Katya = "AS 10S KS QS" }'
    entries = plays(("Katya", "AS"), ("Misha", "7S")) + '\n{ by = "Katya", forfeit = "" },'
    assert problems(tmp_path, kozel_log(("Misha", "9C", f"{hands}\n{entries}"))) == [
        {
            "deal": 1,
            "path": "deals[0].hands.Katya",
            "rule": "deal.conservation",
            "message": "Katya's hand lists 4 cards; they received 5 in this deal",
        }
    ]


FOUR = '["Ivan", "Petr", "Olga", "Anna"]'
TWO_TRICKS = plays(  # 4 at Bura: 24 in the stock, two tricks of 3 cards empty it
    ("Petr", "AS KS QS"),
    ("Olga", "6C 7C 8C"),
    ("Anna", "6D 7D 8D"),
    ("Ivan", "6S 7S 8S"),
    ("Petr", "AC KC QC"),
    ("Olga", "9S 10S JS"),
    ("Anna", "9D 10D JD"),
    ("Ivan", "QD KD AD"),
)


OLGA_LISTS_THE_TRUMP = (
    "Olga",
    "6C 7C 8C 9S 10S JS 10H JH 9H",
    "Olga's hand lists the turned-up trump 9H, but Ivan draws it (the last card of the stock)",
)
IVAN_LISTS_ANOTHER = (
    "Ivan",
    "6S 7S 8S QD KD AD 9C 10C JC",
    "Ivan draws the last card, the turned-up trump 9H, but the hand lists JC there",
)


@pytest.mark.parametrize("first", [True, False])
def test_the_trump_drawn_by_the_last_to_draw_and_nobody_else(tmp_path: Path, first: bool) -> None:
    """[bura.draw] Petr takes the trick that empties the stock: the draw goes round from
    him, so Ivan, before him, draws the last card, the trump. A hand of Olga's listing the
    trump, and one of Ivan's listing another card there, contradict it: found at the same
    moment, said in the order of the hands (either way round)."""
    hands = [OLGA_LISTS_THE_TRUMP, IVAN_LISTS_ANOTHER][:: 1 if first else -1]
    listed = ", ".join(f'{name} = "{cards}"' for name, cards, _ in hands)
    setup = {"trump": '"9H"', "hands": "{ " + listed + " }"}
    text = log_text("bura", [("Ivan", setup, TWO_TRICKS)], FOUR)
    assert [(p["deal"], p["path"], p["rule"], p["message"]) for p in problems(tmp_path, text)] == [
        (1, f"deals[0].hands.{name}", "bura.draw", said) for name, _, said in hands
    ]


# --- refused plays: the rule, the play, the words, the legal plays -------------------------

AS_LED = plays(("Katya", "AS"))
REFUSED = [  # (entries, recorded hands, play, rule, words, legal plays as (cards, beats))
    (plays(("Misha", "AS")), "", 1, "turn.order", "Katya leads this trick, not Misha", []),
    (
        plays(("Katya", "AS AH")),
        "",
        1,
        "kozel.lead",
        "cards led together must be of one suit; AS AH is not",
        [],
    ),
    (
        plays(("Katya", "AS AH")),
        '{ Katya = "AS AH KH QH" }',
        1,
        "kozel.lead",
        "cards led together must be of one suit; AS AH is not",
        [
            (["AS"], None),
            (["AH"], None),
            (["KH"], None),
            (["QH"], None),
            (["AH", "KH"], None),
            (["AH", "QH"], None),
            (["KH", "QH"], None),
            (["AH", "KH", "QH"], None),
        ],
    ),
    (
        plays(("Katya", "AS"), ("Katya", "AH")),
        "",
        2,
        "turn.order",
        "it is Misha's turn to follow, not Katya's",
        [],
    ),
    (
        plays(("Katya", "AS"), ("Misha", "6S 7C")),
        '{ Misha = "6S 7C 8H 9H" }',
        2,
        "kozel.follow",
        "1 card was led, so Misha plays 1, not 2",
        [(["7C"], True), (["6S"], False), (["8H"], False), (["9H"], False)],
    ),
    (plays(("Katya", "6S 7S 8S 9S 10S")), "", 1, "hand.count", "Katya holds 4 cards, not 5", []),
    (
        plays(("Katya", "5S")),
        "",
        1,
        "card.deck",
        "5S is not in Kozel's 36-card deck (6 to A)",
        [],
    ),
    (plays(("Katya", "AS AS")), "", 1, "card.duplicate", "AS AS names a card twice", []),
    (
        plays(("Katya", "9C")),
        "",
        1,
        "hand.not-held",
        "the turned-up trump 9C lies under the stock until it is drawn last",
        [],
    ),
    (
        plays(("Katya", "AH")),
        '{ Katya = "AS 10S KS QS" }',
        1,
        "hand.not-held",
        "Katya does not hold AH",
        [],
    ),
    (
        AS_LED + '\n{ by = "Misha", forfeit = "tired" },\n' + plays(("Misha", "7S")),
        "",
        3,
        "kozel.forfeit",
        "the deal ended (forfeit — tired); nothing may follow in it",
        [],
    ),
]


@pytest.mark.parametrize(("entries", "hands", "play", "rule", "words", "legal"), REFUSED)
def test_a_refused_play_is_said_exactly(
    tmp_path: Path,
    entries: str,
    hands: str,
    play: int,
    rule: str,
    words: str,
    legal: list[tuple[list[str], bool | None]],
) -> None:
    """[turn.order] [kozel.lead] [kozel.follow] [hand.count] [card.deck] [card.duplicate]
    [hand.not-held] [kozel.forfeit] Misha deals, trump 9C: each refusal's rule, play and
    words, and the legal plays as values where the hand is recorded (a follow's that beat
    first)."""
    body = f"hands = {hands}\n{entries}" if hands else entries
    (found,) = problems(tmp_path, kozel_log(("Misha", "9C", body)))
    assert (found["deal"], found["play"], found["path"]) == (1, play, f"deals[0].plays[{play - 1}]")
    assert (found["rule"], found["message"]) == (rule, words)
    assert [(p["cards"], p["beats"]) for p in found["legal"]] == legal
    assert found["more"] == 0


def test_the_trump_drawn_is_no_one_elses(tmp_path: Path) -> None:
    """[hand.not-held] Once Ivan has drawn the turned-up trump (the last card of the
    stock), Petr may not play it."""
    text = log_text(
        "bura", [("Ivan", {"trump": '"9H"'}, TWO_TRICKS + "\n" + plays(("Petr", "9H")))], FOUR
    )
    (found,) = problems(tmp_path, text)
    assert (found["play"], found["rule"]) == (9, "hand.not-held")
    assert found["message"] == "Petr does not hold 9H: Ivan drew it"


# --- whole matches: the tricks taken and their card points ---------------------------------


def simulated_score(tmp_path: Path, *argv: str) -> dict[str, Any]:
    """`referee score --json` of the one match `referee simulate` writes with ``argv``."""
    ok("simulate", *argv, "--out", str(tmp_path))
    (log,) = tmp_path.glob("*.toml")
    score: dict[str, Any] = json.loads(ok("score", str(log), "--json"))
    return score


def test_a_seeded_kozel_match_in_partnerships_with_the_six_of_spades_top(tmp_path: Path) -> None:
    """[kozel.cards] [kozel.trick] [kozel.score] Four in partnerships, the 6S beating
    everything: each deal's card points and tricks per side (120 points in a deal played
    out), its penalty, and the forfeit that ends the match. The same seed, the same match."""
    score = simulated_score(
        tmp_path, "kozel", "-n", "4", "--seed", "3", "--rule", "six_spades_top=true"
    )
    both = ("Misha & Sasha", "Katya & Lena")
    assert [
        tuple(
            (d["score"][s], d["breakdown"][s]["card_points"], d["breakdown"][s]["tricks"])
            for s in both
        )
        for d in score["deals"]
    ] == [
        ((0, 60, 4), (0, 60, 4)),
        ((4, 25, 1), (0, 95, 6)),
        ((0, 96, 4), (4, 24, 2)),
        ((0, 89, 5), (2, 31, 2)),
        ((0, 30, 2), (6, 21, 2)),
    ]
    assert score["deals"][-1]["breakdown"]["Katya & Lena"]["forfeit"] is True
    assert (score["totals"], score["winner"]) == ({both[0]: 4, both[1]: 12}, both[0])


def test_a_seeded_bura_match_of_three(tmp_path: Path) -> None:
    """[bura.trick] [bura.score] Three at Bura: the first deals' card points and points,
    and the match's totals. The same seed, the same match."""
    score = simulated_score(tmp_path, "bura", "-n", "3", "--seed", "4")
    names = ("Ivan", "Petr", "Olga")
    assert [
        tuple((d["score"][p], d["breakdown"][p]["card_points"]) for p in names)
        for d in score["deals"][:6]
    ] == [
        ((1, 31), (0, 0), (0, 0)),
        ((1, 42), (0, 45), (0, 22)),
        ((0, 11), (1, 40), (0, 69)),
        ((1, 80), (0, 9), (0, 31)),
        ((0, 0), (1, 49), (0, 14)),
        ((2, 25), (0, 30), (2, 3)),
    ]
    assert len(score["deals"]) == 28
    assert (score["totals"], score["winner"]) == ({"Ivan": 21, "Petr": 15, "Olga": 16}, "Ivan")


def test_nothing_follows_the_last_trick_of_a_kozel_deal(tmp_path: Path) -> None:
    """[hand.count] The first deal of a seeded Kozel match is played out in 34 plays: a
    35th is refused, saying that nothing may follow."""
    ok("simulate", "kozel", "--seed", "1", "--out", str(tmp_path))
    (log,) = tmp_path.glob("*.toml")
    data = tomllib.loads(log.read_text("utf-8"))
    data["deals"] = data["deals"][:1]
    data.pop("result", None)
    assert len(data["deals"][0]["plays"]) == 34
    data["deals"][0]["plays"].append({"by": "Misha", "cards": "6S"})
    (found,) = problems(tmp_path, dumps(data))
    assert (found["deal"], found["play"], found["rule"]) == (1, 35, "hand.count")
    assert found["message"] == "every card of this deal has been played; nothing may follow"


def test_the_draws_problem_comes_before_a_later_broken_entry(tmp_path: Path) -> None:
    """[kozel.draw] [log.card] Problems are said in rules.md's order of checking: the
    draw after trick 1 (the trump listed too early) before the fourth entry's broken card,
    which the log's reading found first."""
    hands = 'hands = { Misha = "7S 8S 6S JS", Katya = "AS 10S KS QS 9C" }'
    entries = plays(("Katya", "AS"), ("Misha", "7S"), ("Katya", "10S"), ("Misha", "7X"))
    found = problems(tmp_path, kozel_log(("Misha", "9C", f"{hands}\n{entries}")))
    assert [(p["rule"], p["path"], p.get("play")) for p in found] == [
        ("kozel.draw", "deals[0].hands.Katya", None),
        ("log.card", "deals[0].plays[3].cards", 4),
    ]


def test_a_card_of_the_second_trick_played_again(tmp_path: Path) -> None:
    """[card.duplicate] The tricks are counted one by one: a card of trick 2 played again
    says so."""
    entries = plays(("Katya", "AS"), ("Misha", "7S"), ("Katya", "AH"), ("Misha", "7H"))
    (found,) = problems(
        tmp_path, kozel_log(("Misha", "9C", entries + "\n" + plays(("Katya", "7H"))))
    )
    assert (found["play"], found["rule"]) == (5, "card.duplicate")
    assert found["message"] == "7H was already played by Misha in trick 2"


MOLODKA = (  # Petr takes trick 1; Ivan then declares a molodka, which gives him the lead
    plays(("Petr", "7S"), ("Ivan", "6S"))
    + '\n{ by = "Ivan", declares = "molodka", cards = "AD KD QD" },\n'
)


def test_the_lead_a_declaration_gives_and_the_cards_it_shows(tmp_path: Path) -> None:
    """[turn.order] [hand.not-held] After Ivan's molodka, Ivan leads (not Petr, who took
    the last trick), and the cards he showed stay his: Petr may not play one."""
    (found,) = problems(tmp_path, bura_log(MOLODKA + plays(("Petr", "8S"))))
    assert (found["play"], found["rule"]) == (4, "turn.order")
    assert found["message"] == "Ivan leads this trick (a declaration gave them the lead), not Petr"
    (found,) = problems(tmp_path, bura_log(MOLODKA + plays(("Ivan", "AD"), ("Petr", "KD"))))
    assert (found["play"], found["rule"]) == (5, "hand.not-held")
    assert found["message"] == (
        "Petr does not hold KD: Ivan showed it in a declaration, and it stays in their hand"
    )


def test_explain_names_the_rules_of_a_lead_and_of_a_follow_mid_trick(tmp_path: Path) -> None:
    """[kozel.lead] [bura.follow] [bura.beat] [bura.trick] `explain` of a legal lead, and
    of a follow that does not complete a trick of three, lists the rules that decide it."""
    path = written(tmp_path, kozel_log(("Misha", "9C", plays(("Katya", "AS"), ("Misha", "7S")))))
    said = ok("explain", path, "--deal", "1", "--play", "1").splitlines()
    assert said[-2:] == ["Ruling: legal — Katya leads 1 card.", "Rules:  [kozel.lead]"]
    entries = plays(("Katya", "AS"), ("Misha", "7S"), ("Katya", "AH"))
    path = written(tmp_path, kozel_log(("Misha", "9C", entries)))
    said = ok("explain", path, "--deal", "1", "--play", "3").splitlines()
    assert said[0] == "Before: Deal 1, dealt by Misha; entry 3."
    three = '["Ivan", "Petr", "Olga"]'
    text = log_text(
        "bura", [("Ivan", {"trump": '"9H"'}, plays(("Petr", "7S"), ("Olga", "8S")))], three
    )
    said = ok("explain", written(tmp_path, text), "--deal", "1", "--play", "2").splitlines()
    assert said[-2:] == [
        "Ruling: legal — 8♠ beats 7♠ (Petr's cards now holding the trick).",
        "Rules:  [bura.follow], [bura.beat], [bura.trick]",
    ]


def test_no_draw_follows_the_trick_of_two_buras(tmp_path: Path) -> None:
    """[bura.declare.priority] [bura.draw] The trick of two Buras ends the deal and nothing
    is drawn after it: hands of the 3 dealt and the 1 drawn after trick 1 are whole."""
    entries = (
        plays(("Petr", "7S"), ("Ivan", "6S"))
        + '\n{ by = "Petr", declares = "bura", cards = "AH KH QH" },'
        + '\n{ by = "Ivan", declares = "bura", cards = "10H JH 8H" },\n'
        + plays(("Petr", "AH KH QH"), ("Ivan", "10H JH 8H"))
    )
    text = bura_log(entries, '{ Petr = "7S AH KH QH", Ivan = "6S 10H JH 8H" }')
    assert problems(tmp_path, text) == []
    score = json.loads(ok("score", str(tmp_path / "m.toml"), "--json"))
    assert score["deals"][0]["score"] == {"Ivan": 0, "Petr": 1}
