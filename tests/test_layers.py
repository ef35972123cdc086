"""The layers hold: every import in ``companion/``, ``calibration/``, ``hardware/`` and
``web/`` points down (docs/architecture.md, "Layers and the direction of imports").

Each ``.py`` file is read with ``ast``; every import is resolved to a module name (relative
imports, imports inside functions, and the module names given as literal strings to
``importlib.import_module`` and ``importlib.util.find_spec``) and checked against the rules
below. A failure names each import that breaks a rule: the file, the line, what it
imports and which rule it breaks.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("companion", "calibration", "hardware", "web")
"""The layers, lowest first: a module may import its own layer and those before it."""

COMPOSITION_ROOT = "companion.cli"
"""The command line: it lists every layer's ``commands`` module, so it may know them all."""

CORE_GROUPS: dict[str, tuple[int, tuple[str, ...]]] = {
    "rules": (0, ("companion.geometry", "companion.games", "companion.cards")),
    "records": (1, ("companion.journal", "companion.journal_repair",
                    "companion.journal_commands", "companion.dice", "companion.game_log")),
    "vision": (1, ("companion.vision",)),
    "table": (2, ("companion.table",)),
}
"""Inside ``companion/``: a group may import its own modules and those of a group ranked
lower; never a group of its own rank or higher (the rules know neither the table nor the
camera). Modules in no group (``companion.errors``, ``companion.paths``, the package
itself) are for everyone."""

TEST_SCENES = ("companion.vision.scene",)
"""The test-scene renderer: tests, benchmarks and the tools below only."""
SCENE_TOOLS = ("companion.vision.scene", "hardware.replays.make_demo",
               "hardware.replays.make_demo_one")
"""Modules that draw test scenes (the renderer itself and the demo recordings' makers):
the only runtime-tree modules that may import the renderer, and that no runtime module
imports."""


@dataclass(frozen=True)
class Import:
    path: Path
    line: int
    module: str  # the importing module
    targets: tuple[str, ...]  # what it imports, resolved: ``a.b`` for ``from a import b``
    text: str  # the import as written

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line} {self.text}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package(path: Path, module: str) -> list[str]:
    """The package a relative import in ``module`` starts from."""
    parts = module.split(".")
    return parts if path.name == "__init__.py" else parts[:-1]


