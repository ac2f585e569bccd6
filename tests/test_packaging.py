"""The wheel carries every package and every file the app reads (.ci/run installs the wheel and runs it)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def folder(package: str) -> Path:
    """Where a package's files are in the checkout, following pyproject's package-dir."""
    for name, path in SETUPTOOLS["package-dir"].items():
        if package == name or package.startswith(name + "."):
            return ROOT / path / Path(*package[len(name) :].split(".")[1:])
    return ROOT / Path(*package.split("."))


def test_every_code_and_asset_folder_is_a_listed_package():
    code = {
        ".".join(d.relative_to(ROOT).parts)
        for top in ("companion", "vision")
        for d in [ROOT / top, *(ROOT / top).rglob("*")]
        if d.is_dir() and d.name != "__pycache__"
    }
    assets = {"companion.assets"} | {f"companion.assets.{d.name}" for d in (ROOT / "assets").iterdir() if d.is_dir()}
    assert set(SETUPTOOLS["packages"]) == code | assets


def test_every_data_file_in_a_package_folder_is_package_data():
    for package in SETUPTOOLS["packages"]:
        parents = [p for p in SETUPTOOLS["packages"] if package == p or package.startswith(p + ".")]
        for file in folder(package).iterdir():
            if file.is_file() and file.suffix not in (".py", ".pyc"):
                assert any(
                    file.match(str(folder(p) / pattern))
                    for p in parents
                    for pattern in SETUPTOOLS["package-data"].get(p, [])
                ), f"{file} is left out of the wheel"
