"""Bura rule by rule, rules.md's worked examples, and the beat relation against brute force."""

from __future__ import annotations

import json
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import SHORT_DECK, Card, parse_cards
from referee.games.trick.cards import beats, card_points, set_beats

from .conftest import first_problem, log_text, replay_text, run


def bura(
    *deals: tuple[str, str, str],
    players: str = '["Ivan", "Petr"]',
    rules: str = "",
    hands: str = "",
) -> str:
    """A Bura log; each deal is (dealer, trump, entries); ``hands`` a raw TOML line."""
    setup = {"trump": ""}
    built = []
    for dealer, trump, entries in deals:
        setup = {"trump": f'"{trump}"'}
        if hands:
            key, value = hands.split("=", 1)
            setup[key.strip()] = value.strip()
        built.append((dealer, setup, entries))
    return log_text("bura", built, players, rules)


CLAIM = """{ by = "Petr", cards = "AS 10S" },
{ by = "Ivan", cards = "6H 7H" },
{ by = "Ivan", cards = "AH" },
{ by = "Petr", cards = "6C" },
{ by = "Ivan", claim = true },"""


def test_match_log_claim_example() -> None:
    """Ivan trumps both spades (21) and wins the A♥ (11 more): 32, a true claim."""
    replayed = replay_text(bura(("Ivan", "9H", CLAIM)))
    assert replayed.problems == []
    (d,) = replayed.deals
    assert d.result.score == {"Ivan": 1, "Petr": 0}
    assert d.result.breakdown["Ivan"]["card_points"] == 32
    assert replayed.balances == {"Ivan": 1, "Petr": -1} and replayed.pot == 0


def test_false_claim_doubles_the_pot_and_pays_opponents() -> None:
    """[bura.claim] a false claim: the claimant pays the pot into it, each opponent +2."""
    entries = CLAIM.replace('{ by = "Ivan", claim = true },', '{ by = "Petr", claim = true },')
    replayed = replay_text(bura(("Ivan", "9H", entries)))
    assert replayed.problems == []
    assert replayed.deals[0].result.score == {"Ivan": 2, "Petr": 0}
    assert replayed.pot == 4 and replayed.balances == {"Ivan": -1, "Petr": -3}
    assert replayed.next_dealer == "Ivan"  # no winner: the same dealer deals again


def test_forfeit_is_a_false_claim() -> None:
    replayed = replay_text(bura(("Ivan", "9H", '{ by = "Petr", forfeit = "drew out of turn" },')))
    assert replayed.problems == [] and replayed.deals[0].result.score == {"Ivan": 2, "Petr": 0}


def test_winner_deals_next() -> None:
    """[bura.deal.dealer]"""
    text = bura(("Ivan", "9H", CLAIM), ("Petr", "9D", ""))
    assert first_problem(text)[:2] == ("bura.deal.dealer", 2)
    assert not replay_text(bura(("Ivan", "9H", CLAIM), ("Ivan", "9D", ""))).problems


def test_beat_example() -> None:
    """[bura.beat] 10♠ 9♠ is beaten by A♠ K♠: A on 10, K on 9."""
    assert set_beats(parse_cards("AS KS"), parse_cards("10S 9S"), "H")
    assert set_beats(parse_cards("KS AS"), parse_cards("10S 9S"), "H")
    assert not set_beats(parse_cards("AS 9S"), parse_cards("10S KS"), "H")
    assert set_beats(parse_cards("6H 7H"), parse_cards("AS 10S"), "H")


def brute_beats(attack: tuple[Card, ...], held: tuple[Card, ...], trump: str) -> bool:
    """Try every pairing."""
    return len(attack) == len(held) and any(
        all(beats(a, h, trump) for a, h in zip(order, held, strict=True))
        for order in permutations(attack)
    )


@settings(max_examples=600, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(SHORT_DECK)), min_size=2, max_size=6, unique=True),
    st.sampled_from("SHDC"),
)
def test_set_beats_matches_every_pairing(cards: list[Card], trump: str) -> None:
    k = len(cards) // 2
    attack, held = tuple(cards[:k]), tuple(cards[k : 2 * k])
    assert set_beats(attack, held, trump) == brute_beats(attack, held, trump)


def test_card_points() -> None:
    """[bura.cards] 120 points in the deck."""
    assert card_points(tuple(SHORT_DECK)) == 120


def test_lead_rules() -> None:
    """[bura.lead] 1 to 3 cards of one suit."""
    assert (
        first_problem(bura(("Ivan", "9H", '{ by = "Petr", cards = "AS 10C" },')))[0] == "bura.lead"
    )
    # four cards from a hand of three: hand.count comes first (rules.md, order of checking)
    assert (
        first_problem(bura(("Ivan", "9H", '{ by = "Petr", cards = "AS 10S KS QS" },')))[0]
        == "hand.count"
    )


