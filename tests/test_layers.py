"""The package's imports point down its layers, and no module imports itself back in a cycle.

Every import counts, including those inside functions (a lazy import is still a dependency);
only `if TYPE_CHECKING:` blocks are left out, since they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sarifbandit"

#: layer of each top-level module or subpackage
LAYER_OF = {
    "model": "values",
    "errors": "values",
    "fingerprint": "values",
    "version": "values",
    "records": "values",
    "hashing": "values",
    "regex": "values",
    "usercache": "values",
    "analysis": "analysis",
    "plugins": "checks",
    "registry": "catalogue",
    "config": "config",
    "engine": "engine",
    "api": "api",
    "writers": "writers",
    "cli": "entry",
    "commands": "entry",
    "scan_options": "entry",
    "scanning": "entry",
    "action": "entry",
    "docs": "entry",
    "__main__": "entry",
    "__init__": "entry",
}

#: what each layer may import (its own layer is always allowed)
ALLOWED = {
    "values": set(),
    "analysis": {"values"},
    "checks": {"values", "analysis"},
    "catalogue": {"values", "checks"},
    # the config file's data-flow models are checked against the analysis's schema when read
    "config": {"values", "analysis", "catalogue"},
    "engine": {"values", "analysis", "catalogue", "config"},
    "api": {"values", "catalogue", "config", "engine"},
    # writers, baseline, diff and merge read a Report and describe the rules it holds: never
    # the engine, the API or the global catalogue
    "writers": {"values", "config"},
    "entry": set(LAYER_OF.values()),
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> Dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(name: str, path: Path, known: Set[str]) -> Set[str]:
    """The package's modules that `name` imports at run time."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: Set[str] = set()
    stack: List[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
        if _type_checking_only(node):
            continue
        stack.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from pkg import mod` imports the module pkg.mod
            targets = [f"{module}.{alias.name}" for alias in node.names] + [module]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and target.startswith("sarifbandit"):
                found.add(target)
    return found


def _graph() -> Dict[str, Set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    return LAYER_OF["__init__" if len(parts) == 1 else parts[1]]


def test_every_module_has_a_layer() -> None:
    for module in _modules():
        assert module.split(".")[1:2] == [] or module.split(".")[1] in LAYER_OF, module


def test_imports_point_down_the_layers() -> None:
    wrong = [
        f"{module} ({_layer(module)}) imports {target} ({_layer(target)})"
        for module, targets in _graph().items()
        for target in sorted(targets)
        if _layer(target) != _layer(module)
        and _layer(target) not in ALLOWED[_layer(module)]
        # a package's own __init__ is imported before any of its modules: not a dependency
        and target != "sarifbandit"
    ]
    assert wrong == []


def test_no_import_cycle() -> None:
    graph = {m: {t for t in ts if t != "sarifbandit"} for m, ts in _graph().items()}
    cycle = _find_cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def _find_cycle(graph: Dict[str, Set[str]]):
    state: Dict[str, int] = {}
    for start in sorted(graph):
        if state.get(start):
            continue
        path: List[str] = []
        stack = [(start, iter(sorted(graph.get(start, ()))))]
        state[start] = 1
        path.append(start)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                state[node] = 2
            elif state.get(child) == 1:
                return path[path.index(child) :] + [child]
            elif not state.get(child):
                state[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(graph.get(child, ())))))
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("layer", ["writers"])
def test_writers_import_no_engine(layer: str) -> None:
    graph = _graph()
    for module, targets in graph.items():
        if _layer(module) == layer:
            assert not {t for t in targets if _layer(t) in {"engine", "api"}}, module