def _string_imports(node: ast.Call) -> Iterator[str]:
    """The literal module names given to ``import_module`` or ``find_spec``."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name in ("import_module", "find_spec") and node.args \
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        yield node.args[0].value


def imports_in(source: str, path: Path) -> Iterator[Import]:
    """Every import the module at ``path`` whose text is ``source`` makes, anywhere."""
    module = module_name(path)
    for node in ast.walk(ast.parse(source, str(path))):
        if isinstance(node, ast.Import):
            names = tuple(alias.name for alias in node.names)
            yield Import(path, node.lineno, module, names, f"import {', '.join(names)}")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package(path, module)
                package = package[:len(package) - (node.level - 1)]
                base = ".".join([*package, *([base] if base else [])])
            names = [alias.name for alias in node.names]
            # ``from a import b`` imports ``a`` and maybe the module ``a.b``: the rules
            # look at ``a.b``, which lies within ``a`` whichever it is.
            yield Import(path, node.lineno, module,
                         tuple(base if name == "*" else f"{base}.{name}" for name in names),
                         f"from {base} import {', '.join(names)}")
        elif isinstance(node, ast.Call):
            for target in _string_imports(node):
                yield Import(path, node.lineno, module, (target,),
                             f"imports {target!r} by name")


def runtime_files() -> list[Path]:
    return sorted(p for layer in LAYERS for p in (ROOT / layer).rglob("*.py"))


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def _layer(module: str) -> str | None:
    top = module.split(".")[0]
    return top if top in LAYERS else None


def _group(module: str) -> tuple[str, int] | None:
    for group, (rank, prefixes) in CORE_GROUPS.items():
        if any(within(module, prefix) for prefix in prefixes):
            return group, rank
    return None


def broken_rule(found: Import) -> str | None:
    """Which rule ``found`` breaks, in words, or ``None``."""
    return next((rule for target in found.targets
                 if (rule := _broken(found.module, target)) is not None), None)


def _broken(source: str, target: str) -> str | None:
    if any(within(target, scene) for scene in TEST_SCENES + SCENE_TOOLS) \
            and not any(within(source, tool) for tool in SCENE_TOOLS):
        return ("runtime code never imports the test-scene renderer or the demo makers "
                "(tests, benchmarks and those tools may)")
    if source == COMPOSITION_ROOT:
        return None
    here, there = _layer(source), _layer(target)
    if here is None or there is None:
        return None
    if LAYERS.index(there) > LAYERS.index(here):
        return f"imports point {' → '.join(reversed(LAYERS))}: {here} may not import {there}"
    if here == there == "companion":
        mine, theirs = _group(source), _group(target)
        if mine is not None and theirs is not None and mine[0] != theirs[0] \
                and theirs[1] >= mine[1]:
            return (f"inside companion/, {mine[0]} ({', '.join(CORE_GROUPS[mine[0]][1])}) "
                    f"may not import {theirs[0]} ({', '.join(CORE_GROUPS[theirs[0]][1])})")
    return None


def test_every_import_points_down():
    broken = [f"{found}: {rule}" for path in runtime_files()
              for found in sorted(imports_in(path.read_text(encoding="utf-8"), path),
                                  key=lambda found: found.line)
              if (rule := broken_rule(found)) is not None]
    assert not broken, "Upward imports:\n" + "\n".join(broken)


def test_the_walk_sees_imports_inside_functions_and_by_string():
    path = ROOT / "companion" / "vision" / "example.py"
    source = ("import importlib\n"
              "def read():\n"
              "    from calibration import gridfind\n"
              "    from . import scene\n"
              "    return importlib.util.find_spec('hardware.frames')\n")
    found = {(i.line, i.targets) for i in imports_in(source, path)}
    assert {(3, ("calibration.gridfind",)), (4, ("companion.vision.scene",)),
            (5, ("hardware.frames",))} <= found
    rules = {i.targets[0]: broken_rule(i) for i in imports_in(source, path)}
    assert "companion may not import calibration" in rules["calibration.gridfind"]
    assert "test-scene renderer" in rules["companion.vision.scene"]
    assert "companion may not import hardware" in rules["hardware.frames"]


def test_the_rules_know_neither_the_table_nor_the_camera():
    rule = broken_rule(Import(ROOT / "companion/games/go.py", 1, "companion.games.go",
                              ("companion.table.reading",), ""))
    assert rule is not None and "rules" in rule and "table" in rule
    assert broken_rule(Import(ROOT / "companion/geometry/grid.py", 1,
                              "companion.geometry.grid", ("companion.vision.config",), ""))
    assert broken_rule(Import(ROOT / "companion/table/session.py", 1,
                              "companion.table.session", ("companion.games.base",), "")) is None


def test_only_the_command_line_knows_every_layer():
    from companion import cli

    assert "composition root" in (cli.__doc__ or "")
    assert broken_rule(Import(ROOT / "companion/cli.py", 1, COMPOSITION_ROOT,
                              ("web.commands",), "")) is None
    assert all(_layer(name) in LAYERS or name.startswith("benchmarks.")
               for name in cli.COMMAND_MODULES)


def test_no_test_module_imports_another():
    """What tests share lives in ``tests/helpers`` (or a ``conftest.py``): a test module
    imported by another runs its tests twice and ties the two together."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for each in imports_in(path.read_text(encoding="utf-8"), path):
            if any(part.startswith("test_") for target in each.targets
                   for part in target.split(".")[1:] if target.startswith("tests.")):
                found.append(str(each))
    assert found == [], "test modules importing other tests:\n" + "\n".join(found)
