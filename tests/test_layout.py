"""The house's shape, counted the way a reviewer counts it: the layers point one way
(a table of the allowed order, every import counted: at the top, inside functions and
under ``TYPE_CHECKING``), no import circle among modules nor among packages, an import of
a referee module inside a function only where listed with its reason, no module over 500
lines, no function over 60, and the core free of the edge's libraries."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
CORE = ("cards", "games", "record", "match", "params", "registry", "problems", "messages")
EDGE_LIBRARIES = ("typer", "click", "tabulate", "tomli_w", "tomllib", "jinja2", "networkx")
TOP_LEVEL_MODULES = 12  # at most: the rest live in the packages below

# The layers, lowest first: a module may import its own layer and those before it. A name
# is a module or a package (the longest that matches counts). The words say facts (the
# service says its problems with them); the renderers read the service's values.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "core",
        (
            "referee",
            "referee.cards",
            "referee.escape",
            "referee.messages",
            "referee.text",
            "referee.params",
            "referee.problems",
            "referee.record",
        ),
    ),
    # the games, and the registry that lists them (one line a game)
    ("games", ("referee.games", "referee.registry")),
    ("match", ("referee.match",)),
    ("log", ("referee.log",)),
    ("words", ("referee.words",)),
    ("service", ("referee.table", "referee.tournament")),
    ("render", ("referee.render",)),
    ("html", ("referee.html",)),
    ("serve", ("referee.serve",)),
    ("cli", ("referee.cli", "referee.entry", "referee.__main__")),
)

# Imports against the layer order: none left (a problem carried its fact to the words layer
# until issue 36 made it a value the edge says; facts are the core's, in messages.py).
KNOWN_BACKWARD: dict[tuple[str, str], str] = {}
# The module circles: none left (games/base, problems, record and registry; each family's
# rules, simulator and view were circles until a game became a package).
KNOWN_CIRCLES: list[list[str]] = []

# An import of a referee module inside a function, where it is allowed and why: importer →
# imported → reason. Only a heavy third-party package, a game (or its words) loaded by name,
# the union table, and what a table command must not pay for; every other import goes to
# the top of its module (the test names it). A command's imports sit at the top of its own
# module in referee/cli/commands/: a command loads only its module (COMMANDS says which).
SIMULATED = "the simulated player, only by `simulate`"
INSIDE_A_FUNCTION: dict[str, dict[str, str]] = {
    "referee.entry": {
        "referee.cli": "Ctrl-C is answered before typer and the command line load",
    },
    "referee.cli.commands.serve": {
        "referee.serve.start": "starlette, uvicorn and segno, only when the server starts",
    },
    "referee.cli.commands.show": {
        "referee.render.entries": "a deal's entries listed: only for show --entries",
    },
    "referee.cli.commands.explain": {
        "referee.render.entries": "a deal's entries listed: only for explain without --play",
    },
    # a game's module loaded by its name, when that game is played
    "referee.games.fishing.deal": {"referee.games.fishing.sim": SIMULATED},
    "referee.games.trick.deal": {"referee.games.trick.sim": SIMULATED},
    "referee.games.fishing.captures": {
        "referee.games.fishing.unions": "the union table (297 KB), only for a floor that needs it",
    },
    "referee.words.events": {
        "referee.games.outcomes": "a deal's outcomes, only when an entry ends a deal",
    },
    "referee.log.file": {
        "referee.log.tomlwrite": "the TOML writer, only by a command that writes (not show)",
    },
    "referee.table.session": {
        "referee.games.outcomes": "an ended deal's outcomes, only when an entry ends one",
        "referee.table.memo": "a long log's memo, only for a log that long",
    },
    "referee.table.reading": {
        "referee.table.memo": "a long log's memo, only for a log that long",
    },
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, str]]:
    """Every module ``path`` imports and where: ``top``, ``function`` (inside a function,
    at any depth) or ``checking`` (under ``if TYPE_CHECKING:``). ``from m import n`` names
    ``m.n`` too, since ``n`` may be a module."""
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                visit(child, "checking")
            for child in node.orelse:
                visit(child, where)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and where == "top":
            where = "function"
        if isinstance(node, ast.Import):
            found.extend((a.name, where) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.module, where))
            found.extend((f"{node.module}.{a.name}", where) for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(ast.parse(path.read_text(encoding="utf-8")), "top")
    return found


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports at run time (``TYPE_CHECKING`` blocks left out)."""
    return {module for module, where in imports(path) if where != "checking"}


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def graph() -> dict[str, set[str]]:
    """Module to the referee modules it imports: every import, those inside functions and
    under ``TYPE_CHECKING`` included (a circle through them is a circle of the design)."""
    found = modules()
    return {
        name: {m for m, _ in imports(path) if m in found and m != name}
        for name, path in found.items()
    }


