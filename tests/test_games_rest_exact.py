"""Exact values of the rest of ``games/`` (the fishing core, the trick family's view, the
shared layer) that the sixth mutation run of issue 36 found unchecked (docs/mutation.md):
``show`` with an empty floor or a stopped stock, the state ``explain`` says before a fishing
play, an explanation that lists 40 alternatives and counts the rest, ``options --json`` of
a choice among cards of one value, a trail that must be said, the hints and notes of a trick
nobody can beat, and a trick of three shown mid-way. Each through the command a user types."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.cards import Card, parse_cards
from referee.games.base import present
from referee.messages import fact, joined

from .conftest import basra_log, log_text, ok, run
from .test_fishing_rules import state
from .test_trick_exact import plays


def written(tmp_path: Path, text: str) -> str:
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def trails(*cards: str) -> str:
    """The body of a Basra plays array of trails by Ali and Omar in turn."""
    return "\n".join(
        f'{{ by = "{("Ali", "Omar")[k % 2]}", card = "{c}" }},' for k, c in enumerate(cards)
    )


# --- the fishing core -------------------------------------------------------------------

SWEPT = (
    '{ by = "Ali", card = "8S", takes = "5H 3C" },\n'
    '{ by = "Omar", card = "9H", takes = "9D" },\n'
    '{ by = "Ali", card = "KD", takes = "KS" },\n'
    '{ by = "Omar", card = "4C" },'
)


def test_an_empty_floor_is_said_in_show_and_in_explain(tmp_path: Path) -> None:
    """After Ali's K takes the last card (a basra), show says the floor is empty and the
    counts and sweeps so far (show --json too); explain of the next play says the state
    before it: the deal, the entry's number, the empty floor, the round and whose turn."""
    path = written(tmp_path, basra_log(SWEPT.rsplit("\n", 1)[0]))
    assert ok("show", "-f", path).splitlines()[1:5] == [
        "Deal 1, dealt by Omar; round 1 of 6, play 4 of 48",
        "Floor: empty",
        "To play: Omar",
        "Captured so far: Ali 5 cards, 1 basra, Omar 2 cards, 0 basras",
    ]
    shown = json.loads(ok("show", "-f", path, "--json"))
    assert (shown["floor"], shown["captured"], shown["sweeps"]) == (
        [],
        {"Ali": 5, "Omar": 2},
        {"Ali": 1, "Omar": 0},
    )
    path = written(tmp_path, basra_log(SWEPT))
    assert ok("explain", path, "--deal", "1", "--play", "4").splitlines() == [
        "Before: Deal 1, dealt by Omar; entry 4.",
        "        Floor: empty; round 1 of 6; Omar to play.",
        "        Captured so far: Ali 5 cards, 1 basra, Omar 2 cards, 0 basras",
        "Entry:  Omar 4♣ (trail)",
        "Ruling: legal — 4♣ takes nothing and is laid on the floor.",
        "Rules:  [basra.trail]",
        "Legal here:",
        "  trail",
    ]


def test_a_jack_on_the_floor_adds_nothing_to_the_sevens_sum(tmp_path: Path) -> None:
    """[basra.seven-diamonds] sweep_if_10 on J C 2S 3H: the jack has no value (the game's
    values are the numerals' alone, A to 10), so the numerals add up to 5 and the 7D must
    sweep; a trail is refused."""
    before = SWEPT.rsplit("\n", 1)[0] + (
        '\n{ by = "Omar", card = "JC" },\n{ by = "Ali", card = "2S" },\n'
        '{ by = "Omar", card = "3H" },'
    )
    text = basra_log(before + '\n{ by = "Ali", card = "7D", takes = "JC 2S 3H" },')
    said = ok("explain", written(tmp_path, text), "--deal", "1", "--play", "7").splitlines()
    assert said[4:] == [
        "Ruling: legal — Under seven_diamonds = sweep_if_10 the 7♦ takes the whole floor"
        " (J♣ 2♠ 3♥) and scores a basra.",
        "Rules:  [basra.seven-diamonds]",
        "Legal here:",
        "  takes J♣ 2♠ 3♥ (sweep)",
    ]
    done = run("verify", written(tmp_path, basra_log(before + '\n{ by = "Ali", card = "7D" },')))
    assert done.exit_code == 1
    assert "[basra.seven-diamonds] (deal 1, play 7, deals[0].plays[6]): the 7♦ sweeps this" in (
        done.stdout
    )


