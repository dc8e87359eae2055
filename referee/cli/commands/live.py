"""`referee live`: an interactive session at the table. The referee types just the card
(and the capture when it is ambiguous; the declaration or claim in Bura); every accepted
entry is written to the log at once, so an interrupt or a closed terminal loses nothing."""

from __future__ import annotations

import errno
import shlex
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from referee.cards import CardError, read_typed_cards
from referee.cli.at_table import VerboseFlag
from referee.cli.boundary import errors_as_lines
from referee.cli.group import DEFAULT_FILE, MatchFile, command
from referee.games.spec import FISHING
from referee.messages import Msg, join, localized, sentence
from referee.problems import RefereeError
from referee.record import FORFEIT_REASON, Entry, FishPlay, TrickEntry, describe_entry
from referee.registry import GAMES
from referee.render.announce import announce, claim_verdict, quietly
from referee.render.entries import entries_lines
from referee.render.scores import score_sheet
from referee.render.tables import Style, show
from referee.table.amend import Play, amend_entry
from referee.table.livecomplete import (
    card_choices,
    completions,
    near_cards,
    near_command,
    open_deal,
)
from referee.table.session import Table
from referee.table.usage import UsageError
from referee.text import not_utf8
from referee.words.rulings import problem_said
from referee.words.sentences import said

if TYPE_CHECKING:
    from referee.table.session import Recorded

HELP = sentence(
    """Type a play, or a command:
  7D                 play the 7D (its capture is filled in when there is only one)
  7D 5H 2C           play the 7D taking 5H and 2C          (Basra, Pasur)
  7D -               lay the 7D on the floor (a trail)      (Basra, Pasur)
  AS KS              lead or follow with these cards       (Bura)
  declare molodka AC 10C KC Ivan                            (Bura)
  claim [Ivan]       a claim of 31, judged at once; without a name, for the
                     player who took the last trick          (Bura)
  forfeit Petr [why] a misdraw: Petr loses the deal        (Bura)
  deal 5H 3C 9D KS [buried JD] [dealer Omar]
                     a new deal: the opening floor (Bura: deal 9H, the trump);
                     the dealer is needed for the first deal only
  hand Ali 7D 2C KS 9H
                     cards Ali received: a later round's (Basra, Pasur) or a draw (Bura)
  options 7D         every legal capture for the 7D (Bura: options, ways to beat the trick)
  show · score · undo · help · quit
Every accepted entry is saved at once; Tab completes cards and words.
Ctrl-C clears the line; Ctrl-D (or quit) leaves."""
)

HELP_AMEND = sentence(
    """Correcting an earlier entry (everything after it is checked again):
  entries                                  this deal's entries, numbered
  amend deal 2 play 5 9D 5D 4C [by Omar]   put this play in place of entry 5 of deal 2
  amend deal 2 play 5 insert 7S -          insert a play before it; the later plays go
                                           to the player whose turn it then is
  amend deal 2 play 5 delete               delete it (the same way round)
  amend undo                               take back the last amendment"""
)

Amending = tuple[int, int, "Play | None", str]  # amend_entry's deal, entry, play, mode

MAX_LINE = 4_096  # characters in one typed line; the longest real one is under 100


