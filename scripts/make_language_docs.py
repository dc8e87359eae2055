"""Write docs/user-guide.ar.md, .fa.md and .ru.md: the user guide's sessions, run for real
in each language with cards typed as its players name them. Every line of output in those
files is what referee printed (tests/test_docs.py checks that they are up to date).

    python scripts/make_language_docs.py
"""

from __future__ import annotations

import os
import shlex
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# Each language: the page's words, and the sessions: (heading, note, commands).
PAGES: dict[str, dict[str, object]] = {
    "ar": {
        "title": "referee على الطاولة: الجلسات بالعربية",
        "intro": (
            "هذه جلسات دليل المستخدم كما يقولها referee بالعربية (`--lang ar`، أو "
            "`REFEREE_LANG=ar`، أو لغة النظام `LANG=ar_EG.UTF-8`). الأوراق تُكتب كما يسمّيها "
            "اللاعبون: «7 ديناري»، «آص كبة»، «ولد سباتي»، أو بترميز السجل (7D). السجل "
            "ومخرجات JSON وCSV ومعرّفات القواعد لا تتغير مع اللغة. قائمة الأسماء كلها في "
            "[languages.md](languages.md)."
        ),
        "sessions": [
            (
                "البصرة",
                "رمية، وأكلة، وتنزيل، ورمية مرفوضة مع البدائل المسموحة، ثم التراجع.",
                [
                    'new basra -p Ali -p Omar --event "قهوة الجمعة، طاولة 3"',
                    'deal --dealer Omar --floor "5 كبة 3 سباتي 9 ديناري شايب بستوني" '
                    '--buried "ولد ديناري"',
                    'play "8 بستوني" --takes "5 كبة 3 سباتي"',
                    'play "شايب ديناري" --takes "شايب بستوني"',
                    'play "4 سباتي" --trail',
                    'play "7 ديناري" --takes "9 ديناري 4 سباتي"',
                    'options "9 سباتي"',
                    "undo",
                ],
            ),
            (
                "البورا",
                "ادعاء 31 يُحكم عليه فورًا من لمّات المدّعي.",
                [
                    "new bura -p Ivan -p Petr",
                    'deal --dealer Ivan --trump "9 كبة"',
                    'play "آص بستوني" "10 بستوني"',
                    'play "6 كبة" "7 كبة"',
                    'play "آص كبة"',
                    'play "6 سباتي"',
                    "claim --by Ivan",
                ],
            ),
            (
                "رمية منسية",
                "رمية Omar بشايب الديناري نُسيت، فسُجّلت الرميتان التاليتان على غير صاحب الدور؛ "
                "إدراجها يعيد كل رمية إلى صاحب الدور، و`show --entries` يعطي أرقام المدخلات.",
                [
                    "new basra -p Ali -p Omar",
                    'deal --dealer Omar --floor "5 كبة 3 سباتي 9 ديناري شايب بستوني"',
                    'play "8 بستوني" --takes "5 كبة 3 سباتي"',
                    'play "4 سباتي" --trail',
                    'play "2 ديناري" --trail',
                    "show --entries",
                    'amend --deal 1 --play 2 "شايب ديناري" --takes "شايب بستوني" --insert',
                    "explain match.toml --deal 1",
                ],
            ),
        ],
    },
    "fa": {
        "title": "referee سر میز: نشست‌ها به فارسی",
        "intro": (
            "این‌ها نشست‌های راهنمای کاربر است، همان‌طور که referee به فارسی می‌گوید "
            "(`--lang fa`، یا `REFEREE_LANG=fa`، یا زبان سیستم `LANG=fa_IR.UTF-8`). کارت‌ها "
            "را همان‌طور که بازیکنان نام می‌برند بنویسید: «7 خشت» (یا «۷ خشت»)، «آس دل»، "
            "«سرباز گشنیز»، یا با نشانه‌گذاری پرونده (7D). پرونده، JSON، CSV و شناسه‌ی قواعد با زبان "
            "تغییر نمی‌کنند. همه‌ی نام‌ها در [languages.md](languages.md) آمده است."
        ),
        "sessions": [
            (
                "پاسور",
                "عددی دسته‌ای را برمی‌دارد که با خودش 11 شود؛ کارتی که می‌تواند بردارد باید بردارد.",
                [
                    "new pasur -p Dariush -p Shirin -p Kaveh",
                    'deal --dealer Kaveh --floor "9 پیک 2 دل بی بی گشنیز شاه گشنیز" '
                    '--returned "سرباز خشت"',
                    'play "2 گشنیز" --takes "9 پیک"',
                    'play "۹ خشت" --trail',
                    'play "۹ خشت" --takes "2 دل"',
                    "show",
                ],
            ),
            (
                "بصره",
                "یک برداشت، یک زمین گذاشتن و فهرست برداشت‌های مجاز.",
                [
                    "new basra -p Ali -p Omar",
                    'deal --dealer Omar --floor "5 دل 3 گشنیز 9 خشت شاه پیک" --buried "سرباز خشت"',
                    'play "8 پیک" --takes "5 دل 3 گشنیز"',
                    'play "4 گشنیز" --trail',
                    'options "9 گشنیز"',
                ],
            ),
            (
                "حرکت فراموش‌شده",
                "شاه خشت Omar ثبت نشد و دو حرکت بعدی به نام بازیکن دیگری ثبت شدند؛ افزودن آن "
                "هر حرکت را به کسی برمی‌گرداند که نوبتش بود، و `show --entries` شماره‌ی "
                "ورودی‌ها را می‌دهد.",
                [
                    "new basra -p Ali -p Omar",
                    'deal --dealer Omar --floor "5 دل 3 گشنیز 9 خشت شاه پیک"',
                    'play "8 پیک" --takes "5 دل 3 گشنیز"',
                    'play "4 گشنیز" --trail',
                    'play "2 خشت" --trail',
                    "show --entries",
                    'amend --deal 1 --play 2 "شاه خشت" --takes "شاه پیک" --insert',
                    "explain match.toml --deal 1",
                ],
            ),
        ],
    },
    "ru": {
        "title": "referee за столом: сеансы по-русски",
        "intro": (
            "Это сеансы руководства пользователя так, как их говорит referee по-русски "
            "(`--lang ru`, или `REFEREE_LANG=ru`, или язык системы `LANG=ru_RU.UTF-8`). Карты "
            "пишут, как принято за столом: достоинства В Д К Т (валет, дама, король, туз), "
            "масти П Ч Б Т (пики, черви, бубны, трефы): `8П`, `ТЧ`, `10Б`, `десятка бубен`; "
            "подходит и запись журнала (`8S`). referee показывает карты с символом масти "
            "(`Т♣`, `10♦`). Журнал, JSON, CSV и номера правил от языка не меняются. Все "
            "обозначения — в [languages.md](languages.md)."
        ),
        "sessions": [
            (
                "Бура",
                "Заход двумя картами, ответ козырями, заявка «31» — решение сразу.",
                [
                    "new bura -p Ivan -p Petr",
                    "deal --dealer Ivan --trump 9Ч",
                    "play ТП 10П",
                    "play 6Ч 7Ч",
                    "play ТЧ",
                    "play 6Т",
                    "claim --by Ivan",
                ],
            ),
            (
                "Буркозёл",
                "Четверо играют парами; ход не в свою очередь отклоняется.",
                [
                    "new kozel -p Misha -p Katya -p Sasha -p Lena",
                    "deal --dealer Misha --trump КТ",
                    "play 8П 7П",
                    "play ВП 6Ч --by Lena",
                    "play ВП 6Ч",
                    "options",
                    "play 9Ч ВБ",
                    "play ТП 8Т",
                    'forfeit --by Lena --reason "взяла пять карт"',
                ],
            ),
            (
                "Басра",
                "Взятие, сброс на стол и отклонённый ход со списком законных.",
                [
                    "new basra -p Ali -p Omar",
                    'deal --dealer Omar --floor "5Ч 3Т 9Б КП" --buried ВБ',
                    'play 8П --takes "5Ч 3Т"',
                    "play 4Т --trail",
                    'play 7Б --takes "9Б 4Т"',
                ],
            ),
            (
                "Забытый ход",
                "Король бубен Omar не записан, и два следующих хода записаны не тем игрокам; "
                "вставка возвращает каждый ход тому, чья была очередь, а `show --entries` даёт "
                "номера записей.",
                [
                    "new basra -p Ali -p Omar",
                    'deal --dealer Omar --floor "5Ч 3Т 9Б КП"',
                    'play 8П --takes "5Ч 3Т"',
                    "play 4Т --trail",
                    "play 2Б --trail",
                    "show --entries",
                    "amend --deal 1 --play 2 КБ --takes КП --insert",
                    "explain match.toml --deal 1",
                ],
            ),
        ],
    },
}