def test_a_play_says_the_floor_and_the_turn_after_it(tmp_path: Path) -> None:
    """The table says each play back, then the floor and who is to play (the view's
    brief)."""
    path = written(tmp_path, basra_log(""))
    assert ok("play", "8S", "--takes", "5H 3C", "-f", path).splitlines() == [
        "Ali: 8♠ takes 5♥ 3♣",
        "Floor: 9♦ K♠",
        "To play: Omar",
    ]


TWELVE = trails("5S", "6S", "7S", "8S", "9S", "AH", "2H", "3H")  # on AS 2S 3S 4S


def test_explain_lists_forty_alternatives_and_counts_the_rest(tmp_path: Path) -> None:
    """A 10 on twelve numerals has 117 kinds of play: explain of one of them (play 9, round
    2, Ali to play) lists the strongest 40 and says 77 more."""
    text = basra_log(TWELVE + '\n{ by = "Ali", card = "10D", takes = "AS 9S" },', "AS 2S 3S 4S")
    said = ok("explain", written(tmp_path, text), "--deal", "1", "--play", "9").splitlines()
    assert said[:7] == [
        "Before: Deal 1, dealt by Omar; entry 9.",
        "        Floor: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ A♥ 2♥ 3♥; round 2 of 6; Ali to play.",
        "        Captured so far: Ali 0 cards, 0 basras, Omar 0 cards, 0 basras",
        "Entry:  Ali 10♦ takes A♠ 9♠",
        "Ruling: legal — 10♦ takes A♠ 9♠: a union of groups it can take.",
        "Rules:  [basra.capture.group], [basra.capture.union], [basra.capture.choice]",
        "Legal here:",
    ]
    assert len(said) == 7 + 40 + 1
    assert said[7] == "  takes 1 of A♠/A♥, 2♠ 2♥, 3♠ 3♥, 4♠, 5♠, 6♠, 7♠, 8♠, 9♠ (2 ways)"
    assert said[-1] == "  … and 77 more"


def test_a_refusal_lists_twelve_and_counts_the_rest_in_explain(tmp_path: Path) -> None:
    """A 10 taking AS alone on the twelve numerals is refused: explain lists the 12
    strongest of its 117 kinds and says 105 more (exit 1: the entry is illegal)."""
    text = basra_log(TWELVE + '\n{ by = "Ali", card = "10D", takes = "AS" },', "AS 2S 3S 4S")
    done = run("explain", written(tmp_path, text), "--deal", "1", "--play", "9")
    assert done.exit_code == 1
    said = done.stdout.splitlines()
    assert said[3:7] == [
        "Entry:  Ali 10♦ takes A♠",
        "Ruling: ILLEGAL — A♠ is not a union of groups a 10 can take",
        "Rules:  [basra.capture.group]",
        "Legal here:",
    ]
    assert (len(said), said[-1]) == (7 + 12 + 1, "  … and 105 more")


def test_a_play_out_of_turn_lists_no_alternative(tmp_path: Path) -> None:
    """[turn.order] explain of Omar's play where Ali is to play: the alternatives are
    Ali's to make, so none is listed."""
    text = basra_log('{ by = "Omar", card = "8S", takes = "5H 3C" },')
    done = run("explain", written(tmp_path, text), "--deal", "1", "--play", "1")
    assert done.exit_code == 1
    assert done.stdout.splitlines()[3:] == [
        "Entry:  Omar 8♠ takes 5♥ 3♣",
        "Ruling: ILLEGAL — it is Ali's turn, not Omar's",
        "Rules:  [turn.order]",
    ]


