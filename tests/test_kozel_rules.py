"""Kozel rule by rule (rules.md §3a): a legal and an illegal case for each kozel.* rule id,
the beat relation for sets of up to 4 cards against every pairing by brute force, every
penalty class, ties, partnerships, a forfeit and the end of the match; and every simulated
Kozel deal recounted from the log alone, independently of the engine."""

from __future__ import annotations

import json
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import SHORT_DECK, Card, parse_cards
from referee.games.trick.cards import set_beats
from referee.log.file import load_bytes
from referee.match import decided, replay
from referee.record import Deal, Match, TrickEntry, side_map
from referee.registry import variant_values
from referee.table.simulate import simulate_match

from .conftest import first_problem, log_text, new_state, replay_text, run

RANKS = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]  # low to high, as rules.md lists
VALUE = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def kozel(
    *deals: tuple[str, str, str],
    players: str = '["Misha", "Katya"]',
    rules: str = "",
    hands: str = "",
) -> str:
    """A Kozel log; each deal is (dealer, trump, entries); ``hands`` a raw TOML value."""
    built = []
    for dealer, trump, entries in deals:
        setup = {"trump": f'"{trump}"'}
        if hands:
            setup["hands"] = hands
        built.append((dealer, setup, entries))
    return log_text("kozel", built, players, rules)


def plays(*entries: tuple[str, str]) -> str:
    return "\n".join(f'{{ by = "{by}", cards = "{cards}" }},' for by, cards in entries)


# --- the beat relation, independently -------------------------------------------------------


def card_beats(a: Card, b: Card, trump: str, top: bool) -> bool:
    """rules.md's beat, written again: the 6S on top (six_spades_top), same suit and
    higher, or a trump on a plain card."""
    six = Card("6", "S")
    if top and a == six:
        return True
    if top and b == six:
        return False
    if a.suit == b.suit:
        return RANKS.index(a.rank) > RANKS.index(b.rank)
    return a.suit == trump


def brute_beats(attack: tuple[Card, ...], held: tuple[Card, ...], trump: str, top: bool) -> bool:
    """Every pairing tried."""
    return len(attack) == len(held) and any(
        all(card_beats(a, h, trump, top) for a, h in zip(order, held, strict=True))
        for order in permutations(attack)
    )


@settings(max_examples=800, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(SHORT_DECK)), min_size=2, max_size=8, unique=True),
    st.sampled_from("SHDC"),
    st.booleans(),
)
def test_set_beats_matches_every_pairing_up_to_four(
    cards: list[Card], trump: str, top: bool
) -> None:
    """[kozel.beat] sets of 1 to 4 cards, with and without the 6S on top."""
    k = len(cards) // 2
    attack, held = tuple(cards[:k]), tuple(cards[k : 2 * k])
    six = Card("6", "S") if top else None
    assert set_beats(attack, held, trump, six) == brute_beats(attack, held, trump, top)


def test_six_of_spades_on_top() -> None:
    """[kozel.cards] with six_spades_top the 6S beats the trump ace and nothing beats it."""
    six, ace = Card("6", "S"), Card("A", "H")
    assert set_beats((six,), (ace,), "H", six)
    assert not set_beats((ace,), (six,), "H", six)
    assert not set_beats((six,), (ace,), "H", None)


# --- rule by rule -----------------------------------------------------------------------------


def test_the_player_after_the_dealer_leads() -> None:
    """[kozel.lead.first] and turn.order."""
    assert (
        replay_text(kozel(("Misha", "9H", plays(("Katya", "AS"), ("Misha", "7S"))))).problems == []
    )
    assert first_problem(kozel(("Misha", "9H", plays(("Misha", "AS"))))) == ("turn.order", 1, 1)


