"""Basra and Pasur rule by rule: a legal and an illegal case for each rule id, and the
worked examples of rules.md."""

from __future__ import annotations

import pytest

from referee.cards import FULL_DECK, Card, parse_cards
from referee.games.base import Illegal
from referee.games.events import Event
from referee.games.fishing.deal import FishingDeal, deal_rounds
from referee.match import replay
from referee.params import Value
from referee.record import Deal, FishPlay
from referee.table.simulate import simulate_match

from .conftest import basra_log, first_problem, new_state, replay_text


def state(
    game: str,
    floor: str,
    variant: str | None = None,
    players: int = 2,
    totals: dict[str, int] | None = None,
    **rules: Value,
) -> FishingDeal:
    names = ["A", "B", "C", "D"][:players]
    s = new_state(
        game, Deal(names[-1], {"floor": parse_cards(floor)}), names, variant, totals, **rules
    )
    assert isinstance(s, FishingDeal) and s.setup_problems() == []
    return s


def play(s: FishingDeal, card: str, takes: str = "") -> list[Event]:
    """The player to move plays ``card`` taking ``takes``: what it did."""
    who = s.to_move()
    assert who is not None
    return s.apply(FishPlay(who, Card.parse(card), parse_cards(takes)))


def refused(s: FishingDeal, card: str, takes: str = "") -> str:
    with pytest.raises(Illegal) as info:
        play(s, card, takes)
    return info.value.rule


# --- Basra -----------------------------------------------------------------------------


def test_basra_rounds_per_player_count() -> None:
    """[basra.deal] 2 players play 6 rounds, 3 play 4, 4 play 3."""
    assert [len(deal_rounds(n, 48, 4)) for n in (2, 3, 4)] == [6, 4, 3]
    assert deal_rounds(3, 48, 6) == [6, 6, 4]  # the rest is dealt out equally


def test_basra_opening_floor_rule() -> None:
    assert first_problem(basra_log("", floor="5H 3C JD KS"))[0] == "basra.deal.floor"
    assert first_problem(basra_log("", floor="5H 3C 7D KS"))[0] == "basra.deal.floor"
    assert first_problem(basra_log("", extra='buried = "5D"\n'))[0] == "basra.deal.floor"
    ok = replay_text(basra_log("", extra='buried = "JD 7D"\n'))
    assert [p.rule for p in ok.problems] == []


def test_buried_card_not_in_first_round() -> None:
    text = basra_log('{ by = "Ali", card = "JD" },', extra='buried = "JD"\n')
    assert first_problem(text)[:3] == ("basra.deal.floor", 1, 1)


def test_group_and_union() -> None:
    """[basra.capture.group] [basra.capture.union]: a 7 takes a 7 and a 4+3 together."""
    s = state("basra", "7S 4H 3C KD")
    play(s, "7C", "7S 4H 3C")
    assert s.floor == [Card.parse("KD")]
    s = state("basra", "7S 4H 2C KD")
    assert refused(s, "7C", "7S 4H 2C") == "basra.capture.group"


def test_kings_take_kings_only() -> None:
    s = state("basra", "KS KH 5C 2D")
    play(s, "KD", "KS KH")
    s = state("basra", "KS QH 5C 2D")
    assert refused(s, "KD", "KS QH") == "basra.capture.group"


def test_capture_not_on_floor() -> None:
    s = state("basra", "5S 4H 3C KD")
    assert refused(s, "9C", "5S 4D") == "basra.capture.group"


def test_capture_maximal() -> None:
    """[basra.capture.choice] with maximal, no further group may be left behind."""
    s = state("basra", "5S 4H 9C KD", capture="maximal")
    assert refused(s, "9D", "5S 4H") == "basra.capture.choice"
    s = state("basra", "5S 4H 9C KD", capture="maximal")
    play(s, "9D", "5S 4H 9C")
    s = state("basra", "5S 4H 9C KD")  # any: part is fine
    play(s, "9D", "5S 4H")


def test_trail_of_a_capturer() -> None:
    """[basra.trail] may_trail_capturer decides whether a capturing card may be trailed."""
    play(state("basra", "5S 4H 2C KD"), "9D")
    s = state("basra", "5S 4H 2C KD", may_trail_capturer=False)
    assert refused(s, "9D") == "basra.trail"
    play(state("basra", "5S 4H 2C KD", may_trail_capturer=False), "8D")