def test_the_kinds_of_a_king_and_of_a_sweep_by_sums_in_order(tmp_path: Path) -> None:
    """options: a K on two Ks takes both (a sweep when they are the floor), then each alone,
    then trails; a 9 on 5S 4C 9D sweeps first (the whole floor as one kind, said value by
    value), then takes each group, then trails; in --json each kind names its card."""
    path = written(tmp_path, basra_log("", "5H KC 9D KS"))
    assert ok("options", "KD", "-f", path).splitlines()[1:] == [
        "  takes K♣ K♠",
        "  takes K♣",
        "  takes K♠",
        "  trail",
    ]
    text = basra_log('{ by = "Ali", card = "8S", takes = "5H 3C" },', "5H 3C KC KS")
    assert ok("options", "KD", "-f", written(tmp_path, text)).splitlines()[1:3] == [
        "  takes K♣ K♠ (sweep)",
        "  takes K♣",
    ]
    path = written(tmp_path, basra_log('{ by = "Ali", card = "KD", takes = "KS" },', "5S 4C 9D KS"))
    assert ok("options", "9H", "-f", path).splitlines()[1:] == [
        "  takes 4♣ 5♠ 9♦ (sweep)",
        "  takes 4♣ 5♠",
        "  takes 9♦",
        "  trail",
    ]
    kinds = json.loads(ok("options", "9H", "--json", "-f", path))["options"]
    assert [(k["card"], k["takes"], k["sweep"]) for k in kinds] == [
        ("9H", ["5S", "4C", "9D"], True),
        ("9H", ["5S", "4C"], False),
        ("9H", ["9D"], False),
        ("9H", [], False),
    ]


def test_options_json_of_a_choice_and_of_a_card_already_played(tmp_path: Path) -> None:
    """options --json: a 9 on 5S 5H 4C takes 4C and one of the two fives (one kind of two
    ways), or trails; a card of the opening floor has no option, and the note says so."""
    text = basra_log(trails("5S") + '\n{ by = "Omar", card = "4C" },', "5H KS QD AC")
    path = written(tmp_path, text)
    got = json.loads(ok("options", "9D", "--json", "-f", path))
    assert got == {
        "for": "9D on 5H KS QD AC 5S 4C",
        "card": "9D",
        "options": [
            {
                "card": "9D",
                "takes": ["4C"],
                "choose": [{"count": 1, "of": ["5H", "5S"]}],
                "ways": 2,
                "sweep": False,
                "trail": False,
            },
            {"card": "9D", "takes": [], "choose": [], "ways": 1, "sweep": False, "trail": True},
        ],
        "total": 2,
        "more": 0,
    }
    used = json.loads(ok("options", "5H", "--json", "-f", path))
    assert used == {
        "for": "5H on 5H KS QD AC 5S 4C",
        "card": "5H",
        "options": [],
        "total": 0,
        "more": 0,
        "note": "none: 5H was already on the opening floor",
    }
    assert ok("options", "9D", "-f", path).splitlines()[1:] == [
        "  takes 4♣, 1 of 5♥/5♠ (2 ways)",
        "  trail",
    ]
    said = ok("options", "5H", "-f", path).splitlines()
    assert said[-1] == "  none: 5♥ was already on the opening floor"


def test_options_on_an_empty_floor_say_so(tmp_path: Path) -> None:
    path = written(tmp_path, basra_log(SWEPT.rsplit("\n", 1)[0]))
    got = json.loads(ok("options", "4C", "--json", "-f", path))
    assert (got["for"], got["total"], got["more"]) == ("4C on an empty floor", 1, 0)


def test_a_trail_is_never_inferred_at_the_table(tmp_path: Path) -> None:
    """[basra.trail] / [pasur.trail]: a card whose one legal play is a trail, typed without
    --trail, is refused with the rule of its game and how to say it."""
    path = written(tmp_path, basra_log(""))
    done = run("play", "2D", "-f", path)
    assert done.exit_code == 1
    assert done.stderr.strip() == (
        "referee: [basra.trail] (deals[0]): 2♦ takes nothing here; a trail is always said:"
        " add --trail (in live: -)"
    )
    path = written(tmp_path, basra_log("", floor="5H 3C 9D KS", game="pasur", variant="pagat"))
    done = run("play", "QD", "-f", path)
    assert done.exit_code == 1
    assert done.stderr.strip().startswith("referee: [pasur.trail] (deals[0]): Q♦ takes nothing")


