"""The fast least-cost pairing of two sides a table (referee.tournament.swiss) against the
exact methods it replaces: every pairing it gives costs exactly the least that networkx's
blossom finds over the complete graph (and, up to 10 sides, the exhaustive search of
test_tournament_pairing), on random fields, on Swisses played round by round, and on the
cases built to need each of its steps (a block paired by blossom, blocks joined, a bye
moved); a large ordinary Swiss is paired without blossom at all."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from referee.tournament import swiss
from referee.tournament.model import History
from referee.tournament.pairing import draw

from .test_tournament_pairing import cost2, full_graph_least, least2
from .test_tournament_seats import start


def fast(names: list[str], mp: dict[str, int], h: History, seed: int = 0):
    order = sorted(draw(names, random.Random(seed)), key=lambda s: mp[s])
    pairs, byes = swiss.least_cost_two(order, mp, h)
    assert sorted([s for p in pairs for s in p] + byes) == sorted(names)
    assert len(byes) == len(names) % 2
    return cost2(pairs, byes, mp, h.met, h.byes)


def random_field(seed: int) -> tuple[list[str], dict[str, int], History]:
    rng = random.Random(seed)
    n = rng.randint(2, 36)
    names = [f"S{k:02d}" for k in range(n)]
    top = rng.choice([1, 2, 4, 8, 16])
    mp = {s: rng.randint(0, top) * rng.choice([1, 2]) for s in names}
    dense = rng.choice([0.0, 0.05, 0.2, 0.5, 0.8])
    met = frozenset(frozenset(x) for x in combinations(names, 2) if rng.random() < dense)
    had = rng.choice([0.0, 0.3, 0.9, 1.0])
    return names, mp, History(met, frozenset(s for s in names if rng.random() < had), {})


@pytest.mark.parametrize("seed", range(80))
def test_random_fields_cost_the_complete_graphs_least(seed: int) -> None:
    names, mp, h = random_field(seed)
    assert fast(names, mp, h, seed) == full_graph_least(names, mp, h.met, h.byes)


@pytest.mark.parametrize("seed", range(20))
def test_small_fields_cost_the_exhaustive_least(seed: int) -> None:
    names, mp, h = random_field(10_000 + seed)
    names = names[: 2 + seed % 9]  # 2 .. 10 sides
    assert fast(names, mp, h, seed) == least2(names, mp, h.met, h.byes)


@pytest.mark.parametrize("n", [13, 24, 41])
def test_a_swiss_played_round_by_round(n: int) -> None:
    """Rounds of a Swiss whose tables win, lose or draw at random: each round's pairing
    (from this module) costs the complete graph's least and the windowed blossom's."""
    rng = random.Random(n)
    names = [f"P{k:02d}" for k in range(n)]
    mp = dict.fromkeys(names, 0)
    met: set[frozenset[str]] = set()
    had: set[str] = set()
    for r in range(1, min(n, 9)):
        h = History(frozenset(met), frozenset(had), {})
        order = sorted(draw(names, random.Random(r)), key=lambda s: mp[s])
        pairs, byes = swiss.least_cost_two(order, mp, h)
        got = cost2(pairs, byes, mp, h.met, h.byes)
        assert got == full_graph_least(names, mp, h.met, h.byes), r
        old, old_byes = swiss.blossom(order, mp, h, swiss.weights(order, mp))
        assert got == cost2(old, old_byes, mp, h.met, h.byes), r
        for a, b in pairs:
            met.add(frozenset((a, b)))
            roll = rng.random()
            mp[a] += 2 if roll < 0.45 else 1 if roll < 0.55 else 0
            mp[b] += 0 if roll < 0.45 else 1 if roll < 0.55 else 2
        for s in byes:
            had.add(s)
            mp[s] += 2


def test_a_group_that_has_all_met_is_paired_across_its_gaps() -> None:
    """Two on 4 points who have met, two on 2: blocks [4], [2] would repeat a meeting;
    crossing the even gap twice (4 points) is cheaper than a repeat, so they are joined."""
    mp = {"A": 4, "B": 4, "C": 2, "D": 2}
    h = History(frozenset({frozenset(("A", "B"))}), frozenset(), {})
    order = ["C", "D", "A", "B"]
    pairs, _ = swiss.least_cost_two(order, mp, h)
    assert not any(h.have_met(a, b) for a, b in pairs)
    assert cost2(pairs, [], mp, h.met, h.byes) == (0, 0, 4, 0)


def test_the_bye_goes_where_it_saves_a_float() -> None:
    """Three on 4 points, four on 0: the bye to a side on 4 leaves no float (the bye's
    match points come after the differences in the cost)."""
    mp = {"A": 4, "B": 4, "C": 4, "D": 0, "E": 0, "F": 0, "G": 0}
    h = History(frozenset(), frozenset(), {})
    names = list(mp)
    assert fast(names, mp, h) == (0, 0, 0, 4) == full_graph_least(names, mp, h.met, h.byes)


def test_a_block_the_greedy_cannot_pair_goes_to_blossom(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = swiss.blossom

    def counted(order, mp, h, w):  # type: ignore[no-untyped-def]
        calls.append(len(order))
        return real(order, mp, h, w)

    monkeypatch.setattr(swiss, "blossom", counted)
    names = [f"S{k}" for k in range(6)]
    mp = dict.fromkeys(names, 2)
    met = frozenset(frozenset(p) for p in combinations(names[:4], 2))  # S0-S3 all met
    h = History(met, frozenset(), {})
    assert fast(names, mp, h) == full_graph_least(names, mp, h.met, h.byes) == (1, 0, 0, 0)
    assert calls == [6]


def test_a_large_ordinary_swiss_needs_no_blossom(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1,000-side Swiss in its sixth round (random results, no repeats possible to
    avoid otherwise) is paired by the blocks' bounds alone: no blossom, so no seconds."""

    def refused(*_: object) -> None:
        raise AssertionError("blossom was needed")

    rng = random.Random(5)
    names = [f"E{k:04d}" for k in range(1001)]
    mp = dict.fromkeys(names, 0)
    met: set[frozenset[str]] = set()
    had: set[str] = set()
    for r in range(1, 7):
        if r == 6:
            monkeypatch.setattr(swiss, "blossom", refused)
        h = History(frozenset(met), frozenset(had), {})
        order = sorted(draw(names, random.Random(r)), key=lambda s: mp[s])
        pairs, byes = swiss.least_cost_two(order, mp, h)
        assert not any(h.have_met(a, b) for a, b in pairs) and not set(byes) & had
        for a, b in pairs:
            met.add(frozenset((a, b)))
            winner = a if rng.random() < 0.5 else b
            mp[winner] += 2
        had.update(byes)
        for s in byes:
            mp[s] += 2


