"""Where a command may write: an output never destroys an input.

Every command that writes a destination the user names (``sheet -o``, ``export -o``,
``tournament publish -o``) asks :func:`check_output` first. A destination is refused when it
is a file the command reads, when it is or holds a file of a tournament (``tournament.toml``
and the logs of its rounds), or when it is a folder holding such a file. ``export`` onto
its own log is the one exception, by design (it rewrites the log canonically under the
writers' lock). The same file under another name (a symbolic or hard link) is the same file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from referee.log.file import shown_path
from referee.messages import sentence
from referee.problems import Problem, RefereeError

RULE = "output.input"
TOURNAMENT_FILE = "tournament.toml"  # the tournament's own file (referee.tournament.store)
ROUND_PREFIX = "round-"


def _real(path: Path) -> str:
    return os.path.realpath(path)


def _same_inode(known: os.stat_result, path: Path) -> bool:
    """Is ``path`` the file ``known`` describes (a hard link is the same file)?"""
    try:
        other = os.stat(path)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (known.st_dev, known.st_ino)


def tournament_folder(path: Path) -> Path | None:
    """The tournament folder a path belongs to: the folder holding ``tournament.toml``
    that is the path itself, its folder, or the folder above (a round's log), else None."""
    real = Path(_real(path))
    for folder in (real, real.parent, real.parent.parent):
        if (folder / TOURNAMENT_FILE).is_file():
            return folder
    return None


def tournaments_under(dest: Path) -> list[Path]:
    """Every tournament folder inside ``dest`` (a folder that ``publish`` would replace
    whole may hold one, put there by hand), links not followed."""
    found = []
    for root, _, files in os.walk(dest):
        if TOURNAMENT_FILE in files:
            found.append(Path(root))
    return found


def tournament_files(folder: Path) -> Iterator[Path]:
    """Every file of the tournament in ``folder``: its file and each log of its rounds."""
    yield folder / TOURNAMENT_FILE
    try:
        rounds = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in rounds:
        if entry.name.startswith(ROUND_PREFIX) and entry.is_dir():
            try:
                logs = sorted(os.scandir(entry.path), key=lambda e: e.name)
            except OSError:
                continue
            for log in logs:
                if log.name.endswith(".toml") and not log.name.startswith("."):
                    yield Path(log.path)


def _named(path: Path) -> str:
    """A file's name as the user would type it: relative to the current folder when it
    lies under it."""
    try:
        return shown_path(Path(os.path.abspath(path)).relative_to(Path.cwd()))
    except (OSError, ValueError):
        return shown_path(path)


def refused(dest: Path, victim: Path, reads: bool) -> RefereeError:
    """The one line that says which file an output would have destroyed."""
    if reads:
        said = sentence(
            "{dest}: writing there would destroy {file}, which this command reads; choose "
            "another output",
            dest=shown_path(dest),
            file=_named(victim),
        )
    else:
        said = sentence(
            "{dest}: writing there would destroy {file}, a file of the tournament; choose "
            "another output",
            dest=shown_path(dest),
            file=_named(victim),
        )
    return RefereeError([Problem(RULE, said)])


def check_output(
    dest: Path, reads: Iterable[Path] = (), *, folder: bool = False, allow: Path | None = None
) -> None:
    """Refuse ``dest`` when writing it would destroy a file the command reads or a file of
    a tournament. ``folder``: the destination is a folder that is replaced whole, so every
    file under it counts. ``allow``: the one input that may be rewritten (``export`` onto
    its own log)."""
    read = {_real(p): Path(p) for p in reads}
    folders = {os.path.dirname(real) for real in read}  # a tournament's logs share a few
    found = [tournament_folder(dest), *(tournament_folder(Path(f)) for f in folders)]
    if folder:
        found.extend(tournaments_under(dest))
    guarded = dict(read)
    for tournament in {t for t in found if t is not None}:
        guarded.update((_real(f), f) for f in tournament_files(tournament))
    if allow is not None:
        guarded.pop(_real(allow), None)
    target = _real(dest)
    try:
        existing = None if folder else os.stat(dest)
    except OSError:
        existing = None
    for real, victim in guarded.items():
        if folder:
            hit = real == target or real.startswith(target.rstrip(os.sep) + os.sep)
        else:
            hit = real == target or (existing is not None and _same_inode(existing, victim))
        if hit:
            raise refused(dest, victim, real in read)
