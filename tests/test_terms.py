"""The players' languages, round three (issue 39): ids said as words and times in the
reader's form in every human output and page (ids only in JSON, CSV and files); a sentence
said once never escaped again (the Arabic and Persian score sheets); each name and each
number isolated in a right-to-left row; the event ``pair`` writes and the table slips in
the tournament's language; sentences about an entrant free of gender; every plural entry
in every form; Arabic counts only through plural entries; Persian digits Western."""

from __future__ import annotations

import json
import re
import sys
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from referee.messages import localized, plural_sentence
from referee.registry import GAMES
from referee.words import lang
from referee.words.lang import FSI, LRI, PDI, RLM
from referee.words.terms import DECISIONS, SYSTEMS, TIEBREAKS, when_said

from .conftest import ROOT, SAMPLES, run

sys.path.insert(0, str(ROOT / "scripts"))
import i18n

bidi = pytest.importorskip("bidi")

LANGUAGES = ("ar", "fa", "ru")
MARKS = set("\u2066\u2067\u2068\u2069\u200e\u200f")
VARIANTS = {v for game in GAMES.values() for v in game.variants}
IDS = sorted({*VARIANTS, *SYSTEMS, *TIEBREAKS, *DECISIONS}, key=len, reverse=True)
ID = re.compile(r"(?<![\w.-])(" + "|".join(map(re.escape, IDS)) + r")(?![\w-])")
ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
MACHINE = re.compile(  # what stays as typed: files, rule ids, options and their values
    r"[\w./-]+\.toml|\[[a-z.-]+\]|--[a-z-]+(?:[ =][\w-]+)?|referee [a-z][^\n]*"
)


def plain(text: str) -> str:
    return "".join(ch for ch in text if ch not in MARKS)


def visual(line: str) -> str:
    """A right-to-left line as a terminal shows it, left to right, marks dropped."""
    return plain(bidi.get_display(line))


# --- every plural entry in every form ------------------------------------------------

COUNTS = (0, 1, 2, 3, 5, 11, 21, 100)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_plural_entry_is_said_at_every_count(code: str) -> None:
    """Each plural entry at 0, 1, 2, 3, 5, 11, 21 and 100: no placeholder left, nothing
    escaped; and in Arabic (six forms) and Russian (three) never one string for every
    form (Persian nouns stay singular after a number: its two forms may agree)."""
    plurals = {k[0]: k for k in i18n.messages() if isinstance(k, tuple)}
    lang.use(code)
    say = lang.sayer(code)
    lazy = []
    for message in i18n.load(code):
        if not (message.id and isinstance(message.id, (tuple, list))):
            continue
        if code in ("ar", "ru") and len(set(message.string)) == 1:
            lazy.append(message.id[0])
        one, many = plurals[message.id[0]]
        names = {p.strip("{}").split("!")[0] for p in i18n.placeholders(one + many)} - {"n"}
        for n in COUNTS:
            said = say(plural_sentence(one, many, n, **dict.fromkeys(names, "x")))
            assert "{" not in said.replace("{{", "") and "\\u" not in said, (code, n, said)
    assert lazy == [], f"{code}: one string for every form"


# --- ids and times in translated sentences -------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_id_enters_a_translation_its_english_does_not_type(code: str) -> None:
    """An id (a variant, a system, a tie-break, a decision) may stand in a translation only
    where its English types it (``--system: expected swiss or round-robin``)."""
    found = []
    for message in i18n.load(code):
        if not message.id:
            continue
        english = " ".join(message.id) if isinstance(message.id, (tuple, list)) else message.id
        forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        for form in forms:
            extra = set(ID.findall(form)) - set(ID.findall(english))
            if extra:
                found.append((message.id, form, extra))
    assert found == []


