"""``referee tournament publish``: the tournament's results pages written to a folder.

Every page is rendered in memory first (:mod:`referee.html.site`), then written into a
new folder beside the destination, which is swapped in with ``os.replace``: a reader of
the destination sees the old publication or the new one, never half of one. The
destination is refused when it holds anything but an earlier publication (a folder marked
by :data:`MANIFEST`, holding only the files it lists); ``--force`` replaces an earlier
publication to which files were added, and nothing else. A destination that is, or holds,
a file of the tournament is always refused (:mod:`referee.log.outputs`).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.html import site
from referee.html.sheet import context, environment, keeping, said
from referee.html.site import Links, sheet_page
from referee.log.file import log_digest, shown_path, stale_entries
from referee.log.outputs import check_output, tournament_files
from referee.messages import sentence
from referee.problems import Problem, RefereeError
from referee.render.scoresheet import build
from referee.render.tables import Style
from referee.table.bulk import cores, jobs_for
from referee.tournament import report
from referee.tournament.crosstable import event
from referee.tournament.report import decision_line
from referee.tournament.store import expected_rules, load, log_path, read_log
from referee.tournament.verify import results

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.record import Match
    from referee.tournament.model import Tournament
    from referee.tournament.results import LogFacts

Step = Callable[[int, int], None]  # told: this many more steps done, of this many in all
MANIFEST = "referee-publication.json"
MARK = "referee tournament publish"  # the manifest's "generator": what makes it ours


def refuse(message: str) -> RefereeError:
    return RefereeError([Problem("publish.output", message)])


def sheet_body(match: Match, replayed: Replay, ascii_only: bool, decided: str | None = None) -> str:
    """A log's score sheet (its ``<article>``, ready to set in a page); ``decided``: the
    director's decision, said in place of the log's outcome."""

    ctx = context(build(replayed), log_digest(match, replayed), Style(ascii=ascii_only))
    if decided is not None:
        ctx |= {"outcome": decided, "decided": True}
    return environment().get_template("sheet_body.html").render(ctx)


Job = tuple[str, str, str, list[str], dict[str, Any], bool, str | None, int, int]
_FRAME: dict[str, Any] = {}  # what a worker frames its sheets with (:func:`_begin`)


def _begin(tournament: Tournament | None, into: str | None) -> None:
    """Set up a worker (or this process) to frame each sheet as a page and write it into
    the folder ``into`` (None: hand the sheet back unframed)."""

    _FRAME.clear()
    if tournament is not None and into is not None:
        _FRAME.update(
            tournament=tournament,
            into=Path(into),
            links=Links({e.name: i for i, e in enumerate(tournament.entrants, 1)}),
            tables={(r.number, tb.number): tb for r in tournament.paired for tb in r.tables},
        )


def _table_job(job: Job) -> tuple[LogFacts | None, str | None]:
    """One table's log read once (:func:`referee.tournament.store.read_log`): its facts,
    and its score sheet when the log is the table's and has no problem (written as its
    page, and its path given, when :func:`_begin` said where). A table the director
    decided shows the decision on its sheet, and has no sheet without a finished deal
    (there is nothing of the log to show)."""

    path, game, variant, players, rules, ascii_only, decided, r, n = job
    facts, read = read_log(Path(path), game, variant, players, rules)
    if read is None:
        return facts, None
    match, replayed = read
    if decided is not None and not replayed.deals:
        return facts, None
    body = sheet_body(match, replayed, ascii_only, decided)
    if not _FRAME:
        return facts, body

    links = _FRAME["links"]
    where = links.sheet_of(r, n)
    page = sheet_page(_FRAME["tournament"], r, _FRAME["tables"][r, n], links, body)
    (_FRAME["into"] / where).write_text(page, encoding="utf-8")
    return facts, where


def _warm() -> None:
    """Import and compile in the parent what every worker needs (forked, they share it)."""

    environment().get_template("sheet_body.html")
    environment().get_template("site_sheet.html")


def each_table(
    folder: Path,
    tournament: Tournament,
    ascii_only: bool,
    step: Step | None = None,
    into: Path | None = None,
) -> Iterator[tuple[tuple[int, int], LogFacts | None, str | None]]:
    """Every table's facts and score sheet, in the tournament's order, read in one pass
    over the logs, on every core when there are many (as ``tournament status`` reads
    them): the sheet's body, or, with ``into``, the path of its page written there by
    the worker that read the log (so that no page passes through this process).
    ``step`` is told of each table read."""

    rules = expected_rules(tournament)
    keys = [(r.number, tb.number) for r in tournament.paired for tb in r.tables]
    total = page_count(tournament)
    work: list[Job] = []
    for r in tournament.paired:
        for tb in r.tables:
            decided = decision_line(tournament, tb)
            path = str(log_path(folder, tb.log))
            work.append(
                (path, tournament.game, tournament.variant, list(tb.players), rules, ascii_only,
                 decided and said(decided), r.number, tb.number)
            )  # fmt: skip
    if into is not None:
        (into / "sheets").mkdir(parents=True, exist_ok=True)
    where = None if into is None else str(into)
    jobs = jobs_for([w[0] for w in work])
    _warm()
    if jobs <= 1:
        _begin(tournament, where)
        try:
            for key, job in zip(keys, work, strict=True):
                facts, sheet = _table_job(job)
                if step is not None:
                    step(1, total)
                yield key, facts, sheet
        finally:
            _begin(None, None)
        return
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    chunk = max(1, min(16, len(work) // (jobs * 8)))
    context = multiprocessing.get_context(method)
    with context.Pool(jobs, _begin, (tournament, where)) as pool:
        for key, (facts, sheet) in zip(keys, pool.imap(_table_job, work, chunk), strict=True):
            if step is not None:
                step(1, total)
            yield key, facts, sheet


def read_tables(
    folder: Path, tournament: Tournament, ascii_only: bool
) -> tuple[dict[tuple[int, int], LogFacts | None], dict[tuple[int, int], str]]:
    """Every table's facts and score sheet body (:func:`each_table`, kept whole)."""
    facts, sheets = {}, {}
    for key, f, body in each_table(folder, tournament, ascii_only):
        facts[key] = f
        if body is not None:
            sheets[key] = body
    return facts, sheets


