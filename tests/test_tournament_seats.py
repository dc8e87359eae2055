"""The seat search of three or more sides a table above ``EXACT`` (12) active sides, held to
costs computed here by the spec's four terms (``costm``), on random fields of 13 to 30 sides
at tables of 3 and 4:

- never above the grouping it starts from (tables filled top down in match-point order,
  byes to the lowest who have had none), a bound that holds because it only takes swaps that
  lower the cost;
- where it stops, no swap it may make (two sides of tables at most ``NEAR`` apart, or of a
  table and the byes) lowers the cost, compared term by term rather than by its weights;
- never below the least cost, which the exact search finds for 13 and 14 sides when called past
  its threshold. It does not always reach it (the spec asks for the best found within a
  second): on such fields it can seat a pair that has met where the least seats none."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from referee.tournament.model import History
from referee.tournament.seats import (
    EXACT,
    NEAR,
    exact_groups,
    layout,
    least_cost_groups,
    searched_groups,
)

from .test_tournament_pairing import costm, make

Cost = tuple[int, int, int, int]


def random_field(
    seed: int, n: int, size: int
) -> tuple[list[str], list[int], int, dict[str, int], History]:
    """``n`` sides in match-point order (ties drawn), tables of ``size`` (for an odd seed
    Bura's layout, which seats one fewer when they do not divide; for an even one, the
    sides left over have byes, as Kozel's tables of four), and a history of meetings and
    byes."""
    rng = random.Random(seed)
    names = [f"S{k:02d}" for k in range(n)]
    mp = {s: rng.randint(0, 12) for s in names}  # a draw scores 1: odd totals too
    dense = rng.choice([0.05, 0.15, 0.3])
    met = frozenset(frozenset(p) for p in combinations(names, 2) if rng.random() < dense)
    had = rng.choice([0.0, 0.3, 0.9])
    h = History(met, frozenset(s for s in names if rng.random() < had), {})
    if seed % 2:
        sizes, nbyes = layout(make(n, "bura", size), n)
    else:
        sizes, nbyes = [size] * (n // size), n % size
    order = sorted(names, key=lambda s: (-mp[s], rng.random()))
    return order, sizes, nbyes, mp, h


def cost(tables: list[list[str]], byes: list[str], mp: dict[str, int], h: History) -> Cost:
    return costm(tables, byes, mp, h.met, h.byes)


def start(order: list[str], sizes: list[int], nbyes: int, h: History) -> list[list[str]]:
    """The grouping the search starts from, written from its description: the byes to the
    lowest who have had none (then the lowest), the tables filled top down."""
    fresh = [s for s in reversed(order) if s not in h.byes]
    byes = (fresh + [s for s in reversed(order) if s in h.byes])[:nbyes]
    seated = [s for s in order if s not in byes]
    groups, k = [], 0
    for size in sizes:
        groups.append(seated[k : k + size])
        k += size
    return [*groups, byes]


def checked(
    order: list[str], sizes: list[int], nbyes: int, mp: dict[str, int], h: History
) -> tuple[list[list[str]], list[str]]:
    """The search's grouping, after checking that it seats every side once in the layout."""
    tables, byes = searched_groups(list(order), sizes, nbyes, mp, h)
    assert sorted(len(t) for t in tables) == sorted(sizes) and len(byes) == nbyes
    assert sorted([*(s for t in tables for s in t), *byes]) == sorted(order)
    return tables, byes


FIELDS = [(seed, 13 + seed % 18, (3, 4)[seed // 2 % 2]) for seed in range(24)]  # 13 .. 30


@pytest.mark.parametrize("seed,n,size", FIELDS)
def test_the_search_never_costs_more_than_where_it_starts(seed: int, n: int, size: int) -> None:
    order, sizes, nbyes, mp, h = random_field(seed, n, size)
    assert n > EXACT
    *tables, byes = start(order, sizes, nbyes, h)
    assert cost(*checked(order, sizes, nbyes, mp, h), mp, h) <= cost(tables, byes, mp, h)


@pytest.mark.parametrize("seed,n,size", FIELDS)
def test_where_the_search_stops_no_swap_in_its_reach_costs_less(
    seed: int, n: int, size: int
) -> None:
    order, sizes, nbyes, mp, h = random_field(seed, n, size)
    tables, byes = checked(order, sizes, nbyes, mp, h)
    found = cost(tables, byes, mp, h)
    groups = [*tables, byes]
    last = len(groups) - 1
    for x in range(last):
        for y in [*range(x + 1, min(last, x + 1 + NEAR)), last]:
            for i in range(len(groups[x])):
                for j in range(len(groups[y])):
                    swapped = [list(g) for g in groups]
                    swapped[x][i], swapped[y][j] = groups[y][j], groups[x][i]
                    assert cost(swapped[:last], swapped[last], mp, h) >= found, (x, y, i, j)


EXACT_FIELDS = [(100 + seed, 13 + seed // 4 % 2, (3, 4)[seed // 2 % 2]) for seed in range(8)]


@pytest.mark.parametrize("seed,n,size", EXACT_FIELDS)
def test_the_search_costs_no_less_than_the_least(seed: int, n: int, size: int) -> None:
    """13 and 14 sides: the exact search past its threshold gives the least, and the search's
    grouping costs at least that (a cost computed too low would show here)."""
    order, sizes, nbyes, mp, h = random_field(seed, n, size)
    least = cost(*exact_groups(list(order), sizes, nbyes, mp, h), mp, h)
    found = cost(*checked(order, sizes, nbyes, mp, h), mp, h)
    assert found >= least


def test_above_twelve_sides_the_pairing_is_the_searchs() -> None:
    """13 sides go to the search and 12 to the exact minimum, in the order the seed draws
    (match points down, ties by the seed's draw)."""
    for n, search in ((EXACT + 1, searched_groups), (EXACT, exact_groups)):
        order, sizes, nbyes, mp, h = random_field(7, n, 3)
        rng = random.Random(1)
        drawn = sorted(order, key=lambda s: (-mp[s], rng.random()))
        got = least_cost_groups(order, sizes, nbyes, mp, h, random.Random(1))
        assert got == search(drawn, sizes, nbyes, mp, h)


def test_a_lone_pair_that_has_met_is_parted_when_all_are_level() -> None:
    """15 sides level on match points at 5 tables of three, no byes, and S00 and S01 (seated
    together by the start) have met: the pair's table costs exactly one, the least any
    cost above nothing can be, and the search still parts them."""
    names = [f"S{k:02d}" for k in range(15)]
    h = History(frozenset({frozenset({"S00", "S01"})}), frozenset(), {})
    mp = dict.fromkeys(names, 4)
    tables, byes = searched_groups(names, [3] * 5, 0, mp, h)
    assert cost(tables, byes, mp, h) == (0, 0, 0, 0)
    assert not any({"S00", "S01"} <= set(t) for t in tables)


def test_level_sides_keep_the_bye_from_a_repeat() -> None:
    """13 sides level on match points, four tables of three and a bye, and every side but S05
    has had a bye: the bye is S05's (a repeat bye outweighs everything below it even when
    no spread can be traded for it)."""
    names = [f"S{k:02d}" for k in range(13)]
    h = History(frozenset(), frozenset(names) - {"S05"}, {})
    mp = dict.fromkeys(names, 4)
    tables, byes = searched_groups(names, [3] * 4, 1, mp, h)
    assert byes == ["S05"] and cost(tables, byes, mp, h) == (0, 0, 0, 4)
