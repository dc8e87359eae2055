"""The players' languages: every sentence in the catalogs of Arabic, Persian and Russian with
the same placeholders, rulings said in each language through the CLI and live mode, cards
typed in each notation, right-to-left sentences keeping their isolates, and machine output
(JSON, CSV, rule ids, the log) the same in every language."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.cards import CardError, format_cards, read_typed_cards
from referee.messages import localized, plural_sentence, sentence
from referee.words import lang
from referee.words.lang import FSI, LRI, PDI, RLI, RLM

from .conftest import ROOT, SAMPLES, run

sys.path.insert(0, str(ROOT / "scripts"))
import i18n

LANGUAGES = ("ar", "fa", "ru")
SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))


# --- the catalogs ---------------------------------------------------------------------


def test_every_message_is_translated_with_its_placeholders() -> None:
    """A missing, fuzzy or broken translation fails CI."""
    assert i18n.problems() == []
    assert len(i18n.messages()) > 500


def test_the_catalog_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation that drops a placeholder, or one left empty, is reported."""
    real = i18n.load

    def broken(code: str) -> Any:
        catalog = real(code)
        catalog["{player} takes trick {trick}."].string = "взятка"
        catalog["Running totals:"].string = ""
        return catalog

    monkeypatch.setattr(i18n, "load", broken)
    found = i18n.problems()
    assert any("{player} takes trick {trick}." in p and "placeholders" in p for p in found)
    assert any("untranslated 'Running totals:'" in p for p in found)