def page_count(tournament: Tournament) -> int:
    """How many steps :func:`publish` makes: each table's log, then every other page."""
    tables = sum(len(r.tables) for r in tournament.paired)
    return tables + 3 * len(tournament.paired) + len(tournament.entrants) + 4


def write_pages(
    out: Publication,
    folder: Path,
    tournament: Tournament,
    ascii_only: bool,
    step: Step | None = None,
) -> None:
    """Every page of the publication, each written as soon as it is rendered: the score
    sheets while the logs are read, then the pages that need every result."""

    with keeping():
        _write_pages(out, folder, tournament, ascii_only, step)


def _write_pages(
    out: Publication, folder: Path, tournament: Tournament, ascii_only: bool, step: Step | None
) -> None:
    links = site.Links({e.name: i for i, e in enumerate(tournament.entrants, 1)})
    facts: dict[tuple[int, int], LogFacts | None] = {}
    sheets: set[str] = set()
    for key, f, where in each_table(folder, tournament, ascii_only, step, out.new):
        facts[key] = f
        if where is not None:
            out.wrote(where)
            sheets.add(where)
    res = results(tournament, facts)
    ev = event(tournament, facts, res, report.standings_of(tournament, facts, None))
    rest: list[tuple[str, Callable[[], str]]] = [
        ("index.html", lambda: site.standings_page(ev, links)),
        ("print/standings.html", lambda: site.standings_page(ev, links, printable=True)),
        ("crosstable.html", lambda: site.crosstable_page(ev, links)),
    ]
    for r in ev.rounds:
        rest.append((links.round(r.number), partial(site.round_page, ev, r, links, sheets)))
        rest.append(
            (links.pairings(r.number), partial(site.round_page, ev, r, links, sheets, "pairings"))
        )
        rest.append(
            (links.slips(r.number), partial(site.round_page, ev, r, links, sheets, "slips"))
        )
    for e in ev.entrants.values():
        rest.append((links.entrant(e.name), partial(site.entrant_page, ev, e, links, sheets)))
    rest.append(("style.css", site.stylesheet))
    total = page_count(tournament)
    for where in _rendered(out.new, rest):
        out.wrote(where)
        if step is not None:
            step(1, total)