def test_the_ways_of_an_ambiguous_play_keep_the_floor_order(tmp_path: Path) -> None:
    """[basra.capture.choice] a 9 typed without its cards on 4C 5S 5H KD (trailing a
    capturer not allowed): each way is said with its cards in the floor's order, not the
    display order of the suits."""
    text = basra_log("", "4C 5S 5H KD", rules="may_trail_capturer = false")
    done = run("play", "9D", "-f", written(tmp_path, text))
    assert done.exit_code == 1
    assert done.stderr.strip() == (
        "referee: [basra.capture.choice] (deals[0]): 9♦ can be played more than one way;"
        " say which: takes 4♣ 5♠; takes 4♣ 5♥"
    )


# --- the trick family's view --------------------------------------------------------------

KOZEL_STOPPED = plays(
    ("Katya", "AS KS QS"),
    ("Misha", "6D 7D 8D"),
    ("Katya", "JS 10S 9S"),
    ("Misha", "6H 7H 8H"),
    ("Katya", "AH KH QH"),
    ("Misha", "9D 10D JD"),
    ("Katya", "JH 10H 9H"),
    ("Misha", "8S 7S 6S"),
    ("Katya", "AD KD QD"),
    ("Misha", "6C 7C 8C"),
)


def kozel_log(entries: str) -> str:
    """A one-deal Kozel log of Misha (dealer) and Katya, trump 9C, hands not recorded."""
    return log_text("kozel", [("Misha", {"trump": '"9C"'}, entries)], '["Misha", "Katya"]')


def test_show_says_the_stock_stopped(tmp_path: Path) -> None:
    """Five tricks of three cards leave 4 in the stock, too few for a round of draws: show
    says no more drawing, the tricks, who leads, the counts and the 5 cards unseen."""
    path = written(tmp_path, kozel_log(KOZEL_STOPPED))
    assert ok("show", "-f", path).splitlines()[1:5] == [
        "Deal 1, dealt by Misha; trump 9♣; 5 tricks played; stock 4 (no more drawing)",
        "Misha to lead",
        "Cards in hand: Misha 1, Katya 1",
        "Not yet played (5): A♣ 10♣ J♣ Q♣ K♣",
    ]
    shown = json.loads(ok("show", "-f", path, "--json"))
    assert (shown["stock"], shown["tricks"], shown["unseen"]) == (
        4,
        5,
        ["AC", "10C", "JC", "QC", "KC"],
    )


def test_a_card_nothing_left_beats(tmp_path: Path) -> None:
    """Misha leads AC, the highest trump left: options for Katya (hand not recorded) says
    nothing left beats it; options --json says the same as data."""
    path = written(tmp_path, kozel_log(KOZEL_STOPPED + '\n{ by = "Misha", cards = "AC" },'))
    assert ok("options", "-f", path).splitlines() == [
        "Katya to beat A♣ (Katya's hand is not recorded: what beats each card):",
        "  A♣: beaten by nothing left",
    ]
    got: dict[str, Any] = json.loads(ok("options", "--json", "-f", path))
    assert got == {
        "for": {
            "player": "Katya",
            "lead": False,
            "beat": ["AC"],
            "holder": "Misha",
            "hand": None,
            "count": 1,
        },
        "plays": [],
        "total": 0,
        "more": 0,
        "beaten_by": [
            {"card": "AC", "higher": [], "any_trump": False, "top": None, "unbeatable": False}
        ],
    }


BURA_HANDS = '{ Ivan = "AS 7D 6C", Petr = "KS 8D 7C" }'


def bura_log(entries: str) -> str:
    """A one-deal Bura log of Ivan, Petr and Olga (dealer), trump 9H, Ivan's and Petr's
    hands recorded."""
    setup = {"trump": '"9H"', "hands": BURA_HANDS}
    return log_text("bura", [("Olga", setup, entries)], '["Ivan", "Petr", "Olga"]')


