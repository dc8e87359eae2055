"""The translation catalogs: extract every sentence referee says, update the catalogs,
compile them, and check them (every message translated, placeholders the same).

    python scripts/i18n.py extract   # referee/locale/referee.pot, then each .po updated
    python scripts/i18n.py compile   # each .po to the .mo shipped in the package
    python scripts/i18n.py check     # what the tests check: complete and consistent

Sentences are found in the source, not by running it: the first argument of ``sentence``
and ``help_text``, both of ``plural_sentence``, the templates of every ``SENTENCES``
table of the words layer, the meaning of each rule parameter (``p(...)``'s fifth), and
the docstrings of the commands (typer's help). Needs Babel (a dev dependency).
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("ar", "fa", "ru")
PLURALS = {
    "ar": "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
    "n%100>=11 ? 4 : 5);",
    "fa": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
}
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_0-9]*)(![rs])?\}(?!\})")
OPTIONAL = {"floor"}  # a language may use its own word for the cards in the middle


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _texts(node: ast.AST) -> list[str]:
    """The literal sentences an argument may be: a string, or either branch of ``a if c
    else b``."""
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    text = _text(node)
    return [] if text is None else [text]


def _is_sentences(node: ast.Assign | ast.AnnAssign) -> bool:
    """A words table: ``SENTENCES = {code: template or (singular, plural)}``."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    named = any(isinstance(t, ast.Name) and t.id == "SENTENCES" for t in targets)
    return named and isinstance(node.value, ast.Dict)


def messages() -> dict[str | tuple[str, str], list[str]]:
    """Every message id in the package (a plural as its two forms) and where it is used."""
    found: dict[str | tuple[str, str], list[str]] = {}

    def add(key: str | tuple[str, str], where: str) -> None:
        found.setdefault(key, []).append(where)

    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                args = node.args
                if name in ("sentence", "help_text") and args:
                    for t in _texts(args[0]):
                        add(t, where)
                elif name == "plural_sentence" and len(args) >= 2:
                    one, many = _text(args[0]), _text(args[1])
                    if one is not None and many is not None:
                        add((one, many), where)
                elif name == "p" and len(args) >= 5 and (t := _text(args[4])) is not None:
                    add(t, where)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and _is_sentences(node):
                assert isinstance(node.value, ast.Dict)
                for value in node.value.values:
                    at = f"{rel}:{value.lineno}"
                    if (t := _text(value)) is not None:
                        add(t, at)
                    elif isinstance(value, ast.Tuple) and len(value.elts) == 2:
                        one, many = _text(value.elts[0]), _text(value.elts[1])
                        if one is not None and many is not None:
                            add((one, many), at)
            elif isinstance(node, ast.FunctionDef):
                decorated = any(
                    (
                        isinstance(d, ast.Call)
                        and (
                            getattr(d.func, "attr", None) in ("command", "callback")
                            or getattr(d.func, "id", None) == "command"  # group.Commands
                        )
                    )
                    or getattr(d, "attr", None) in ("command", "callback")
                    for d in node.decorator_list
                )
                doc = ast.get_docstring(node, clean=False)
                if decorated and doc:
                    add(inspect.cleandoc(doc), where)
    return found


def placeholders(text: str) -> set[str]:
    return {f"{{{a}{b or ''}}}" for a, b in PLACEHOLDER.findall(text)}


def extract() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = Catalog(project="referee", version="1", charset="utf-8")
    for key, where in messages().items():
        locations = [(w.rsplit(":", 1)[0], int(w.rsplit(":", 1)[1])) for w in where]
        template.add(key, locations=locations)
    LOCALE.mkdir(exist_ok=True)
    with open(LOCALE / "referee.pot", "wb") as out:
        write_po(out, template, width=0, omit_header=False, sort_output=True, include_lineno=False)
    for code in LANGUAGES:
        po = LOCALE / code / "LC_MESSAGES" / "referee.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        if po.exists():
            with open(po, "rb") as f:
                catalog = read_po(f, locale=code)
        else:
            catalog = Catalog(locale=code, project="referee", version="1", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header: its plural forms must reach the .mo
        catalog.last_translator = "referee developers"
        catalog.language_team = f"{code} (referee)"
        catalog.copyright_holder = "referee developers"
        with open(po, "wb") as out:
            write_po(
                out,
                catalog,
                width=0,
                sort_output=True,
                ignore_obsolete=True,
                include_lineno=False,
            )
    print(f"{len(template)} messages")


def load(code: str):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    with open(LOCALE / code / "LC_MESSAGES" / "referee.po", "rb") as f:
        return read_po(f, locale=code)


def compile_all() -> None:
    from babel.messages.mofile import write_mo

    for code in LANGUAGES:
        catalog = load(code)
        with open(LOCALE / code / "LC_MESSAGES" / "referee.mo", "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
    print("compiled", ", ".join(LANGUAGES))


def problems() -> list[str]:
    """Every way the catalogs fall short: a message untranslated, fuzzy, or with other
    placeholders than its English."""
    out: list[str] = []
    wanted = messages()
    for code in LANGUAGES:
        catalog = load(code)
        for key in wanted:
            msgid = key if isinstance(key, str) else key[0]
            message = catalog.get(msgid)
            if message is None:
                out.append(f"{code}: missing {msgid!r}")
                continue
            if message.fuzzy:
                out.append(f"{code}: fuzzy {msgid!r}")
            forms = (
                message.string if isinstance(message.string, (tuple, list)) else [message.string]
            )
            english = key if isinstance(key, tuple) else (key,)
            want = set().union(*(placeholders(e) for e in english))
            if isinstance(key, tuple) != isinstance(message.id, (tuple, list)):
                out.append(
                    f"{code}: {msgid!r} should {'' if isinstance(key, tuple) else 'not '}be plural"
                )
            for form in forms:
                if not form:
                    out.append(f"{code}: untranslated {msgid!r}")
                    continue
                got = placeholders(form)
                extra = got - want
                lost = want - got - {f"{{{o}}}" for o in OPTIONAL} - {"{n}"}
                if extra or lost:
                    out.append(f"{code}: {msgid!r}: placeholders {sorted(got)} != {sorted(want)}")
    return out


def main() -> int:
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "extract":
        extract()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problems")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
