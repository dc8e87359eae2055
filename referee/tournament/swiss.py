"""The least-cost pairing of two sides a table (tournament.md's four terms), exact and
fast for large fields.

The cost of a pairing is one integer: ``w1`` per repeat meeting, ``w2`` per repeat bye,
``w3`` per match point of difference at a table, and the bye's match points, each weight
above everything the terms after it can add (:func:`weights`). The blossom algorithm
(networkx) finds its minimum exactly but takes seconds for a few hundred sides; this
module finds the same minimum by splitting the problem where a lower bound proves the
split costs nothing:

- **The bye.** Each side's bye gives a lower bound on the whole (its bye's cost and the
  least match-point difference the others can be paired at, below); the byes are tried in
  the order of their bounds until the next bound is no better than the best found.
- **Blocks.** Sorted by match points, the sides between two consecutive score groups
  with an even number of sides above them need not be paired across; every gap with an
  odd number above is crossed at least once. So the sides split into blocks at the even
  gaps, and no pairing costs less than ``w3`` times the widths of the odd gaps in each
  block (its *bound*). A block is paired group by group, top down, one side floating to
  the next group at each odd gap, without repeats (:func:`_greedy`); when that succeeds it
  costs exactly its bound, so it is optimal; otherwise the block is paired by blossom.
- **Across blocks.** A pairing that crosses an even gap crosses it at least twice; a block
  it reaches costs at least its bound, one it does not at least its own optimum. If no set
  of gaps crossed can gain more than it costs (:func:`_gain`, a walk over the blocks),
  the blocks' pairings together are of least cost; else the blocks it would join are
  joined and paired again, until that holds (at worst one block: blossom on all).

Every choice follows the seeded draw order: the same file and seed give the same pairing.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.tournament.model import History

Pairs = list[tuple[str, str]]
STEPS = 20_000  # the greedy's backtracking budget per group before blossom takes over
FLOATERS = 8  # sides of a group tried as the one floating down


def weights(order: Sequence[str], match_points: dict[str, int]) -> tuple[int, int, int]:
    """``w1`` (a repeat meeting), ``w2`` (a repeat bye), ``w3`` (a point of difference):
    each above all that the later terms can add up to for these sides."""
    top = max((match_points[s] for s in order), default=0)
    spread = top - min((match_points[s] for s in order), default=0)
    w3 = top + 1
    w2 = w3 * ((len(order) // 2) * spread + 1)
    return w2 * 2, w2, w3


def blossom(
    order: Sequence[str],
    match_points: dict[str, int],
    history: History,
    weight: tuple[int, int, int],
) -> tuple[Pairs, list[str]]:
    """The least-cost pairing of ``order`` (sorted by match points; one bye when odd) by
    networkx's blossom algorithm over a sparse graph.

    The graph holds, besides every side's edge to the bye, only the edges between sides
    at most ``4m + 2`` apart in match-point order (``m``: the most opponents any side has
    met): some least-cost pairing uses no other edge. Take a pairing with a longer edge
    a-b; of the sides between them, at most ``2m`` have met a or b, at most ``2m`` are
    partnered with one who has, one has the bye; any other c (partnered with d) can be
    re-paired with a, b, d in match-point order, which adds no repeat, no bye, no point
    of difference, and shortens the edges; repeating ends. Ties go by the order given.
    """
    import networkx as nx  # type: ignore[import-untyped]  # only here: table commands never pay for it

    w1, w2, w3 = weight
    n = len(order)
    names = set(order)
    met: dict[str, int] = dict.fromkeys(order, 0)
    for pair in history.met:
        if pair <= names:
            for s in pair:
                met[s] += 1
    reach = 4 * max(met.values(), default=0) + 2
    graph = nx.Graph()  # nodes are numbers: networkx's sets of them iterate alike everywhere
    graph.add_nodes_from(range(n + n % 2))
    edges = []
    for i, a in enumerate(order):
        for j in range(i + 1, min(n, i + 1 + reach)):
            b = order[j]
            edges.append(
                (i, j, w1 * history.have_met(a, b) + w3 * abs(match_points[a] - match_points[b]))
            )
    if n % 2:  # node n is the bye
        edges.extend(
            (i, n, w2 * (s in history.byes) + match_points[s]) for i, s in enumerate(order)
        )
    big = max((c for _, _, c in edges), default=0) + 1
    graph.add_weighted_edges_from((i, j, big - c) for i, j, c in edges)
    pairs: Pairs = []
    byes: list[str] = []
    for i, j in sorted(
        tuple(sorted(e)) for e in nx.max_weight_matching(graph, maxcardinality=True)
    ):
        if j == n:
            byes.append(order[i])
        else:
            pairs.append((order[i], order[j]))
    return pairs, byes


def cost(
    pairs: Pairs, match_points: dict[str, int], history: History, weight: tuple[int, int, int]
) -> int:
    """The tables' part of the cost (repeats and differences), in the weights ``weight``."""
    return sum(
        weight[0] * history.have_met(a, b) + weight[2] * abs(match_points[a] - match_points[b])
        for a, b in pairs
    )


