"""The players' languages as they read: right-to-left lines laid out by a real
implementation of the Unicode bidi algorithm (python-bidi) in the order a reader expects,
every plural form of every language, no escape sequence where referee's own marks belong,
every catalog entry with its English placeholders and no English left in a translation."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cards import format_cards, read_typed_cards
from referee.messages import Msg, plural_sentence, sentence
from referee.words import lang

from .conftest import ROOT, SAMPLES, run

sys.path.insert(0, str(ROOT / "scripts"))
import i18n

bidi = pytest.importorskip("bidi")

LANGUAGES = ("ar", "fa", "ru")
SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))
MARKS = set("\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def visual(line: str) -> str:
    """``line`` as a terminal shows it, left to right on the screen: laid out by the bidi
    algorithm, its invisible marks dropped (a right-to-left reader reads it from the end)."""
    shown = bidi.get_display(line)
    return "".join(ch for ch in shown if ch not in MARKS)


def pasur_table(tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    assert run("new", "pasur", "-p", "Dariush", "-p", "Shirin", "-f", str(path)).exit_code == 0
    deal = run(
        "deal", "--dealer", "Shirin", "--floor", "5H 3C 9D KS", "-f", str(path),
        "--hand", "Dariush=7D 2C KD 9H",
    )  # fmt: skip
    assert deal.exit_code == 0, deal.output
    return path


def line_with(text: str, word: str) -> str:
    found = [line for line in text.splitlines() if word in line]
    assert found, (word, text)
    return found[0]


# --- right to left, as the bidi algorithm lays it out -----------------------------------


@pytest.mark.parametrize("code", ["ar", "fa"])
def test_a_list_of_totals_reads_name_then_points_first_player_first(
    tmp_path: Path, code: str
) -> None:
    """«المجاميع: Dariush 0، Shirin 0»: read from the right, the first player first and each
    name before its points (first-strong isolates laid it out "0 Shirin، 0 Dariush")."""
    shown = run("--lang", code, "show", "-f", str(pasur_table(tmp_path))).stdout
    totals = visual(line_with(shown, "62"))  # the totals line names the target
    assert "0 Dariush" in totals and "0 Shirin" in totals, totals
    assert totals.index("Shirin") < totals.index("Dariush"), totals  # Dariush at the right


@pytest.mark.parametrize("code", ["ar", "fa"])
def test_cards_keep_their_order_in_a_right_to_left_line(tmp_path: Path, code: str) -> None:
    shown = run("--lang", code, "show", "-f", str(pasur_table(tmp_path))).stdout
    assert "5♥ 3♣ 9♦ K♠" in visual(line_with(shown, "K♠"))  # the floor as dealt
    assert "7♦ 2♣ K♦ 9♥" in visual(line_with(shown, "K♦"))  # the hand


@pytest.mark.parametrize("code", ["ar", "fa"])
def test_a_ruling_opens_with_its_rule_id_at_the_right(tmp_path: Path, code: str) -> None:
    """``referee: [rule] (where): …``: read from the right, the rule id comes first, right
    after ``referee:``, and its cards are shown as printed on them."""
    result = run("--lang", code, "play", "7D", "--takes", "9D", "-f", str(pasur_table(tmp_path)))
    assert result.exit_code == 1
    shown = visual(result.output.splitlines()[0])
    assert shown.endswith("[pasur.capture.eleven] :referee"), shown
    assert "7♦" in shown and "9♦" in shown and "deals[0].plays[0]" in shown


@pytest.mark.parametrize("code", ["ar", "fa"])
def test_a_setting_reads_key_then_value(code: str) -> None:
    """``jack_basra = lone_card`` in a right-to-left sentence is not ``lone_card = jack_basra``."""
    lang.use(code)
    said = lang.sayer(code)(
        sentence(
            "A jack takes every card on the floor ({cards}); jack_basra = {mode}.",
            cards=read_typed_cards("5H 3C"),
            mode="lone_card",
        )
    )
    shown = visual(said)
    assert "jack_basra = lone_card" in shown, shown
    assert "5♥ 3♣" in shown


@pytest.mark.parametrize("code", ["ar", "fa"])
def test_how_a_deal_ended_is_said_not_escaped(code: str) -> None:
    """The score sheet's "how it ended" column: the player's name, then the claim, with
    referee's own marks real (they were once printed as ``\\u200f\\u2068Ivan\\u2069``)."""
    sheet = run("--lang", code, "score", str(SAMPLES / "bura-classic-2p.toml")).stdout
    assert "\\u" not in sheet
    row = visual(line_with(sheet, "89"))
    assert row.endswith(":Ivan"), row  # read from the right: "Ivan: …"
    assert "89" in row


