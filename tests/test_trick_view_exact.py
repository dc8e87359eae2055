"""What a person is shown of a trick deal (referee/games/trick/view.py), exactly: the
mutation run of issue 36 (docs/mutation.md) found these lines and fields unchecked. Kozel
deals of Misha (dealer) and Katya, trump 9C: ``show``'s view, an explanation's state,
``explain`` of a follow, ``options`` when leading, following or when nobody is to play, and
the hints of what beats the trick when the follower's hand is not recorded."""

from __future__ import annotations

from typing import Any

from referee.cards import Card, parse_cards
from referee.games.base import Cards, Explanation, Options, present
from referee.games.trick.plays import TrickPlay
from referee.messages import fact, joined
from referee.record import TrickEntry

from .conftest import log_text, replay_text
from .test_trick_exact import plays

HANDS = '{ Misha = "6S 7H 8D 7C", Katya = "AS 10S KS QS" }'
AS = (Card.parse("AS"),)
ANY_TRUMP = fact("trick.hint.any-trump", suit="C")


def kozel(entries: str, hands: str = "", variant: str | None = None) -> Any:
    """The state of a one-deal Kozel log after ``entries``."""
    setup = {"trump": '"9C"'}
    if hands:
        setup["hands"] = hands
    text = log_text("kozel", [("Misha", setup, entries)], '["Misha", "Katya"]', variant=variant)
    replayed = replay_text(text)
    assert replayed.problems == []
    return replayed.state


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_show_and_the_state_mid_trick() -> None:
    """Katya has led AS: the state said for an explanation, show's data, its brief (the
    trick and the turn) and its turn lines (whose turn, the counts, the hand to move)."""
    view = present(kozel(plays(("Katya", "AS")), HANDS))
    points = (fact("trick.state.points-of", player=p, points=0) for p in ("Misha", "Katya"))
    assert view.describe() == [
        fact("state.deal", deal=1, dealer="Misha", entry=2),
        fact("trick.state.trump", n=0, card=Card.parse("9C"), stock=28),
        fact(
            "trick.state.so-far",
            plays=joined([fact("trick.state.play", player="Katya", cards=AS)], "; "),
        ),
        fact("trick.state.points", points=joined(points)),
    ]
    shown = view.view()
    assert {k: shown.data[k] for k in ("trump", "trick", "tricks", "stock", "hand_counts")} == {
        "trump": "9C",
        "trick": [{"by": "Katya", "cards": ["AS"]}],
        "tricks": 0,
        "stock": 28,
        "hand_counts": {"Misha": 4, "Katya": 3},
    }
    counts = (
        fact("trick.view.count-of", player=p, count=n) for p, n in (("Misha", 4), ("Katya", 3))
    )
    turn = [
        (fact("trick.view.to-follow", player="Misha"),),
        (fact("trick.view.counts", counts=joined(counts)),),
        (fact("view.holds", player="Misha"), Cards(cards("6S 7H 8D 7C"))),
    ]
    assert view.turn_lines() == turn
    assert shown.brief == (view.head_lines()[1], turn[0])
    assert view.head_lines()[1:] == [
        (
            fact("trick.view.trick"),
            fact("trick.view.by", player="Katya"),
            Cards(AS),
        ),
        (fact("trick.view.holding", player="Katya"),),
    ]