def test_jack_takes_the_whole_floor() -> None:
    s = state("basra", "5S 4H 2C KD")
    assert refused(s, "JD", "5S 4H") == "basra.jack"
    s = state("basra", "5S 4H 2C KD")
    assert refused(s, "JD") == "basra.jack"
    s = state("basra", "5S 4H 2C KD")
    play(s, "JD", "5S 4H 2C KD")
    assert s.sweeps == {"A": 0, "B": 0}  # four cards: no basra under lone_card


@pytest.mark.parametrize(
    ("mode", "floor", "scores"),
    [
        ("lone_card", "5S", True),
        ("lone_card", "5S 4H", False),
        ("one_or_two", "5S 4H", True),
        ("one_or_two", "5S 4H 3C", False),
        ("never", "5S", False),
    ],
)
def test_jack_basra_modes(mode: str, floor: str, scores: bool) -> None:
    """[basra.sweep.jack]"""
    s = state("basra", "5S 4H 2C KD", jack_basra=mode)
    s.floor = list(parse_cards(floor))
    play(s, "JD", floor)
    assert s.sweeps["A"] == int(scores)


def test_seven_diamonds_sweep_if_10() -> None:
    """[basra.seven-diamonds] the match-log example: a floor of 13 makes it an ordinary 7."""
    text = basra_log(
        '{ by = "Ali", card = "8S", takes = "5H 3C" },\n'
        '{ by = "Omar", card = "KD", takes = "KS" },\n'
        '{ by = "Ali", card = "4C" },\n'
        '{ by = "Omar", card = "7D", takes = "9D 4C" },',
        extra='buried = "JD"\n',
    )
    assert first_problem(text) == ("basra.capture.group", 1, 4)
    s = state("basra", "5S 3H 2C KD")  # adds up to 10: the 7D sweeps and scores
    assert refused(s, "7D", "5S 2C") == "basra.seven-diamonds"
    s = state("basra", "5S 3H 2C KD")
    play(s, "7D", "5S 3H 2C KD")
    assert s.sweeps["A"] == 1


def test_seven_diamonds_sweep_all_and_plain() -> None:
    s = state("basra", "9S 8H 2C KD", seven_diamonds="sweep_all")
    play(s, "7D", "9S 8H 2C KD")
    assert s.sweeps["A"] == 0  # swept, but a K on the floor and 19 > 10: no basra
    s = state("basra", "5S 2H 2C AD", seven_diamonds="sweep_all")
    play(s, "7D", "5S 2H 2C AD")
    assert s.sweeps["A"] == 1
    s = state("basra", "5S 3H 2C KD", seven_diamonds="plain")
    play(s, "7D", "5S 2C")


def test_seven_diamonds_on_empty_floor_is_trailed() -> None:
    s = state("basra", "5S 4H 2C KD")
    s.floor = []
    play(s, "7D")
    assert s.floor == [Card.parse("7D")]


def test_sweep_scores_a_basra() -> None:
    """[basra.sweep] and basra_by_sum = false (Lebanese)."""
    s = state("basra", "5S 4H 9C 9D")
    play(s, "9H", "5S 4H 9C 9D")
    assert s.sweeps["A"] == 1
    s = state("basra", "5S 4H 9C 9D", basra_by_sum=False)
    play(s, "9H", "5S 4H 9C 9D")
    assert s.sweeps["A"] == 0
    s = state("basra", "9C 9D 3S 3H", basra_by_sum=False)
    s.floor = list(parse_cards("9C 9D"))
    play(s, "9H", "9C 9D")
    assert s.sweeps["A"] == 1


def test_turn_order_and_duplicates() -> None:
    s = state("basra", "5S 4H 2C KD")
    with pytest.raises(Illegal) as info:
        s.apply(FishPlay("B", Card.parse("9D")))
    assert info.value.rule == "turn.order"
    play(s, "9D")
    assert refused(s, "9D") == "card.duplicate"
    assert refused(s, "5S") == "card.duplicate"


def test_known_hands() -> None:
    """[hand.not-held] plays come from the player's cards of the current round."""
    text = basra_log('{ by = "Ali", card = "2D" },', extra='hands = { Ali = "AS 2S 3S 4S" }\n')
    assert first_problem(text) == ("hand.not-held", 1, 1)