class Live:
    """One interactive session on one match file."""

    def __init__(
        self,
        path: Path,
        write: Callable[[str], None],
        ascii_only: bool = False,
        verbose: bool = False,
    ):
        self.path = path
        self.table = Table(path)
        self._write = write
        self.ascii_only = ascii_only
        self.verbose = verbose  # the whole state after every entry, not three lines
        self.amended: list[Amending | None] = []  # how to take each amendment back

    # --- what the screen shows --------------------------------------------------------

    def write(self, text: str) -> None:
        """Show a sentence in the reader's language, or text already rendered."""
        self._write(localized(text) if isinstance(text, Msg) else text)

    def status(self) -> None:
        match, replayed = self.table.open()
        self.write(show(match, replayed, Style.for_terminal(self.ascii_only)))

    def prompt(self) -> str:
        try:
            _, replayed = self.table.open()
        except RefereeError:
            return "referee> "
        who = replayed.state.to_move() if replayed.state is not None else None
        return f"{who}> " if who else "referee> "

    def completions(self, text: str, before: str = "") -> list[str]:
        """What Tab offers for the word ``text`` after ``before`` on the line: what is legal
        at that position now (referee/table/livecomplete.py)."""
        try:
            match, replayed = self.table.open()
        except RefereeError:
            return []
        return completions(match, replayed, before.split(), text)

    # --- one line of input ------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Act on one line; False when the session should end."""
        if len(line) > MAX_LINE:  # no play or command is this long: refuse it unread
            error = sentence(
                "a line holds at most {limit} characters, found {count}",
                limit=MAX_LINE,
                count=len(line),
            )
            self.write(sentence("referee: usage: {error}", error=error))
            return True
        if (not_text := not_utf8(line)) is not None:  # a forfeit reason, a name: refused
            self.write(sentence("referee: usage: {error}", error=not_text))
            return True
        try:
            words = shlex.split(line)
        except ValueError as err:
            self.write(sentence("referee: usage: {error}", error=str(err)))
            return True
        if not words:
            return True
        head = words[0].lower()
        try:
            if head in ("quit", "exit", "q"):
                return False
            if head in ("help", "?"):
                self.write(HELP)
                self.write(HELP_AMEND)
            elif head == "show":
                self.status()
            elif head == "entries":
                self.entries()
            elif head == "score":
                self.score()
            elif head == "undo":
                done = self.table.undo()
                self.write(sentence("Removed {what}.", what=done.said))
                self.status()
            elif head == "options":
                self.options(words[1:])
            elif head == "deal":
                self.deal(words[1:])
            elif head == "hand":
                self.hand(words[1:])
            elif head == "amend":
                self.amend(words[1:])
            elif head in ("declare", "claim", "forfeit"):
                self.bura_word(head, words[1:])
            elif not self.mistyped(words[0]):
                self.play(words)
        except RefereeError as err:
            for p in err.problems[:10]:
                self.write(sentence("referee: {problem}", problem=problem_said(p)))
        except (UsageError, CardError) as err:
            self.write(sentence("referee: usage: {error}", error=err.args[0] if err.args else ""))
        return True

    def mistyped(self, word: str) -> bool:
        """Answer a first word that is neither a card nor a command of this game with the
        command or the cards it is close to (``optoins``: did you mean options?); True when
        it was answered so."""
        try:
            read_typed_cards(word)
            return False
        except CardError as err:
            error: str = err.args[0] if err.args else ""
        match, replayed = self.table.open()
        command = near_command(match.game, word)
        if command is not None:
            said: str = sentence("{word} is not a command", word=repr(word))
        else:
            cards = near_cards(card_choices(open_deal(replayed)), word)
            if not cards:
                return False
            said, command = error, join(cards)
        near = sentence("{problem}; did you mean {name}?", problem=said, name=command)
        self.write(sentence("referee: usage: {error}", error=near))
        return True

    def entries(self) -> None:
        """The entries of the deal in progress (or the last one), numbered as amend takes
        them."""
        match, _ = self.table.open()
        if not match.deals:
            raise UsageError(sentence("no deal is recorded yet: nothing to list"))
        for line in entries_lines(match, len(match.deals), Style.for_terminal(self.ascii_only)):
            self.write(line)

    def score(self) -> None:
        match, replayed = self.table.open()
        self.write(score_sheet(match, replayed, Style.for_terminal(self.ascii_only)))

    def options(self, args: list[str]) -> None:
        card = read_typed_cards(" ".join(args))[0] if args else None
        found = self.table.options(card, None, 40)
        self.write(sentence("{label}:", label=said(found.label)))
        for w in found.lines:
            self.write("  " + localized(said(w)))
        if found.total > len(found.lines):
            self.write(
                "  "
                + localized(sentence("… and {count} more", count=found.total - len(found.lines)))
            )

    def deal(self, args: list[str]) -> None:
        match, _ = self.table.open()
        dealer: str | None = None
        if "dealer" in args:
            at = args.index("dealer")
            dealer = args[at + 1] if at + 1 < len(args) else None
            args = args[:at] + args[at + 2 :]
        first, *others = GAMES[match.game].setup  # the floor (or trump), then e.g. buried
        setup: dict[str, str] = {}
        for key in others:
            if key in args:
                at = args.index(key)
                setup[key] = " ".join(args[at + 1 :])
                args = args[:at]
        setup[first] = " ".join(args)
        self.table.deal(dealer, setup, {})
        self.status()

    def hand(self, args: list[str]) -> None:
        if len(args) < 2:
            raise UsageError(sentence("hand NAME CARDS, as: hand Ali 7D 2C KS 9H"))
        done = self.table.hand(args[0], " ".join(args[1:]))
        self.write(sentence("Recorded {what}.", what=done.said))
        self.status()

    def amend(self, args: list[str]) -> None:
        """``amend deal D play M [insert|delete] [CARDS …] [by NAME]``, as ``referee
        amend``; ``amend undo`` takes the last amendment of this session back."""
        if args == ["undo"]:
            if not self.amended:
                raise UsageError(sentence("no amendment to take back in this session"))
            back = self.amended[-1]
            if back is None:  # a declaration, claim or forfeit: entered again by its command
                raise UsageError(sentence("this amendment cannot be taken back from here"))
            done = amend_entry(self.table, *back)
            self.amended.pop()
            self.write(sentence("Took back the last amendment."))
            for line in done.notes:
                self.write(line)
        else:
            deal, play, typed, mode = self.amendment(args)
            match, _ = self.table.open()
            plays = match.deals[deal - 1].plays if deal <= len(match.deals) else []
            old = plays[play - 1] if mode != "insert" and play <= len(plays) else None
            done = amend_entry(self.table, deal, play, typed, mode)
            self.write(done.said)
            if not done.changed:
                return
            self.amended.append(_inverse(deal, play, mode, old))
            for line in done.notes:
                self.write(line)
            if self.amended[-1] is not None:
                self.write(sentence("To take it back: {command}", command="amend undo"))
        self.status()

    def amendment(self, args: list[str]) -> Amending:
        """The amendment typed: its deal, entry, mode and play (None: a deletion)."""
        match, _ = self.table.open()
        words, numbers, by = list(args), {}, None
        for key in ("deal", "play", "by"):
            if key in words:
                at = words.index(key)
                if at + 1 >= len(words):
                    raise UsageError(
                        sentence("see help for the form of {command}", command="amend")
                    )
                value = words[at + 1]
                del words[at : at + 2]
                if key == "by":
                    by = value
                elif value.isdigit() and int(value) >= 1:
                    numbers[key] = int(value)
                else:
                    found = sentence(
                        "expected a whole number from 1, found {value}", value=repr(value)
                    )
                    raise UsageError(sentence("{what}: {error}", what=key, error=found))
        if set(numbers) != {"deal", "play"}:
            raise UsageError(sentence("see help for the form of {command}", command="amend"))
        mode = "replace"
        for word in ("insert", "delete"):
            if word in words:
                words.remove(word)
                mode = word
        if mode == "delete":
            if words or by:
                raise UsageError(sentence("--delete takes no cards"))
            return numbers["deal"], numbers["play"], None, mode
        if not words:
            raise UsageError(sentence("name the play that belongs there, or --delete"))
        cards = read_typed_cards(" ".join(w for w in words if w != "-"))
        if GAMES[match.game].family != FISHING:
            return numbers["deal"], numbers["play"], Play(cards, None, False, by), mode
        trail = "-" in words
        takes = cards[1:] if len(cards) > 1 else None
        return numbers["deal"], numbers["play"], Play(cards[:1], takes, trail, by), mode

    def bura_word(self, head: str, args: list[str]) -> None:
        if head == "claim" and len(args) <= 1:
            entry = TrickEntry(args[0] if args else "", claim=True)
        elif head == "forfeit" and args:
            entry = TrickEntry(args[0], forfeit=" ".join(args[1:]) or FORFEIT_REASON)
        elif head == "declare" and len(args) == 5:
            entry = TrickEntry(args[4], read_typed_cards(" ".join(args[1:4])), declares=args[0])
        else:
            raise UsageError(sentence("see help for the form of {command}", command=head))
        recorded = self.table.announce(entry)
        if head == "claim":
            confirm = claim_verdict(recorded) or ""
        else:
            confirm = sentence("Recorded: {entry}.", entry=describe_entry(recorded.entry))
        self.announce(recorded, confirm)

    def announce(self, recorded: Recorded, confirm: str = "") -> None:
        """An accepted entry said back: quietly (the entry, the floor or the trick, who is
        next), or in full with the state when it ended the deal (or ``verbose``)."""
        style = Style.for_terminal(self.ascii_only)
        state = recorded.replayed.state
        if not self.verbose and state is not None and not state.finished:
            for line in quietly(recorded, style, confirm):
                self.write(line)
            return
        for line in announce(recorded, style, confirm):
            self.write(line)
        self.status()

    def play(self, words: list[str]) -> None:
        match, _ = self.table.open()
        cards = read_typed_cards(" ".join(w for w in words if w != "-"))
        if GAMES[match.game].family != FISHING:  # a trick game: the cards led or followed
            recorded = self.table.play(cards, None, False, None)
        else:
            trail = "-" in words
            takes = cards[1:] if len(cards) > 1 else None
            if trail and takes:
                raise UsageError(
                    sentence("a card either takes cards or is laid down with -, not both")
                )
            recorded = self.table.play(cards[:1], takes, trail, None)
        self.announce(recorded)