def test_leads_of_one_to_four_cards_of_one_suit() -> None:
    """[kozel.lead] 1 to 4 cards of one suit; four spades are a lead, a mixed lead is not,
    and five cards are more than a hand holds."""
    four = plays(("Katya", "AS 10S KS QS"), ("Misha", "6H 7H 8H 9H"))
    assert replay_text(kozel(("Misha", "9C", four))).problems == []
    assert first_problem(kozel(("Misha", "9C", plays(("Katya", "AS 10H"))))) == ("kozel.lead", 1, 1)
    assert first_problem(kozel(("Misha", "9C", plays(("Katya", "AS 10S KS QS JS"))))) == (
        "hand.count",
        1,
        1,
    )


def test_six_of_spades_is_led_with_spades() -> None:
    """[kozel.lead] with six_spades_top the 6S is still a spade."""
    log = kozel(
        ("Misha", "9C", plays(("Katya", "6S AS"), ("Misha", "7H 8H"))),
        rules="six_spades_top = true",
    )
    assert replay_text(log).problems == []


def test_a_follow_is_as_many_cards_as_were_led() -> None:
    """[kozel.follow]"""
    assert first_problem(kozel(("Misha", "9C", plays(("Katya", "AS"), ("Misha", "7H 8H"))))) == (
        "kozel.follow",
        1,
        2,
    )


def test_each_later_player_must_beat_the_cards_holding_the_trick() -> None:
    """[kozel.trick] 3 players: Katya leads 9S, Sasha's KS takes it over, Misha's QS beats
    the 9S but not the KS, so Sasha wins and leads next."""
    entries = plays(("Katya", "9S"), ("Sasha", "KS"), ("Misha", "QS"), ("Sasha", "7D"))
    replayed = replay_text(kozel(("Misha", "6C", entries), players='["Misha", "Katya", "Sasha"]'))
    assert replayed.problems == []
    state: Any = replayed.state
    assert state.won_tricks == {"Misha": 0, "Katya": 0, "Sasha": 1}
    assert state.points["Sasha"] == VALUE["K"] + VALUE["Q"]


def test_the_turned_up_trump_is_not_held_until_drawn() -> None:
    """An undrawn trump is hand.not-held, as in Bura."""
    assert first_problem(kozel(("Misha", "9C", plays(("Katya", "9C"))))) == ("hand.not-held", 1, 1)


def test_the_trump_is_not_dealt() -> None:
    """[kozel.deal] the turned-up trump cannot be among the 4 cards dealt."""
    log = kozel(("Misha", "9C", ""), hands='{ Katya = "9C AS KS QS" }')
    assert first_problem(log) == ("kozel.deal", 1, None)


def test_cards_outside_the_short_deck() -> None:
    """card.deck (kozel.cards): a 2 is no Kozel card."""
    assert first_problem(kozel(("Misha", "9C", plays(("Katya", "2S"))))) == ("card.deck", 1, 1)


def test_the_dealer_passes_to_the_next_player() -> None:
    """[kozel.deal.dealer] after every deal, a forfeit included."""
    forfeit = '{ by = "Katya", forfeit = "drew five" },'
    good = kozel(("Misha", "9C", forfeit), ("Katya", "9D", ""))
    assert replay_text(good).problems == []
    bad = kozel(("Misha", "9C", forfeit), ("Misha", "9D", ""))
    assert first_problem(bad) == ("kozel.deal.dealer", 2, None)


def test_forfeits() -> None:
    """[kozel.forfeit] at any point of an open deal, mid-trick too; nothing after it."""
    mid = plays(("Katya", "AS")) + '\n{ by = "Misha", forfeit = "misdraw" },'
    replayed = replay_text(kozel(("Misha", "9C", mid)))
    assert replayed.problems == [] and replayed.deals[0].result.score == {"Misha": 6, "Katya": 0}
    after = mid + "\n" + plays(("Misha", "7S"))
    assert first_problem(kozel(("Misha", "9C", after))) == ("kozel.forfeit", 1, 3)


def test_no_declarations_and_no_claims() -> None:
    """A declares or claim entry in a Kozel log is log.play."""
    claim = plays(("Katya", "AS"), ("Misha", "7S")) + '\n{ by = "Katya", claim = true },'
    assert first_problem(kozel(("Misha", "9C", claim)))[0] == "log.play"
    declare = '{ by = "Katya", declares = "molodka", cards = "AS KS QS" },'
    assert first_problem(kozel(("Misha", "9C", declare)))[0] == "log.play"