def test_follow_same_number() -> None:
    """[bura.follow]"""
    text = bura(
        ("Ivan", "9H", '{ by = "Petr", cards = "AS 10S" },\n{ by = "Ivan", cards = "6H" },')
    )
    assert first_problem(text) == ("bura.follow", 1, 2)


def test_first_leader_and_turns() -> None:
    """[bura.lead.first] the player after the dealer leads; [turn.order]"""
    assert first_problem(bura(("Ivan", "9H", '{ by = "Ivan", cards = "AS" },')))[0] == "turn.order"


def test_trick_winner_leads_next() -> None:
    text = bura(
        (
            "Ivan",
            "9H",
            '{ by = "Petr", cards = "AS" },\n{ by = "Ivan", cards = "6H" },\n'
            '{ by = "Petr", cards = "KS" },',
        )
    )
    assert first_problem(text) == ("turn.order", 1, 3)


def test_three_players_each_must_beat_the_holder() -> None:
    """[bura.trick] Olga beats Petr's card but not Ivan's trump: Ivan keeps the trick."""
    text = bura(
        (
            "Olga",
            "9H",
            '{ by = "Ivan", cards = "10S" },\n{ by = "Petr", cards = "6H" },\n'
            '{ by = "Olga", cards = "AS" },\n{ by = "Petr", cards = "7S" },',
        ),
        players='["Ivan", "Petr", "Olga"]',
    )
    replayed = replay_text(text)
    assert replayed.problems == []
    assert replayed.state is not None and replayed.state.points["Petr"] == 21


def test_claim_timing() -> None:
    """[bura.claim] never before the first trick or mid-trick."""
    assert first_problem(bura(("Ivan", "9H", '{ by = "Ivan", claim = true },')))[0] == "bura.claim"
    text = bura(("Ivan", "9H", '{ by = "Petr", cards = "AS" },\n{ by = "Ivan", claim = true },'))
    assert first_problem(text)[0] == "bura.claim"


def test_nothing_after_the_deal_ends() -> None:
    text = bura(("Ivan", "9H", CLAIM + '\n{ by = "Ivan", cards = "KS" },'))
    assert first_problem(text) == ("bura.claim", 1, 6)


def test_declaration_before_first_trick_voids() -> None:
    """[bura.declare.first] redealt without penalty: the pot stays, the same dealer."""
    decl = '{ by = "Petr", declares = "molodka", cards = "AS KS QS" },'
    replayed = replay_text(bura(("Ivan", "9H", decl), ("Ivan", "9D", "")))
    assert replayed.problems == [] and replayed.deals[0].result.score == {"Ivan": 0, "Petr": 0}
    assert replayed.pot == 4  # the pot stays (2), and the redeal is open with its antes paid (2)
    text = bura(("Ivan", "9H", decl + '\n{ by = "Petr", cards = "AS" },'))
    assert first_problem(text) == ("bura.declare.first", 1, 2)


def test_bura_declaration_wins_at_once() -> None:
    entries = (
        '{ by = "Petr", cards = "AS" },\n{ by = "Ivan", cards = "6S" },\n'
        '{ by = "Ivan", declares = "bura", cards = "7H 8H 10H" },'
    )
    replayed = replay_text(bura(("Ivan", "9H", entries)))
    assert replayed.problems == [] and replayed.deals[0].result.winner == "Ivan"
    text = bura(("Ivan", "9H", entries + '\n{ by = "Petr", cards = "KS" },'))
    assert first_problem(text) == ("bura.declare.priority", 1, 4)


def test_declaration_priority() -> None:
    """[bura.declare.priority] Moscow beats Bura; a molodka declarer leads."""
    entries = (
        '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },\n'
        '{ by = "Petr", declares = "bura", cards = "7H 8H 10H" },\n'
        '{ by = "Ivan", declares = "moscow", cards = "AS AD AC" },'
    )
    replayed = replay_text(bura(("Ivan", "9H", entries)))
    assert replayed.problems == [] and replayed.deals[0].result.winner == "Ivan"
    molodka = (
        '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },\n'
        '{ by = "Petr", declares = "molodka", cards = "QC KC AC" },\n'
        '{ by = "Petr", cards = "KC" },'
    )
    assert replay_text(bura(("Ivan", "9H", molodka))).problems == []
    wrong = molodka.replace('{ by = "Petr", cards = "KC" }', '{ by = "Ivan", cards = "KD" }')
    assert first_problem(bura(("Ivan", "9H", wrong)))[0] == "turn.order"


