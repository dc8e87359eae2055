"""Exact values of the fishing core (referee/games/fishing) that the mutation run of
issue 36 found unchecked (docs/mutation.md): the ways said when a typed play is
ambiguous, a sweep by sums said value by value, the options of a card already played, and
the round a play falls in."""

from __future__ import annotations

import pytest

from referee.cards import Card, parse_cards
from referee.games.base import Cards, Illegal, Options, present
from referee.games.fishing.unions import unions_of_size
from referee.messages import fact, joined
from referee.record import FishPlay
from referee.words.rulings import problem_message

from .conftest import basra_log, log_text, replay_text
from .test_fishing_rules import play, state


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_an_ambiguous_play_names_each_way_in_floor_order() -> None:
    """[basra.capture.choice] a 9 typed without its cards on 5S 5H 4C, where it may not
    trail: two ways, each said with its cards in the floor's order."""
    s = state("basra", "5S 5H 4C KD", may_trail_capturer=False)
    with pytest.raises(Illegal) as info:
        s.table_entry("A", (Card.parse("9D"),), None, False)
    ways = [fact("fishing.play.takes", cards=cards(c)) for c in ("5S 4C", "5H 4C")]
    assert info.value.rule == "basra.capture.choice"
    assert info.value.message == fact(
        "fishing.choice", card=Card.parse("9D"), ways=joined(ways, "; ")
    )


def test_a_sweep_by_sums_is_said_value_by_value() -> None:
    """options: a 9 on 5S 4C sweeps, its cards said lowest value first; or it trails."""
    s = state("basra", "5S 4C KD QH")
    s.floor = list(parse_cards("5S 4C"))
    taken = joined([cards("4C"), cards("5S")], " ")
    assert present(s).legal_options(Card.parse("9D"), None) == Options(
        fact("fishing.options.on", card=Card.parse("9D"), cards=cards("5S 4C")),
        [fact("fishing.play.sweep", cards=taken), fact("fishing.play.trail")],
        2,
    )


def test_the_options_of_a_card_played_say_where_it_went() -> None:
    """options of a card already played: the floor is still named, and the note says who
    played it and in which play."""
    s = state("basra", "5S 4C KD QH")
    play(s, "8D")
    where = fact("fishing.used.played", player="A", play=1)
    assert present(s).legal_options(Card.parse("8D"), None) == Options(
        fact("fishing.options.on", card=Card.parse("8D"), cards=cards("5S 4C KD QH 8D")),
        [fact("fishing.options.used", card=Card.parse("8D"), where=where)],
        0,
    )


def test_the_round_of_a_play_and_a_jump_back() -> None:
    """Two players, six rounds of four plays: a play at a round's end belongs to the next
    round, one past the last play to the last round; a state moved back recomputes it."""
    s = state("basra", "5S 4C KD QH")
    assert (s.rounds, s.total_plays) == ([4] * 6, 48)
    assert [s.round_of(p) for p in (0, 7, 8, 47, 48)] == [0, 0, 1, 5, 5]
    s.entries = 44
    assert s.last_round
    s.entries = 8
    assert (s.round, s.last_round) == (1, False)


