"""`referee score` prints exactly what it printed before the score sheet became a value:
the terminal table (with symbols and ``--ascii``) and ``--json``, in every language, for
every sample match and fixture, errors included.

tests/golden/score-outputs.json holds the SHA-256 of each output's stdout and stderr and
its exit code, captured through the installed ``referee`` before render.py read the
:class:`referee.render.scoresheet.ScoreSheet`. Regenerate it (only for a change that is meant to
change these outputs) with
``python -m tests.test_scoresheet_golden > tests/golden/score-outputs.json``.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT, SAMPLES, run

GOLDEN = Path(__file__).resolve().parent / "golden" / "score-outputs.json"
LANGS = ("en", "ar", "fa", "ru")
MODES = {"text": [], "ascii": ["--ascii"], "json": ["--json"]}
LOGS = sorted(SAMPLES.glob("*.toml")) + sorted(FIXTURES.glob("*.toml"))


def _key(log: Path, lang: str, mode: str) -> str:
    return f"{log.relative_to(ROOT).as_posix()} {lang} {mode}"


def _digest(data: str | bytes) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()


def test_every_log_and_language_is_in_the_golden_file() -> None:
    golden = json.loads(GOLDEN.read_text())
    assert len(LOGS) == 31  # 19 samples and 12 fixtures
    wanted = {_key(log, lang, mode) for log in LOGS for lang in LANGS for mode in MODES}
    assert set(golden) == wanted


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_score_output_is_byte_identical(log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the paths as typed appear in the messages
    golden = json.loads(GOLDEN.read_text())
    for lang in LANGS:
        for mode, extra in MODES.items():
            result = run("--lang", lang, "score", str(log.relative_to(ROOT)), *extra)
            want = golden[_key(log, lang, mode)]
            got = {
                "code": result.exit_code,
                "stderr": _digest(result.stderr_bytes or b""),
                "stdout": _digest(result.stdout_bytes),
            }
            assert got == want, f"{lang} {mode}:\n{result.stdout}{result.stderr}"


def capture() -> dict[str, dict[str, object]]:
    """Every output through the installed command, as the golden file holds them."""
    out: dict[str, dict[str, object]] = {}
    for log in LOGS:
        for lang in LANGS:
            for mode, extra in MODES.items():
                name = str(log.relative_to(ROOT))
                args = [sys.executable, "-m", "referee", "--lang", lang, "score", name, *extra]
                done = subprocess.run(args, capture_output=True, cwd=ROOT, check=False)
                out[_key(log, lang, mode)] = {
                    "code": done.returncode,
                    "stderr": _digest(done.stderr),
                    "stdout": _digest(done.stdout),
                }
    return out


if __name__ == "__main__":
    json.dump(capture(), sys.stdout, indent=1, sort_keys=True)
    print()
