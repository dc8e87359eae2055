"""What Tab offers in `referee live`, by position in the line, and the near misses a mistyped
word is answered with. Only what is legal now is offered: for the card, the cards of the
player's recorded hand (or those still unseen when it is not recorded); for the takes, the
floor cards that complete a legal capture with those already typed; the command words of
this game only. Everything is read from the deal's public values (``in_hand``, the view's
data, ``plays_json``), so a new game is completed without a line here."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from referee.cards import Card, CardError, read_typed_cards, sort_key
from referee.games.base import DealState, present
from referee.games.spec import FISHING
from referee.match import Replay
from referee.record import Match
from referee.registry import GAMES

COMMANDS = (
    "help",
    "show",
    "entries",
    "score",
    "undo",
    "options",
    "deal",
    "hand",
    "amend",
    "quit",
)
ENTRY_COMMANDS = (("declares", "declare"), ("claim", "claim"), ("forfeit", "forfeit"))
AMEND_WORDS = ("deal", "play", "insert", "delete", "undo")  # `amend` in live (its help)


def command_words(game: str) -> tuple[str, ...]:
    """The commands `live` takes in a match of ``game``: the common ones, and those of the
    entries the game has (a Bura `declare`, a `claim` only where claims exist)."""
    entries = GAMES[game].entries
    return (*COMMANDS, *(word for key, word in ENTRY_COMMANDS if key in entries))


def open_deal(replayed: Replay) -> DealState | None:
    """The deal an entry goes to now, or None (none dealt, or the last one is over)."""
    state = replayed.state
    if state is not None and (not state.finished or state.can_follow()):
        return state
    return None


def card_choices(state: DealState | None) -> list[str]:
    """The cards the player to move may play: their recorded hand, else the unseen cards."""
    if state is None:
        return []
    who = state.to_move()
    held = state.in_hand(who) if who is not None else None
    if held is not None:
        return [str(c) for c in sorted(held, key=sort_key)]
    unseen = present(state).view().data.get("unseen", [])
    return [str(c) for c in unseen] if isinstance(unseen, list) else []


def _option_cards(option: object) -> tuple[set[str], list[tuple[int, set[str]]]]:
    """An ``options --json`` capture: the cards it always takes, and its choices."""
    if not isinstance(option, dict):
        return set(), []
    fixed = {str(c) for c in option.get("takes", ())}
    groups = [
        (int(g["count"]), {str(c) for c in g["of"]})
        for g in option.get("choose", ())
        if isinstance(g, dict)
    ]
    return fixed, groups


def _fits(fixed: set[str], groups: list[tuple[int, set[str]]], chosen: set[str]) -> bool:
    """Can ``chosen`` be part of one play of the capture (``fixed`` and its choices)?"""
    rest = chosen - fixed
    for count, of in groups:
        inside = rest & of
        if len(inside) > count:
            return False
        rest -= inside
    return not rest


def take_choices(state: DealState | None, card: Card, typed: Iterable[Card]) -> list[str]:
    """The floor cards that, with those already ``typed``, are part of a legal capture of
    ``card`` (and ``-`` while nothing is typed, when the card may be trailed)."""
    if state is None:
        return []
    listing = present(state).plays_json(card) or {}
    options = listing.get("options", [])
    chosen = {str(c) for c in typed}
    out: set[str] = set()
    trail = False
    for option in options if isinstance(options, list) else []:
        fixed, groups = _option_cards(option)
        if not fixed and not groups:
            trail = True
            continue
        if not _fits(fixed, groups, chosen):
            continue
        for name in fixed.union(*(of for _, of in groups)) - chosen:
            if _fits(fixed, groups, chosen | {name}):
                out.add(name)
    floor = present(state).view().data.get("floor", [])
    order = [str(c) for c in floor] if isinstance(floor, list) else []
    found = [c for c in order if c in out] + sorted(out - set(order))
    return [*found, "-"] if trail and not chosen else found


def _deck(game: str) -> list[str]:
    return [str(c) for c in sorted(GAMES[game].deck, key=sort_key)]


def _cards(words: list[str]) -> tuple[Card, ...] | None:
    try:
        return read_typed_cards(" ".join(w for w in words if w != "-"))
    except CardError:
        return None


def after_command(match: Match, replayed: Replay, words: list[str]) -> list[str]:
    """What may follow the command ``words[0]`` and its arguments ``words[1:]``."""
    head, args = words[0].lower(), words[1:]
    state = open_deal(replayed)
    players = list(match.players)
    spec = GAMES[match.game]
    if head == "options":
        return card_choices(state) if not args else []
    if head in ("claim", "forfeit"):
        return players if not args else []
    if head == "hand":
        if not args:
            return players
        unseen = (
            present(state).view().data.get("unseen", []) if state is not None else _deck(match.game)
        )
        return [str(c) for c in unseen] if isinstance(unseen, list) else []
    if head == "declare":
        if not args:
            return list(spec.declarations)
        if len(args) >= 4:  # the name and three cards: then who declares
            return players
        return [c for c in card_choices(state) if c not in {a.upper() for a in args}]
    if head == "deal":
        if args and args[-1] == "dealer":
            return players
        return _deck(match.game) + [w for w in (*spec.setup[1:], "dealer") if w not in args]
    if head == "amend":
        return [w for w in AMEND_WORDS if w not in args]
    return []


def completions(match: Match, replayed: Replay, before: list[str], text: str) -> list[str]:
    """What Tab offers for the word ``text`` after the words ``before`` on the line."""
    state = open_deal(replayed)
    words = command_words(match.game)
    if not before:
        found = card_choices(state) + list(words)
    elif before[0].lower() in words:
        found = after_command(match, replayed, before)
    else:
        typed = _cards(before)
        if typed is None or not typed:
            return []
        if GAMES[match.game].family == FISHING:  # the card, then the cards it takes
            found = [] if "-" in before else take_choices(state, typed[0], typed[1:])
        else:  # a trick game: more cards of the same lead or follow
            found = [c for c in card_choices(state) if c not in {str(x) for x in typed}]
    upper = text.upper()
    return [w for w in dict.fromkeys(found) if w.upper().startswith(upper)]


def near_command(game: str, word: str) -> str | None:
    """The command of ``game`` that ``word`` is a slip for (``optoins``: options), or None."""
    near = difflib.get_close_matches(word.lower(), command_words(game), n=1, cutoff=0.6)
    return near[0] if near else None


def near_cards(choices: list[str], word: str) -> list[str]:
    """The cards offered now that ``word`` is close to (``9X``: 9C 9D …), at most three."""
    return difflib.get_close_matches(word.upper(), choices, n=3, cutoff=0.5)