# --- plurals ------------------------------------------------------------------------------

COUNTS = (0, 1, 2, 3, 11, 100)
FORMS = {  # the plural form each language's rule picks at 0, 1, 2, 3, 11, 100
    "ar": [0, 1, 2, 3, 4, 5],
    "fa": [0, 0, 1, 1, 1, 1],
    "ru": [2, 0, 1, 1, 2, 2],
}
TRICKS = {  # "Trump {card}; {n} trick played; …" at each count
    "ar": ["أي لمّة", "لمّة واحدة", "لمّتان", "3 لمّات", "11 لمّة", "100 لمّة"],
    "fa": ["0 دست", "1 دست", "2 دست", "3 دست", "11 دست", "100 دست"],
    "ru": ["0 взяток", "1 взятка", "2 взятки", "3 взятки", "11 взяток", "100 взяток"],
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_picks_its_plural_form(code: str) -> None:
    catalog = lang.catalog(code)
    assert [catalog.plural(n) for n in COUNTS] == FORMS[code]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_count_is_said_in_its_form_at_every_count(code: str) -> None:
    lang.use(code)
    for n, words in zip(COUNTS, TRICKS[code], strict=True):
        said = lang.sayer(code)(
            plural_sentence(
                "Trump {card}; {n} trick played; stock {stock}.",
                "Trump {card}; {n} tricks played; stock {stock}.",
                n,
                card=read_typed_cards("7D")[0],
                stock=5,
            )
        )
        plain = "".join(ch for ch in said if ch not in MARKS)
        assert words in plain, (n, plain)


@functools.cache
def source_plurals() -> dict[str, tuple[str, str]]:
    """Every plural message of the source by its singular (the source read once: reading it
    for each entry made this module's tests take six minutes of the suite)."""
    return {k[0]: k for k in i18n.messages() if isinstance(k, tuple)}


@functools.cache
def plural_entries(code: str) -> list[tuple[str, list[str]]]:
    return [
        (message.id[0], list(message.string))
        for message in i18n.load(code)
        if message.id and isinstance(message.id, (tuple, list))
    ]


LABEL = re.compile(r"[:：]\s*\{n\}")  # «عدد التوزيعات: {n}»: a count as a label's value


@pytest.mark.parametrize("code", ["ar", "ru"])
def test_every_plural_entry_writes_its_forms(code: str) -> None:
    """Arabic has six forms and Russian three: an entry that says a counted word writes
    each (one string for all is how «لُعبت 1 لمّات» came about); the same string in every
    form is right only where the count is a label's value or no word follows it."""
    lazy = []
    for msgid, forms in plural_entries(code):
        counted = any(re.search(r"\{n\}\s*\w", form) for form in forms)
        if len(set(forms)) == 1 and counted and not LABEL.search(forms[0]):
            lazy.append(msgid)
    assert lazy == []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("n", COUNTS)
def test_every_plural_form_is_said_with_its_values(code: str, n: int) -> None:
    """Every plural entry at 0, 1, 2, 3, 11 and 100: a sentence with no placeholder left
    and nothing escaped."""
    lang.use(code)
    say = lang.sayer(code)
    plurals = source_plurals()
    for msgid, _ in plural_entries(code):
        names = {p.strip("{}").split("!")[0] for p in i18n.placeholders(msgid)} - {"n"}
        plural = plurals[msgid]
        said = say(plural_sentence(plural[0], plural[1], n, **dict.fromkeys(names, "x")))
        assert "{" not in said.replace("{{", "") and "\\u" not in said, (msgid, said)


# --- nothing escaped that referee marks itself ------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_output_of_any_sample_holds_an_escape(code: str) -> None:
    """The samples hold no hostile text: an escape (``\\u2068``) in their output would be
    referee's own marks escaped as if they were a log's."""
    for sample in SAMPLE_FILES:
        for args in (
            ("score", str(sample)),
            ("show", "-f", str(sample)),
            ("explain", str(sample), "--deal", "1", "--play", "2"),
        ):
            out = run("--lang", code, *args).output
            assert "\\u" not in out and "\\x" not in out, (sample.name, args, out[:400])
    out = run("--lang", code, "standings", *map(str, SAMPLE_FILES), "-j", "1").output
    assert "\\u" not in out


def test_untrusted_marks_are_still_escaped_in_a_cell() -> None:
    """A said sentence is never escaped again, but a plain string is: the fix for the
    score sheet did not open a way around the escaping."""
    lang.use("ar")
    said = lang.cell(sentence("{player}: {how}", player="Ivan", how=sentence("forfeit")))
    assert "\\u" not in said
    assert "\\u2067" in lang.cell("evil\u2067name")


# --- the catalogs -------------------------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_entry_keeps_its_english_placeholders(code: str) -> None:
    """Each translation (each plural form) uses only its English's placeholders, and all of
    them but the count and the floor, which a language may say in words."""
    wanted = i18n.messages()
    for message in i18n.load(code):
        if not message.id:
            continue
        key = tuple(message.id) if isinstance(message.id, (tuple, list)) else message.id
        assert key in wanted, key
        english = set().union(*map(i18n.placeholders, key if isinstance(key, tuple) else [key]))
        forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        for form in forms:
            got = i18n.placeholders(form)
            assert got <= english, (key, form)
            assert english - got <= {"{n}", "{floor}"}, (key, form)


MACHINE = re.compile(
    r"\{[a-z_]+(![rs])?\}|\[[a-z.-]+\]|--?[a-z-]+|`[^`]*`|\b[a-z]+(_[a-z0-9]+)+\b"
    r"|\b[A-Z]+\b|\bdeals\[[^\s]*|referee( [a-z]+)?|\w+\.toml|[0-9]+[A-Z]?"
)
SAME_IN_EVERY_LANGUAGE = {"Basra", "Pasur", "Bura", "Kozel", "%", "#"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_message_reaches_the_reader_in_english(code: str) -> None:
    """A translation equal to its English is right only when nothing in it is English
    words: placeholders, rule ids, options, the log's notation."""
    left = []
    for message in i18n.load(code):
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]
        forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        for form in forms:
            if form in ids and re.search(r"[a-z]{2,}", MACHINE.sub(" ", form)):
                left.append(form)
    assert left == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_help_is_said_in_the_language(code: str) -> None:
    """The CLI's own words (click's and typer's headings) and every command's help."""
    import typer

    from referee.cli import app

    group = typer.main.get_command(app)
    env = {**os.environ, "REFEREE_LANG": code}
    outs = {}
    for command in [None, *group.commands]:  # type: ignore[attr-defined]
        argv = [sys.executable, "-m", "referee", *([command] if command else []), "--help"]
        said = subprocess.run(argv, capture_output=True, text=True, check=True, env=env)
        outs[command] = said.stdout
    for command, out in outs.items():
        for english in ("Options", "Usage:", "Show this message and exit", "Commands"):
            assert english not in out, (command, english)


# --- cards as people type them ----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "cards"),
    [
        ("7 كاروه آس سبيد 8 قلوب ٧ كارو 10 تريفل", "7D AS 8H 7D 10C"),
        ("десятка бубен шестёрка пик семёрка вини дама крести валет червей", "10D 6S 7S QC JH"),
        ("десятка♦ шестерка ♠", "10D 6S"),
    ],
)
def test_the_card_words_players_type(typed: str, cards: str) -> None:
    assert format_cards(read_typed_cards(typed)) == cards


def test_a_long_card_word_is_refused_in_linear_time() -> None:
    """A pasted 200,000-character word: refused at once (it was split at every point)."""
    import time

    from referee.cards import CardError

    start = time.process_time()
    with pytest.raises(CardError):
        read_typed_cards("7" * 200_000)
    assert time.process_time() - start < 0.5


def test_msg_stays_english_for_machines() -> None:
    """The fixes say sentences differently, never the English a log or JSON carries."""
    said = plural_sentence(
        "{player}'s hand lists {n} card; every player is dealt {k}",
        "{player}'s hand lists {n} cards; every player is dealt {k}",
        1,
        player="Ali",
        k=4,
    )
    assert isinstance(said, Msg) and str(said) == "Ali's hand lists 1 card; every player is dealt 4"