def test_a_refusal_shows_twelve_legal_kinds_and_counts_the_rest() -> None:
    """A 10 on twelve numerals has 117 kinds of capture: a refused play shows the first 12
    and says 105 more."""
    s = state("basra", "5S 4C KD QH")
    s.floor = list(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S AH 2H 3H"))
    assert s.legal_plays(Card.parse("10D")).count() == 117
    with pytest.raises(Illegal) as info:
        s.check(FishPlay("A", Card.parse("10D"), cards("AS")))
    assert (info.value.rule, len(info.value.legal), info.value.more) == (
        "basra.capture.group",
        12,
        105,
    )


def test_the_start_of_a_size_of_unions_decoded_in_chunks_is_its_start() -> None:
    """The union table decodes only the start of a size when asked for its first unions:
    1,100 of the 1,187 11-card unions adding up to 10 each (more than one chunk of 1,024)
    are the first 1,100 of the whole size."""
    whole = unions_of_size(10, 11)
    assert len(whole) == 1_187
    assert unions_of_size(10, 11, 1_100) == whole[:1_100]


def test_show_says_the_play_to_come_and_the_hand_to_move() -> None:
    """show after A's first play: the deal, round 1 of 6, play 2 of 48, B to play, and B's
    recorded hand of the round."""
    s = state("basra", "5S 4C KD QH")
    s.hands = {"A": cards("2S 3S 6S 8H"), "B": cards("2H 3H 6H 8D")}
    play(s, "8H")
    shown = present(s).view()
    lines = shown.lines
    assert (shown.data["round"], shown.data["rounds"], shown.data["floor"]) == (
        1,
        6,
        ["5S", "4C", "KD", "QH", "8H"],
    )
    deal = fact("fishing.view.deal", deal=1, dealer="B", round=1, rounds=6, play=2, plays=48)
    assert lines[0] == (deal,)
    assert lines[2:4] == (
        (fact("fishing.view.to-play", player="B"),),
        (fact("view.holds", player="B"), Cards(cards("2H 3H 6H 8D"))),
    )


def test_the_set_up_and_the_end_of_a_basra_deal_said_exactly() -> None:
    """[basra.deal.floor] a jack on the opening floor, and a buried jack in a first-round
    hand; deal.conservation: a deal followed by another after 1 of its 48 plays."""

    def said(text: str) -> list[tuple[str, str | None, str]]:
        return [(p.rule, p.path, problem_message(p)) for p in replay_text(text).problems]

    assert said(basra_log("", floor="5H 3C JD KS")) == [
        (
            "basra.deal.floor",
            "deals[0].floor",
            "the opening floor may hold no jack and no 7D; found JD (bury them in the stock"
            " and list them as buried)",
        )
    ]
    hands = 'buried = "JD"\nhands = { Ali = "JD 2C 3D 4H", Omar = "2S 6C 7H QD" }'
    assert said(basra_log("", extra=hands)) == [
        (
            "basra.deal.floor",
            "deals[0].hands.Ali",
            "JD was buried from the opening floor, so it cannot be in a first-round hand",
        )
    ]
    first = ("Omar", {"floor": '"5H 3C 9D KS"'}, '{ by = "Ali", card = "8S", takes = "5H 3C" },')
    text = log_text("basra", [first, ("Ali", {"floor": '"5S 3S 9S KH"'}, "")], '["Ali", "Omar"]')
    assert said(text) == [
        ("deal.conservation", "deals[0]", "the deal ended after 1 of its 48 plays")
    ]


def test_the_checks_before_the_capture_rules_say_why() -> None:
    """turn.order names who is to play and who played; card.duplicate names the cards
    taken twice; [basra.deal.floor] a buried card is not played in the first round; an
    opening floor of 3 cards says how many it holds; a card buried twice is named."""
    s = state("basra", "5S 4C KD QH")
    checks = [
        (
            FishPlay("B", Card.parse("9D"), ()),
            "turn.order",
            fact("fishing.turn", player="A", by="B"),
        ),
        (
            FishPlay("A", Card.parse("9D"), cards("5S 5S")),
            "card.duplicate",
            fact("card.named-twice", cards=cards("5S 5S")),
        ),
    ]
    for entry, rule, why in checks:
        with pytest.raises(Illegal) as info:
            s.check(entry)
        assert (info.value.rule, info.value.message) == (rule, why)
    buried = replay_text(basra_log("", extra='buried = "JD"')).state
    with pytest.raises(Illegal) as info:
        buried.check(FishPlay("Ali", Card.parse("JD"), ()))
    first_round = fact(
        "fishing.set-aside.first-round",
        card=Card.parse("JD"),
        key="buried",
        floor=fact("fishing.floor"),
    )
    assert (info.value.rule, info.value.message) == ("basra.deal.floor", first_round)
    problems = replay_text(basra_log("", floor="5H 3C 9D")).problems
    assert [(p.rule, p.path, problem_message(p)) for p in problems] == [
        ("basra.deal.floor", "deals[0].floor", "the opening floor holds 4 cards, found 3: 5H 3C 9D")
    ]
    problems = replay_text(basra_log("", extra='buried = "JD JD"')).problems
    assert [(p.rule, p.path, problem_message(p)) for p in problems] == [
        (
            "card.duplicate",
            "deals[0].buried",
            "JD is listed as buried twice; a card goes back into the stock once",
        )
    ]