def test_unfinished_deal_followed_by_another() -> None:
    text = basra_log('{ by = "Ali", card = "2D" },') + (
        '\n[[deals]]\ndealer = "Ali"\nfloor = "2H 3H 4H 5H"\nplays = []\n'
    )
    assert first_problem(text)[0] == "deal.conservation"


def test_majority_tie_void_and_rollover() -> None:
    """[basra.score.tie] 26-26: void, or rolled into the next deal's award."""
    for mode, carry in (("void", 0), ("rollover", 30)):
        s = state("basra", "5S 4H 2C KD", majority_tie=mode)
        cards = sorted(FULL_DECK)  # 52 cards: 26 a side is a tie
        s.piles = {"A": cards[:26], "B": cards[26:]}
        breakdown, rolled = s.score_sides()
        assert breakdown["A"]["cards"] == 0 and breakdown["B"]["cards"] == 0
        assert rolled == carry


def test_rollover_carries_a_tied_award_only() -> None:
    """[basra.score.tie] with rollover, a sole leader takes the award and the pending part
    of it: nothing rolls on (a mutation rolled every award over, and no test saw it)."""
    s = state("basra", "5S 4H 2C KD", majority_tie="rollover")
    s.carry.carried["majority"] = 30  # the last deal was tied
    cards = sorted(FULL_DECK)
    s.piles = {"A": cards[:27], "B": cards[27:]}
    breakdown, rolled = s.score_sides()
    assert (breakdown["A"]["cards"], breakdown["B"]["cards"], rolled) == (60, 0, 0)


def test_rollover_over_simulated_matches() -> None:
    """[basra.score.tie] every deal of simulated matches under rollover, recounted from the
    cards each side took: a tie rolls the whole award on, a sole leader takes it all."""
    ties = leaders = 0
    for seed in range(1, 7):
        match = simulate_match(
            "basra",
            "egyptian",
            2,
            seed,
            overrides={"majority_tie": "rollover", "target": 100_000},
            deals=5,
        )
        replayed = replay(match)
        assert replayed.problems == []
        pending = 0
        for done in replayed.deals:
            assert done.state is not None
            taken = {side: len(pile) for side, pile in done.state.piles.items()}  # type: ignore[attr-defined]
            award, most = 30 + pending, max(taken.values())
            top = [side for side, n in taken.items() if n == most]
            got = {side: b["cards"] for side, b in done.result.breakdown.items()}
            if len(top) == 1:
                leaders += 1
                assert got == {side: award if side == top[0] else 0 for side in taken}
                pending = 0
            else:
                ties += 1
                assert set(got.values()) == {0}
                pending = award
            assert done.result.carried["majority"] == pending
    assert ties and leaders


def test_residue_goes_to_last_capturer() -> None:
    """[basra.residue] — and it is not a basra."""
    s = state("basra", "5S 4H 2C KD")
    s.entries = s.total_plays - 2
    play(s, "9D", "5S 4H")
    last = play(s, "3D")
    assert s.finished and s.floor == []
    assert s.piles["A"][-3:] == list(parse_cards("2C KD 3D"))
    from referee.words.events import event_said

    said = "The cards left on the floor (2C KD 3D) go to A, the last to capture."
    assert [type(e).__name__ for e in last] == ["Captured", "Residue"]
    assert event_said(last[-1]) == said
    assert len(s.piles["A"]) == 6 and s.sweeps == {"A": 0, "B": 0}


# --- Pasur -----------------------------------------------------------------------------


def test_pasur_eleven_one_set() -> None:
    """[pasur.capture.eleven] a 7 on 4, 2, 2 takes the 4 or both 2s, not all three."""
    assert refused(state("pasur", "4S 2H 2C KD"), "7C", "4S 2H 2C") == "pasur.capture.eleven"
    play(state("pasur", "4S 2H 2C KD"), "7C", "4S")
    play(state("pasur", "4S 2H 2C KD"), "7C", "2H 2C")
    opts = {o.taken for o in state("pasur", "4S 2H 2C KD").options(Card.parse("7C"))}
    assert opts == {parse_cards("4S"), parse_cards("2H 2C")}


