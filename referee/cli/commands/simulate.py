"""``referee simulate``: play complete matches with random and greedy legal plays and
write their canonical logs."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.boundary import echo, errors_as_lines
from referee.cli.group import (
    GAME_NAMES,
    RuleOption,
    VariantOption,
    command,
    game_and_variant,
    rule_overrides,
)
from referee.cli.progress import progress
from referee.log.file import dumps, file_problem, write_atomic, written
from referee.log.format import MAX_DEALS
from referee.match import decided
from referee.messages import help_text, plural_sentence, sentence
from referee.registry import GAMES
from referee.table.simulate import simulate_match
from referee.table.usage import UsageError
from referee.words.terms import game_said, variant_said

if TYPE_CHECKING:
    from referee.params import Value


@command()
@errors_as_lines
def simulate(
    game: Annotated[str, typer.Argument(help=GAME_NAMES, metavar="GAME")],
    out: Annotated[Path, typer.Option("--out", "-o", help=help_text("Folder for the logs."))],
    variant: VariantOption = None,
    players: Annotated[
        int,
        typer.Option(
            "--players",
            "-n",
            help=help_text("How many play: basra 2-4, pasur 2-4, bura 2-6, kozel 2-4."),
        ),
    ] = 2,
    seed: Annotated[int, typer.Option(help=help_text("Same seed, same bytes."))] = 1,
    matches: Annotated[
        int,
        typer.Option(
            "--matches", "-k", min=1, max=100_000, help=help_text("How many matches to write.")
        ),
    ] = 1,
    rule: RuleOption = None,
) -> None:
    """Play complete matches with random and greedy legal plays; write canonical logs
    (with the --rule overrides in [rules], as new takes them).

    Example: referee simulate basra --variant classic --players 4 --seed 7 --matches 10 --out sim/
    --rule target=51
    """
    name = game_and_variant(game, variant)
    overrides = rule_overrides(game, rule or [])
    _check_players(game, name, players)
    _output_folder(out)
    undecided = _write_simulated(out, game, name, players, seed, matches, overrides)
    echo(
        plural_sentence(
            "Wrote {n} {game} ({variant}, {players} players) match to {folder}",
            "Wrote {n} {game} ({variant}, {players} players) matches to {folder}",
            matches,
            game=game_said(game),
            variant=variant_said(game, name),
            players=players,
            folder=str(out),
        )
    )
    if undecided:  # a target out of reach, or parameters that score nothing
        echo(
            plural_sentence(
                "{n} match is undecided: no side won in {deals} deals, the most a log holds",
                "{n} matches are undecided: no side won in {deals} deals, the most a log holds",
                undecided,
                deals=MAX_DEALS,
            )
        )


def _check_players(game: str, variant: str, players: int) -> None:
    """``--players`` within the game's (and variant's) range, else a usage error."""
    low, high = GAMES[game].player_range(variant)
    if not low <= players <= high:
        said = sentence(
            "--players: {game} is played by {low} to {high} players, not {count}",
            game=game,
            low=low,
            high=high,
            count=players,
        )
        raise UsageError(said)


def _output_folder(out: Path) -> None:
    """Make the folder logs are written to, or say why it cannot be one."""
    try:
        if not out.is_dir():
            out.mkdir(parents=True, exist_ok=True)
            written.append(out)  # an interrupt from here on says the folder was made
    except OSError as e:
        said = sentence("cannot be used as a folder for the logs ({error})", error=e.strerror)
        raise file_problem(out, said) from None


def _write_simulated(
    out: Path,
    game: str,
    variant: str,
    players: int,
    seed: int,
    matches: int,
    overrides: "dict[str, Value]",
) -> int:
    """Simulate and write ``matches`` logs into ``out``; how many are left undecided."""
    undecided = 0
    with progress(matches, sentence("Playing the matches")) as step:
        for k in range(matches):
            match = simulate_match(game, variant, players, seed * 100_003 + k, overrides)
            undecided += not decided(match, match.result_totals or {})[0]
            target = out / f"{game}-{variant}-{players}p-s{seed}-{k + 1:04d}.toml"
            write_atomic(target, dumps(match))
            step()
    return undecided