def package(module: str) -> str:
    """The package a module belongs to (``referee.log.file`` → ``referee.log``); a module at
    the top is its own."""
    return ".".join(module.split(".")[:2])


def package_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for name, targets in edges.items():
        here = out.setdefault(package(name), set())
        here.update(package(t) for t in targets if package(t) != package(name))
    return out


def layer(module: str) -> int:
    """The index of the module's layer in :data:`LAYERS` (the longest name that matches)."""
    best, longest = -1, -1
    for index, (_, names) in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > longest:
                best, longest = index, len(name)
    assert best >= 0, f"{module} is in no layer: add it to LAYERS"
    return best


def backward(edges: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The imports of a later layer: ``(importer, imported)``."""
    return {(a, b) for a, targets in edges.items() for b in targets if layer(b) > layer(a)}


def without_known(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    return {a: {b for b in bs if (a, b) not in KNOWN_BACKWARD} for a, bs in edges.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in edges:
        if v not in index:
            strong(v)
    return out


def test_the_layers_point_one_way() -> None:
    """No module imports a later layer's (core → games → match → log → words → service →
    render → html → serve → cli), at the top, in a function or for the type checker."""
    wrong = sorted(
        f"{a} imports {b} ({LAYERS[layer(a)][0]} → {LAYERS[layer(b)][0]})"
        for a, b in backward(graph()) - KNOWN_BACKWARD.keys()
    )
    assert wrong == []


def test_the_known_exceptions_still_exist() -> None:
    """An exception that no longer happens leaves the list (so that it only shrinks)."""
    edges = graph()
    assert [e for e in KNOWN_BACKWARD if e[1] not in edges.get(e[0], set())] == []
    assert [c for c in KNOWN_CIRCLES if c not in cycles(edges)] == []


def test_no_import_circles_among_modules() -> None:
    assert [c for c in cycles(graph()) if c not in KNOWN_CIRCLES] == []


def test_no_import_circles_among_packages() -> None:
    """Nor among packages: ``cli`` never imported by ``html``, ``render`` never by ``words``;
    the known edges above left out."""
    assert cycles(package_graph(without_known(graph()))) == []


def test_at_most_twelve_modules_at_the_top() -> None:
    top = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert len(top) <= TOP_LEVEL_MODULES, top


def inside_functions() -> set[tuple[str, str]]:
    """Every referee module imported inside a function: ``(importer, imported)``."""
    found = modules()
    return {
        (name, m)
        for name, path in found.items()
        for m, where in imports(path)
        if where == "function" and m in found
    }


def test_an_import_inside_a_function_only_where_listed() -> None:
    """A referee module imported inside a function hides an edge: only where listed, each
    with its reason. The rest go to the top of their module; a listed one that is gone
    leaves the list (so that it only shrinks)."""
    listed = {(a, b) for a, targets in INSIDE_A_FUNCTION.items() for b in targets}
    found = inside_functions()
    assert sorted(f"{a} imports {b} inside a function" for a, b in found - listed) == []
    assert sorted(listed - found) == []


def test_the_layer_check_names_a_backward_edge() -> None:
    edges = {"referee.cards": {"referee.cli.at_table"}, "referee.cli.at_table": {"referee.cards"}}
    assert backward(edges) == {("referee.cards", "referee.cli.at_table")}
    assert cycles(package_graph(edges)) == [["referee.cards", "referee.cli"]]


def test_the_cycle_finder_finds_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_over_500_lines_and_no_function_over_60() -> None:
    long_modules, long_functions = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 500:
            long_modules.append(module_name(path))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > 60:
                    long_functions.append(f"{module_name(path)}.{node.name}")
    assert long_modules == [] and long_functions == []


def test_the_core_never_imports_the_edge() -> None:
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        if name == "referee" or name.split(".")[1] not in CORE:
            continue
        for module in imported(path):
            assert not module.startswith(EDGE_LIBRARIES), (name, module)
