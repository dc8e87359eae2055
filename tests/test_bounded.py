"""Bounded work on any floor the rules allow (issue 24): the largest floors, built by
trailing in a legal log, where a 10 has 178,175 kinds of capture. Not timed: a counting hook
asserts how many kinds of capture and how many plays are built, and that the search over
every union never runs there. Also the table of unions against the search, and the shape
of ``options --json``."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import FULL_DECK, Card
from referee.games.base import Illegal, present
from referee.games.fishing import captures, plays
from referee.games.fishing.captures import (
    Unions,
    cards_in,
    has_group,
    union_table,
    union_vectors,
    unit,
)
from referee.games.fishing.deal import SAY_WHICH, FishingDeal
from referee.games.fishing.view import EXPLAINED, LISTED, FishingView
from referee.log.file import dumps
from referee.match import replay
from referee.record import Deal, FishPlay, Match
from referee.registry import variant_values
from referee.words.sentences import said_text

from .conftest import run

TEN = Card("10", "S")
SEARCHED_AT_MOST = 4_096  # the floors whose unions may be searched for (sub-vectors)
VARIANTS = [("basra", v) for v in ("egyptian", "classic", "lebanese", "iraqi", "two-card")] + [
    ("pasur", v) for v in ("standard", "pagat")
]


def preference(game: str, keep: Card, high: bool) -> list[Card]:
    """The cards tried for each trail: low numerals first (the densest unions) or high
    ones first (where a card that can capture must), then the rest; never ``keep`` (the
    card then played) and, in Basra, never a jack."""
    deck = sorted(FULL_DECK, key=lambda c: (-(c.value or -1) if high else c.value or 11, c.suit))
    return [c for c in deck if c != keep and not (game == "basra" and c.rank == "J")]


def trailed(game: str, variant: str, keep: Card = TEN) -> Match:
    """A legal open deal whose floor is as large as trailing makes it (the larger of the
    low-first and high-first orders)."""
    both = [trailed_in(game, variant, preference(game, keep, high)) for high in (False, True)]
    return max(both, key=lambda match: len(match.deals[0].plays))


def trailed_in(game: str, variant: str, cards: list[Card]) -> Match:
    """A legal open deal in which each play is the first of ``cards`` that may be laid
    down now."""
    values = variant_values(game, variant)
    match = Match(game, variant, ["Ali", "Omar"], values)
    opening = [c for c in cards if c.rank not in "JQK" and c != Card("7", "D")][:4]
    deal = Deal("Omar", {"floor": tuple(opening)})
    match.deals.append(deal)
    left = [c for c in cards if c not in opening]
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    while state.entries < state.total_plays - 1:
        who = state.to_move()
        assert who is not None
        card = next((c for c in left if state.is_legal(FishPlay(who, c, ()))), None)
        if card is None:
            break
        state.apply(FishPlay(who, card, ()))
        deal.plays.append(FishPlay(who, card, ()))
        left.remove(card)
    replayed = replay(match)
    assert not replayed.problems and replayed.state is not None and not replayed.state.finished
    return match


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the kinds of capture and the plays built; the search over every union on a
    large floor, and the listing of every concrete capture (the simulator's), fail the
    test if they run."""
    built = {"kinds": 0, "plays": 0}
    kind = plays.kind_of
    play_new = plays.Play.__new__

    def counting_kind(*args: Any) -> plays.Capture:
        built["kinds"] += 1
        return kind(*args)

    def counting_play(cls: type[plays.Play], *args: Any, **kw: Any) -> plays.Play:
        built["plays"] += 1
        return play_new(cls, *args, **kw)

    def no_search(floor: int, total: int) -> frozenset[int]:
        assert captures.subvectors(captures.below(floor, total)) <= SEARCHED_AT_MOST
        return union_vectors(floor, total)

    def every_capture(*args: Any) -> Any:
        raise AssertionError("every concrete capture listed on a large floor")

    monkeypatch.setattr(plays, "kind_of", counting_kind)
    monkeypatch.setattr(plays.Play, "__new__", counting_play)
    monkeypatch.setattr(captures, "union_vectors", no_search)
    monkeypatch.setattr(plays, "expand", every_capture)
    return built