# the folder and the pages a forked worker renders (it inherits them; numbers travel)
_PAGES: dict[str, Any] = {"into": None, "pages": []}
PAGES_FOR_A_POOL = 200  # fewer pages are rendered here: forking workers would cost more


def _page_job(i: int) -> str:
    """Render page ``i`` of :data:`_PAGES` and write it; its path."""
    where: str = _PAGES["pages"][i][0]
    (_PAGES["into"] / where).write_text(_PAGES["pages"][i][1](), encoding="utf-8")
    return where


def _rendered(into: Path, pages: list[tuple[str, Callable[[], str]]]) -> Iterator[str]:
    """Each page rendered and written into ``into``: by forked workers on every core when
    there are many (they inherit the pages to render; only their numbers travel), else
    here. The path of each, in order."""
    import multiprocessing

    for folder in {(into / where).parent for where, _ in pages}:
        folder.mkdir(parents=True, exist_ok=True)
    _PAGES.update(into=into, pages=pages)
    try:
        if (
            cores() <= 1
            or len(pages) < PAGES_FOR_A_POOL
            or "fork" not in multiprocessing.get_all_start_methods()
        ):
            yield from map(_page_job, range(len(pages)))
            return
        chunk = max(1, min(8, len(pages) // (cores() * 8)))
        with multiprocessing.get_context("fork").Pool(cores()) as pool:
            yield from pool.imap(_page_job, range(len(pages)), chunk)
    finally:
        _PAGES.update(into=None, pages=[])


def check_destination(dest: Path, tournament: Path, force: bool) -> None:
    """Refuse a destination that is not a folder we may replace (see the module)."""

    check_output(dest, tournament_files(tournament), folder=True)
    if not dest.exists() and not dest.is_symlink():
        return
    if dest.is_symlink():
        raise refuse(
            sentence(
                "{dir}: expected a folder, found a symbolic link; give the folder it points to",
                dir=shown_path(dest),
            )
        )
    if not dest.is_dir():
        raise refuse(sentence("{dir}: expected a folder, found a file", dir=shown_path(dest)))
    listed = _listed(dest)
    for entry in sorted(dest.rglob("*")):
        rel = entry.relative_to(dest).as_posix()
        if entry.is_dir() and not entry.is_symlink():
            continue
        if listed is None:
            raise refuse(
                sentence(
                    "{dir}: holds {entry} and is not an earlier publication; expected an "
                    "empty folder or one written by publish",
                    dir=shown_path(dest),
                    entry=repr(rel),
                )
            )
        if rel not in listed and not force:
            raise refuse(
                sentence(
                    "{dir}: holds {entry}, which is not part of the earlier publication; "
                    "--force replaces the publication with it",
                    dir=shown_path(dest),
                    entry=repr(rel),
                )
            )


def _listed(dest: Path) -> set[str] | None:
    """The files an earlier publication's manifest lists (None: not a publication)."""
    try:
        data = json.loads((dest / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("generator") != MARK:
        return None
    files = data.get("files")
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return None
    return {*files, MANIFEST}


class Publication:
    """The pages of a publication written one by one into a new folder beside the
    destination, then swapped in whole (:meth:`finish`); on any failure the new folder is
    removed and the destination left as it was. What a killed publish left beside the
    destination is cleared first, and nothing is left beside it after."""

    def __init__(self, dest: Path, name: str) -> None:

        self.dest, self.name = dest, name
        self.parent = dest.absolute().parent
        self.parent.mkdir(parents=True, exist_ok=True)
        for suffix in (".new", ".old"):  # what a killed publish left beside ``dest``
            for stale in stale_entries(self.parent, f".{dest.name}.", suffix):
                shutil.rmtree(stale, ignore_errors=True)
        self.new = _beside(self.parent, dest, ".new")
        self.files: list[str] = []
        self.folders: set[Path] = {self.new}

    def add(self, rel: str, text: str) -> None:
        """Write one file of the publication (``rel``: its path inside the folder)."""
        path = self.new / rel
        if path.parent not in self.folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.folders.add(path.parent)
        path.write_text(text, encoding="utf-8")
        self.files.append(rel)

    def wrote(self, rel: str) -> None:
        """A file of the publication written into :attr:`new` by another process."""
        self.files.append(rel)

    def finish(self) -> None:
        """The manifest written, and the new folder swapped in for the destination."""
        manifest = {"generator": MARK, "tournament": self.name, "files": sorted(self.files)}
        (self.new / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
        os.chmod(self.new, 0o755)
        if (self.dest.is_dir() and not self.dest.is_symlink()) and exchange(self.new, self.dest):
            shutil.rmtree(self.new, ignore_errors=True)  # it holds the old publication now
            return
        old: Path | None = None  # no atomic exchange here: moved aside, then moved in
        try:
            if self.dest.exists() or self.dest.is_symlink():
                old = _beside(self.parent, self.dest, ".old")
                os.replace(self.dest, old / "gone")
            os.replace(self.new, self.dest)
        except BaseException:
            if old is not None and not self.dest.exists():
                os.replace(old / "gone", self.dest)
            raise
        finally:
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)

    def abandon(self) -> None:
        shutil.rmtree(self.new, ignore_errors=True)


def exchange(one: Path, other: Path) -> bool:
    """Swap two folders in one step (Linux's ``renameat2`` with ``RENAME_EXCHANGE``), so
    that the destination is the old publication or the new one at every instant, a kill
    included; False where the system or the file system cannot (then the caller moves the
    old one aside first, leaving an instant with no folder)."""
    import ctypes

    if not sys.platform.startswith("linux"):
        return False
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:
        return False
    at_cwd, rename_exchange = -100, 2
    done = renameat2(at_cwd, os.fsencode(one), at_cwd, os.fsencode(other), rename_exchange)
    return bool(done == 0)


def write(dest: Path, files: dict[str, str], name: str) -> None:
    """Write ``files`` into a new folder beside ``dest`` and swap it in."""
    out = Publication(dest, name)
    try:
        for rel, text in files.items():
            out.add(rel, text)
        out.finish()
    except BaseException:
        out.abandon()
        raise


def _beside(parent: Path, dest: Path, suffix: str) -> Path:
    """A new folder beside ``dest`` named for this process (a later publish clears it if
    this one is killed)."""
    folder = parent / f".{dest.name}.{os.getpid()}.{time.monotonic_ns()}{suffix}"
    folder.mkdir(mode=0o700)
    return folder


def publish(
    folder: Path,
    dest: Path,
    force: bool = False,
    ascii_only: bool = False,
    step: Step | None = None,
) -> int:
    """Publish the tournament in ``folder`` to ``dest``; the number of pages written.
    ``step`` is told of each log read and each page written (:func:`page_count` in all)."""

    check_destination(dest, folder, force)
    t = load(folder)
    out = Publication(dest, t.name)
    try:
        write_pages(out, folder, t, ascii_only, step)
        out.finish()
    except BaseException:
        out.abandon()
        raise
    return sum(1 for f in out.files if f.endswith(".html"))
