"""Exact values of the fishing core and the games' shared layer that the ninth mutation run
of issue 36 found unchecked (docs/mutation.md): the set-up of a hand-edited log (a card twice
on the floor, a card set aside that is on the floor, a hand of the wrong length or holding a
floor card, a floor that leaves no round to deal, a variant's own player count), the checks
before a play's capture (a play after the deal's end, a card already used, a card not held
this round), a capture of a card not on the floor, a finished deal without hands, the end of
a deal that does not account for the deck or in which nobody captured, the order of the
options and of a simulated capture's cards, Pasur's sweep of the pool, a fishing score's
columns and a crowded part of a floor. Through ``verify --json`` and the other commands
where a log reaches them: the rule id, the key path and the words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from referee.cards import FULL_DECK, parse_cards
from referee.games.base import MatchSoFar, deal_rules
from referee.games.events import Captured
from referee.games.fishing.captures import Unions, unit
from referee.games.fishing.deal import FishingDeal
from referee.games.fishing.state import FishingBase
from referee.log.file import load_bytes
from referee.record import Deal, FishPlay
from referee.registry import GAMES, variant_values
from referee.words.sentences import said_text

from .conftest import SAMPLES, basra_log, run

SHOWN = ("deal", "play", "path", "rule", "message")  # what each case compares


def problems(tmp_path: Path, text: str) -> list[dict[str, Any]]:
    """``verify --json``'s problems of the log ``text``, each cut to :data:`SHOWN`."""
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    done = run("verify", "--json", str(path))
    found = json.loads(done.stdout)
    assert done.exit_code == (0 if found["ok"] else 1), done.stdout
    return [{k: p[k] for k in SHOWN if k in p} for p in found["problems"]]


def first_deal(hands: bool = True, after: str = "") -> str:
    """The sample Basra match cut to its first deal (finished: 48 plays, Ali 46, Omar 7),
    with or without its recorded hands, ``after`` added to its plays."""
    text = (SAMPLES / "basra-egyptian-2p.toml").read_text(encoding="utf-8")
    head, deal = text.split("[[deals]]")[:2]
    if not hands:
        deal = re.sub(r"\[deals\.hands\]\n(.+\n)+\n", "", deal)
        assert "hands" not in deal
    if after:
        deal = deal.replace("\n]\n", f"\n    {after}\n]\n", 1)
    return f"{head}[[deals]]{deal}"


EIGHT = '"8S 2C 3D 4C 4D 5D 6D 7D"'  # two rounds of Ali's cards
TAKE = '{ by = "Ali", card = "8S", takes = "5H 3C" },'  # Ali's 8 takes 5H 3C of 5H 3C 9D KS


NO_MORE = "no play may follow"


def setup(key: str, message: str, rule: str = "card.duplicate") -> dict[str, Any]:
    return {"deal": 1, "path": f"deals[0].{key}", "rule": rule, "message": message}


def at_play(play: int, rule: str, message: str) -> dict[str, Any]:
    return {
        "deal": 1,
        "play": play,
        "path": f"deals[0].plays[{play - 1}]",
        "rule": rule,
        "message": message,
    }