def _inverse(deal: int, play: int, mode: str, old: Entry | None) -> Amending | None:
    """The amendment that takes ``mode`` at deal ``deal``, entry ``play`` back, given the
    entry that was there (``old``): a deletion for an insertion, the old entry put back;
    None for a declaration, claim or forfeit (entered again with its own command)."""
    if mode == "insert":
        return deal, play, None, "delete"
    if isinstance(old, FishPlay):
        typed = Play((old.card,), old.takes or None, not old.takes, old.by)
    elif isinstance(old, TrickEntry) and old.kind == "cards":
        typed = Play(old.cards, None, False, old.by)
    else:
        return None
    return deal, play, typed, "insert" if mode == "delete" else "replace"


def run(path: Path, ascii_only: bool = False, verbose: bool = False) -> None:
    """The read-eval loop, with tab completion where readline is available."""
    # at the prompt Ctrl-C clears the line, as in a shell: an exception input() can catch
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if sys.stdin is None or sys.stdin.closed:  # started with its input closed (<&-)
        closed = sentence("standard input is closed: live reads what is typed at the table")
        raise OSError(errno.EBADF, closed)
    session = Live(path, print, ascii_only, verbose)
    try:
        import readline

        matches: list[str] = []

        def complete(text: str, state: int) -> str | None:
            nonlocal matches
            if state == 0:
                before = readline.get_line_buffer()[: readline.get_begidx()]
                matches = session.completions(text, before)
                if len(matches) == 1:  # the word is complete: on to the next one
                    matches = [matches[0] + " "]
            return matches[state] if state < len(matches) else None

        readline.set_completer(complete)
        readline.set_completer_delims(" \t")
        readline.parse_and_bind("tab: complete")
    except ImportError:  # pragma: no cover - readline is missing on some platforms
        pass
    print(
        localized(
            sentence("referee live: type help for the commands; every entry is saved at once.")
        )
    )
    session.status()
    while True:
        try:
            line = input(session.prompt())
        except EOFError:
            print()
            break
        except KeyboardInterrupt:  # as in a shell: drop the line, ask again
            print("^C")
            continue
        if not session.handle(line):
            break


@command()
@errors_as_lines
def live(file: MatchFile = DEFAULT_FILE, verbose: VerboseFlag = False) -> None:
    """An interactive session at the table: type just the cards; each entry is saved at once.

    Example: referee live -f match.toml   (then: 8S 5H 3C · KD · 4C - · undo · score · help)
    """
    Table(file).open()  # a clear error now if the file is not a valid log
    run(file, verbose=verbose)
