"""Pasur's rulings, exactly (the mutation run of issue 36, docs/mutation.md): ``explain``
on a legal play names the rules that decide it and says what the play did, one case per
branch: a trail, a jack taking part of the pool or all of it, a numeral making 11, a face
card taking its rank, a sur, and a pool cleared in the last round."""

from __future__ import annotations

import pytest

from referee.cards import Card, parse_cards
from referee.games.base import Illegal, present
from referee.games.events import Captured, Residue
from referee.messages import fact
from referee.record import FishPlay
from referee.words.rulings import problem_message

from .conftest import basra_log, replay_text
from .test_basra_explain import explained
from .test_fishing_rules import play, state

FORCED = "pasur.capture.forced"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


CASES = [
    ("KS", "5D", "", ["pasur.trail"], [fact("pasur.trail", card=Card.parse("5D"))]),
    (  # a jack takes the numerals and jacks, never a K or Q
        "5S 3H KD",
        "JC",
        "5S 3H",
        ["pasur.capture.jack"],
        [fact("pasur.jack.takes", cards=cards("5S 3H"))],
    ),
    (
        "5S 3H",
        "JC",
        "5S 3H",
        ["pasur.capture.jack", "pasur.sur.jack"],
        [fact("pasur.jack.empties", cards=cards("5S 3H"))],
    ),
    (
        "5S 3H KD",
        "6D",
        "5S",
        ["pasur.capture.eleven", FORCED],
        [fact("pasur.takes", card=Card.parse("6D"), cards=cards("5S"))],
    ),
    (
        "KD 5S",
        "KH",
        "KD",
        ["pasur.capture.face", FORCED],
        [fact("pasur.takes", card=Card.parse("KH"), cards=cards("KD"))],
    ),
    (
        "5S",
        "6D",
        "5S",
        ["pasur.capture.eleven", FORCED, "pasur.sur"],
        [fact("pasur.sur", card=Card.parse("6D"), cards=cards("5S"))],
    ),
]


@pytest.mark.parametrize(("pool", "card", "takes", "rules", "lines"), CASES)
def test_explain_names_the_rules_of_a_legal_pasur_play(
    pool: str, card: str, takes: str, rules: list[str], lines: list[object]
) -> None:
    got = explained("pasur", "4S 3H 2C AD", pool, card, takes)
    assert (got.ok, got.rules, got.lines) == (True, rules, lines)


def test_explain_a_pool_cleared_in_the_last_round() -> None:
    """[pasur.sur.last-round] clearing the pool in the last round scores no sur: the rule
    and the fact say so."""
    s = state("pasur", "4S 3H 2C AD")
    s.entries = s.total_plays - 4  # the last round
    s.floor = list(parse_cards("5S"))
    got = present(s).explain(FishPlay("A", Card.parse("6D"), parse_cards("5S")))
    line = fact("pasur.sur.last-round", card=Card.parse("6D"), cards=cards("5S"))
    assert got.ok and got.rules == ["pasur.capture.eleven", FORCED, "pasur.sur.last-round"]
    assert got.lines == [line]


POOL = "5S 3H KD QC"
REFUSALS = [  # a refused play: its rule, why, and the first legal play it shows
    ("JC", "5S", "pasur.capture.jack", fact("pasur.jack.all", cards=cards("5S 3H")), "5S 3H"),
    ("KH", "QC", "pasur.capture.face", fact("pasur.face.one", rank="K", cards=cards("QC")), "KD"),
    ("6D", "", FORCED, fact("pasur.forced", card=Card.parse("6D")), "5S"),
    (
        "6D",
        "3H",
        "pasur.capture.eleven",
        fact("pasur.eleven", card=Card.parse("6D"), cards=cards("3H")),
        "5S",
    ),
]


@pytest.mark.parametrize(("card", "takes", "rule", "why", "legal"), REFUSALS)
def test_a_refused_pasur_play_names_its_rule_why_and_the_legal_play(
    card: str, takes: str, rule: str, why: object, legal: str
) -> None:
    """[pasur.capture.jack] a jack takes every numeral; [pasur.capture.face] a K one K;
    [pasur.capture.forced] a card that can capture does not trail; [pasur.capture.eleven]."""
    s = state("pasur", "4S 3H 2C AD")
    s.floor = list(parse_cards(POOL))
    with pytest.raises(Illegal) as info:
        s.check(FishPlay("A", Card.parse(card), parse_cards(takes)))
    got = info.value
    assert (got.rule, got.message, got.more) == (rule, why, 0)
    assert [k.takes for k in got.legal] == [cards(legal)]


@pytest.mark.parametrize(
    ("pool", "variant", "said"),
    [
        (
            "JS 3H 9D KS",
            "standard",
            "the opening pool may hold no jack; found JS (return it to the deck, or redeal if"
            " there were two)",
        ),
        (
            "QS QC QD KS",
            "pagat",
            "with qk_redeal, three or more queens in the opening pool force a redeal",
        ),
    ],
)
def test_an_opening_pool_that_forces_a_return_or_a_redeal(
    pool: str, variant: str, said: str
) -> None:
    """[pasur.deal.pool] the problem names the rule, the pool's key path and why."""
    problems = replay_text(basra_log("", floor=pool, game="pasur", variant=variant)).problems
    assert [(p.rule, p.path, p.deal, problem_message(p)) for p in problems] == [
        ("pasur.deal.pool", "deals[0].floor", 1, said)
    ]


def test_the_pool_left_at_the_end_goes_to_the_last_capturer() -> None:
    """[pasur.residue] the last play trails a K: the pool left (5S and the K) goes to A,
    the last to capture, and the event calls it the pool."""
    s = state("pasur", "4S 3H 2C AD")
    play(s, "AC", "4S 3H 2C AD")
    s.entries = s.total_plays - 1  # the last play of the deal
    s.floor = list(parse_cards("5S"))
    assert play(s, "KD") == [
        Captured("B", Card.parse("KD"), (), False),
        Residue("A", cards("5S KD"), "pool"),
    ]
    assert s.floor == [] and s.piles["A"][-2:] == list(cards("5S KD"))