CASES = [
    # [card.duplicate] a card twice on the opening floor, in each game's word for it
    (basra_log(TAKE, floor="5H 3C 5H KS"), [setup("floor", "5H is on the floor twice")]),
    (
        basra_log(TAKE, floor="5H 3C 5H KS", game="pasur", variant="standard"),
        [setup("floor", "5H is on the pool twice")],
    ),
    # [card.duplicate] a card set aside that is on the opening floor, before the game's own
    # rule on what may be set aside (rules.md §0's order)
    (
        basra_log(TAKE, extra='buried = "5H"'),
        [
            setup("buried", "5H is listed as buried and on the opening floor"),
            setup("buried", "only jacks and the 7D are buried; found 5H", "basra.deal.floor"),
        ],
    ),
    (
        basra_log(TAKE, extra='returned = "5H"', game="pasur", variant="standard"),
        [
            setup("returned", "5H is listed as returned and on the opening pool"),
            setup("returned", "at most one card, a jack, is returned; found 5H", "pasur.deal.pool"),
        ],
    ),
    # [hand.count] a recorded hand that is not a whole number of rounds: the counts it may be
    (
        basra_log(TAKE, extra='hands = { Ali = "8S 2C 3D 4D 5D" }'),
        [
            setup(
                "hands.Ali",
                "Ali's hand lists 5 cards; a whole number of rounds gives one of "
                "4, 8, 12, 16, 20, 24",
                "hand.count",
            )
        ],
    ),
    # [card.duplicate] a recorded hand holding a card of the opening floor
    (
        basra_log(TAKE, extra='hands = { Ali = "8S 2C 3D 5H" }'),
        [setup("hands.Ali", "5H in Ali's hand is also on the opening floor")],
    ),
    # [card.duplicate] a card of the opening floor played, and a card played twice
    (
        basra_log('{ by = "Ali", card = "9D" },'),
        [at_play(1, "card.duplicate", "9D was already on the opening floor")],
    ),
    (
        basra_log(TAKE + '\n{ by = "Omar", card = "8S" },'),
        [at_play(2, "card.duplicate", "8S was already played by Ali at play 1")],
    ),
    # [hand.not-held] a card of the next round played in this one (Ali's fifth card)
    (
        basra_log(
            '{ by = "Ali", card = "4D" },', extra='hands = { Ali = "8S 2C 3D 4C 4D 5D 6D 7D" }'
        ),
        [at_play(1, "hand.not-held", "Ali does not hold 4D (holds 8S 2C 3D 4C)")],
    ),
    # [hand.not-held] a player whose recorded hand has nothing left this round
    (
        basra_log(TAKE + '\n{ by = "Omar", card = "2C" },', extra='hands = { Omar = "" }'),
        [at_play(2, "hand.not-held", "Omar does not hold 2C")],
    ),
    # [basra.capture.group] a capture of a card not on the floor; on the empty floor too
    (
        basra_log(TAKE + '\n{ by = "Omar", card = "9H", takes = "9C" },'),
        [at_play(2, "basra.capture.group", "9C is not on the floor (9D KS)")],
    ),
    (
        basra_log(
            TAKE + '\n{ by = "Omar", card = "9H", takes = "9D" },\n'
            '{ by = "Ali", card = "KD", takes = "KS" },\n'
            '{ by = "Omar", card = "KC", takes = "KH" },'
        ),
        [at_play(4, "basra.capture.group", "KH is not on the floor (empty)")],
    ),
    # [hand.count] a play after the deal's last card
    (
        first_deal(after='{ by = "Ali", card = "2C" },'),
        [
            at_play(
                49, "hand.count", "all 48 cards of this deal have been played; no play may follow"
            )
        ],
    ),
    # [game.players] a variant's own player count (Ru Baaz: 2), not the game's (2 to 4)
    (
        basra_log("", game="pasur", variant="ru-baaz", players='["Ali", "Omar", "Zed"]'),
        [
            {
                "path": "players",
                "rule": "game.players",
                "message": "pasur (ru-baaz) is played by 2 players, found 3",
            }
        ],
    ),
    # a finished deal without recorded hands: nothing to say
    (first_deal(hands=False), []),
    (first_deal(), []),
]


@pytest.mark.parametrize("text, expected", CASES)
def test_a_hand_edited_log_names_the_rule_the_key_and_the_words(
    tmp_path: Path, text: str, expected: list[dict[str, Any]]
) -> None:
    assert problems(tmp_path, text) == expected


