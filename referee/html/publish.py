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

from referee.messages import m
from referee.problems import Problem, RefereeError

MANIFEST = "referee-publication.json"
MARK = "referee tournament publish"  # the manifest's "generator": what makes it ours


def refuse(message: str) -> RefereeError:
    return RefereeError([Problem("publish.output", message)])


def sheets_of(folder: Path, ev: object, ascii_only: bool) -> dict[str, str]:
    """Each table's score sheet page, for every log that reads without a problem."""
    from referee.cli.sheet import log_digest
    from referee.html.sheet import context
    from referee.html.site import Links, sheet_page
    from referee.logfile import load
    from referee.match import replay
    from referee.render import Style
    from referee.scoresheet import build
    from referee.tournament.crosstable import Event
    from referee.tournament.store import log_path

    assert isinstance(ev, Event)
    links = Links({e.name: i for i, e in enumerate(ev.tournament.entrants, 1)})
    style = Style(ascii=ascii_only)
    out = {}
    for r in ev.rounds:
        for tb in r.tables:
            if tb.problem is not None:
                continue
            try:
                match, problems = load(log_path(folder, tb.log))
            except RefereeError:
                continue
            if match is None or problems:
                continue
            rep = replay(match, problems)
            if rep.problems:
                continue
            ctx = context(build(rep), log_digest(match, rep), style)
            out[Links.sheet(tb)] = sheet_page(ev, tb, links, ctx)
    return out


def pages(folder: Path, ascii_only: bool = False) -> dict[str, str]:
    """Every page of the publication of the tournament in ``folder``, by relative path."""
    from referee.html import site
    from referee.tournament import director, report
    from referee.tournament.crosstable import event
    from referee.tournament.verify import results

    t, facts = director.read_all(folder)
    res = results(t, facts)
    ev = event(t, facts, res, report.standings_of(t, facts, None))
    links = site.Links({e.name: i for i, e in enumerate(t.entrants, 1)})
    out = sheets_of(folder, ev, ascii_only)
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
    return out


def check_destination(dest: Path, tournament: Path, force: bool) -> None:
    """Refuse a destination that is not a folder we may replace (see the module)."""
    here = tournament.resolve()
    there = dest.resolve()
    if there == here or there in here.parents:
        raise refuse(
            m(
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
        raise refuse(m("{dir}: expected a folder, found a file", dir=str(dest)))
    if force:
        return
    listed = _listed(dest)
    for entry in sorted(dest.rglob("*")):
        rel = entry.relative_to(dest).as_posix()
        if entry.is_dir() and not entry.is_symlink():
            continue
        if listed is None or rel not in listed:
            raise refuse(
                m(
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
    from referee.tournament.store import load

    check_destination(dest, folder, force)
    files = pages(folder, ascii_only)
    write(dest, files, load(folder).name)
    return sum(1 for f in files if f.endswith(".html"))
