"""``explain`` of Bura's own entries, exactly (the mutation run of issue 36,
docs/mutation.md): a claim at exactly 31 and one with no card that counts, a declaration,
a forfeit, and what the deal waits for once no one is to play."""

from __future__ import annotations

from typing import Any

from referee.cards import Card, parse_cards
from referee.games.base import present
from referee.games.trick.sim import between_tricks
from referee.messages import fact, joined
from referee.record import TrickEntry
from referee.words.rulings import problem_message
from referee.words.sentences import said_text

from .conftest import log_text, replay_text

TO_31 = [  # Ivan takes 10S KS (14), AC QC (14) and QD 6D (3): 31 exactly; trump 9H
    ("Petr", "10S KS"),
    ("Ivan", "6H 7H"),
    ("Ivan", "AC"),
    ("Petr", "QC"),
    ("Ivan", "QD"),
    ("Petr", "6D"),
]


def bura_state(*entries: str) -> Any:
    """The state of a one-deal Bura log (Ivan deals, trump 9H) after ``entries``."""
    body = "\n".join(entries)
    replayed = replay_text(
        log_text("bura", [("Ivan", {"trump": '"9H"'}, body)], '["Ivan", "Petr"]')
    )
    assert replayed.problems == []
    return replayed.state


def played(*plays: tuple[str, str]) -> list[str]:
    return [f'{{ by = "{by}", cards = "{cards}" }},' for by, cards in plays]


def card_fact(card: str, points: int) -> Any:
    return fact("bura.explain.card", card=Card.parse(card), points=points)


def test_a_claim_at_exactly_31_is_true() -> None:
    """[bura.claim] 31 is enough: the claim is won, the counted cards listed by value."""
    state = bura_state(*played(*TO_31))
    assert state.points["Ivan"] == 31
    got = present(state).explain(TrickEntry("Ivan", claim=True))
    assert got.ok and got.lines[0] == fact("bura.explain.claim-won", player="Ivan")
    cards = joined(
        card_fact(c, p) for c, p in (("AC", 11), ("10S", 10), ("KS", 4), ("QD", 3), ("QC", 3))
    )
    assert got.answer == fact("bura.explain.claim-was-true", points=31, cards=cards, needed=31)


def test_a_claim_with_no_card_that_counts_is_false() -> None:
    """[bura.claim] Petr took nothing: the claim is lost and says no card counted."""
    state = bura_state(*played(*TO_31))
    got = present(state).explain(TrickEntry("Petr", claim=True))
    assert got.ok and got.lines[0] == fact("bura.explain.claim-lost", player="Petr")
    assert got.answer == fact(
        "bura.explain.claim-was-false",
        points=0,
        cards=fact("bura.explain.no-cards"),
        needed=31,
    )


def test_a_declaration_and_a_forfeit_explained() -> None:
    """[bura.declare] the declaration named with the trump; [bura.misdraw] the forfeit's
    loser named."""
    state = bura_state(*played(("Petr", "6S"), ("Ivan", "7S")))
    cards = tuple(parse_cards("AD KD QD"))
    got = present(state).explain(TrickEntry("Ivan", cards, declares="molodka"))
    assert got.ok and got.answer is None
    assert got.lines[0] == fact("bura.explain.declare", name="molodka", card=Card.parse("9H"))
    got = present(state).explain(TrickEntry("Petr", forfeit="misdrew"))
    assert got.ok and got.lines[0] == fact("bura.explain.forfeit", player="Petr")


def test_a_deal_no_one_plays_in_waits_for_a_claim() -> None:
    """Once the deal has ended, nobody is to play: the view says it waits for a claim."""
    state = bura_state(*played(*TO_31), '{ by = "Ivan", claim = true },')
    assert state.to_move() is None
    assert present(state).turn_lines()[0] == (fact("bura.waiting"),)


def test_a_pending_declaration_may_be_met_by_another() -> None:
    """[bura.declare.priority] while a declaration is pending, the deal says another may
    still be declared before the trick (not that a claim may decide it)."""
    state = bura_state(
        *played(("Petr", "6S"), ("Ivan", "7S")),
        '{ by = "Ivan", declares = "molodka", cards = "AD KD QD" },',
    )
    assert state.pending and state.outcome is None
    assert state.may_follow() == fact("bura.may-follow.declare")


def test_the_pot_is_shown_and_written() -> None:
    """[bura.ante] the view's note and its data give the pot: both antes, 2."""
    state = bura_state(*played(("Petr", "6S")))
    assert state.pot == 2
    assert present(state).notes() == [(fact("bura.view.pot", pot=2),)]
    assert present(state).data() == {"pot": 2}