def test_the_template_and_the_catalogs_follow_the_source() -> None:
    """Every message id in the source is in the .pot and nothing else is; every compiled
    catalog is what its .po compiles to (run scripts/i18n.py extract / compile)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(i18n.LOCALE / "referee.pot", "rb") as f:
        pot = read_po(f)
    ids = {e.id if isinstance(e.id, str) else tuple(e.id) for e in pot if e.id}
    assert ids == set(i18n.messages())
    for code in LANGUAGES:
        out = io.BytesIO()
        write_mo(out, i18n.load(code), use_fuzzy=False)
        shipped = (i18n.LOCALE / code / "LC_MESSAGES" / "referee.mo").read_bytes()
        assert out.getvalue() == shipped, f"{code}: run python scripts/i18n.py compile"


def test_placeholders_are_read_like_str_format() -> None:
    assert i18n.placeholders("{a} {{b}} {c!r} {n}") == {"{a}", "{c!r}", "{n}"}


def test_the_packaged_catalogs_are_installed() -> None:
    assert "locale/*/LC_MESSAGES/referee.mo" in (ROOT / "pyproject.toml").read_text()


# --- choosing the language --------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "env", "expected"),
    [
        (None, {}, "en"),
        ("ru", {"REFEREE_LANG": "fa"}, "ru"),
        (None, {"REFEREE_LANG": "fa_IR.UTF-8", "LANG": "ru_RU.UTF-8"}, "fa"),
        (None, {"LANGUAGE": "de:ar", "LANG": "ru_RU.UTF-8"}, "ar"),
        (None, {"LANGUAGE": "de", "LANG": "ru_RU.UTF-8"}, "en"),  # as gettext: first set wins
        (None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "fa_IR"}, "ru"),
        (None, {"LC_MESSAGES": "fa", "LANG": "ru_RU"}, "fa"),
        (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        ("AR", {}, "ar"),
    ],
)
def test_the_language_is_chosen_by_option_then_environment(
    option: str | None, env: dict[str, str], expected: str
) -> None:
    assert lang.choose(option, env) == expected


def test_an_unknown_language_is_a_usage_error() -> None:
    result = run("--lang", "de", "rules", "basra")
    assert result.exit_code == 2
    assert "--lang is one of en, ar, fa, ru, not 'de'" in result.output
    with pytest.raises(ValueError, match="REFEREE_LANG"):
        lang.choose(None, {"REFEREE_LANG": "klingon"})


def test_the_environment_chooses_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_LANG")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    sheet = run("score", str(SAMPLES / "bura-classic-2p.toml")).output
    assert "Победитель: Ivan" in sheet and "Winner" not in sheet


# --- rulings in each language through the CLI ------------------------------------------

RULINGS = {
    "ar": ("لا تصنع 11", "المسموح"),
    "fa": ("یازده نمی‌شود", "مجاز"),
    "ru": ("не дают 11", "можно"),
}


def pasur_table(tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    assert run("new", "pasur", "-p", "Dariush", "-p", "Shirin", "-f", str(path)).exit_code == 0
    deal = run(
        "deal", "--dealer", "Shirin", "--floor", "5H 3C 9D KS", "-f", str(path),
        "--hand", "Dariush=7D 2C KD 9H",
    )  # fmt: skip
    assert deal.exit_code == 0, deal.output
    return path


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refused_play_is_said_in_each_language(tmp_path: Path, code: str) -> None:
    path = pasur_table(tmp_path)
    before = path.read_bytes()
    result = run("--lang", code, "play", "7D", "--takes", "9D", "-f", str(path))
    assert result.exit_code == 1
    assert "[pasur.capture.eleven]" in result.output  # the rule id never changes
    words, legal = RULINGS[code]
    assert words in result.output and legal in result.output
    assert "does not make 11" not in result.output
    assert path.read_bytes() == before


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_accepted_play_is_announced_in_each_language(tmp_path: Path, code: str) -> None:
    path = pasur_table(tmp_path)
    ok = run("--lang", code, "play", "KD", "--takes", "KS", "-f", str(path))
    assert ok.exit_code == 0, ok.output
    said = {"ar": "الدور على", "fa": "نوبت", "ru": "Ходит"}[code]
    assert said in ok.output
    english = run("play", "2C", "--trail", "-f", str(path))
    assert english.exit_code == 1  # 2C can take 9D here: the English ruling is English
    assert "can capture, so it may not be laid on the pool" in english.output


def test_usage_errors_and_help_are_translated(tmp_path: Path) -> None:
    result = run("--lang", "ru", "play", "7D", "--takes", "5H", "--trail", "-f", "x.toml")
    assert result.exit_code == 2
    assert "укажите --takes или --trail, но не оба" in result.output
    env = {**os.environ, "REFEREE_LANG": "fa"}
    helped = subprocess.run(
        [sys.executable, "-m", "referee", "deal", "--help"],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    assert helped.stdout.startswith("کاربرد: ") and "referee deal [OPTIONS]" in helped.stdout
    assert "پخش‌کننده" in helped.stdout and "Who deals" not in helped.stdout
    assert "نمایش این پیام و خروج." in helped.stdout
    wrong = subprocess.run(
        [sys.executable, "-m", "referee", "--lang", "ru", "show", "extra"],
        capture_output=True, text=True, env=os.environ, check=False,
    )  # fmt: skip
    assert wrong.returncode == 2
    assert "Ошибка: Лишние аргументы (extra)" in wrong.stderr


# --- live mode -----------------------------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_live_rulings_are_said_in_each_language(tmp_path: Path, code: str) -> None:
    from referee.cli.commands.live import Live

    path = pasur_table(tmp_path)
    lang.use(code)
    said: list[str] = []
    live = Live(path, said.append, ascii_only=True)
    live.handle("7D 9D")
    text = "\n".join(said)
    assert "[pasur.capture.eleven]" in text
    assert RULINGS[code][0] in text
    said.clear()
    live.handle("help")
    assert {"ar": "اكتب رمية", "fa": "یک حرکت یا", "ru": "Введите ход"}[code] in said[0]
    said.clear()
    live.handle("KD KS")  # a legal capture: announced and shown in the language
    assert any({"ar": "الأرض", "fa": "زمین", "ru": "Стол"}[code] in line for line in said)


# --- cards in each notation -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "cards"),
    [
        ("8П ТЧ 10Б ВТ ДП КЧ", "8S AH 10D JC QS KH"),
        ("8п тч т♠ 10 ч", "8S AH AS 10H"),
        ("туз пик дама бубен", "AS QD"),
        ("7 ديناري آص كبة ولد سباتي بنت بستوني شايب كوبة", "7D AH JC QS KH"),
        ("٧ ديناري ١٠ سباتي سبعة ديناري", "7D 10C 7D"),
        ("7دیناری", "7D"),
        ("۷ خشت آس دل سرباز گشنیز بی بی پیک شاه دل", "7D AH JC QS KH"),
        ("بی‌بی خاج ده خشت هفت پیک", "QC 10D 7S"),
        ("7D 10h ♥10 T♦", "7D 10H 10H 10D"),
    ],
)
def test_cards_are_read_in_every_notation(typed: str, cards: str) -> None:
    assert format_cards(read_typed_cards(typed)) == cards


def test_a_card_that_is_no_card_is_still_explained() -> None:
    with pytest.raises(CardError, match="an ace is written A"):
        read_typed_cards("1S")
    with pytest.raises(CardError, match="'ЖП' is not a card"):
        read_typed_cards("ЖП")


@pytest.mark.parametrize(
    ("code", "typed"), [("ru", "КБ"), ("ar", "شايب ديناري"), ("fa", "شاه خشت")]
)
def test_the_log_stays_ascii_canonical(tmp_path: Path, code: str, typed: str) -> None:
    path = pasur_table(tmp_path)
    result = run("--lang", code, "play", *typed.split(), "--takes", "KS", "-f", str(path))
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert 'card = "KD"' in text and text.isascii()


# --- machine output never changes ----------------------------------------------------------


def machine_outputs(code: str, tmp_path: Path) -> list[str]:
    out = []
    files = [str(p) for p in SAMPLE_FILES]
    for f in files:
        for args in (("show", "-f", f, "--json"), ("score", f, "--json")):
            out.append(run("--lang", code, *args).stdout)
    out.append(run("--lang", code, "verify", *files, "--json", "-j", "1").stdout)
    out.append(run("--lang", code, "standings", *files, "--json", "-j", "1").stdout)
    out.append(run("--lang", code, "standings", *files, "--csv", "-j", "1").stdout)
    out.append(run("--lang", code, "rules", "kozel", "--json").stdout)
    broken = tmp_path / "broken.toml"
    text = (SAMPLES / "basra-classic-4p.toml").read_text(encoding="utf-8")
    broken.write_text(text.replace('card = "', 'card = "1', 1), encoding="utf-8")
    out.append(run("--lang", code, "verify", str(broken), "--json").stdout)
    (tmp_path / code).mkdir()
    path = pasur_table(tmp_path / code)
    out.append(run("--lang", code, "options", "7D", "-f", str(path), "--json").stdout)
    out.append(run("--lang", code, "export", str(SAMPLES / "bura-classic-3p.toml")).stdout)
    return out


def test_json_csv_and_logs_are_the_same_in_every_language(tmp_path: Path) -> None:
    english = machine_outputs("en", tmp_path)
    assert all(english)
    assert any('"message"' in o for o in english)  # the problems' messages are compared too
    for code in LANGUAGES:
        assert machine_outputs(code, tmp_path) == english, code


# --- right to left ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["ar", "fa"])
def test_values_in_right_to_left_sentences_are_isolated(tmp_path: Path, code: str) -> None:
    path = pasur_table(tmp_path)
    result = run("--lang", code, "play", "7D", "--takes", "9D", "-f", str(path))
    text = result.output
    assert f"{LRI}7♦{PDI}" in text and f"{LRI}9♦{PDI}" in text  # cards as printed on them
    assert f"{LRI}[pasur.capture.eleven]{PDI}" in text
    assert f"{LRI}1{PDI}" in text  # numbers too
    for line in text.splitlines():
        opens = sum(line.count(c) for c in (LRI, RLI, FSI))
        assert opens == line.count(PDI), line
        depth = 0
        for ch in line:  # balanced: never a PDI before its isolate opens
            depth += (ch in (LRI, RLI, FSI)) - (ch == PDI)
            assert depth >= 0, line
    assert all(line.startswith(RLM) for line in text.splitlines())  # laid out right to left
    sheet = run("--lang", code, "score", str(SAMPLES / "basra-egyptian-2p.toml")).stdout
    assert f"{LRI}Ali{PDI}" in sheet
    shown = run("--lang", code, "show", "-f", str(path)).stdout
    assert f"{LRI}5♥ 3♣ 9♦ K♠{PDI}" in shown  # the floor, isolated as a whole
    assert f"{LRI}7♦ 2♣ K♦ 9♥{PDI}" in shown  # the hand


def test_untrusted_text_is_still_escaped_in_every_language(tmp_path: Path) -> None:
    path = pasur_table(tmp_path)
    evil = "Omar\u202e\x1b[2J"
    for code in LANGUAGES:
        result = run("--lang", code, "play", "7D", "--by", evil, "-f", str(path))
        assert result.exit_code == 1
        assert "\u202e" not in result.output and "\x1b" not in result.output
        assert "\\u202e" in result.output


def test_russian_cards_are_shown_with_russian_ranks(tmp_path: Path) -> None:
    lang.use("ru")
    ace = read_typed_cards("AS")[0]
    said = localized(sentence("{card} takes {cards}.", card=ace, cards=read_typed_cards("JD QC")))
    assert said == "Т♠ берёт В♦ Д♣."  # a suit letter would make ТТ ace and clubs
    path = str(tmp_path / "bura.toml")
    assert run("new", "bura", "-p", "Ivan", "-p", "Petr", "-f", path).exit_code == 0
    assert run("deal", "--dealer", "Ivan", "--trump", "ТП", "-f", path).exit_code == 0
    shown = run("--lang", "ru", "show", "-f", path).stdout
    assert "козырь Т♠" in shown
    assert "козырь AS" in run("--lang", "ru", "show", "-f", path, "--ascii").stdout


def test_plurals_follow_each_language() -> None:
    lang.use("ru")
    said = [
        localized(plural_sentence("{label}: {n} option", "{label}: {n} options", n, label="x"))
        for n in (1, 3, 5, 21)
    ]
    assert said == ["x: 1 вариант", "x: 3 варианта", "x: 5 вариантов", "x: 21 вариант"]
    lang.use("ar")
    assert "خياران" in localized(
        plural_sentence("{label}: {n} option", "{label}: {n} options", 2, label="x")
    )


# --- nothing is left in English -------------------------------------------------------------

ENGLISH = re.compile(
    r"\b(the|and|not|is|are|with|takes|deal|deals|play|plays|card|cards|trick|floor|pool|"
    r"player|players|score|round|turn|legal|match|winner|total|totals|points?|none|nobody|"
    r"already|holds?|leads?|follows?|dealt|empty|seen|captured|so far)\b"
)
ALLOWED = re.compile(
    r"\[[a-z.-]+\]|\b[a-z]+(\.[a-z0-9-]+)+\b|deals\[\d+\][\w.\[\]]*|[\w./-]+\.toml"
    r"|`referee [a-z]+`|referee [a-z]+ [^،؛;\n]*|Sample match: [^\n]*|--[a-z-]+"
    r"|\b[a-z]+(_[a-z0-9]+)+\b"
)


def machine_words() -> set[str]:
    """Words that are the log's and the command line's, in every language: parameter
    names and values, variants, games, declarations."""
    from referee.registry import GAMES

    words = {"true", "false"}
    for name, spec in GAMES.items():
        words |= {name, *spec.params, *spec.variants, *spec.declarations}
        for param in spec.params.values():
            words |= set(param.choices)
    return words


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_english_is_left_on_the_table_path(tmp_path: Path, code: str) -> None:
    """Every command a referee types, in the language: no English words are left (names,
    rule ids, file names, option names and the log's own text aside)."""
    from .table import commands, run_command

    shown: list[str] = []
    for sample in [s for s in SAMPLE_FILES if s.name.endswith(("-2p.toml", "4p.toml"))][::2]:
        from referee.log.file import load

        match, _ = load(sample)
        assert match is not None
        path = tmp_path / f"{code}-{sample.name}"
        deals = 0
        for command in commands(match):
            deals += command.argv[0] == "deal"
            if deals > 2:  # two deals of each: the sentences repeat after that
                break
            result = run_command("--lang", code, *command.argv, "-f", str(path))
            assert result.exit_code == 0, result.output
            shown.append(result.output)
            if command.ends_deal:  # and a mistake at each deal's end: said in the language
                shown.append(run_command("--lang", code, *command.argv, "-f", str(path)).output)
        for extra in (("show", "-f", str(path)), ("score", str(path)), ("undo", "-f", str(path))):
            shown.append(run_command("--lang", code, *extra).output)
        shown.append(
            run_command("--lang", code, "explain", str(sample), "--deal", "1", "--play", "2").output
        )
        shown.append(run_command("--lang", code, "rules", match.game).output)
    shown.append(run_command("--lang", code, "standings", *map(str, SAMPLE_FILES)).output)
    leaks = []
    allowed = machine_words()
    for line in "\n".join(shown).splitlines():
        for mark in (LRI, RLI, FSI, PDI):
            line = line.replace(mark, " ")
        plain = ALLOWED.sub(" ", line)
        plain = " ".join(w for w in plain.split() if w.strip("(),.;:") not in allowed)
        found = ENGLISH.search(plain)
        if found:
            leaks.append(line)
    assert leaks == [], leaks[:10]


@pytest.mark.parametrize("code", ["en", "ar", "ru"])
def test_tables_stay_aligned_with_wide_and_combining_characters(tmp_path: Path, code: str) -> None:
    """Names in CJK (two columns a character) and Arabic with harakat (combining marks, no
    column) keep the score sheet's columns straight: every row as wide as the rule under
    the header, counted as a terminal counts."""
    from referee.render.tables import _Width

    path = str(tmp_path / "m.toml")
    assert run("new", "bura", "-p", "李雷", "-p", "عَلِيّ", "-f", path).exit_code == 0
    assert run("deal", "--dealer", "李雷", "--trump", "9H", "-f", path).exit_code == 0
    for cards in (["AS", "10S"], ["6H", "7H"]):
        assert run("play", *cards, "-f", path).exit_code == 0
    assert run("claim", "--by", "عَلِيّ", "-f", path).exit_code == 0
    sheet = run("--lang", code, "score", path).stdout.splitlines()
    for start, line in enumerate(sheet):
        if line.startswith("---"):
            table = [sheet[start - 1], line]
            for row in sheet[start + 1 :]:
                if not row.strip():
                    break
                if "李雷" in row or "عَلِيّ" in row:  # the table's rows (not a line after it)
                    table.append(row)
            gaps = [i for i, ch in enumerate(line) if ch == " "]  # between the columns
            for row in table:
                at: dict[int, str] = {}  # display column -> the character shown there
                col = 0
                for ch in row:
                    width = _Width.wcswidth(ch)
                    for k in range(width):
                        at[col + k] = ch
                    col += width
                assert all(at.get(g, " ") == " " for g in gaps), (row, line)
            names = "\n".join(table)
            assert "李雷" in names and "عَلِيّ" in names


def test_the_sessions_in_each_language_are_what_referee_says() -> None:
    """docs/user-guide.{ar,fa,ru}.md are the output of running their sessions now (run
    scripts/make_language_docs.py after changing a sentence)."""
    import make_language_docs

    for code in make_language_docs.PAGES:
        written = (ROOT / "docs" / f"user-guide.{code}.md").read_text(encoding="utf-8")
        assert make_language_docs.page(code) == written, code


def test_help_texts_written_out_agree_with_the_code() -> None:
    """Help texts are catalog entries, so they are literal: the figures they spell out must
    stay those of the code (the options listed, each game's player counts)."""
    from referee.cli import SHOWN
    from referee.games.fishing.view import LISTED
    from referee.registry import GAMES

    messages = set(i18n.messages())
    assert f"List up to {LISTED} options, not the strongest {SHOWN}." in messages
    ranges = ", ".join(f"{g} {s.players[0]}-{s.players[1]}" for g, s in GAMES.items())
    assert f"How many play: {ranges}." in messages