def least_cost_two(
    order: Sequence[str], match_points: dict[str, int], history: History
) -> tuple[Pairs, list[str]]:
    """A least-cost pairing of ``order`` (sorted by match points, the draw deciding within
    a score; one bye when the count is odd): tables and byes."""
    w = weights(order, match_points)
    if len(order) % 2 == 0:
        return _even(list(order), match_points, history, w)[1], []
    groups = _groups(order, match_points)
    best: tuple[int, Pairs, str] | None = None
    for bound, i in _bye_bounds(order, groups, match_points, history, w):
        if best is not None and bound >= best[0]:
            break
        bye = order[i]
        total, pairs = _even([s for s in order if s != bye], match_points, history, w)
        total += w[1] * (bye in history.byes) + match_points[bye]
        if best is None or total < best[0]:
            best = (total, pairs, bye)
    assert best is not None
    return best[1], [best[2]]


def _groups(order: Sequence[str], match_points: dict[str, int]) -> list[list[str]]:
    """The sides in score groups, lowest match points first (each in the order given)."""
    groups: list[list[str]] = []
    for s in order:
        if groups and match_points[groups[-1][0]] == match_points[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


def _bye_bounds(
    order: Sequence[str],
    groups: list[list[str]],
    match_points: dict[str, int],
    history: History,
    weight: tuple[int, int, int],
) -> list[tuple[int, int]]:
    """Every side's lower bound with the bye (its bye's cost, and the widths of the gaps
    an odd number of the others lies below), with its place, least first."""
    below = 0
    odd_below: list[int] = []  # per gap: its width if an odd number lies below it
    even_below: list[int] = []
    for k in range(len(groups) - 1):
        below += len(groups[k])
        width = match_points[groups[k + 1][0]] - match_points[groups[k][0]]
        odd_below.append(width if below % 2 else 0)
        even_below.append(0 if below % 2 else width)
    # the bye in group q leaves one side fewer below every gap from q up: parity turns
    before = [0]
    for x in odd_below:
        before.append(before[-1] + x)
    after = [0]
    for x in reversed(even_below):
        after.append(after[-1] + x)
    after.reverse()
    bounds = []
    place = 0
    for q, members in enumerate(groups):
        widths = before[q] + after[q]
        for _ in members:
            s = order[place]
            bounds.append(
                (weight[1] * (s in history.byes) + match_points[s] + weight[2] * widths, place)
            )
            place += 1
    bounds.sort()
    return bounds


def _even(
    order: list[str], match_points: dict[str, int], history: History, weight: tuple[int, int, int]
) -> tuple[int, Pairs]:
    """A least-cost pairing of an even number of sides (sorted by match points) and its
    cost: blocks at the even gaps, each paired alone, joined where a crossing could gain."""
    groups = _groups(order, match_points)
    blocks: list[list[list[str]]] = []  # each a run of score groups
    gaps: list[int] = []  # the width of the gap after each block but the last
    below = 0
    for k, g in enumerate(groups):
        if not blocks or below % 2 == 0:
            if blocks:
                gaps.append(match_points[g[0]] - match_points[groups[k - 1][0]])
            blocks.append([])
        blocks[-1].append(g)
        below += len(g)
    solved: list[tuple[int, int, Pairs] | None] = [
        _block(b, match_points, history, weight) for b in blocks
    ]
    while True:
        join = _gain([s for s in solved if s is not None], gaps, weight[2])
        if not join:
            break
        for j in sorted(join, reverse=True):  # gap j joins block j and block j + 1
            blocks[j : j + 2] = [blocks[j] + blocks[j + 1]]
            solved[j : j + 2] = [None]
            del gaps[j]
        solved = [
            _block(b, match_points, history, weight) if s is None else s
            for b, s in zip(blocks, solved, strict=True)
        ]
    done = [s for s in solved if s is not None]
    return sum(c for _, c, _ in done), [p for _, _, block in done for p in block]


def _block(
    groups: list[list[str]],
    match_points: dict[str, int],
    history: History,
    weight: tuple[int, int, int],
) -> tuple[int, int, Pairs]:
    """A block paired alone: its bound, its least cost and its tables."""
    bound = 0
    below = 0
    for k in range(len(groups) - 1):
        below += len(groups[k])
        if below % 2:
            bound += weight[2] * (match_points[groups[k + 1][0]] - match_points[groups[k][0]])
    found = _greedy(list(reversed(groups)), history)
    if found is not None:
        return bound, bound, found
    sides = [s for g in groups for s in g]
    pairs, _ = blossom(sides, match_points, history, weight)
    return bound, cost(pairs, match_points, history, weight), pairs


def _gain(
    solved: list[tuple[int, int, Pairs]], gaps: list[int], difference_weight: int
) -> list[int]:
    """The gaps whose crossing could cost less than it gains (empty: the blocks' own
    pairings are of least cost together). A crossed gap costs at least twice its width;
    a block reached by a crossing may fall to its bound, one not reached costs its own
    least. The cheapest set of crossed gaps is found by one walk over the blocks."""
    excess = [c - b for b, c, _ in solved]
    # best[t]: the least (crossing costs - gains) so far, t = the gap before is crossed
    best: list[tuple[int, list[int]]] = [(0, []), (1 << 62, [])]
    for j in range(len(solved)):
        last = j == len(solved) - 1
        after: list[tuple[int, list[int]]] = [(1 << 62, []), (1 << 62, [])]
        for t in (0, 1):
            value, chosen = best[t]
            for u in (0,) if last else (0, 1):
                here = (
                    value
                    + (2 * difference_weight * gaps[j] if u else 0)
                    - (excess[j] if t or u else 0)
                )
                if here < after[u][0]:
                    after[u] = (here, [*chosen, j] if u else chosen)
        best = after
    value, chosen = best[0]
    return chosen if value < 0 else []


def _greedy(groups: list[list[str]], history: History) -> Pairs | None:
    """Pair score groups top down without a repeat, one side floating to the next group
    where a group (with the side floated into it) is odd: the block's bound exactly, or
    None when this search does not find such a pairing."""
    pairs: Pairs = []
    carry: list[str] = []
    for k, members in enumerate(groups):
        pool = carry + members
        if len(pool) % 2 == 0:
            found = _no_repeats(pool, history)
            if found is None:
                return None
            pairs += found
            carry = []
            continue
        if k == len(groups) - 1:
            return None
        below = groups[k + 1]
        tried = 0
        for d in reversed(members):  # the last drawn floats first
            if all(history.have_met(d, x) for x in below):
                continue
            found = _no_repeats([s for s in pool if s != d], history)
            if found is not None:
                pairs += found
                carry = [d]
                break
            tried += 1
            if tried >= FLOATERS:
                return None
        else:
            return None
    return pairs if not carry else None


def _no_repeats(pool: list[str], history: History) -> Pairs | None:
    """The sides of ``pool`` paired two by two, none with a side it has met: the first
    unpaired with the first it may meet, backtracking (within :data:`STEPS`) when stuck."""
    n = len(pool)
    partner = [-1] * n
    stack: list[tuple[int, int]] = []  # (side, its partner), the sides in increasing order
    steps = 0
    i, start = 0, 1
    while True:
        while i < n and partner[i] >= 0:
            i += 1
        if i == n:
            return [(pool[a], pool[b]) for a, b in stack]
        steps += 1
        if steps > STEPS:
            return None
        j = next(
            (
                j
                for j in range(max(start, i + 1), n)
                if partner[j] < 0 and not history.have_met(pool[i], pool[j])
            ),
            None,
        )
        if j is not None:
            partner[i], partner[j] = j, i
            stack.append((i, j))
            start = 0
            continue
        if not stack:
            return None
        i, j = stack.pop()  # the last pairing undone: its first side takes the next partner
        partner[i] = partner[j] = -1
        start = j + 1
