"""``explain`` on a legal Basra play names the rules that decide it and says what the play
did, one case per branch: a trail, a capture, a capture that clears the floor, the jack on
an empty floor, taking and sweeping, the 7D sweeping with and without a basra and the 7D
that is a plain 7 (rules.md's rule ids; the facts are the words layer's codes)."""

from __future__ import annotations

import pytest

from referee.cards import Card, parse_cards
from referee.games.base import Explanation, Illegal, present
from referee.messages import fact
from referee.params import Value
from referee.record import FishPlay

from .test_fishing_rules import state

GROUP = ["basra.capture.group", "basra.capture.union", "basra.capture.choice"]
D7 = Card.parse("7D")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


CASES = [
    ("5S 4H 2C KD", "QH", "", ["basra.trail"], [fact("basra.trail", card=Card.parse("QH"))]),
    (
        "5S 4H 2C KD",
        "9D",
        "5S 4H",
        GROUP,
        [fact("basra.union", card=Card.parse("9D"), cards=cards("5S 4H"))],
    ),
    (
        "5S 4H",
        "9D",
        "5S 4H",
        [*GROUP, "basra.sweep"],
        [fact("basra.union.sweep", card=Card.parse("9D"), cards=cards("5S 4H"))],
    ),
    (  # a K that takes the floor's last card sweeps it too
        "KD",
        "KH",
        "KD",
        [*GROUP, "basra.sweep"],
        [fact("basra.union.sweep", card=Card.parse("KH"), cards=cards("KD"))],
    ),
    ("", "JD", "", ["basra.jack"], [fact("basra.jack.empty")]),
    (
        "5S 4H 2C KD",
        "JD",
        "5S 4H 2C KD",
        ["basra.jack", "basra.sweep.jack"],
        [fact("basra.jack.takes", cards=cards("5S 4H 2C KD"), mode="lone_card")],
    ),
    (
        "5S",
        "JD",
        "5S",
        ["basra.jack", "basra.sweep.jack"],
        [fact("basra.jack.sweep", cards=cards("5S"), mode="lone_card")],
    ),
    (
        "5S 3H 2C KD",
        "7D",
        "5S 3H 2C KD",
        ["basra.seven-diamonds"],
        [fact("basra.seven.sweep", mode="sweep_if_10", seven=D7, cards=cards("5S 3H 2C KD"))],
    ),
    (  # the floor adds up to 13 (a K counts nothing): the 7D is a plain 7, said first
        "5S 2C 6H KD",
        "7D",
        "5S 2C",
        ["basra.seven-diamonds", *GROUP],
        [
            fact("basra.seven.plain", seven=D7, total=13),
            fact("basra.union", card=D7, cards=cards("5S 2C")),
        ],
    ),
    ("", "7D", "", ["basra.trail"], [fact("basra.trail", card=D7)]),  # nothing to add up
]


def explained(game: str, hand: str, floor: str, card: str, takes: str) -> Explanation:
    """What ``explain`` says of player A's ``card`` taking ``takes`` on ``floor``."""
    s = state(game, hand)
    s.floor = list(parse_cards(floor))
    return present(s).explain(FishPlay("A", Card.parse(card), parse_cards(takes)))


@pytest.mark.parametrize(("floor", "card", "takes", "rules", "lines"), CASES)
def test_explain_names_the_rules_of_a_legal_basra_play(
    floor: str, card: str, takes: str, rules: list[str], lines: list[object]
) -> None:
    got = explained("basra", "5S 4H 2C KD", floor, card, takes)
    assert (got.ok, got.rules, got.lines) == (True, rules, lines)


def test_explain_a_seven_of_diamonds_that_sweeps_without_a_basra() -> None:
    """Under ``sweep_all`` the 7D takes the floor; 19 on it, and a K: no basra."""
    s = state("basra", "9S 8H 2C KD", seven_diamonds="sweep_all")
    got = present(s).explain(FishPlay("A", D7, parse_cards("9S 8H 2C KD")))
    taken = fact("basra.seven.takes", mode="sweep_all", seven=D7, cards=cards("9S 8H 2C KD"))
    assert (got.ok, got.rules, got.lines) == (True, ["basra.seven-diamonds"], [taken])


SEVEN_PART = fact("basra.seven.part", seven=D7, cards=cards("5S 3H 2C KD"))
JACK_PART = fact("basra.jack.part", cards=cards("5S 4H 2C KD"))
CAPTURER = fact("basra.trail.capturer", card=Card.parse("9D"))
FACE = fact("basra.face.group", rank="K", cards=cards("5S 4H"))
SEVEN_SUM = fact("basra.seven.no-group", cards=cards("5S 6H"), seven=D7, total=13)
EIGHT = fact("basra.no-group.an", cards=cards("5S 4H"), rank="8")
NINE_ON_K = fact("basra.no-group.a", cards=cards("KD"), rank="9")
MAXIMAL = fact("basra.maximal", card=Card.parse("9D"), cards=cards("5S 4H"))
NOT_ON_FLOOR = None  # the common check's fact (fishing.not-on-floor), tested with the family
REFUSALS: list[tuple[str, str, str, str, object, dict[str, Value]]] = [
    # a card not on the floor: the rule of what the 7D must do, here sweep
    ("5S 3H 2C KD", "7D", "9H", "basra.seven-diamonds", NOT_ON_FLOOR, {}),
    ("5S 3H 2C KD", "7D", "5S 2C", "basra.seven-diamonds", SEVEN_PART, {}),
    ("5S 4H 2C KD", "JD", "5S 4H", "basra.jack", JACK_PART, {}),
    ("5S 4H 2C KD", "9D", "", "basra.trail", CAPTURER, {"may_trail_capturer": False}),
    ("KD 5S 4H 2C", "KH", "5S 4H", "basra.capture.group", FACE, {}),  # a K takes only Ks
    ("5S 2C 6H KD", "7D", "5S 6H", "basra.capture.group", SEVEN_SUM, {}),
    ("5S 4H 2C KD", "8D", "5S 4H", "basra.capture.group", EIGHT, {}),
    ("5S 4H 2C KD", "9D", "KD", "basra.capture.group", NINE_ON_K, {}),
    ("5S 4H 2C 7C", "9D", "5S 4H", "basra.capture.choice", MAXIMAL, {"capture": "maximal"}),
]


@pytest.mark.parametrize(("floor", "card", "takes", "rule", "said", "rules"), REFUSALS)
def test_a_refused_basra_play_names_its_rule_and_why(
    floor: str, card: str, takes: str, rule: str, said: object, rules: dict[str, Value]
) -> None:
    s = state("basra", floor, **rules)
    with pytest.raises(Illegal) as info:
        s.check(FishPlay("A", Card.parse(card), parse_cards(takes)))
    assert info.value.rule == rule
    if said is not NOT_ON_FLOOR:
        assert info.value.message == said


def test_explain_a_capture_that_clears_the_floor_without_a_basra() -> None:
    """Lebanese Basra scores a basra only for same-rank sweeps: a 9 on 5 and 4 clears the
    floor, the sweep rule is cited as why it scores none."""
    s = state("basra", "5S 4H 2C KD", basra_by_sum=False)
    s.floor = list(parse_cards("5S 4H"))
    got = present(s).explain(FishPlay("A", Card.parse("9D"), parse_cards("5S 4H")))
    union = fact("basra.union", card=Card.parse("9D"), cards=cards("5S 4H"))
    assert (got.ok, got.rules, got.lines) == (True, [*GROUP, "basra.sweep"], [union])