def test_players_and_partnerships() -> None:
    """[kozel.players] 2 to 4 (game.players otherwise); 4 play as 1 & 3 against 2 & 4."""
    five = '["A", "B", "C", "D", "E"]'
    match, problems = load_bytes(kozel(("A", "9C", ""), players=five).encode())
    assert match is None and [p.rule for p in problems] == ["game.players"]
    four = replay_text(kozel(("A", "9C", ""), players='["A", "B", "C", "D"]'))
    assert four.match.sides == ["A & C", "B & D"]
    alone = replay_text(
        kozel(("A", "9C", ""), players='["A", "B", "C", "D"]', rules="partnerships = false")
    )
    assert alone.match.sides == ["A", "B", "C", "D"]


# --- scoring and the match ------------------------------------------------------------------


def scored(
    points: dict[str, int], tricks: dict[str, int], players: list[str] | None = None, **rules: Any
) -> dict[str, int]:
    """Penalties for a deal whose tricks gave these card points and trick counts."""
    names = players or list(points)
    state: Any = new_state("kozel", Deal(names[-1], {"trump": Card("9", "C")}), names, **rules)
    state.points = dict(points)
    state.won_tricks = dict(tricks)
    return state.penalties()[0]


def test_every_penalty_class() -> None:
    """[kozel.score] 0 for strictly the most, 2 for 31 or more, 4 for 0-30 with a trick
    (a trick of no points still counts), 6 for no trick."""
    got = scored(
        {"A": 60, "B": 40, "C": 20, "D": 0}, {"A": 3, "B": 2, "C": 1, "D": 0}, partnerships=False
    )
    assert got == {"A": 0, "B": 2, "C": 4, "D": 6}
    assert scored({"A": 120, "B": 0}, {"A": 8, "B": 1}) == {"A": 0, "B": 4}


def test_exactly_31_card_points_is_the_31_class() -> None:
    """[kozel.score] 31 card points is "31 or more": 2, not 4; 30 is 4."""
    assert scored({"A": 89, "B": 31}, {"A": 10, "B": 5}) == {"A": 0, "B": 2}
    assert scored({"A": 90, "B": 30}, {"A": 10, "B": 5}) == {"A": 0, "B": 4}


# A whole deal played out (a simulated one, seed 26): Misha's tricks hold exactly 31 points.
THIRTY_ONE = (
    "M:6D K:AH K:9C M:QC M:AS K:7C M:KC+6C K:8C+6H K:7H M:KS K:7S M:10D K:QD+KD M:JH+8H M:7D "
    "K:KH K:6S+8S M:9S+QS M:JD K:9H K:JS M:QH M:AC K:10H K:AD M:9D K:JC M:10S K:10C M:8D"
)


def test_a_deal_of_exactly_31_scored_at_the_cli(tmp_path: Path) -> None:
    """[kozel.score] the score sheet of a deal whose loser took exactly 31 points."""
    names = {"M": "Misha", "K": "Katya"}
    entries = plays(
        *(
            (names[who], cards.replace("+", " "))
            for who, cards in map(lambda e: e.split(":"), THIRTY_ONE.split())
        )
    )
    log = tmp_path / "m.toml"
    log.write_text(kozel(("Katya", "10H", entries)))
    done = run("score", str(log), "--json")
    assert done.exit_code == 0, done.output
    deal = json.loads(done.stdout)["deals"][0]
    assert deal["breakdown"]["Misha"] == {"card_points": 31, "tricks": 5}
    assert deal["score"] == {"Misha": 2, "Katya": 0}


def test_a_tie_for_the_most_scores_nothing() -> None:
    """[kozel.score] sides tied for the most card points all score 0."""
    assert scored({"A": 50, "B": 50, "C": 20}, {"A": 2, "B": 2, "C": 1}) == {"A": 0, "B": 0, "C": 4}
    assert scored({"A": 60, "B": 60}, {"A": 4, "B": 4}) == {"A": 0, "B": 0}