def test_a_bura_deal_left_unfinished_says_why() -> None:
    """deal.conservation: a Bura deal followed by another before it ends says why."""
    first = ("Ivan", {"trump": '"9H"'}, '{ by = "Petr", cards = "6S" },')
    text = log_text("bura", [first, ("Petr", {"trump": '"9D"'}, "")], '["Ivan", "Petr"]')
    p = replay_text(text).problems[0]
    assert (p.rule, p.deal, p.play) == ("deal.conservation", 1, None)
    assert problem_message(p) == "the deal is unfinished: " + said_text(fact("bura.unfinished"))
    assert "bura.unfinished" not in p.message


def test_equal_declarations_go_to_the_first_after_the_leader() -> None:
    """[bura.declare.priority] two molodkas: the one seated first after the last trick's
    winner (B) wins the lead, C before A, in a deal of three."""
    entries = [
        *played(("B", "AS"), ("C", "7S"), ("A", "8S")),
        '{ by = "A", declares = "molodka", cards = "AC KC QC" },',
        '{ by = "C", declares = "molodka", cards = "AD KD QD" },',
    ]
    text = log_text("bura", [("A", {"trump": '"9H"'}, "\n".join(entries))], '["A", "B", "C"]')
    replayed = replay_text(text)
    assert replayed.problems == []
    state: Any = replayed.state
    assert state.leader == "B" and state.lead_override() == "C" and state.to_move() == "C"


def test_equal_declarations_counted_on_from_the_leader() -> None:
    """[bura.declare.priority] the same with C the leader: A sits first after C, then B."""
    entries = [
        *played(("C", "AS"), ("A", "7S"), ("B", "8S")),
        '{ by = "B", declares = "molodka", cards = "AC KC QC" },',
        '{ by = "A", declares = "molodka", cards = "AD KD QD" },',
    ]
    text = log_text("bura", [("B", {"trump": '"9H"'}, "\n".join(entries))], '["A", "B", "C"]')
    replayed = replay_text(text)
    assert replayed.problems == []
    state: Any = replayed.state
    assert state.leader == "C" and state.lead_override() == "A" and state.to_move() == "A"


def test_a_moscow_declared_after_a_trick_ends_the_deal_in_its_explain() -> None:
    """[bura.declare.priority] the declaration is judged with those before it: a Moscow
    ends the deal, and explain says so."""
    state = bura_state(*played(("Petr", "6S"), ("Ivan", "7S")))
    got = present(state).explain(TrickEntry("Ivan", tuple(parse_cards("AS AC AD")), "moscow"))
    assert got.ok and got.rules == ["bura.declare", "bura.declare.cards", "bura.declare.priority"]
    assert got.lines == [
        fact("bura.explain.declare", name="moscow", card=Card.parse("9H")),
        fact("trick.explain.ends", how=fact("bura.how.moscow")),
    ]


def test_the_declaration_found_in_a_hand_follows_the_moscow_rule() -> None:
    """[bura.declare] the simulated player's search: three aces are a Moscow, but not
    without the trump ace where the rules ask for it."""
    hand = tuple(parse_cards("AS AC AD 7H"))
    assert bura_state().declaration_in(hand) == ("moscow", tuple(parse_cards("AS AC AD")))
    text = log_text(
        "bura",
        [("Ivan", {"trump": '"9H"'}, "")],
        '["Ivan", "Petr"]',
        rules="moscow_needs_trump_ace = true",
    )
    replayed = replay_text(text)
    assert replayed.problems == []
    assert replayed.state.declaration_in(hand) is None
    assert replayed.state.declaration_in((*hand, Card.parse("AH"))) == (
        "moscow",
        tuple(parse_cards("AS AC AH")),
    )


class FixedDraw:
    """A stand-in for the simulator's random source: every draw is ``value``."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value

    def choice(self, items: Any) -> Any:
        return items[0]


def test_the_simulated_player_claims_at_31_and_never_before_the_first_trick() -> None:
    """The simulator's player (trick/sim.py) claims a true claim at 31 points exactly
    (7 times in 10, and always once the cards have run out); before the first trick it
    neither claims nor forfeits."""
    recorded: list[TrickEntry] = []
    state = bura_state(*played(*TO_31))
    assert between_tricks(state, recorded.append, FixedDraw(0.5), False, True) is True
    assert recorded == [TrickEntry("Ivan", claim=True)]
    recorded.clear()
    assert between_tricks(bura_state(), recorded.append, FixedDraw(0.0), False, True) is False
    assert recorded == []
    state.stock, state.held = 0, dict.fromkeys(state.players, 0)  # as if the cards ran out
    assert state.played_out
    assert between_tricks(state, recorded.append, FixedDraw(0.75), True, True) is True
    assert recorded == [TrickEntry("Ivan", claim=True)]
