"""``referee tournament publish``: the tournament's results pages written to a folder.

Every page is rendered in memory first (:mod:`referee.html.site`), then written into a
new folder beside the destination, which is swapped in with ``os.replace``: a reader of
the destination sees the old publication or the new one, never half of one. The
destination is refused when it holds anything but an earlier publication (a folder marked
by :data:`MANIFEST`, holding only the files it lists); ``--force`` replaces it whatever it
holds, except the tournament's own folder or a folder around it.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.messages import sentence
from referee.problems import Problem, RefereeError

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.record import Match
    from referee.tournament.model import Tournament
    from referee.tournament.results import LogFacts

MANIFEST = "referee-publication.json"
MARK = "referee tournament publish"  # the manifest's "generator": what makes it ours


def refuse(message: str) -> RefereeError:
    return RefereeError([Problem("publish.output", message)])


def sheet_body(match: Match, replayed: Replay, ascii_only: bool, decided: str | None = None) -> str:
    """A log's score sheet (its ``<article>``, ready to set in a page); ``decided``: the
    director's decision, said in place of the log's outcome."""
    from referee.cli.sheet import log_digest
    from referee.html.sheet import context, environment
    from referee.render import Style
    from referee.scoresheet import build

    ctx = context(build(replayed), log_digest(match, replayed), Style(ascii=ascii_only))
    if decided is not None:
        ctx |= {"outcome": decided, "decided": True}
    return environment().get_template("sheet_body.html").render(ctx)


Job = tuple[str, str, str, list[str], dict[str, Any], bool, str | None]


def _table_job(job: Job) -> tuple[LogFacts | None, str | None]:
    """One table's log read once (:func:`referee.tournament.store.read_log`): its facts,
    and its score sheet when the log is the table's and has no problem. A table the
    director decided shows the decision on its sheet, and has no sheet without a
    finished deal (there is nothing of the log to show)."""
    from referee.tournament.store import read_log

    path, game, variant, players, rules, ascii_only, decided = job
    facts, read = read_log(Path(path), game, variant, players, rules)
    if read is None:
        return facts, None
    match, replayed = read
    if decided is not None and not replayed.deals:
        return facts, None
    return facts, sheet_body(match, replayed, ascii_only, decided)


def _warm() -> None:
    """Import and compile in the parent what every worker needs (forked, they share it)."""
    import referee.cli.sheet
    import referee.scoresheet  # noqa: F401
    from referee.html.sheet import environment

    environment().get_template("sheet_body.html")


def read_tables(
    folder: Path, t: Tournament, ascii_only: bool
) -> tuple[dict[tuple[int, int], LogFacts | None], dict[tuple[int, int], str]]:
    """Every table's facts and score sheet, in one pass over the logs, on every core
    when there are many (as ``tournament status`` reads them)."""
    from referee.bulk import SMALL, cores
    from referee.html.sheet import said
    from referee.tournament.report import decision_said
    from referee.tournament.store import expected_rules, log_path

    rules = expected_rules(t)
    keys = [(r.number, tb.number) for r in t.paired for tb in r.tables]
    work: list[Job] = []
    for r in t.paired:
        for tb in r.tables:
            decided = decision_said(t, tb)
            path = str(log_path(folder, tb.log))
            work.append(
                (
                    path,
                    t.game,
                    t.variant,
                    list(tb.players),
                    rules,
                    ascii_only,
                    decided and said(decided),
                )
            )
    jobs = cores()
    _warm()
    if jobs <= 1 or len(work) < SMALL:
        found = list(map(_table_job, work))
    else:
        import multiprocessing

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        with multiprocessing.get_context(method).Pool(jobs) as pool:
            found = pool.map(_table_job, work, chunksize=max(1, len(work) // (jobs * 4)))
    facts = {k: f for k, (f, _) in zip(keys, found, strict=True)}
    sheets = {k: body for k, (_, body) in zip(keys, found, strict=True) if body is not None}
    return facts, sheets


def pages(folder: Path, ascii_only: bool = False) -> tuple[str, dict[str, str]]:
    """The tournament's name and every page of its publication, by relative path."""
    from referee.html import site
    from referee.tournament import report
    from referee.tournament.crosstable import event
    from referee.tournament.store import load
    from referee.tournament.verify import results

    t = load(folder)
    facts, bodies = read_tables(folder, t, ascii_only)
    res = results(t, facts)
    ev = event(t, facts, res, report.standings_of(t, facts, None))
    links = site.Links({e.name: i for i, e in enumerate(t.entrants, 1)})
    out = {}
    for r in ev.rounds:
        for tb in r.tables:
            body = bodies.get((r.number, tb.number))
            if body is not None:
                out[links.sheet(tb)] = site.sheet_page(ev, tb, links, body)
    sheets = set(out)
    out["index.html"] = site.standings_page(ev, links)
    out["print/standings.html"] = site.standings_page(ev, links, printable=True)
    out["crosstable.html"] = site.crosstable_page(ev, links)
    for r in ev.rounds:
        out[links.round(r.number)] = site.round_page(ev, r, links, sheets)
        out[links.pairings(r.number)] = site.round_page(ev, r, links, sheets, "pairings")
        out[links.slips(r.number)] = site.round_page(ev, r, links, sheets, "slips")
    for e in ev.entrants.values():
        out[links.entrant(e.name)] = site.entrant_page(ev, e, links, sheets)
    out["style.css"] = site.stylesheet()
    return t.name, out


