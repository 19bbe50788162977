"""Which build of the engine runs: the rules core and the simulator compiled by mypyc, or the
same Python sources interpreted.

The compiled modules are not put beside their sources, where Python would import them in
place of a source edited since: they live in ``_compiled/`` with a manifest of the SHA-256 of
every source they were compiled from, and a finder on ``sys.meta_path`` serves them only while
every one of those sources is unchanged. All or nothing: compiled modules call each other
directly, so one edited source sends the whole engine back to the sources.

``SCORING_API_ENGINE`` chooses: ``auto`` (the default: compiled when it is there and current),
``pure`` (always the sources), ``compiled`` (refuse to start without a current build).
``ENGINE`` says which build this process runs, and why (``/readyz`` and ``build_info`` show
it).
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import importlib
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ENGINE_VARIABLE = "SCORING_API_ENGINE"
MODES = ("auto", "pure", "compiled")
PACKAGE = Path(__file__).resolve().parent
COMPILED = PACKAGE / "_compiled"
MANIFEST = COMPILED / "manifest.json"
MANIFEST_FORMAT = "scoring-api-engine/1"


@dataclass(frozen=True, slots=True)
class Engine:
    """The build this process runs."""

    build: str
    """``compiled`` or ``pure``."""
    mode: str
    """What ``SCORING_API_ENGINE`` asked for: ``auto``, ``pure`` or ``compiled``."""
    reason: str
    """Why this build: what the manifest said, or what was missing."""
    compiler: str | None
    """The compiler and its version (``mypyc 2.4.1``) of a compiled build."""

    def as_json(self) -> dict[str, str | None]:
        """As ``/readyz`` shows it."""
        return dataclasses.asdict(self)


def source_digest(path: Path) -> str:
    """The SHA-256 of a source file, as the manifest records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_source(module: str) -> Path:
    """The source file of one of the package's modules (``scoring_api.rules.tiles``)."""
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def compiled_file(module: str) -> Path:
    """Where the build puts a module's compiled file: under ``_compiled/``, the package's
    prefix dropped (``scoring_api.rules.tiles`` is ``_compiled/rules/tiles.<suffix>``)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    relative = module.split(".")[1:]
    return COMPILED.joinpath(*relative).with_name(relative[-1] + suffix)


def _engine_modules() -> set[str]:
    """The modules the build compiles, as setup.py lists them: every module of the rules
    core and the simulator but their ``__init__``s."""
    return {
        "scoring_api." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        for package in ("rules", "sim")
        for path in (PACKAGE / package).rglob("*.py")
        if path.name != "__init__.py"
    }


def _check_manifest() -> tuple[dict[str, Any] | None, str]:
    """The manifest if it is current for this interpreter and these sources, and why not."""
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, "no compiled build is installed"
    except (OSError, ValueError) as error:
        return None, f"the compiled build's manifest is unreadable: {error}"
    if manifest.get("format") != MANIFEST_FORMAT:
        return None, "the compiled build's manifest is of another format"
    if manifest.get("cache_tag") != sys.implementation.cache_tag:
        return None, f"the compiled build is for {manifest.get('cache_tag')}"
    for module, digest in manifest["sources"].items():
        source = module_source(module)
        if not source.is_file() or source_digest(source) != digest:
            return None, f"{source.name} ({module}) has changed since the engine was compiled"
    added = sorted(_engine_modules() - set(manifest["sources"]))
    if added:
        return None, f"{added[0]} is new since the engine was compiled"
    for module in [*manifest["sources"], *manifest["libraries"]]:
        if not compiled_file(module).is_file():
            return None, f"the compiled file of {module} is missing"
    return manifest, "every source is unchanged since the engine was compiled"


def _reduce_frozen(obj: Any) -> tuple[type, tuple[object, ...]]:
    fields = dataclasses.fields(obj)
    return type(obj), tuple(getattr(obj, field.name) for field in fields if field.init)


class _CompiledFinder:
    """Serves the compiled modules named in the manifest; every other import goes on."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        location = str(compiled_file(fullname))
        return importlib.machinery.ModuleSpec(
            fullname, importlib.machinery.ExtensionFileLoader(fullname, location), origin=location
        )


def choose(mode: str) -> tuple[Engine, dict[str, Any] | None]:
    """The build ``mode`` gives here, and the manifest to load it by (None: pure)."""
    if mode not in MODES:
        raise RuntimeError(f"{ENGINE_VARIABLE} must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "pure":
        return Engine("pure", mode, f"{ENGINE_VARIABLE}=pure", None), None
    manifest, reason = _check_manifest()
    if manifest is None:
        if mode == "compiled":
            raise RuntimeError(f"{ENGINE_VARIABLE}=compiled, but {reason}")
        return Engine("pure", mode, reason, None), None
    return Engine("compiled", mode, reason, manifest["compiler"]), manifest


def _install() -> Engine:
    engine, manifest = choose(os.environ.get(ENGINE_VARIABLE, "auto"))
    if manifest is not None:
        loaded = [m for m in manifest["sources"] if m in sys.modules]
        if loaded:  # imported before the finder: a mixed engine would not work
            raise RuntimeError(f"imported before the engine was chosen: {', '.join(loaded)}")
        sys.meta_path.insert(0, _CompiledFinder([*manifest["sources"], *manifest["libraries"]]))
        _let_frozen_classes_pickle(manifest["sources"])
    return engine


def _let_frozen_classes_pickle(modules: Sequence[str]) -> None:
    """Let the compiled frozen dataclasses be pickled (to the cluster's workers and the
    process pools): a compiled class unpickles by setting its fields one by one, which a
    frozen class refuses, so each pickles as a call of its constructor. Every module is
    imported now, since the compiled modules import each other without the import system's
    loaders."""
    for name in modules:
        module = importlib.import_module(name)
        for value in list(vars(module).values()):
            if (
                isinstance(value, type)
                and value.__module__ == name
                and dataclasses.is_dataclass(value)
                and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
            ):
                copyreg.pickle(value, _reduce_frozen)


ENGINE = _install()
"""The build of this process, chosen once when the package is first imported."""
