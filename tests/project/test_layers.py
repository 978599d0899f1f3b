"""The layering of docs/architecture.md ("Layers"), checked by import-linter, and the name `rules` being ours."""

import subprocess
import sys
from pathlib import Path

import rules

ROOT = Path(__file__).resolve().parents[2]


def test_the_import_contracts_hold():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports), str(ROOT / ".importlinter")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    contracts = (ROOT / ".importlinter").read_text().count("[importlinter:contract:")
    assert f"{contracts} kept, 0 broken" in result.stdout


def test_rules_is_the_projects_own_package():
    assert Path(rules.__file__).resolve().parent == ROOT / "rules"
