"""The table commands: start a match, record deals, plays, declarations, claims, forfeits
and hands, take an entry back, and look at the table (``show``, ``options``, ``live``).
Each parses its arguments, asks the :class:`referee.table.session.Table` and prints the answer."""

from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import (
    DEFAULT_FILE,
    GAME_NAMES,
    SHOWN,
    JsonFlag,
    MatchFile,
    NamedVariant,
    NoteOption,
    RuleOption,
    TakesOption,
    TrailFlag,
    command,
    not_a_game,
    rule_overrides,
)
from referee.messages import help_text, sentence
from referee.record import FORFEIT_REASON
from referee.table.usage import UsageError

if TYPE_CHECKING:
    import datetime as dt
    from pathlib import Path

    from referee.cards import Card
    from referee.match import Replay
    from referee.record import Match
    from referee.table.session import Recorded, Table


def status(match: "Match", replayed: "Replay") -> None:
    """The table now, as ``show`` prints it."""
    from referee.render.tables import Style, show

    echo(show(match, replayed, Style.for_terminal()))


def recorded(done: "Recorded", confirm: str = "", verbose: bool = False) -> None:
    """What an accepted entry did, as a referee announces it: quietly (the entry, the floor
    or the trick, who is next), or in full with the table now (``verbose``, and always
    when the entry ended the deal or the match)."""
    from referee.render.announce import announce, quietly
    from referee.render.tables import Style

    style = Style.for_terminal()
    state = done.replayed.state
    if not verbose and state is not None and not state.finished:
        for line in quietly(done, style, confirm):
            echo(line)
        return
    for line in announce(done, style, confirm):
        echo(line)
    status(done.match, done.replayed)


VerboseFlag = Annotated[
    bool,
    typer.Option(
        "--verbose",
        "-V",
        help=help_text("After the entry, the whole state (as show prints it), not three lines."),
    ),
]


def table(file: "Path") -> "Table":
    """The service for the log at ``file``."""
    from referee.table.session import Table

    return Table(file)


def _date(date: str | None, no_date: bool) -> "dt.date | None":
    """The match's date: as given, today, or none."""
    import datetime as dt

    if no_date and date:
        raise UsageError(sentence("give --date or --no-date, not both"))
    if no_date:
        return None
    try:
        return dt.date.fromisoformat(date) if date else dt.date.today()
    except ValueError:
        found = sentence("expected YYYY-MM-DD, found {value}", value=repr(date))
        raise UsageError(sentence("{what}: {error}", what="--date", error=found)) from None


@command()
@errors_as_lines
def new(
    game: Annotated[str, typer.Argument(help=GAME_NAMES, metavar="GAME")],
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            "-p",
            help=help_text("A player, in playing order (repeat)."),
        ),
    ],
    variant: NamedVariant = None,
    rule: RuleOption = None,
    event: Annotated[
        str | None,
        typer.Option(help=help_text("Where, which tournament, which table.")),
    ] = None,
    date: Annotated[
        str | None, typer.Option(help=help_text("YYYY-MM-DD (default: today)."))
    ] = None,
    no_date: Annotated[bool, typer.Option("--no-date", help=help_text("Record no date."))] = False,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Start a match file.

    Example: referee new pasur -p Dariush -p Shirin -p Kaveh --variant pagat
    """
    from referee.messages import join
    from referee.registry import GAMES
    from referee.words.terms import game_said, variant_said

    if game not in GAMES:
        raise not_a_game(game)
    overrides = rule_overrides(game, rule or [])
    match = table(file).create(game, player, variant, overrides, event, _date(date, no_date))
    echo(
        sentence(
            "Started {file}: {game} ({variant}), {players}. Next: referee deal --dealer NAME …",
            file=str(file),
            game=game_said(game),
            variant=variant_said(match.variant),
            players=join(match.players),
        )
    )


@command()
@errors_as_lines
def deal(
    dealer: Annotated[
        str | None, typer.Option(help=help_text("Who deals (default: whose turn it is to deal)."))
    ] = None,
    floor: Annotated[
        str | None, typer.Option(help='Basra/Pasur: the opening floor, e.g. "5H 3C 9D KS".')
    ] = None,
    buried: Annotated[
        str | None, typer.Option(help=help_text("Basra: jacks/7D buried from the floor."))
    ] = None,
    returned: Annotated[
        str | None, typer.Option(help=help_text("Pasur: the jack returned from the pool."))
    ] = None,
    trump: Annotated[
        str | None, typer.Option(help=help_text("Bura: the turned-up trump card."))
    ] = None,
    hand: Annotated[
        list[str] | None, typer.Option(help='NAME="CARDS": a player\'s cards, when known (repeat).')
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Record a new deal: dealer, the opening floor (or Bura's trump), optional hands.

    Example: referee deal --dealer Omar --floor "5H 3C 9D KS" --buried JD
    """
    hands: dict[str, str] = {}
    for text in hand or []:
        if "=" not in text:
            raise UsageError(sentence('--hand takes NAME="CARDS", found {value}', value=repr(text)))
        name, cards = text.split("=", 1)
        hands[name.strip()] = cards
    given = {"floor": floor, "buried": buried, "returned": returned, "trump": trump}
    setup = {key: text for key, text in given.items() if text is not None}
    match, replayed = table(file).deal(dealer, setup, hands, note)
    status(match, replayed)