def test_explain_a_follow_that_beats_and_one_that_does_not() -> None:
    """[kozel.beat] Misha's hand is recorded: a trump beats AS; an 8D does not, and the
    way that would is listed; with no card that beats, the note says so."""
    view = present(kozel(plays(("Katya", "AS")), HANDS))
    rules = ["kozel.follow", "kozel.beat", "kozel.trick"]
    way = [TrickPlay(cards("7C"), beats=True)]
    beats = fact("trick.explain.beats", n=1, cards=cards("7C"), held=AS, player="Katya")
    assert view.explain(TrickEntry("Misha", cards("7C"))) == Explanation(rules, [beats], way, True)
    not_ = fact("trick.explain.beats-not", n=1, cards=cards("8D"), held=AS, player="Katya")
    assert view.explain(TrickEntry("Misha", cards("8D"))) == Explanation(rules, [not_], way, True)
    view = present(
        kozel(plays(("Katya", "AS")), '{ Misha = "6S 7H 8D 9D", Katya = "AS 10S KS QS" }')
    )
    not_ = fact("trick.explain.beats-not", n=1, cards=cards("7H"), held=AS, player="Katya")
    assert view.explain(TrickEntry("Misha", cards("7H"))) == Explanation(
        rules, [not_], [], True, note=fact("trick.beats.none")
    )


def test_explain_a_refused_follow_with_and_without_legal_plays() -> None:
    """A card not held is refused and the way that beats listed; two cards on a one-card
    trick are refused with every legal play, or nothing to list when no hand is recorded."""
    view = present(kozel(plays(("Katya", "AS")), HANDS))
    assert view.explain(TrickEntry("Misha", cards("AH"))) == Explanation(
        ["hand.not-held"],
        [fact("hand.not-held", player="Misha", card=Card.parse("AH"))],
        [TrickPlay(cards("7C"), beats=True)],
        False,
    )
    legal = tuple(TrickPlay(cards(c), beats=c == "7C") for c in ("7C", "6S", "7H", "8D"))
    assert view.explain(TrickEntry("Misha", cards("7C 8D"))) == Explanation(
        ["kozel.follow"], [fact("trick.follow.count", n=1, player="Misha", count=2)], legal, False
    )
    view = present(kozel(plays(("Katya", "AH KH"))))
    assert view.explain(TrickEntry("Misha", cards("7C"))) == Explanation(
        ["kozel.follow"],
        [fact("trick.follow.count", n=2, player="Misha", count=1)],
        [],
        False,
    )


def test_options_to_lead_and_when_nobody_is_to_play() -> None:
    """options before the first lead: Katya leads up to 4 cards; after a forfeit nobody
    plays and nothing may follow."""
    assert present(kozel("")).legal_options(None, None) == Options(
        fact("trick.options.leads", player="Katya"), [fact("trick.options.lead", k=4)], 0
    )
    ended = kozel('{ by = "Katya", forfeit = "misdrew" },')
    none = fact("trick.options.none", why=fact("trick.after-last.nothing"))
    assert present(ended).legal_options(None, None) == Options(
        fact("trick.options.over"), [none], 0
    )


def hints(entries: str, variant: str | None = None) -> Options:
    return present(kozel(entries, variant=variant)).legal_options(None, None)


def test_what_beats_the_trick_when_the_hand_is_not_recorded() -> None:
    """The hints: each card led and what beats it (higher cards of its suit, any trump,
    the 6S where it is the top card, while it is unplayed), one card to one card."""
    led = cards("AH KH")
    either = fact("trick.hint.or", one=cards("10H"), other=ANY_TRUMP)
    assert hints(plays(("Katya", "AH KH"))) == Options(
        fact("trick.options.beat-unknown", player="Misha", cards=led),
        [
            fact("trick.hint.ways", card=led[0], ways=ANY_TRUMP),
            fact("trick.hint.ways", card=led[1], ways=either),
            fact("trick.hint.one-to-one", k=2),
        ],
        0,
    )
    six = Card.parse("6S")
    ah = Card.parse("AH")
    top = fact("trick.hint.or", one=ANY_TRUMP, other=six)
    assert hints(plays(("Katya", "AH")), "six-spades").lines == [
        fact("trick.hint.ways", card=ah, ways=top)
    ]
    assert hints(plays(("Katya", "6S")), "six-spades").lines == [fact("trick.hint.top", card=six)]
    after = plays(("Katya", "6S"), ("Misha", "7S"), ("Katya", "AH"))
    assert hints(after, "six-spades").lines == [fact("trick.hint.ways", card=ah, ways=ANY_TRUMP)]
