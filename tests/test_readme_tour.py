"""The README's tour, run command by command as a newcomer types it: every command must be
accepted except those the text announces as refused, and a refusal must cite the rule the
text names."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from .conftest import run

README = Path(__file__).resolve().parent.parent / "README.md"


def tour() -> list[tuple[list[str], str]]:
    """The tour's commands (without ``referee``) and the comment beside each."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## A short tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    out = []
    for line in block.strip().splitlines():
        command, _, comment = line.partition("#")
        words = shlex.split(command)
        assert words[0] == "referee", line
        out.append((words[1:], comment.strip()))
    return out


def test_the_tour_is_there() -> None:
    assert len(tour()) >= 10


def expect(args: list[str], refused: str | None) -> None:
    """Run one command of a text as a newcomer types it: refused with rule ``refused`` when
    the text announces that refusal, otherwise accepted. The runner of every session the
    documentation shows (this tour, tests/test_user_guide.py)."""
    done = run(*args)
    if refused is not None:
        assert done.exit_code == 1, (args, done.output)
        assert f"[{refused}]" in done.stderr, (args, refused, done.stderr)
    else:
        assert done.exit_code == 0, (args, done.output)


def test_the_readme_tour_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args, comment in tour():
        rule = re.search(r"\[([a-z.\-]+)\]", comment) if comment.startswith("refused") else None
        if comment.startswith("refused"):
            assert rule is not None, comment
        expect(args, rule.group(1) if rule else None)


def setup_line() -> str:
    """The README's set-up command, the first shell block of "Set up"."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## Set up", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return block.strip()


SHIMS = """\
#!/bin/sh
# python3: this interpreter; `-m venv DIR` makes a real environment whose pip installs this
# checkout as `pip install .` would (its console script, `referee`), without the network
if [ "$1" = -m ] && [ "$2" = venv ]; then
  "{python}" -m venv --without-pip "$3" || exit 1
  printf '%s\\n' '#!/bin/sh' \\
    '[ "$1" = install ] && [ "$2" = . ] || exit 2' \\
    'bin=$(dirname "$0")' \\
    'printf "%s\\n" "#!/bin/sh" "exec \\"{python}\\" -m referee \\"\\$@\\"" > "$bin/referee"' \\
    'chmod +x "$bin/referee"' > "$3/bin/pip"
  chmod +x "$3/bin/pip"
  exit 0
fi
exec "{python}" "$@"
"""


def test_the_tour_works_as_typed_after_the_set_up(tmp_path: Path) -> None:
    """Issue 37: on a fresh machine the tour's first command failed (`referee: command not
    found`): the set-up must leave `referee` on the PATH of the terminal it ran in. The
    set-up line runs as written in a real shell (its `python3` and `pip install .` stood in
    for, so that no network is needed), then the tour's first commands in the same shell."""
    import os
    import shutil
    import subprocess
    import sys

    shims = tmp_path / "shims"
    shims.mkdir()
    (shims / "python3").write_text(SHIMS.format(python=sys.executable))
    (shims / "python3").chmod(0o755)
    work = tmp_path / "checkout"
    work.mkdir()
    (work / "sample_games").symlink_to(README.parent / "sample_games")
    first = [" ".join(shlex.quote(w) for w in ["referee", *args]) for args, _ in tour()[:3]]
    script = " && ".join([setup_line(), *first, "command -v referee"])
    for tool in ("dirname", "chmod"):  # what the shims use; no referee on the PATH at all
        found = shutil.which(tool)
        assert found is not None
        (shims / tool).symlink_to(found)
    path = str(shims)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    done = subprocess.run(
        [shutil.which("bash") or "/bin/bash", "-c", script],
        cwd=work,
        env={**env, "PATH": path, "REFEREE_LANG": "en"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sample_games/basra-egyptian-2p.toml: ok (" in done.stdout
    assert "Ali: 8♠ takes 5♥ 3♣" in done.stdout
    assert done.stdout.rstrip().endswith(str(work / ".venv" / "bin" / "referee"))