def test_a_floor_that_leaves_no_round_to_deal(tmp_path: Path) -> None:
    """Every card but JC on the opening floor: no round can be dealt, so a recorded hand of
    JC (buried) is refused as a hand no round gives (not as "one of" an empty list of
    counts), and no card of it is in a first round that does not exist (nothing about what
    was set aside)."""
    floor = " ".join(str(c) for c in FULL_DECK if str(c) != "JC")
    text = basra_log("", floor=floor, extra='buried = "JC"\nhands = { Ali = "JC" }')
    found = problems(tmp_path, text)
    assert [(p["rule"], p["path"]) for p in found] == [
        ("basra.deal.floor", "deals[0].floor"),
        ("basra.deal.floor", "deals[0].floor"),
        ("hand.count", "deals[0].hands.Ali"),
    ]
    assert found[2]["message"] == (
        "Ali's hand lists 1 card; the opening floor leaves no round to deal"
    )


def finished_state(hands: dict[str, str]) -> FishingBase:
    """A Basra deal of Ali and Omar (floor 5H 3C 9D KS) with these hands, taken as finished
    though nothing was played: what :meth:`end_problems` would see of a deal that does not
    account for the deck (no replay reaches it: every play is checked first)."""
    spec = GAMES["basra"]
    deal = Deal("Omar", {"floor": parse_cards("5H 3C 9D KS")})
    deal.hands = {p: parse_cards(cs) for p, cs in hands.items()}
    rules = variant_values("basra", "egyptian")
    state = deal_rules(spec)(["Ali", "Omar"], rules, deal, 0, MatchSoFar({"Ali": 0, "Omar": 0}))
    assert isinstance(state, FishingBase)
    state.entries = state.total_plays
    return state


def test_the_end_of_a_deal_that_does_not_account_for_the_deck() -> None:
    """[deal.conservation] at stage 2: a recorded hand short of the 24 cards a player gets
    (keyed by the hand), then the cards of the deck never used, in display order."""
    state = finished_state({"Ali": "8S 2C 3D 4D", "Omar": ""})
    found = state.end_problems()
    assert [(p.rule, p.path, p.stage) for p in found] == [
        ("deal.conservation", "deals[0].hands.Ali", 2),
        ("deal.conservation", "deals[0].hands.Omar", 2),
        ("deal.conservation", "deals[0]", 2),
    ]
    said = [said_text(p.message) for p in found]
    assert said == [
        "Ali's hand lists 4 cards; the finished deal gave them 24",
        "Omar's hand lists 0 cards; the finished deal gave them 24",
        "the deal does not account for AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AH 2H 3H 4H 6H 7H "
        "8H 9H 10H JH QH KH AD 2D 3D 4D 5D 6D 7D 8D 10D JD QD KD AC 2C 4C 5C 6C 7C 8C 9C 10C JC "
        "QC KC",
    ]


@pytest.mark.parametrize(
    "game, variant, players",
    [("basra", "egyptian", "2"), ("basra", "classic", "4"), ("pasur", "standard", "3")],
)
def test_the_simulator_writes_each_capture_in_floor_order(
    tmp_path: Path, game: str, variant: str, players: str
) -> None:
    """``referee simulate`` writes a capture's cards in the order they lie on the floor (as
    a person reads them off the table), whichever cards of a value it chose: each deal of
    a one-deal match, replayed play by play."""
    args = ("simulate", game, "-v", variant, "-n", players, "--seed", "3", "--out", str(tmp_path))
    run(*args, "--rule", "target=1")
    (path,) = tmp_path.glob("*.toml")
    match, found = load_bytes(path.read_bytes())
    assert match is not None and not found
    state = deal_rules(GAMES[game])(
        match.players, match.rules, match.deals[0], 0, MatchSoFar(dict.fromkeys(match.sides, 0))
    )
    assert isinstance(state, FishingDeal)
    orders = []
    for entry in match.deals[0].plays:
        assert isinstance(entry, FishPlay)
        if len(entry.takes) > 1:
            orders.append((entry.takes, tuple(c for c in state.floor if c in entry.takes)))
        state.apply(entry)
    assert state.finished and len(orders) >= 3
    assert [written for written, _ in orders] == [on_floor for _, on_floor in orders]