def typed_play(
    cards: list[str], takes: str | None, trail: bool
) -> "tuple[tuple[Card, ...], tuple[Card, ...] | None]":
    """The cards of a play as typed, and what it takes (None: not said); ``--takes`` with
    ``--trail``, or an empty ``--takes``, is a usage error."""
    from referee.table.typed import parse_card_list

    parsed = parse_card_list(" ".join(cards), "CARDS")
    if takes is not None and trail:
        raise UsageError(sentence("give --takes or --trail, not both"))
    if takes is not None and not takes.strip():
        raise UsageError(
            sentence("--takes needs the cards taken; a card laid on the floor is --trail")
        )
    return parsed, parse_card_list(takes, "--takes") if takes is not None else None


@command()
@errors_as_lines
def play(
    cards: Annotated[
        list[str], typer.Argument(help=help_text("The card played (Bura: 1 to 3 cards)."))
    ],
    takes: TakesOption = None,
    trail: TrailFlag = False,
    by: Annotated[
        str | None, typer.Option(help=help_text("Who played (default: whose turn it is)."))
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Record one play, checked before anything is written (a trail is always --trail).

    Examples: referee play 8S --takes "5H 3C"   ·   referee play 4C --trail   ·
    referee play AS KS  (a Bura lead of two spades)
    """
    parsed, taken = typed_play(cards, takes, trail)
    recorded(table(file).play(parsed, taken, trail, by, note), verbose=verbose)


@command()
@errors_as_lines
def declare(
    name: Annotated[str, typer.Argument(help=help_text("bura, moscow, little-moscow or molodka"))],
    cards: Annotated[list[str], typer.Argument(help=help_text("The 3 cards shown."))],
    by: Annotated[str, typer.Option(help=help_text("Who declares."))],
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Bura: record a declaration before a trick (judged with any others before it).

    Example: referee declare molodka AC 10C KC --by Ivan
    """
    from referee.record import TrickEntry, describe_entry
    from referee.table.typed import parse_card_list

    entry = TrickEntry(by, parse_card_list(" ".join(cards), "CARDS"), declares=name)
    done = table(file).announce(entry, note)
    recorded(done, sentence("Recorded: {entry}.", entry=describe_entry(done.entry)), verbose)


@command()
@errors_as_lines
def claim(
    by: Annotated[
        str | None,
        typer.Option(
            help=help_text("Who claims 31 (default: the player who took the last trick).")
        ),
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Bura: record a claim of 31 and judge it at once from the claimant's tricks.

    Example: referee claim --by Ivan
    """
    from referee.record import TrickEntry
    from referee.render.report import claim_verdict

    done = table(file).announce(TrickEntry(by or "", claim=True), note)
    recorded(done, claim_verdict(done) or "", verbose)


@command()
@errors_as_lines
def forfeit(
    by: Annotated[str, typer.Option(help=help_text("Who loses the deal."))],
    reason: Annotated[str, typer.Option(help=help_text("What happened."))] = FORFEIT_REASON,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """Bura and Kozel: a player loses the deal for a breach (a misdraw): in Bura as for a
    false claim, in Kozel their side scores the penalty for no trick.

    Example: referee forfeit --by Petr --reason "drew out of turn"
    """
    from referee.record import TrickEntry, describe_entry

    done = table(file).announce(TrickEntry(by, forfeit=reason), note)
    said = sentence(
        "Recorded: {entry}; {player} loses the deal.",
        entry=describe_entry(done.entry),
        player=done.entry.by,
    )
    recorded(done, said, verbose)


@command("show")
@errors_as_lines
def show_cmd(
    file: MatchFile = DEFAULT_FILE,
    as_json: JsonFlag = False,
    entries: Annotated[
        bool,
        typer.Option(
            "--entries",
            "-e",
            help=help_text(
                "List the deal's entries with their numbers, who, what and what each did."
            ),
        ),
    ] = False,
) -> None:
    """The state now: floor or trick, whose turn, known and unseen cards, the score. With
    --entries, the entries of the deal in progress (or the last deal), numbered as explain
    --play and amend --play take them.

    Example: referee show -f match.toml   ·   referee show --entries
    """
    match, replayed = table(file).open()
    if entries and not as_json:
        from referee.render.report import entries_lines
        from referee.render.tables import Style

        if not match.deals:
            raise UsageError(sentence("no deal is recorded yet: nothing to list"))
        for line in entries_lines(match, len(match.deals), Style.for_terminal()):
            echo(line)
        return
    if as_json:
        import json

        from referee.render.tables import state_json

        echo(json.dumps(state_json(match, replayed), ensure_ascii=False))
    else:
        status(match, replayed)


@command()
@errors_as_lines
def options(
    card: Annotated[
        str | None, typer.Argument(help=help_text("Basra/Pasur: the card to play."))
    ] = None,
    by: Annotated[
        str | None,
        typer.Option(help=help_text("Bura/Kozel: the follower (default: whose turn it is).")),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help=help_text("List up to 200 options, not the strongest 20."))
    ] = False,
    file: MatchFile = DEFAULT_FILE,
    as_json: JsonFlag = False,
) -> None:
    """The legal captures for a card now, strongest first: sweeps, then the most cards
    (Bura and Kozel: the ways to beat the trick). --all or --json list up to 200.

    Example: referee options 7D
    """
    from referee.render.report import options_json, options_text
    from referee.render.tables import Style
    from referee.table.typed import parse_card_list

    parsed = parse_card_list(card, "CARD") if card else ()
    if len(parsed) > 1:
        raise UsageError(sentence("name one card, not {count}", count=len(parsed)))
    limit = None if show_all or as_json else SHOWN
    chosen = parsed[0] if parsed else None
    if as_json:
        import json

        plays = table(file).plays_json(chosen, by)
        if plays is None:  # a game (or a finished deal) that lists its options in words
            plays = options_json(table(file).options(chosen, by, limit))
        echo(json.dumps(plays, ensure_ascii=False))
        return
    found = table(file).options(chosen, by, limit)
    echo(options_text(found, Style.for_terminal(), show_all))


@command()
@errors_as_lines
def undo(file: MatchFile = DEFAULT_FILE) -> None:
    """Remove the last recorded entry (or an empty last deal), whatever it decided: the
    deal's score and the match result are worked out again from what remains.

    Example: referee undo
    """
    done = table(file).undo()
    echo(sentence("Removed {what}.", what=done.said))
    status(done.match, done.replayed)


@command()
@errors_as_lines
def hand(
    name: Annotated[str, typer.Argument(help=help_text("The player who received the cards."))],
    cards: Annotated[
        list[str] | None, typer.Argument(help=help_text("The cards received, in order."))
    ] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--set",
            help=help_text(
                "Correct a mistyped hand: these cards "
                "replace the whole recorded hand (none: forget "
                "it)."
            ),
        ),
    ] = False,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Add cards a player received to their recorded hand in this deal: a later round's
    cards (Basra, Pasur) or a card drawn (Bura), appended in the order given.

    Example: referee hand Ali 7D 2C KS 9H   ·   referee hand Petr 10S   ·
    referee hand Petr --set 6S 9C AD 10S
    """
    done = table(file).hand(name, " ".join(cards or []), replace)
    echo(sentence("Recorded {what}.", what=done.said))
    status(done.match, done.replayed)


@command()
@errors_as_lines
def live(
    file: MatchFile = DEFAULT_FILE,
    verbose: VerboseFlag = False,
) -> None:
    """An interactive session at the table: type just the cards; each entry is saved at once.

    Example: referee live -f match.toml   (then: 8S 5H 3C · KD · 4C - · undo · score · help)
    """
    from referee.cli.live import run

    table(file).open()  # a clear error now if the file is not a valid log
    run(file, verbose=verbose)