def session(code: str, commands: list[str], folder: Path) -> list[str]:
    """Run ``commands`` in ``folder`` in language ``code``; the console lines."""
    from typer.testing import CliRunner

    from referee.cli import app

    lines: list[str] = []
    here = Path.cwd()
    os.chdir(folder)
    try:
        for command in commands:
            lines.append(f"$ referee {command}")
            result = CliRunner().invoke(app, ["--lang", code, *shlex.split(command)])
            lines.extend(result.output.rstrip("\n").splitlines())
    finally:
        os.chdir(here)
        from referee.words.lang import use

        use("en")
    return lines


def page(code: str) -> str:
    spec = PAGES[code]
    out = [f"# {spec['title']}", "", str(spec["intro"]), ""]
    for heading, note, commands in spec["sessions"]:  # type: ignore[attr-defined]
        with tempfile.TemporaryDirectory() as tmp:
            lines = session(code, commands, Path(tmp))
        out += [f"## {heading}", "", note, "", "```console", *lines, "```", ""]
    return "\n".join(out)


def main() -> int:
    os.environ["REFEREE_LANG"] = "en"  # each command names its language
    os.environ.setdefault("NO_COLOR", "1")
    for code in PAGES:
        (DOCS / f"user-guide.{code}.md").write_text(page(code), encoding="utf-8")
        print(f"wrote docs/user-guide.{code}.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