class PageText(HTMLParser):
    """A page's text as a reader sees it: no attribute, no style, no command line."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("code", "style")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("code", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return str(result.output)


def tournament(folder: Path, code: str) -> list[str]:
    """A Bura (little robber) Swiss run entirely in ``code``: a forfeit, a withdrawal, a
    late entrant, time called; every human output it printed."""
    from scripts.tournament_robustness import play

    d = ("--lang", code, "tournament")
    at = ("--dir", str(folder))
    names = [x for n in ("Katya", "Lena", "Ivan", "Petr", "Zaid") for x in ("-p", n)]
    said = [ok(*d, "new", "Cup", "--game", "bura", "--variant", "little-robber", *names,
               "--rounds", "3", "--seed", "5", "--date", "2026-12-02", *at)]  # fmt: skip
    said.append(ok(*d, "standings", *at))  # before the first round
    said.append(ok(*d, "pair", *at))
    paired = json.loads(ok("tournament", "status", "--json", *at))["rounds"][0]["tables"]
    for table in paired[1:]:
        play(folder / table["log"], 11 + table["table"])
    absent = paired[0]["sides"][0]
    said.append(ok(*d, "result", "1", "--forfeit", absent, "--reason", "late", *at))
    said.append(ok(*d, "drop", "Lena", *at))
    said.append(ok(*d, "add", "Hoda", *at))
    said.append(ok(*d, "pair", *at))
    said.append(ok(*d, "result", "1", "--time", "--reason", "clock", *at))
    for command in ("status", "standings", "verify"):
        said.append(ok(*d, command, *at))
    site = folder.parent / f"site-{code}"
    said.append(ok(*d, "publish", str(folder), "-o", str(site)))
    said += ["\n".join(PageText(p.read_text(encoding="utf-8")).parts) for p in site.rglob("*.html")]
    log = str(folder / paired[1]["log"])
    said += [ok("--lang", code, *c) for c in (("score", log), ("show", "-f", log))]
    said.append(ok("--lang", code, "rules", "bura", "--variant", "little-robber"))
    return said


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_ids_and_times_are_said_as_words_in_every_output_and_page(
    tmp_path: Path, code: str
) -> None:
    """Terminal output and pages: no tie-break, decision, variant or system id and no ISO
    time (``2026-12-02T10:05:00Z``); English words may be ids (``wins``), so English is
    held to the ids no English sentence says (``buchholz-cut1``, ``little-robber``)."""
    (tmp_path / "t").mkdir()
    found = []
    for text in tournament(tmp_path / "t", code):
        for line in MACHINE.sub(" ", plain(text)).splitlines():
            ids = [i for i in ID.findall(line) if code != "en" or "-" in i]
            if ids or ISO_TIME.search(line):
                found.append(line.strip())
    assert found == [], found[:8]


@pytest.mark.parametrize("code", ["en", "ru"])
def test_standings_say_which_round_they_count(tmp_path: Path, code: str) -> None:
    """ "standings after round 0" while round 1 was played: now before, during, after."""
    said = tournament(tmp_path, code)
    titles = {
        "en": ("Cup: standings before the first round", "Cup: standings during round 2"),
        "ru": (
            "Cup: турнирная таблица до первого тура",
            "Cup: турнирная таблица по ходу 2-го тура",
        ),
    }[code]
    assert titles[0] in said[1]
    assert titles[1] in said[9]  # the standings while round 2 is played


def test_a_time_is_shown_on_the_reader_clock_in_each_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TZ", "<+03>-3")  # three hours east of UTC, all year
    time.tzset()
    try:
        stamp = "2026-12-02T10:05:00Z"
        expected = {
            "en": "2 December 2026, 13:05",
            "ru": "2 декабря 2026, 13:05",
            "ar": "2 ديسمبر 2026، الساعة 13:05",
            "fa": "2 دسامبر 2026، ساعت 13:05",
        }
        for code, words in expected.items():
            lang.use(code)
            assert plain(localized(when_said(stamp))) == words, code
        assert when_said("not a time") == "not a time"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


# --- a said sentence is never escaped again ------------------------------------------


@pytest.mark.parametrize("code", ["ar", "fa"])
@pytest.mark.parametrize("sample", ["bura-classic-2p.toml", "kozel-classic-4p.toml"])
def test_a_sheet_holds_no_escaped_direction_mark(tmp_path: Path, code: str, sample: str) -> None:
    """The "how it ended" cell read ``\\u200f\\u2066Ivan\\u2069: \\u2067…``: a sentence
    said once was escaped again by the page. Its marks are real now; a log's own bidi
    control is still shown as an escape."""
    page = tmp_path / "s.html"
    ok("--lang", code, "sheet", str(SAMPLES / sample), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert "\\u" not in html
    hows = re.findall(r'<td class="how">(.*?)</td>', html)
    assert hows and all(PDI in h for h in hows if h)  # the isolates are there, unescaped
    hostile = tmp_path / "h.toml"
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    hostile.write_text(re.sub(r'(?m)^event = ".*"$', 'event = "Cup \\\\u202e evil"', text))
    if "event = " not in text:
        hostile.write_text(text.replace("players = ", 'event = "Cup \\u202e evil"\nplayers = ', 1))
    ok("--lang", code, "sheet", str(hostile), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert "\u202e" not in html and "\\u202e" in html


# --- right to left: each name and each number on its own ----------------------------


def test_a_mixed_script_side_reads_name_then_points_in_a_status_row(tmp_path: Path) -> None:
    """«Ali علي» with 2 match points: the number bound to the Latin name (rule W7) and
    showed after it, read from the right; each in its own isolate it comes after the name."""
    at = ("--dir", str(tmp_path))
    ok("tournament", "new", "Cup", "--game", "basra", "-p", "Ali علي", "-p", "Omar",
       "--rounds", "1", "--seed", "1", *at)  # fmt: skip
    ok("tournament", "pair", *at)
    ok("tournament", "result", "1", "--forfeit", "Omar", "--reason", "late", *at)
    shown = ok("--lang", "ar", "tournament", "status", *at)
    row = next(line for line in shown.splitlines() if "round-1/table-1.toml" in line)
    name = visual("Ali علي")
    assert f"2 {name}" in visual(row), visual(row)
    assert f"{FSI}Ali علي{PDI} {LRI}2{PDI}" in row


def test_a_running_total_reads_name_bar_then_number() -> None:
    """The chart of ``score``: read from the right, each name, its bar, then its total (one
    isolate around it all laid out ``Ivan ### 21  Petr ### 8`` left to right)."""
    sheet = ok("--lang", "ar", "score", str(SAMPLES / "bura-classic-2p.toml"))
    last = [line for line in sheet.splitlines() if "##" in line][-1]
    shown = visual(last)  # left to right on the screen: total, bar, name
    assert re.findall(r"(\d+) +#+ +([A-Za-z]+)", shown) == [("8", "Petr"), ("21", "Ivan")]


def test_a_trick_line_isolates_each_name_and_says_the_language_separator(
    tmp_path: Path,
) -> None:
    """«اللمّة: علي A♠; Ivan 6♥»: a Latin «;» and names left bare; each name isolated now,
    the plays joined by «؛», one right-to-left mark at the line's start."""
    path = str(tmp_path / "three.toml")
    ok("new", "bura", "-p", "Ivan", "-p", "Petr", "-p", "علي", "-f", path)
    ok("deal", "--dealer", "Petr", "--trump", "9H", "-f", path)
    ok("play", "AS", "-f", path)  # علي leads
    ok("play", "6H", "-f", path)  # Ivan follows: two plays in the trick
    shown = ok("--lang", "ar", "show", "-f", path)
    line = next(line for line in shown.splitlines() if "A♠" in line and "6♥" in line)
    assert f"{FSI}علي{PDI}" in line and f"{LRI}Ivan{PDI}" in line
    assert "؛ " in line and "; " not in line and line.count(RLM) == 1
    assert visual(line).index("6♥") < visual(line).index("Ivan") < visual(line).index("A♠")


# --- the tournament's language in the logs and on the slips --------------------------


def test_pair_writes_the_event_and_publish_the_slips_in_the_tournament_language(
    tmp_path: Path,
) -> None:
    from referee.log.file import load

    at = ("--dir", str(tmp_path / "t"))
    ok("--lang", "ar", "tournament", "new", "كأس الجمعة", "--game", "basra", "-p", "Ali",
       "-p", "Omar", "--rounds", "1", "--seed", "1", *at)  # fmt: skip
    ok("--lang", "ar", "tournament", "pair", *at)
    match, _ = load(tmp_path / "t" / "round-1" / "table-1.toml")
    assert match is not None and match.event == "كأس الجمعة، الجولة 1، الطاولة 1"
    for code, command in (("ar", "referee live --lang ar -f"), ("en", "referee live -f")):
        ok("--lang", code, "tournament", "publish", str(tmp_path / "t"), "-o", str(tmp_path / code))
        slips = (tmp_path / code / "print" / "round-1-slips.html").read_text(encoding="utf-8")
        assert f"{command} round-1/table-1.toml" in slips


def test_a_killed_pair_is_recognised_in_any_language(tmp_path: Path) -> None:
    """A log ``pair`` started in Arabic and left behind by a killed run is written again by
    a ``pair`` in English (it is the tournament's, its event in another language)."""
    from referee.tournament import director

    at = ("--dir", str(tmp_path))
    ok("tournament", "new", "Cup", "--game", "basra", "-p", "Ali", "-p", "Omar",
       "--rounds", "1", "--seed", "1", *at)  # fmt: skip
    t = director.read_all(tmp_path)[0]
    rnd = director.next_round(t)
    lang.use("ar")
    director.write_logs(tmp_path, t, rnd)
    log = tmp_path / rnd.tables[0].log
    assert "الجولة" in log.read_text(encoding="utf-8")
    lang.use("en")
    director.write_logs(tmp_path, t, rnd)  # the Arabic leftover is the tournament's
    assert "round 1, table 1" in log.read_text(encoding="utf-8")


# --- gender-free sentences about entrants --------------------------------------------

MASCULINE = {
    "ru": re.compile(r"Добавлен\b|выбыл|выбывает|свободен|попал\b|записан дважды"),
    "ar": re.compile(r"أُضيف|منسحب|ينسحب|يدخل القرعة|دخل القرعة|ليس مشاركًا|ليس مشاركاً"),
}


@pytest.mark.parametrize("code", ["ru", "ar"])
def test_sentences_about_an_entrant_are_gender_free(tmp_path: Path, code: str) -> None:
    """«Добавлен Лена», «'Katya' уже выбыл», «أُضيف فاطمة»: every message about a named
    entrant is said without a masculine form, as the players' sentences are."""
    at = ("--dir", str(tmp_path))
    d = ("--lang", code, "tournament")
    ok(*d, "new", "Cup", "--game", "basra", "-p", "Лена", "-p", "فاطمة", "-p", "Zaid",
       "--rounds", "2", "--seed", "1", *at)  # fmt: skip
    said = [ok(*d, "pair", *at), ok(*d, "status", *at)]  # a bye
    said.append(ok(*d, "drop", "Лена", *at))
    said.append(run(*d, "drop", "Лена", *at).output)  # already withdrawn
    said.append(ok(*d, "add", "Катя", *at))
    said.append(run(*d, "add", "Катя", *at).output)  # entered twice
    said.append(ok(*d, "standings", *at))
    found = [line for text in said for line in text.splitlines() if MASCULINE[code].search(line)]
    assert found == []


# --- the catalogs: Arabic counts, Persian digits ---------------------------------------

COUNTED = (  # Arabic nouns that agree with the number before them
    "لاعب|لاعبين|لاعبًا|ورقة|أوراق|ورق|جولة|جولات|جولتين|طرف|أطراف|طرفًا|توزيعة|توزيعات|"
    "حرف|حروف|حرفًا|نقطة|نقاط|مباراة|مباريات|طاولة|طاولات|لمّة|لمّات|صفحة|صفحات|مشكلة|مشاكل"
)
NUMBER_BEFORE_NOUN = re.compile(r"\{(?:n|count|need|k|limit|low|high|size|total|points|rounds)\}"
                                r"\s*(?:" + COUNTED + r")(?!\w)")  # fmt: skip


def test_arabic_says_a_counted_noun_only_in_a_plural_entry() -> None:
    """«تُلعب: 1 توزيعات», «أُقرعت 11 جولات»: a number before a counted noun agrees with
    it only through a plural entry; elsewhere the count is a label's value."""
    found = [
        (m.id, m.string)
        for m in i18n.load("ar")
        if m.id and isinstance(m.id, str) and NUMBER_BEFORE_NOUN.search(m.string)
    ]
    assert found == []


def test_persian_writes_western_digits_everywhere() -> None:
    found = [(m.id, m.string) for m in i18n.load("fa") if m.id and re.search(
        "[\u06f0-\u06f9]", " ".join(m.string) if isinstance(m.string, tuple) else m.string
    )]  # fmt: skip
    assert found == []


# --- English ----------------------------------------------------------------------------


def test_english_names_the_side_of_a_sweep_only_when_it_is_not_the_player() -> None:
    from referee.games.events import Swept
    from referee.words.events import event_said

    assert event_said(Swept("Omar", "Omar", "basra.sweeps")) == "Omar sweeps the floor: a basra."
    said = event_said(Swept("Ali", "Ali & Hoda", "basra.sweeps"))
    assert said == "Ali sweeps the floor: a basra for Ali & Hoda."


def test_a_forfeit_in_how_a_deal_ended_has_one_colon() -> None:
    """``(Ivan & Lena: forfeit: five cards)`` had three colons."""
    from referee.messages import fact
    from referee.words.sentences import said_text

    how = fact("trick.how.by", player="Ivan & Lena", how=fact("trick.forfeit", reason="x y"))
    assert said_text(how) == "Ivan & Lena: forfeit — x y"


# --- the pages of referee serve --------------------------------------------------------


def served_tournament(folder: Path) -> None:
    """A Bura (little robber) Swiss of five: round 1 a forfeit and a match played, round 2
    time called at one table and a deal in play at the other (a table page with its forms,
    a board with a decision of each kind said)."""
    from scripts.tournament_robustness import play

    at = ("--dir", str(folder))
    names = [x for n in ("Katya", "Lena", "Ivan", "Petr", "Zaid") for x in ("-p", n)]
    ok("tournament", "new", "Cup", "--game", "bura", "--variant", "little-robber", *names,
       "--rounds", "3", "--seed", "5", "--date", "2026-12-02", *at)  # fmt: skip
    ok("tournament", "pair", *at)
    tables = json.loads(ok("tournament", "status", "--json", *at))["rounds"][0]["tables"]
    play(folder / tables[1]["log"], 12)
    ok("tournament", "result", "1", "--forfeit", tables[0]["sides"][0], "--reason", "late", *at)
    ok("tournament", "pair", *at)
    ok("tournament", "result", "1", "--time", "--reason", "clock", *at)
    second = json.loads(ok("tournament", "status", "--json", *at))["rounds"][1]["tables"][1]
    log = str(folder / second["log"])
    ok("deal", "--dealer", second["sides"][0], "--trump", "9H", "-f", log)
    ok("play", "AS", "-f", log)


def serve_pages(folder: Path, code: str) -> dict[str, str]:
    """Every page ``referee serve`` shows a person for the tournament in ``folder``, in
    ``code``: the public board, the director's board and slips, each table's page (the
    last round's read only), the correction and cards-received pages, a refused request."""
    from referee.serve.source import Served
    from tests.serve_support import client, path_of, urls

    served = Served(folder=folder)
    c = client(served)
    said = urls(served)
    director = path_of(said["director"])
    paths = {"board": "/", "director": director, "slips": f"{director}/slips", "404": "/t/x"}
    old = c.get(f"{director}?lang={code}").text  # the links to every table's page
    for n, link in enumerate(re.findall(r'href="(/t/[a-z0-9]+)', old)):
        paths[f"table {n}"] = link
    live = path_of(said["tables"][1]["url"])
    paths |= {"amend": f"{live}/amend", "hand": f"{live}/hand"}
    pages = {}
    for name, path in paths.items():
        r = c.get(f"{path}?lang={code}")
        assert r.status_code == (404 if name == "404" else 200), (name, r.status_code)
        pages[name] = r.text
    return pages


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_serve_pages_say_ids_and_times_as_words(tmp_path: Path, code: str) -> None:
    """The table page, the director's board, the public board, the slips: no variant,
    system, tie-break or decision id and no ISO time in what a person reads (each id kept
    in an attribute for scripts), and no command to type on a phone's page."""
    served_tournament(tmp_path)
    pages = serve_pages(tmp_path, code)
    found = []
    for name, page in pages.items():
        text = MACHINE.sub(" ", plain("\n".join(PageText(page).parts)))
        for line in text.splitlines():
            ids = [i for i in ID.findall(line) if code != "en" or "-" in i]
            if ids or ISO_TIME.search(line):
                found.append((name, line.strip()))
        if name.startswith("table") and "referee " in "".join(PageText(page).parts):
            found.append((name, "a command to type"))
    assert found == [], found[:8]
    board = pages["director"]
    assert 'data-kind="time"' in board and 'data-tiebreak="buchholz-cut1"' in board
    assert '<time datetime="2026-12-02">' in board
    words = {
        "en": ("Bura (little robber), Swiss system", "time called", "Buchholz less the lowest"),
        "ru": ("швейцарская система", "остановка по времени", "Бухгольц без худшего"),
        "ar": ("النظام السويسري", "إنهاء بالوقت", "بوخهولز بلا أدنى نتيجة"),
        "fa": ("سیستم سوئیسی", "پایان وقت", "بوخهولتس بدون کمترین"),
    }[code]
    assert all(w in plain(board) for w in words), words
    if code in ("ar", "fa"):  # each label and each number in its own isolate
        rows = re.findall(r'<li data-table="\d+">(.*?)</li>', board, re.S)
        decided = next(r for r in rows if "data-kind" in r)
        assert re.search(r" · <bdi>\d+</bdi> – <bdi>\d+</bdi></span>", decided), decided
        playing = next(r for r in rows if "data-kind" not in r)
        assert re.search(f"{LRI}[A-Za-z]+{PDI} {LRI}0{PDI}", playing), playing