def test_declaration_cards() -> None:
    """[bura.declare.cards] the combination against the trump; a card already played is
    card.duplicate, checked first (rules.md §0)."""
    base = '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },\n'
    bad = base + '{ by = "Ivan", declares = "bura", cards = "7C 8H 10H" },'
    assert first_problem(bura(("Ivan", "9H", bad)))[0] == "bura.declare.cards"
    played = base + '{ by = "Ivan", declares = "molodka", cards = "7S 8S 10S" },'
    assert first_problem(bura(("Ivan", "9H", played)))[0] == "card.duplicate"  # §0 order
    plain = base + '{ by = "Ivan", declares = "molodka", cards = "7H 8H 10H" },'
    assert first_problem(bura(("Ivan", "9H", plain)))[0] == "bura.declare.cards"
    mid = '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", declares = "bura", cards = "7H 8H 10H" },'
    assert first_problem(bura(("Ivan", "9H", mid)))[0] == "bura.declare"


def test_trump_card_cannot_be_played_before_it_is_drawn() -> None:
    text = bura(("Ivan", "9H", '{ by = "Petr", cards = "9H" },'))
    assert first_problem(text)[0] == "hand.not-held"


def test_card_duplicate_and_deck() -> None:
    text = bura(("Ivan", "9H", '{ by = "Petr", cards = "AS" },\n{ by = "Ivan", cards = "AS" },'))
    assert first_problem(text)[0] == "card.duplicate"
    assert first_problem(bura(("Ivan", "9H", '{ by = "Petr", cards = "5S" },')))[0] == "card.deck"


def test_hand_count_after_the_stock_runs_out() -> None:
    """[bura.draw] [hand.count] six players: 18 cards in hand, 18 in the stock (the trump
    last). One 3-card trick draws the stock empty; after the next, every card is played."""
    players = '["A", "B", "C", "D", "E", "F"]'

    def trick(order: str, cards: list[str]) -> str:
        return "\n".join(
            f'{{ by = "{p}", cards = "{c}" }},' for p, c in zip(order, cards, strict=True)
        )

    first = trick(
        "BCDEFA", ["6S 7S 8S", "6C 7C 8C", "6D 7D 8D", "9S 10S JS", "9C 10C JC", "9D 10D JD"]
    )  # E wins and draws first; D draws the trump last
    second = trick(
        "EFABCD", ["QH KH AH", "QS KS AS", "QC KC AC", "QD KD AD", "6H 7H 8H", "9H 10H JH"]
    )
    replayed = replay_text(bura(("A", "9H", first + "\n" + second), players=players))
    assert not replayed.problems
    assert replayed.deals and replayed.deals[0].result.score == dict.fromkeys("ABCDEF", 0)  # void
    more = first + "\n" + second + '\n{ by = "E", cards = "6S" },'
    assert first_problem(bura(("A", "9H", more), players=players))[0] == "hand.count"
    early = first.replace(
        '{ by = "A", cards = "9D 10D JD" },', '{ by = "A", cards = "9H 10D JD" },'
    )
    assert first_problem(bura(("A", "9H", early), players=players))[0] in (
        "bura.lead",
        "hand.not-held",
    )


def test_most_points_when_nobody_claims() -> None:
    """[bura.claim.none] played out with no claim: void by default, or most points."""
    # two players, 30 cards of stock: draw until it ends
    replayed = replay_text(
        bura(
            ("Ivan", "9H", CLAIM.replace('{ by = "Ivan", claim = true },', "")),
            rules='no_claim = "most_points"',
        )
    )
    assert replayed.problems == [] and replayed.deals == []  # not played out yet: still open
    assert replayed.state is not None and not replayed.state.finished


@pytest.mark.parametrize("fixture", ["bura-classic-2p", "bura-little-robber-3p"])
def test_fixture_pots(fixture: str) -> None:
    import json

    from .conftest import FIXTURES

    replayed = replay_text((FIXTURES / f"{fixture}.toml").read_text())
    expected = json.loads((FIXTURES / f"{fixture}.score.json").read_text())
    assert replayed.balances == expected["pot"]
    assert sum(replayed.balances.values()) + replayed.pot == 0


def test_two_buras_the_priority_player_leads_and_the_trick_decides() -> None:
    """[bura.declare.priority] two Buras: the one nearest the leader leads; whoever wins
    that trick wins the deal."""
    entries = (
        '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },\n'
        '{ by = "Petr", declares = "bura", cards = "JH QH KH" },\n'
        '{ by = "Ivan", declares = "bura", cards = "7H 8H 10H" },\n'
        '{ by = "Ivan", cards = "7H" },\n{ by = "Petr", cards = "JH" },'
    )
    replayed = replay_text(bura(("Ivan", "9H", entries)))
    assert replayed.problems == []
    assert replayed.deals[0].result.winner == "Petr"
    wrong = entries.replace(
        '{ by = "Ivan", cards = "7H" },\n{ by = "Petr", cards = "JH" },',
        '{ by = "Petr", cards = "JH" },',
    )
    assert first_problem(bura(("Ivan", "9H", wrong)))[:3] == ("turn.order", 1, 5)