def test_the_worst_basra_floor_is_47_cards() -> None:
    state = replay(trailed("basra", "egyptian")).state
    assert isinstance(state, FishingDeal)
    assert len(state.floor) == 47  # every card but the four jacks and the 10S
    assert state.legal_plays(TEN).count() == 178_175 + 1  # and the trail


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_options_play_explain_are_bounded_on_the_worst_floor(
    game: str, variant: str, counted: dict[str, int]
) -> None:
    replayed = replay(trailed(game, variant))
    state = replayed.state
    assert isinstance(state, FishingDeal)
    who = state.to_move()
    assert who is not None
    for card in sorted(FULL_DECK - set(state.used)):
        counted["kinds"] = counted["plays"] = 0
        found = present(state).legal_options(card, None, 20)
        assert counted["kinds"] <= 20 and len(found.lines) <= 20
        assert found.total >= len(found.lines)
        every = present(state).legal_options(card, None)
        assert len(every.lines) == min(every.total, LISTED)
        assert counted["kinds"] <= 20 + LISTED
        counted["kinds"] = counted["plays"] = 0
        try:
            entry = state.table_entry(None, (card,), None, False)
        except Illegal as err:
            trail = err.rule == f"{state.game}.trail"  # its one play: never inferred
            assert trail or err.rule in ("basra.capture.choice", "pasur.capture.forced")
            assert trail or said_text(err.message).split("say which: ")[1].count("; ") < SAY_WHICH
        else:
            assert isinstance(entry, FishPlay)
        assert counted["kinds"] <= SAY_WHICH and counted["plays"] <= SAY_WHICH + 1
        counted["kinds"] = 0
        explained = present(state).explain(FishPlay(who, card, ()))
        assert len(explained.legal) <= EXPLAINED and counted["kinds"] <= EXPLAINED


def test_a_ten_on_the_worst_floor_is_listed_strongest_first(counted: dict[str, int]) -> None:
    state = replay(trailed("basra", "egyptian")).state
    assert isinstance(state, FishingDeal)
    listing = FishingView(state).listing(TEN, 20)
    assert listing.total == 178_176 and len(listing.shown) == 20 and counted["kinds"] == 20
    sizes = [len(k.takes) + sum(n for n, _ in k.choose) for k in listing.shown]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 39  # every numeral
    # the strongest play, typed in full, is judged legal without listing anything
    counted["kinds"] = 0
    biggest = listing.shown[0].first(state.floor)
    assert state.check(FishPlay(state.to_move() or "", TEN, biggest.takes)) == biggest
    assert counted["kinds"] == 0


def test_maximal_captures_are_bounded_when_trailing_is_allowed(counted: dict[str, int]) -> None:
    """``capture = maximal`` with ``may_trail_capturer = true``: the floor grows to 47
    cards and a maximal capture is what leaves no group behind."""
    match = trailed("basra", "egyptian")
    match.rules["capture"] = "maximal"
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    listing = FishingView(state).listing(TEN, 20)
    assert 0 < listing.total < 1_000 and counted["kinds"] <= 20
    floor = captures.vector(state.floor)
    for kind in listing.shown[:-1]:
        taken = captures.vector(kind.first(state.floor).takes)
        assert not has_group(floor - taken, 10)


def test_the_table_is_every_union_of_a_deck() -> None:
    for total in range(1, 11):
        deck = captures.unions_of_deck(total)
        by_size = union_table(total)
        assert sum(len(us) for us in by_size) == len(deck)
        for size, us in enumerate(by_size):
            assert list(us) == list(sorted(u for u in deck if cards_in(u) == size)), (total, size)


