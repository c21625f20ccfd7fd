"""The layering rules, checked on the source: engines stay pure, start-up stays light.

- ``cardgames/core`` and ``cardgames/games`` import nothing from textual, rich or click, read no
  clock (``time``, ``datetime``) and never touch the global ``random`` module; only
  ``cardgames/core/rng.py`` may import ``random``, to wrap it in the seeded ``Rng``.
- The modules the command line loads before a command runs (the CLI itself, the session, the
  bots, the settings) import no textual or rich at module level, so ``cardgames --help`` is fast.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "cardgames"
UI_LIBRARIES = frozenset({"textual", "rich", "click"})
CLOCKS = frozenset({"time", "datetime"})
RNG_MODULE = PACKAGE / "core" / "rng.py"


def imported_modules(tree: ast.AST, *, top_level_only: bool = False) -> Iterator[str]:
    """Yield the root package of every import in ``tree`` (``textual`` for ``textual.app``)."""
    nodes = ast.iter_child_nodes(tree) if top_level_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def engine_violations(path: Path, source: str) -> list[str]:
    """What breaks the engine rules in one module of core/ or games/."""
    found = []
    for module in imported_modules(ast.parse(source)):
        if module in UI_LIBRARIES:
            found.append(f"{path.name} imports {module}")
        if module in CLOCKS:
            found.append(f"{path.name} reads the clock through {module}")
        if module == "random" and path != RNG_MODULE:
            found.append(f"{path.name} uses the global random module; use the State's Rng")
    return found


def engine_modules() -> list[Path]:
    return sorted(
        path for folder in ("core", "games") for path in (PACKAGE / folder).rglob("*.py")
    )


def light_modules() -> list[Path]:
    paths = [PACKAGE / "cli.py", PACKAGE / "tui" / "__init__.py", PACKAGE / "tui" / "settings.py"]
    for folder in ("session", "bots"):
        paths.extend((PACKAGE / folder).rglob("*.py"))
    return sorted(path for path in paths if path.exists())


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_module_is_pure(path: Path) -> None:
    assert engine_violations(path, path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", light_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_startup_module_imports_no_ui_at_module_level(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert {"textual", "rich"} & set(imported_modules(tree, top_level_only=True)) == set()


def test_the_walk_covers_the_core_and_the_rng() -> None:
    names = {path.name for path in engine_modules()}
    assert {"cards.py", "engine.py", "registry.py", "rng.py"} <= names


@pytest.mark.parametrize(
    ("source", "complaint"),
    [
        ("from textual.widget import Widget\n", "imports textual"),
        ("import rich.text\n", "imports rich"),
        ("def f():\n    import click\n", "imports click"),
        ("import time\n", "reads the clock"),
        ("from datetime import datetime\n", "reads the clock"),
        ("import random\n", "global random"),
        ("from random import shuffle\n", "global random"),
    ],
)
def test_checker_catches_forbidden_imports(source: str, complaint: str) -> None:
    found = engine_violations(PACKAGE / "games" / "makao" / "engine.py", source)
    assert len(found) == 1
    assert complaint in found[0]


def test_checker_allows_random_in_the_rng_and_relative_imports() -> None:
    assert engine_violations(RNG_MODULE, "import random\n") == []
    assert engine_violations(PACKAGE / "games" / "x.py", "from .actions import Play\n") == []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, inside functions too
    (imports for type checking only are left out: they never run). Parsed once per test
    process and shared: callers only read it."""
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(inner)
            for block in ast.walk(tree)
            if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
            for inner in ast.walk(block)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {module for module in found if module in modules and module != name}
    return graph


def test_no_import_circles() -> None:
    # A circle (the app importing the screens that import the app back, the command line and
    # its commands) makes the import order matter and hides which layer owns what.
    graph = import_graph()
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            module = todo.pop()
            assert module != start, f"{start} imports itself through {sorted(seen)}"
            if module not in seen:
                seen.add(module)
                todo.extend(graph[module])


def test_screens_never_import_the_app() -> None:
    graph = import_graph()
    for path in (PACKAGE / "tui" / "screens").glob("*.py"):
        modules = graph[_module_name(path)]
        assert "cardgames.tui.app" not in modules, path.name


def test_the_table_imports_the_rules_screen_only_when_it_is_opened() -> None:
    # The rules screen pulls in Textual's Markdown widget (about 50 ms and 3 MiB).
    source = (PACKAGE / "tui" / "screens" / "table.py").read_text(encoding="utf-8")
    top = {
        node.module for node in ast.iter_child_nodes(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
    }
    assert "cardgames.tui.screens.rules" not in top
