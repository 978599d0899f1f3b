"""The engine stays pure Python: no module under rules/ imports Django, DRF, Celery or the apps."""

import ast
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "rules"
FORBIDDEN = {"django", "rest_framework", "celery", "cardcollections", "decks", "cardsite"}


def _imported_roots(tree: ast.AST) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                roots.add(arg.value.split(".")[0])
    return roots


MODULES = sorted(RULES_DIR.rglob("*.py"))


def test_it_finds_the_engine_modules():
    names = {p.relative_to(RULES_DIR).as_posix() for p in MODULES}
    assert {
        "cards.py",
        "decklist/parse.py",
        "decklist/resolving.py",
        "validation.py",
        "formats.py",
        "games/registry.py",
        "games/chapter_and_verse/construction.py",
    } <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_it_imports_nothing_from_django_or_the_apps(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = _imported_roots(tree) & FORBIDDEN
    assert not bad, f"{path.relative_to(ROOT)} imports {', '.join(sorted(bad))}"


def test_it_catches_a_django_import():
    # The checker itself must see every import form it is meant to forbid.
    source = "import django.db\nfrom rest_framework import serializers\nx = __import__('celery')\n"
    assert _imported_roots(ast.parse(source)) >= {"django", "rest_framework", "celery"}


def test_it_is_the_projects_own_rules_package():
    # The PyPI package "rules" (django-rules) must never shadow ours.
    assert Path(rules.__file__).resolve().parent == RULES_DIR
    assert RULES_DIR.is_relative_to(ROOT)