def test_the_package_data_is_what_the_script_writes() -> None:
    """unions.bin, read by referee.games.fishing.unions, is byte for byte what
    scripts/union_table.py makes of the unions of the deck."""
    import importlib.resources
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import union_table as script

    stored = importlib.resources.files("referee.games.fishing").joinpath("unions.bin")
    assert stored.read_bytes() == script.table()


def floors() -> st.SearchStrategy[int]:
    """Count vectors of up to three cards of each value: large enough to use the table."""
    return st.lists(st.integers(0, 3), min_size=10, max_size=10).map(
        lambda ns: sum(n * unit(v) for v, n in enumerate(ns, 1))
    )


@settings(max_examples=40, deadline=None)
@given(floors(), st.integers(2, 10), st.booleans())
def test_the_table_agrees_with_the_search(floor: int, total: int, maximal: bool) -> None:
    found = Unions(floor, total, maximal)
    want = [
        u for u in union_vectors(floor, total) if not maximal or not has_group(floor - u, total)
    ]
    want.sort(key=lambda u: (cards_in(u), u), reverse=True)
    assert list(found) == want
    assert found.count() == len(want)
    assert all(u in found for u in want[:50])
    assert floor not in found or floor in want


# --- options --json -------------------------------------------------------------------------


def options_json(path: Path, *args: str) -> dict[str, Any]:
    done = run("options", *args, "--json", "-f", str(path))
    assert done.exit_code == 0, done.stdout
    out = json.loads(done.stdout)
    assert isinstance(out, dict)
    return out


@pytest.fixture
def small_log(tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    assert run("new", "basra", "-p", "Ali", "-p", "Omar", "-f", str(path)).exit_code == 0
    assert run("deal", "--dealer", "Omar", "--floor", "9D 4C KS 5H", "-f", str(path)).exit_code == 0
    return path


def test_options_json_lists_plays_as_objects(small_log: Path) -> None:
    out = options_json(small_log, "9C")
    assert out == {
        "for": "9C on 9D 4C KS 5H",
        "card": "9C",
        "options": [
            {"card": "9C", "takes": t, "choose": [], "ways": 1, "sweep": False, "trail": False}
            for t in (["9D", "4C", "5H"], ["4C", "5H"], ["9D"])
        ]
        + [{"card": "9C", "takes": [], "choose": [], "ways": 1, "sweep": False, "trail": True}],
        "total": 4,
        "more": 0,
    }
    king = options_json(small_log, "KD")["options"]
    assert king[0] == {
        "card": "KD",
        "takes": ["KS"],
        "choose": [],
        "ways": 1,
        "sweep": False,
        "trail": False,
    }


def test_options_json_says_a_played_card_has_none(small_log: Path) -> None:
    assert run("play", "9C", "--takes", "9D", "-f", str(small_log)).exit_code == 0
    out = options_json(small_log, "9C")
    assert out["options"] == [] and out["total"] == 0
    assert out["note"].startswith("none: 9C was already played by")


def test_options_json_on_the_worst_floor_groups_and_counts(tmp_path: Path) -> None:
    path = tmp_path / "wide.toml"
    path.write_bytes(dumps(trailed("basra", "egyptian")))
    out = options_json(path, "10S")
    assert out["total"] == 178_176 and len(out["options"]) == LISTED
    assert out["more"] == 178_176 - LISTED
    first, second = out["options"][:2]
    assert first["ways"] == 1 and len(first["takes"]) == 39 and first["choose"] == []
    assert second["choose"] == [{"count": 2, "of": ["10C", "10D", "10H"]}]
    assert second["ways"] == 3 and len(second["takes"]) == 36
    assert not any(o["trail"] for o in out["options"])  # the trail is the weakest


def test_play_without_takes_on_the_worst_floor_says_which(tmp_path: Path) -> None:
    path = tmp_path / "wide.toml"
    before = dumps(trailed("basra", "egyptian"))
    path.write_bytes(before)
    done = run("play", "10S", "-f", str(path))
    assert done.exit_code == 1
    assert "[basra.capture.choice]" in done.stderr and "say which" in done.stderr
    assert path.read_bytes() == before


def test_options_json_of_a_trick_game_lists_objects(tmp_path: Path) -> None:
    """Issue 19: no words in a trick game's ``options --json`` (tests/test_bura_rules.py
    and tests/test_kozel_rules.py check each shape)."""
    path = tmp_path / "b.toml"
    assert run("new", "bura", "-p", "Ivan", "-p", "Petr", "-f", str(path)).exit_code == 0
    assert run("deal", "--dealer", "Petr", "--trump", "9H", "-f", str(path)).exit_code == 0
    assert run("play", "AS", "-f", str(path)).exit_code == 0
    out = options_json(path)
    assert set(out) == {"for", "plays", "total", "more", "beaten_by"}
    assert out["for"]["player"] == "Petr" and out["beaten_by"][0]["any_trump"] is True


def test_a_kind_said_is_the_table_line() -> None:
    """A kind of capture in words, with a choice among equal values."""
    state = replay(trailed("basra", "egyptian")).state
    assert isinstance(state, FishingDeal)
    lines = [said_text(k.as_fact()) for k in islice(state.legal_plays(TEN), 2)]
    assert lines[1].startswith("takes AC AD AH AS, 2C 2D 2H 2S, ")
    assert lines[1].endswith(", 2 of 10C/10D/10H (3 ways)")


def test_a_listing_on_the_fullest_floor_reads_only_the_sizes_it_lists() -> None:
    """The worst floor (every numeral under 10 on it) counts its unions without decoding
    the table and lists the strongest dozen from its largest sizes alone (issue 24: the
    table's 44,544 unions for 10 cost 4 ms to decode whole)."""
    from itertools import islice

    captures.union_table.cache_clear()
    captures._fitting.cache_clear()
    full = sum(4 * unit(v) for v in range(1, 10))
    unions = Unions(full, 10)
    assert unions.count() == len(captures.unions_of_deck(10)) - 1
    assert union_table(10)._read == {}  # counted from the sizes alone
    strongest = list(islice(unions, 12))
    assert strongest == captures.unions_of_deck(10)[:12]
    read = union_table(10)._read
    assert 0 < len(read) <= 6 and min(read) >= 30, sorted(read)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10), st.lists(st.integers(0, 4), min_size=9, max_size=9))