def test_little_moscow_gives_the_lead() -> None:
    entries = (
        '{ by = "Petr", cards = "7S" },\n{ by = "Ivan", cards = "8S" },\n'
        '{ by = "Petr", declares = "little-moscow", cards = "6H 6S 6C" },\n'
        '{ by = "Petr", cards = "6S" },'
    )
    assert replay_text(bura(("Ivan", "9H", entries))).problems == []
    no_trump_six = entries.replace("6H 6S 6C", "6D 6S 6C")
    assert first_problem(bura(("Ivan", "9H", no_trump_six)))[0] == "bura.declare.cards"


# --- options --json: each legal play as an object -------------------------------------------


def table(tmp_path: Path, dealer: str, hand: str | None) -> str:
    log = str(tmp_path / "u.toml")
    assert run("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date", "-f", log).exit_code == 0
    hands = ("--hand", hand) if hand else ()
    done = run("deal", "--dealer", dealer, "--trump", "9H", *hands, "-f", log)
    assert done.exit_code == 0, done.output
    return log


def plays(log: str, *args: str) -> dict[str, Any]:
    done = run("options", "--json", *args, "-f", log)
    assert done.exit_code == 0, done.output
    out = json.loads(done.stdout)
    assert isinstance(out, dict)
    return out


def test_options_json_lists_every_follow_and_whether_it_beats(tmp_path: Path) -> None:
    log = table(tmp_path, "Ivan", "Ivan=6H 7H 8C")
    assert run("play", "AS", "10S", "-f", log).exit_code == 0
    assert plays(log) == {
        "for": {
            "player": "Ivan",
            "lead": False,
            "beat": ["AS", "10S"],
            "holder": "Petr",
            "hand": ["6H", "7H", "8C"],
            "count": 2,
        },
        "plays": [
            {"cards": ["6H", "7H"], "beats": True},
            {"cards": ["6H", "8C"], "beats": False},
            {"cards": ["7H", "8C"], "beats": False},
        ],
        "total": 3,
        "more": 0,
    }
    assert plays(log, "--by", "Ivan") == plays(log)
    words = run("options", "-f", log).stdout.splitlines()
    assert words == ["Ivan to beat A♠ 10♠: 1 option", "  6♥ 7♥"]  # the words list the beats
    ascii_words = run("options", "-f", log, "--ascii").stdout.splitlines()
    assert ascii_words == ["Ivan to beat AS 10S: 1 option", "  6H 7H"]


def test_options_json_lists_every_lead_of_one_suit(tmp_path: Path) -> None:
    out = plays(table(tmp_path, "Petr", "Ivan=6H 7H 8C"))
    assert out["for"] == {
        "player": "Ivan",
        "lead": True,
        "beat": [],
        "holder": None,
        "hand": ["6H", "7H", "8C"],
        "count": 3,
    }
    assert [p["cards"] for p in out["plays"]] == [["6H"], ["7H"], ["8C"], ["6H", "7H"]]
    assert {p["beats"] for p in out["plays"]} == {None} and out["total"] == 4


def test_options_json_by_a_player_whose_hand_is_not_recorded(tmp_path: Path) -> None:
    """``--by`` names the player as before; an unrecorded hand lists no plays but what
    beats each card holding the trick."""
    log = table(tmp_path, "Ivan", "Ivan=6H 7H 8C")
    assert run("play", "AS", "-f", log).exit_code == 0  # Petr leads
    mine = plays(log)
    assert mine["for"]["player"] == "Ivan" and mine["for"]["count"] == 1
    assert [(p["cards"], p["beats"]) for p in mine["plays"]] == [
        (["6H"], True),
        (["7H"], True),
        (["8C"], False),
    ]
    assert "beaten_by" not in mine
    out = plays(log, "--by", "Petr")
    assert out["for"]["player"] == "Petr" and out["for"]["hand"] is None
    assert out["plays"] == [] and out["total"] == 0
    assert out["beaten_by"] == [
        {"card": "AS", "higher": [], "any_trump": True, "top": None, "unbeatable": False}
    ]
    for asked in (("--json",), ()):  # a name that is no player's: refused as before
        done = run("options", *asked, "--by", "Olga", "-f", log)
        assert done.exit_code == 1 and "Olga is not a player" in done.stderr


def test_options_json_after_the_deal_is_refused_as_before(tmp_path: Path) -> None:
    log = table(tmp_path, "Ivan", None)
    assert run("play", "AS", "10S", "-f", log).exit_code == 0
    assert run("play", "6H", "7H", "-f", log).exit_code == 0
    assert run("claim", "-f", log).exit_code == 0  # a false claim ends the deal
    for asked in (("--json",), ()):
        done = run("options", *asked, "-f", log)
        assert done.exit_code == 1 and "[log.deal]" in done.stderr