def test_partners_pool_their_tricks() -> None:
    """[kozel.players] A & C pool 25 + 10 = 35: 31 or more, so 2 behind B & D's 85."""
    got = scored({"A": 25, "B": 40, "C": 10, "D": 45}, {"A": 1, "B": 2, "C": 1, "D": 2})
    assert got == {"A & C": 2, "B & D": 0}


def test_custom_penalties() -> None:
    assert scored({"A": 10, "B": 90}, {"A": 1, "B": 5}, penalty_low=3) == {"A": 3, "B": 0}


def match_of(players: list[str], **rules: Any) -> Match:
    values = variant_values("kozel", "classic")
    values.update(rules)
    return Match("kozel", "classic", players, values)


def test_the_match_ends_when_a_side_reaches_the_target() -> None:
    """[kozel.match] the fewest penalty points win once a side reaches the target; a tie for
    the fewest ends the match without a winner."""
    two = match_of(["A", "B"])
    assert decided(two, {"A": 10, "B": 4}) == (False, None)
    assert decided(two, {"A": 12, "B": 4}) == (True, "B")
    assert decided(two, {"A": 12, "B": 12}) == (True, None)
    three = match_of(["A", "B", "C"])
    assert decided(three, {"A": 14, "B": 4, "C": 4}) == (True, None)
    short = match_of(["A", "B"], target=8)
    assert decided(short, {"A": 8, "B": 2}) == (True, "B")


def test_a_deal_after_the_match_is_kozel_match() -> None:
    forfeit = '{ by = "Katya", forfeit = "drew five" },'
    log = kozel(
        ("Misha", "9C", forfeit), ("Katya", "9D", forfeit), ("Misha", "9H", ""), rules="target = 12"
    )
    replayed = replay_text(log)
    assert replayed.problems and replayed.problems[0].rule == "kozel.match"
    assert (
        replayed.over
        and replayed.winner == "Misha"
        and replayed.totals == {"Misha": 0, "Katya": 12}
    )


# --- every simulated deal recounted from the log ----------------------------------------------


def recount(match: Match, deal: Deal) -> dict[str, int] | None:
    """The penalties of a played-out deal from its entries alone: tricks resolved with the
    brute-force beat, points per side, then rules.md's classes. None for a forfeit."""
    n = len(match.players)
    top = bool(match.rules["six_spades_top"])
    trump = deal.card("trump")
    assert trump is not None
    side = side_map(match.players, match.rules)
    points = dict.fromkeys(side.values(), 0)
    tricks = dict.fromkeys(side.values(), 0)
    trick: list[TrickEntry] = []
    for entry in deal.plays:
        assert isinstance(entry, TrickEntry)
        if entry.forfeit is not None:
            return None
        trick.append(entry)
        if len(trick) < n:
            continue
        holder = trick[0]
        for follow in trick[1:]:
            if brute_beats(follow.cards, holder.cards, trump.suit, top):
                holder = follow
        points[side[holder.by]] += sum(VALUE.get(c.rank, 0) for e in trick for c in e.cards)
        tricks[side[holder.by]] += 1
        trick = []
    most = max(points.values())
    out = {}
    for s in points:
        if points[s] == most:
            out[s] = 0
        elif points[s] >= 31:
            out[s] = int(match.rules["penalty_31"])
        elif tricks[s]:
            out[s] = int(match.rules["penalty_low"])
        else:
            out[s] = int(match.rules["penalty_none"])
    return out