def check_destination(dest: Path, tournament: Path, force: bool) -> None:
    """Refuse a destination that is not a folder we may replace (see the module)."""
    here = tournament.resolve()
    there = dest.resolve()
    if there == here or there in here.parents:
        raise refuse(
            sentence(
                "{dir}: expected a folder for the pages, found the tournament's own folder "
                "(or one holding it); choose another -o",
                dir=str(dest),
            )
        )
    if not dest.exists() and not dest.is_symlink():
        return
    if dest.is_symlink() or not dest.is_dir():
        if force and not dest.is_dir():
            return
        raise refuse(sentence("{dir}: expected a folder, found a file", dir=str(dest)))
    if force:
        return
    listed = _listed(dest)
    for entry in sorted(dest.rglob("*")):
        rel = entry.relative_to(dest).as_posix()
        if entry.is_dir() and not entry.is_symlink():
            continue
        if listed is None or rel not in listed:
            raise refuse(
                sentence(
                    "{dir}: holds {entry}, which is not part of an earlier publication; "
                    "expected an empty folder or one written by publish (--force replaces it)",
                    dir=str(dest),
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


def write(dest: Path, files: dict[str, str], name: str) -> None:
    """Write ``files`` into a new folder beside ``dest`` and swap it in."""
    parent = dest.absolute().parent
    parent.mkdir(parents=True, exist_ok=True)
    manifest = {"generator": MARK, "tournament": name, "files": sorted(files)}
    new = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".new", dir=parent))
    old: Path | None = None
    try:
        for rel, text in files.items():
            path = new / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        (new / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
        os.chmod(new, 0o755)
        if dest.exists() or dest.is_symlink():
            old = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".old", dir=parent))
            os.replace(dest, old / "gone")
        os.replace(new, dest)
    except BaseException:
        if old is not None and not dest.exists():
            os.replace(old / "gone", dest)
        shutil.rmtree(new, ignore_errors=True)
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def publish(folder: Path, dest: Path, force: bool = False, ascii_only: bool = False) -> int:
    """Publish the tournament in ``folder`` to ``dest``; the number of pages written."""
    check_destination(dest, folder, force)
    name, files = pages(folder, ascii_only)
    write(dest, files, name)
    return sum(1 for f in files if f.endswith(".html"))