def test_pasur_faces() -> None:
    play(state("pasur", "KS QH 2C 5D"), "KD", "KS")
    assert refused(state("pasur", "KS QH 2C 5D"), "KD", "QH") == "pasur.capture.face"
    assert refused(state("pasur", "KS KH 2C 5D"), "KD", "KS KH") == "pasur.capture.face"


def test_pasur_jack() -> None:
    s = state("pasur", "KS QH 2C 5D")
    play(s, "JD", "2C 5D")
    assert s.floor == list(parse_cards("KS QH")) and s.sweeps["A"] == 0
    assert refused(state("pasur", "KS QH 2C 5D"), "JD", "KS QH 2C 5D") == "pasur.capture.jack"
    s = state("pasur", "KS QH 2C 5D")
    s.floor = list(parse_cards("KS QH"))
    play(s, "JD")  # nothing a jack takes: laid on the pool


def test_pasur_forced_capture() -> None:
    assert refused(state("pasur", "KS QH 2C 5D"), "4D") == "pasur.capture.forced"
    assert refused(state("pasur", "KS QH 2C 5D"), "KD") == "pasur.capture.forced"
    assert refused(state("pasur", "KS QH 2C 5D"), "JD") == "pasur.capture.forced"
    play(state("pasur", "KS QH 2C 5D"), "AD")


def test_pasur_pool_rule() -> None:
    log = basra_log("", floor="JS 3C 9D KS", game="pasur", variant="standard")
    assert first_problem(log)[0] == "pasur.deal.pool"
    log = basra_log("", floor="QS QC QD KS", game="pasur", variant="pagat")
    assert first_problem(log)[0] == "pasur.deal.pool"
    assert not replay_text(
        basra_log("", floor="QS QC QD KS", game="pasur", variant="standard")
    ).problems
    log = basra_log("", game="pasur", variant="standard", extra='returned = "JS JD"\n')
    assert first_problem(log)[0] == "pasur.deal.pool"


def test_sur_and_its_exceptions() -> None:
    """[pasur.sur] [pasur.sur.jack] [pasur.sur.last-round]"""
    s = state("pasur", "4S 3H 2C AD")
    play(s, "AC", "4S 3H 2C AD")
    assert s.sweeps["A"] == 1
    s = state("pasur", "4S 3H 2C AD")
    play(s, "JC", "4S 3H 2C AD")
    assert s.sweeps["A"] == 0
    s = state("pasur", "4S 3H 2C AD")
    s.entries = s.total_plays - 4  # the last round
    play(s, "AC", "4S 3H 2C AD")
    assert s.sweeps["A"] == 0


def test_sur_cancel() -> None:
    """[pasur.sur.cancel] a sur against an opponent's sur cancels it."""
    s = state("pasur", "4S 3H 2C AD", sur_cancel=True)
    s.sweeps["B"] = 1
    play(s, "AC", "4S 3H 2C AD")
    assert s.sweeps == {"A": 0, "B": 0}


def test_sur_cutoff() -> None:
    """[pasur.sur.cutoff] a side at the cutoff scores no surs."""
    s = state("pasur", "4S 3H 2C AD", sur_cutoff=50, totals={"A": 50, "B": 0})
    play(s, "AC", "4S 3H 2C AD")
    assert s.sweeps["A"] == 0


def test_clubs_tie_three_players() -> None:
    """[pasur.score.clubs-tie] two tied for most clubs: the third scores the award."""
    s = state("pasur", "4S 3H 2C AD", players=3)
    clubs = sorted(c for c in parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"))
    s.piles = {"A": clubs[:5], "B": clubs[5:10], "C": clubs[10:]}
    breakdown, _ = s.score_sides()
    assert breakdown["C"]["clubs"] == 7 and breakdown["A"]["clubs"] == 0
    s.rules["club_tie"] = "nobody"
    breakdown, _ = s.score_sides()
    assert all(b["clubs"] == 0 for b in breakdown.values())


def test_per_club_and_majority13() -> None:
    s = state("pasur", "4S 3H 2C AD", clubs="per_club")
    clubs = list(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"))
    s.piles = {"A": clubs[:9], "B": clubs[9:]}
    assert s.score_sides()[0]["A"]["clubs"] == 7
    s.rules["clubs"] = "majority13"
    assert s.score_sides()[0]["A"]["clubs"] == 13
