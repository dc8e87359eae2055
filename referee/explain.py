"""Explaining one recorded entry: the state before it, the rules that applied, the legal
alternatives and the ruling, in plain words with rule ids. Core: no printing, no files."""

from __future__ import annotations

from referee.cards import format_cards
from referee.games.base import DealState, Illegal, as_bura, as_fishing
from referee.games.bura import set_beats
from referee.match import replay, with_legal
from referee.problems import Problem, RefereeError
from referee.record import Entry, FishPlay, Match, TrickEntry, describe_entry


class Explanation:
    """What ``explain`` reports about one entry."""

    __slots__ = ("before", "entry", "legal", "lines", "ok", "rules")

    def __init__(self, entry: str, before: list[str]) -> None:
        self.entry = entry
        self.before = before
        self.rules: list[str] = []
        self.lines: list[str] = []
        self.legal: list[str] = []
        self.ok = True


def explain(match: Match, deal_number: int, play_number: int) -> Explanation:
    """Replay up to the entry, describe the state, then judge the entry."""
    if not 1 <= deal_number <= len(match.deals):
        raise RefereeError([Problem("log.deal", f"the log has {len(match.deals)} deals; "
                                    f"there is no deal {deal_number}")])
    deal = match.deals[deal_number - 1]
    if not 1 <= play_number <= len(deal.plays):
        raise RefereeError([Problem("log.play", f"deal {deal_number} has {len(deal.plays)} "
                                    f"entries; there is no entry {play_number}")])
    entry = deal.plays[play_number - 1]
    if entry is None:
        raise RefereeError([Problem("log.play", f"entry {play_number} of deal {deal_number} "
                                    "could not be read; run verify for the details")])
    prefix = Match(match.game, match.variant, match.players, match.rules, match.event,
                   match.date)
    prefix.deals = match.deals[:deal_number - 1]
    cut = type(deal)(deal.dealer, deal.floor, deal.trump, deal.buried, deal.returned,
                     deal.hands, deal.plays[:play_number - 1])
    prefix.deals.append(cut)
    rep = replay(prefix)
    if rep.problems or rep.state is None:
        first = rep.problems[0] if rep.problems else None
        why = f": {first}" if first else ""
        raise RefereeError([Problem("log.play", f"the record goes wrong before this entry"
                                    f"{why}")])
    state = rep.state
    out = Explanation(describe_entry(entry), describe_state(state))
    judge(state, entry, out)
    return out


def describe_state(state: DealState) -> list[str]:
    fishing, bura = as_fishing(state), as_bura(state)
    lines = [f"Deal {state.index + 1}, dealt by {state.dealer}; entry {state.entries + 1}."]
    if fishing is not None:
        lines.append(f"Floor: {format_cards(fishing.floor) or 'empty'}; round "
                     f"{fishing.round + 1} of {len(fishing.rounds)}; {fishing.to_move()} to play.")
        lines.append("Captured so far: " + ", ".join(
            f"{s} {len(p)} cards, {fishing.sweeps[s]} {fishing.sweep_word}s"
            for s, p in fishing.piles.items()))
    elif bura is not None:
        lines.append(f"Trump {bura.trump}; {bura.tricks} tricks played; stock {bura.stock}.")
        if bura.trick:
            lines.append("Trick so far: " + "; ".join(f"{p} {format_cards(cs)}"
                                                      for p, cs in bura.trick))
        lines.append("Card points in tricks: " + ", ".join(
            f"{p} {v}" for p, v in bura.points.items()))
    return lines


def judge(state: DealState, entry: Entry, out: Explanation) -> None:
    fishing, bura = as_fishing(state), as_bura(state)
    if fishing is not None:
        assert isinstance(entry, FishPlay)
        out.legal = fishing.option_lines(entry.card) if entry.by == state.to_move() else []
    try:
        if fishing is not None:
            assert isinstance(entry, FishPlay)
            ruling = fishing.check(entry)
            out.rules, out.lines = fishing.rules_applied(entry.card, ruling)
        elif bura is not None:
            assert isinstance(entry, TrickEntry)
            bura_ruling(bura, entry, out)
            state.apply(entry)
            ended = bura.ended
            if ended is not None:
                out.lines.append(f"The deal ends: {ended.how}.")
    except Illegal as err:
        out.ok = False
        out.rules = [err.rule]
        out.lines = [with_legal(err.message, [])]
        if err.legal:
            out.legal = err.legal


def bura_ruling(state: DealState, entry: TrickEntry, out: Explanation) -> None:
    bura = as_bura(state)
    assert bura is not None
    kind = entry.kind
    if kind == "cards":
        if not bura.trick:
            out.rules = ["bura.lead"]
            out.lines = [f"{entry.by} leads {len(entry.cards)} card(s) of one suit."]
        else:
            assert bura.holder is not None
            holder, held = bura.holder
            beats = len(entry.cards) == len(held) and set_beats(entry.cards, held, bura.suit)
            out.rules = ["bura.follow", "bura.beat", "bura.trick"]
            verb = "beats" if beats else "does not beat"
            out.lines = [f"{format_cards(entry.cards)} {verb} {format_cards(held)} "
                         f"({holder}'s cards now holding the trick)."]
            if bura.known_cards(entry.by) is not None:
                out.legal = [format_cards(w) for w in bura.options(entry.by)] or \
                    ["no set of their cards beats it"]
    elif kind == "claim":
        pts = bura.points[entry.by]
        out.rules = ["bura.claim"]
        verdict = "a true claim: the deal is won" if pts >= 31 else \
            "a false claim: the pot is doubled and each opponent scores 2"
        out.lines = [f"{entry.by} has taken {pts} card points in tricks: {verdict}."]
    elif kind == "declare":
        out.rules = ["bura.declare", "bura.declare.cards", "bura.declare.priority"]
        out.lines = [f"{entry.declares} against trump {bura.trump}: judged with any other "
                     "declaration before this trick."]
    else:
        out.rules = ["bura.misdraw"]
        out.lines = [f"{entry.by} loses the deal, as for a false claim."]
