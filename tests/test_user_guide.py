"""The user guide's sessions (docs/user-guide*.md, every language), run command by command
in a fresh folder as a newcomer types them: a command must be accepted unless the text
shows its refusal (a ``referee: [rule] …`` line after it), and a shown refusal must happen
with that rule. Each ``console`` block is one session; a block that starts no match works
on sample logs (match.toml, their-copy.toml, logs/, results/). The ``sh`` listings of
syntax and live's prompt session are not sessions of commands and are not run here."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from referee.log.file import dumps, load

from .test_readme_tour import expect

ROOT = Path(__file__).resolve().parent.parent
GUIDES = sorted((ROOT / "docs").glob("user-guide*.md"))
SAMPLES = ROOT / "sample_games"
REFUSED = re.compile(r"^referee: \[([a-z0-9.\-]+)\]")
BIDI = dict.fromkeys(map(ord, "\u200e\u200f\u2066\u2067\u2068\u2069"))  # marks, isolates

Command = tuple[list[str], str, str | None]  # the words after `referee`, comment, refusal


def sessions(guide: Path) -> list[list[Command]]:
    """The guide's console blocks, each a list of its commands."""
    out: list[list[Command]] = []
    for block in re.findall(r"```console\n(.*?)```", guide.read_text(encoding="utf-8"), re.S):
        commands: list[Command] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                command, _, comment = line[2:].partition(" #")
                words = shlex.split(command)
                assert words[0] == "referee", line
                commands.append((words[1:], comment.strip(), None))
            elif (
                commands
                and (found := REFUSED.match(line.translate(BIDI)))
                and commands[-1][2] is None
            ):
                args, comment, _ = commands[-1]
                commands[-1] = (args, comment, found.group(1))
        out.append(commands)
    return out


def seed(folder: Path, commands: list[Command]) -> None:
    """Sample logs for a block that starts no match of its own; a block continuing "the
    last card of deal 1" of a sample gets that deal without its last entry."""
    if any(args[0] == "new" for args, _, _ in commands):
        return
    sample = SAMPLES / "basra-egyptian-2p.toml"
    for _, comment, _ in commands:
        named = re.search(r"\(sample_games/([\w-]+)\)", comment)
        if named and "the last card of deal 1" in comment:
            match, problems = load(SAMPLES / f"{named.group(1)}.toml")
            assert match is not None and not problems
            cut = match.prefix(0, len(match.deals[0].plays) - 1)
            (folder / "match.toml").write_bytes(dumps(cut))
            return
    shutil.copy(sample, folder / "match.toml")
    shutil.copy(sample, folder / "their-copy.toml")
    for sub in ("logs", "results"):
        (folder / sub).mkdir()
        for one in sorted(SAMPLES.glob("*-2p.toml"))[:3]:
            shutil.copy(one, folder / sub / one.name)


def test_every_guide_has_sessions() -> None:
    assert {g.name for g in GUIDES} >= {"user-guide.md", "user-guide.ar.md"}
    for guide in GUIDES:
        assert sum(len(s) for s in sessions(guide)) >= 10, guide.name


@pytest.mark.parametrize("guide", GUIDES, ids=lambda g: g.name)
def test_the_guide_runs_as_written(
    guide: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n, commands in enumerate(sessions(guide)):
        folder = tmp_path / f"session{n}"
        folder.mkdir()
        seed(folder, commands)
        monkeypatch.chdir(folder)
        for args, _, refused in commands:
            if ">" in args:  # the shell's redirection of the output: not referee's words
                args = args[: args.index(">")]
            if "*" in " ".join(args):  # a shell glob, as the shell would expand it
                args = [a for w in args for a in (sorted(map(str, folder.glob(w))) or [w])]
            expect(args, refused)