def test_the_unions_that_fit_a_room_are_those_a_scan_finds(total: int, ns: list[int]) -> None:
    """The masks keep exactly the unions that fit, in order, and count them without
    listing (the rooms drawn: any count of each value under the total, the empty and
    full ones included)."""
    room = sum(n * unit(v) for v, n in enumerate(ns[: total - 1], 1))
    captures._fitting.cache_clear()
    by_size = captures._fitting(room, total)
    scanned = [[u for u in us if captures.fits(u, room)] for us in union_table(total)]
    assert by_size.sizes == [len(us) for us in scanned]
    assert [list(by_size[k]) for k in range(len(by_size))] == scanned


def test_a_mask_is_the_unions_with_at_most_so_many_of_a_value() -> None:
    """Each mask's bit ``i`` says whether the table's ``i``-th union (through the sizes
    in order) holds at most that many cards of the value."""
    from referee.games.fishing.unions import fitting_mask

    for total in (2, 7, 10):
        ordered = [u for us in union_table(total) for u in us]
        for value in range(1, total):
            for most in range(4):
                bits = fitting_mask(total, value, most)
                assert bits.bit_length() <= len(ordered)
                kept = [i for i, u in enumerate(ordered) if captures.count(u, value) <= most]
                assert [i for i in range(len(ordered)) if bits >> i & 1] == kept


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 10), st.data())
def test_the_start_of_a_run_is_the_whole_run_cut(total: int, data: st.DataObject) -> None:
    """Decoding only the first unions of a size gives what decoding it whole and cutting
    gives."""
    from referee.games.fishing.unions import SIZES, unions_of_size

    size = data.draw(st.integers(0, len(SIZES[total]) - 1))
    whole = list(unions_of_size(total, size))
    first = data.draw(st.integers(0, len(whole) + 2))
    assert list(unions_of_size(total, size, first)) == whole[:first]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.lists(st.integers(0, 4), min_size=9, max_size=9))