def test_a_trick_of_three_shown_midway(tmp_path: Path) -> None:
    """Ivan led AS, Petr followed KS: show gives the trick with the separator, who holds
    it, who follows, the counts; options for Olga (not recorded): any trump beats it."""
    path = written(tmp_path, bura_log(plays(("Ivan", "AS"), ("Petr", "KS"))))
    assert ok("show", "-f", path).splitlines()[1:6] == [
        "Deal 1, dealt by Olga; trump 9♥; 0 tricks played; stock 27",
        "Trick: Ivan A♠; Petr K♠",
        "Holding the trick: Ivan",
        "Olga to follow",
        "Cards in hand: Ivan 2, Petr 2, Olga 3",
    ]
    assert ok("options", "-f", path).splitlines() == [
        "Olga to beat A♠ (Olga's hand is not recorded: what beats each card):",
        "  A♠: beaten by any trump (♥)",
    ]


def test_a_follower_who_cannot_beat_is_told_so(tmp_path: Path) -> None:
    """Petr (hand KS 8D 7C) cannot beat Ivan's AS: options says none beats it; explain of a
    card he does not hold is refused and notes that no set of his cards beats it."""
    path = written(tmp_path, bura_log(plays(("Ivan", "AS"))))
    assert ok("options", "-f", path).splitlines() == [
        "Petr to beat A♠:",
        "  none: no set of their cards beats it",
    ]
    text = bura_log(plays(("Ivan", "AS"), ("Petr", "QS")))
    done = run("explain", written(tmp_path, text), "--deal", "1", "--play", "2")
    assert done.exit_code == 1  # the entry explained is illegal
    assert done.stdout.splitlines()[4:] == [
        "Entry:  Petr plays Q♠",
        "Ruling: ILLEGAL — Petr does not hold Q♠",
        "Rules:  [hand.not-held]",
        "Legal here:",
        "  no set of their cards beats it",
    ]


def test_the_top_six_of_spades_in_the_hints(tmp_path: Path) -> None:
    """Kozel with six_spades_top: 6S, unplayed, is among what beats a spade (a higher card
    of its suit, not an extra way); led itself, nothing beats it, and the hint goes on to
    the next card of the lead and the one-to-one rule."""
    rules = "six_spades_top = true"

    def options(lead: str) -> tuple[list[str], list[dict[str, Any]]]:
        entries = plays(("Katya", lead))
        text = log_text(
            "kozel", [("Misha", {"trump": '"9C"'}, entries)], '["Misha", "Katya"]', rules
        )
        path = written(tmp_path, text)
        said = ok("options", "-f", path).splitlines()[1:]
        return said, json.loads(ok("options", "--json", "-f", path))["beaten_by"]

    assert options("AS") == (
        ["  A♠: beaten by 6♠ or any trump (♣)"],
        [{"card": "AS", "higher": ["6S"], "any_trump": True, "top": None, "unbeatable": False}],
    )
    assert options("6S AS") == (
        [
            "  6♠: beaten by nothing",
            "  A♠: beaten by any trump (♣)",
            "  to take the trick, 2 cards must beat these 2 one to one",
        ],
        [
            {"card": "6S", "higher": [], "any_trump": False, "top": None, "unbeatable": True},
            {"card": "AS", "higher": [], "any_trump": True, "top": None, "unbeatable": False},
        ],
    )


def test_a_lone_card_of_the_total_is_listed_on_a_floor_read_from_the_table() -> None:
    """A 10 on 21 cards (four each of 9, 8, 7, 6 and A, and 10S): too many to search, so
    the unions are read from the table; all 24 kinds are listed, the weakest capture, the
    10S alone, just before the trail."""
    s = state("basra", "5S 4C KD QH")
    s.floor = list(parse_cards("9S 9H 9D 9C 8S 8H 8D 8C 7S 7H 7D 7C 6S 6H 6D 6C AS AH AD AC 10S"))
    plays = s.legal_plays(Card.parse("10D"))
    assert plays.vectors is not None and not plays.vectors.searched  # type: ignore[attr-defined]
    options = present(s).legal_options(Card.parse("10D"), None)
    assert (options.total, len(options.lines)) == (24, 24)
    assert options.lines[-2:] == [
        fact("fishing.play.takes", cards=joined([(Card.parse("10S"),)], " ")),
        fact("fishing.play.trail"),
    ]