@pytest.mark.parametrize(
    ("variant", "n"), [(v, n) for v in ("classic", "short", "six-spades") for n in (2, 3, 4)]
)
def test_simulated_deals_recounted_independently(variant: str, n: int) -> None:
    for seed in range(1, 5):
        match = simulate_match("kozel", variant, n, seed)
        replayed = replay(match)
        assert replayed.problems == [] and replayed.over
        for d, deal in zip(replayed.deals, match.deals, strict=True):
            expected = recount(match, deal)
            if expected is not None:
                assert d.result.score == expected, (variant, n, seed, d.number)
        low = min(replayed.totals.values())
        leaders = [s for s, v in replayed.totals.items() if v == low]
        assert replayed.winner == (leaders[0] if len(leaders) == 1 else None)
        assert max(replayed.totals.values()) >= int(match.rules["target"])


def test_short_stock_leaves_cards_for_nobody() -> None:
    """[kozel.draw] when the stock cannot go round nobody draws again; the cards left in it
    count for nobody, so a deal's card points may add up to less than 120."""
    seen = False
    for seed in range(1, 40):
        match = simulate_match("kozel", "classic", 3, seed, deals=1)
        replayed = replay(match)
        state: Any = replayed.state
        if state is not None and state.stopped and state.outcome is None:
            total = sum(b["card_points"] for b in replayed.deals[0].result.breakdown.values())
            left = set(SHORT_DECK) - set(state.used)
            assert left and total == 120 - sum(VALUE.get(c.rank, 0) for c in left)
            seen = True
    assert seen


def test_rules_table_lists_every_parameter() -> None:
    values = variant_values("kozel", "six-spades")
    assert values == {
        "partnerships": True,
        "penalty_31": 2,
        "penalty_low": 4,
        "penalty_none": 6,
        "six_spades_top": True,
        "target": 12,
    }
    assert parse_cards("6S")[0] == Card("6", "S")


# --- options --json: each legal play as an object -------------------------------------------


def options_json(log: str) -> dict[str, Any]:
    done = run("options", "--json", "-f", log)
    assert done.exit_code == 0, done.output
    out = json.loads(done.stdout)
    assert isinstance(out, dict)
    return out


def six_spades_table(folder: Path, *hand: str) -> str:
    folder.mkdir(exist_ok=True)
    log = str(folder / "k.toml")
    new = ("new", "kozel", "-p", "A", "-p", "B", "--variant", "six-spades", "--no-date")
    assert run(*new, "-f", log).exit_code == 0
    done = run("deal", "--dealer", "B", "--trump", "9D", *hand, "-f", log)
    assert done.exit_code == 0, done.output
    return log


def test_options_json_says_what_beats_a_card_when_the_hand_is_not_recorded(
    tmp_path: Path,
) -> None:
    """The 6S on top beats a plain card besides its suit's higher cards and the trumps;
    the 6S itself is beaten by nothing."""
    log = six_spades_table(tmp_path)
    assert run("play", "KH", "-f", log).exit_code == 0
    out = options_json(log)
    assert out["for"] == {
        "player": "B",
        "lead": False,
        "beat": ["KH"],
        "holder": "A",
        "hand": None,
        "count": 1,
    }
    assert (out["plays"], out["total"], out["more"]) == ([], 0, 0)
    assert out["beaten_by"] == [
        {"card": "KH", "higher": ["10H", "AH"], "any_trump": True, "top": "6S", "unbeatable": False}
    ]
    top = six_spades_table(tmp_path / "top")
    assert run("play", "6S", "-f", top).exit_code == 0
    assert options_json(top)["beaten_by"] == [
        {"card": "6S", "higher": [], "any_trump": False, "top": None, "unbeatable": True}
    ]


def test_options_json_lists_leads_of_one_to_four_cards(tmp_path: Path) -> None:
    log = six_spades_table(tmp_path, "--hand", "A=6S 7S 8S 8H")
    out = options_json(log)
    assert out["for"]["lead"] is True and out["for"]["count"] == 4
    cards = [p["cards"] for p in out["plays"]]
    assert cards[:4] == [["6S"], ["7S"], ["8S"], ["8H"]]
    assert cards[4:] == [["6S", "7S"], ["6S", "8S"], ["7S", "8S"], ["6S", "7S", "8S"]]
    assert out["total"] == 8 and all(p["beats"] is None for p in out["plays"])