def test_a_room_without_the_high_values_fits_as_a_scan_finds(high: int, ns: list[int]) -> None:
    """Where the room holds no card above ``high``, each run's start is all that is read,
    and what fits is what a scan of the whole table finds."""
    room = sum(n * unit(v) for v, n in enumerate(ns[:high], 1))
    by_size = captures._fitting(room, 10)
    assert [list(us) for us in by_size] == [
        [u for u in us if captures.fits(u, room)] for us in union_table(10)
    ]


def test_the_28_lowest_cards_decode_no_run_whole() -> None:
    """The densest floor (every card from ace to seven) reads only the start of each run
    of the table for 10, up to its last union without an eight or a nine (5,317 of the
    44,543 that are not empty)."""
    captures.union_table.cache_clear()
    captures._fitting.cache_clear()
    room = sum(4 * unit(v) for v in range(1, 8))
    unions = Unions(room, 10)
    assert unions.count() == 5_317
    assert len(list(unions)) == 5_317
    assert union_table(10)._read == {}


@given(st.lists(st.integers(0, 15), min_size=10, max_size=10))
def test_cards_in_adds_up_every_count(ns: list[int]) -> None:
    """The popcounts count every card of every value, up to fifteen of a value."""
    vec = sum(n * unit(v) for v, n in enumerate(ns, 1))
    assert cards_in(vec) == sum(ns) == sum(captures.counts(vec))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 10),
    st.integers(0, 3),
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
    st.booleans(),
)
def test_the_maximal_unions_are_those_that_split_and_leave_no_group(
    total: int, tops: int, ns: list[int], crowded: bool
) -> None:
    """The maximal unions (looked up in the table where the rest is large) are exactly the
    rests of the group-free leftovers that split into groups, strongest first; a room with
    more than four of a value (a crowded one) is split by search alone."""
    ns = [n + 2 if crowded and v % 3 == 0 else n for v, n in enumerate(ns[: total - 1], 1)]
    room = sum(n * unit(v) for v, n in enumerate(ns, 1))
    captures.maximal_unions.cache_clear()
    top = tops * unit(total)
    want = [
        top + rest
        for w in captures.leftovers(room, total)
        if ((rest := room - w) or top) and captures.splits_into(rest, total)
    ]
    want.sort(key=lambda u: (cards_in(u), u), reverse=True)
    assert list(captures.maximal_unions(room, tops, total)) == want


def test_a_maximal_floor_is_worked_out_once_for_its_count_and_its_listing() -> None:
    """Counting a card's kinds, listing them and checking a capture each build their own
    Unions; under ``capture = maximal`` they share one search of the floor (issue 24:
    done twice or four times, it took ``explain`` to twice the start-up's cost)."""
    match = trailed("basra", "egyptian")
    match.rules["capture"] = "maximal"
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    captures.maximal_unions.cache_clear()
    assert state.legal_plays(TEN).count() == FishingView(state).listing(TEN, 20).total > 0
    assert captures.maximal_unions.cache_info().misses == 1


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 10), st.lists(st.integers(0, 3), min_size=9, max_size=9))
def test_the_leftovers_are_every_group_free_part_that_leaves_a_multiple(
    total: int, ns: list[int]
) -> None:
    """What a maximal capture may leave, against every part of the room tried in turn."""
    from itertools import product

    ns = ns[: total - 1]
    room = sum(n * unit(v) for v, n in enumerate(ns, 1))
    parts = [
        sum(c * unit(v) for v, c in enumerate(cs, 1)) for cs in product(*(range(n + 1) for n in ns))
    ]
    want = {
        w
        for w in parts
        if not captures.has_group(w, total) and captures.total_of(room - w) % total == 0
    }
    found = captures.leftovers(room, total)
    assert len(found) == len(set(found)) and set(found) == want