def test_a_sur_is_said_to_sweep_the_pool(tmp_path: Path) -> None:
    """Pasur's word for the cards in the middle is said with its sweep: Omar's 8S takes the
    last card, 3C (8 + 3 = 11), a sur that sweeps the pool, not the floor."""
    text = basra_log(
        '{ by = "Ali", card = "9H", takes = "2H" },\n{ by = "Omar", card = "KD", takes = "KS" },\n'
        '{ by = "Ali", card = "2C", takes = "9D" },\n{ by = "Omar", card = "8S", takes = "3C" },',
        floor="2H 3C 9D KS",
        game="pasur",
        variant="standard",
    )
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    assert run("explain", str(path), "--deal", "1").stdout.splitlines()[1:] == [
        "   1       Ali: 9♥ takes 2♥",
        "   2       Omar: K♦ takes K♠",
        "   3       Ali: 2♣ takes 9♦",
        "   4  sur  Omar: 8♠ takes 3♣ — Omar sweeps the pool: a sur.",
    ]


def test_four_cards_of_a_value_count_as_four_in_the_order_of_the_options(
    tmp_path: Path,
) -> None:
    """A 10 on 5H 5D 5C 5S 4H 6D: the captures strongest first, the most cards first; the
    four fives are four cards (after the sweep and the 4-5-5-6 ways, which hold a 6; before
    the two-card captures)."""
    path = tmp_path / "m.toml"
    path.write_text(
        basra_log(
            '{ by = "Ali", card = "4H" },\n{ by = "Omar", card = "6D" },', floor="5H 5D 5C 5S"
        ),
        encoding="utf-8",
    )
    assert run("options", "10C", "-f", str(path)).stdout.splitlines() == [
        "10♣ on 5♥ 5♦ 5♣ 5♠ 4♥ 6♦: 6 options",
        "  takes 4♥ 5♥ 5♦ 5♣ 5♠ 6♦ (sweep)",
        "  takes 4♥, 2 of 5♥/5♦/5♣/5♠, 6♦ (6 ways)",
        "  takes 5♥ 5♦ 5♣ 5♠",
        "  takes 4♥ 6♦",
        "  takes 2 of 5♥/5♦/5♣/5♠ (6 ways)",
        "  trail",
    ]


def test_a_fishing_score_says_no_way_a_deal_ended(tmp_path: Path) -> None:
    """A fishing deal always ends by its last card: ``score`` has no column saying how (a
    trick game's claims and forfeits have one)."""
    path = tmp_path / "m.toml"
    path.write_text(first_deal(), encoding="utf-8")
    assert run("score", str(path)).stdout.splitlines()[1:5] == [
        "  deal  side      points    cards taken  breakdown",
        "------  ------  --------  -------------  --------------------------------------------",
        "     1  Ali           46             34  cards 30, ten diamonds 3, jacks 3, basras 10",
        "        Omar           7             18  two clubs 2, aces 4, jacks 1",
    ]


def test_a_crowded_part_is_split_by_search_not_looked_up() -> None:
    """The capture arithmetic takes up to fifteen cards of a value (a game on more than one
    deck): fourteen fives split into seven tens, though the table (every union of one deck,
    four of a value) holds no such union; thirteen do not."""
    fives = 14 * unit(5)
    assert fives in Unions(fives, 10)
    assert fives - unit(5) not in Unions(fives, 10)


def test_the_cards_left_stay_on_the_floor_when_nobody_captured() -> None:
    """The last play of a deal in which nobody captured (the state taken to its last play:
    Basra and Pasur always capture before it, a game on the core need not): the cards left
    go to no side, and no residue is said."""
    state = finished_state({})
    state.entries -= 1
    assert isinstance(state, FishingDeal)
    assert state.apply(FishPlay("Omar", parse_cards("2C")[0])) == [
        Captured("Omar", parse_cards("2C")[0], ())
    ]
    assert state.finished and state.floor == list(parse_cards("5H 3C 9D KS 2C"))
    assert state.piles == {"Ali": [], "Omar": []}