def searched_before(order, sizes, nbyes, mp, h):  # type: ignore[no-untyped-def]
    """The search of three or more a table as it was before issue 38 (every cost from
    ``have_met``, every pair of tables tried), kept here to hold the faster one to it."""
    from referee.tournament.seats import NEAR, PASSES, _weights

    w1, w2, w3 = _weights(sizes, nbyes, mp, order)
    groups = start(order, sizes, nbyes, h)

    def cost(g, is_bye):  # type: ignore[no-untyped-def]
        if is_bye:
            return sum(w2 * (s in h.byes) + mp[s] for s in g)
        met = sum(1 for a, b in combinations(g, 2) if h.have_met(a, b))
        return w1 * met + w3 * (max(mp[s] for s in g) - min(mp[s] for s in g))

    last = len(groups) - 1
    for _ in range(PASSES):
        better = False
        for x in range(last):
            for y in [*range(x + 1, min(last, x + 1 + NEAR)), last]:
                gx, gy = groups[x], groups[y]
                now = cost(gx, False) + cost(gy, y == last)
                for i in range(len(gx)):
                    for j in range(len(gy)):
                        gx[i], gy[j] = gy[j], gx[i]
                        after = cost(gx, False) + cost(gy, y == last)
                        if after < now:
                            now, better = after, True
                        else:
                            gx[i], gy[j] = gy[j], gx[i]
        if not better:
            break
    return groups[:last], groups[last]


@pytest.mark.parametrize("seed", range(12))
def test_the_search_of_three_or_more_a_table_finds_what_it_found(seed: int) -> None:
    """Above 12 sides, ``verify`` accepts what the search finds: the faster search must
    find exactly the same tables, or earlier tournaments would stop verifying."""
    from referee.tournament.seats import searched_groups

    rng = random.Random(seed)
    size = rng.choice([3, 4, 5, 6])
    n = rng.randint(13, 70)
    names = [f"S{k:02d}" for k in range(n)]
    mp = {s: rng.randint(0, 6) * 2 for s in names}
    met = frozenset(frozenset(x) for x in combinations(names, 2) if rng.random() < 0.08)
    h = History(met, frozenset(s for s in names if rng.random() < 0.3), {})
    sizes = [size] * (n // size)
    nbyes = n - sum(sizes)
    order = sorted(names, key=lambda s: (-mp[s], rng.random()))
    assert searched_groups(list(order), sizes, nbyes, mp, h) == searched_before(
        list(order), sizes, nbyes, mp, h
    )
