"""The build of the package (setuptools; the metadata is in pyproject.toml).

Beyond the sources, the wheel carries the engine compiled by mypyc: ``scoring_api/rules`` and
``scoring_api/sim``, from the same typed Python, into ``scoring_api/_compiled/`` with a manifest
of the sources' SHA-256 (``scoring_api/engine.py`` loads it only while they are unchanged).
Where no C compiler works, or with ``SCORING_API_BUILD=pure``, the build is the pure one, with
a warning and no error. ``python setup.py build_ext --inplace`` compiles the engine into a
checkout (``./scripts/setup`` does it when the sources change).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, CompileError, ExecError, PlatformError

ROOT = Path(__file__).resolve().parent
ENGINE_PACKAGES = ("scoring_api/rules", "scoring_api/sim")
GROUP = "scoring_api._engine"
"""mypyc's group: one shared library for every module, ``LIBRARY``."""
LIBRARY = GROUP + "__mypyc"
MANIFEST_FORMAT = "scoring-api-engine/1"  # scoring_api.engine.MANIFEST_FORMAT
IN_TREE = ROOT / "scoring_api" / "_compiled"


def engine_modules() -> list[str]:
    """The compiled modules' sources, relative to the root: every module of the engine's
    packages but their ``__init__``s (which only name what the modules hold)."""
    return sorted(
        path.relative_to(ROOT).as_posix()
        for package in ENGINE_PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if path.name != "__init__.py"
    )


def module_name(source: str) -> str:
    return source.removesuffix(".py").replace("/", ".")


def manifest() -> dict[str, object]:
    """What the compiled build records of itself: the sources' digests, the interpreter and
    the compiler."""
    import hashlib

    import mypy.version

    return {
        "format": MANIFEST_FORMAT,
        "cache_tag": sys.implementation.cache_tag,
        "compiler": f"mypyc {mypy.version.__version__}",
        "sources": {
            module_name(source): hashlib.sha256((ROOT / source).read_bytes()).hexdigest()
            for source in engine_modules()
        },
        "libraries": [LIBRARY],
    }


def _in_tree_build_is_current() -> bool:
    try:
        built = json.loads((IN_TREE / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(built == manifest())


def compiled_name(module: str) -> str:
    """The extension's name that puts a module's compiled file under ``_compiled/``
    (``scoring_api.rules.tiles`` is ``scoring_api._compiled.rules.tiles``)."""
    return "scoring_api._compiled." + module.removeprefix("scoring_api.")


def engine_extensions() -> list[Extension]:
    """mypyc's extensions, renamed so that they build into ``scoring_api/_compiled/``."""
    if os.environ.get("SCORING_API_BUILD") == "pure":
        return []
    from mypyc.build import mypycify

    extensions: list[Extension] = mypycify(
        engine_modules(), opt_level="3", group_name=GROUP, target_dir="build/mypyc"
    )
    for extension in extensions:
        extension.name = compiled_name(extension.name)
    return extensions


class BuildEngine(build_ext):
    """Compiles the engine, or gives the pure build where that fails; writes the manifest
    last, so that a half-done build is never loaded. A wheel built from a checkout whose
    in-tree build is current takes those files rather than compiling them again."""

    def run(self) -> None:
        if not self.extensions:
            return
        library = compiled_name(LIBRARY)
        target = IN_TREE if self.inplace else Path(self.get_ext_fullpath(library)).parent
        (target / "manifest.json").unlink(missing_ok=True)
        if not self.inplace and _in_tree_build_is_current():
            shutil.copytree(IN_TREE, target, dirs_exist_ok=True)
            return
        for extension in self.extensions:  # _compiled/ is no package: made here
            Path(self.get_ext_fullpath(extension.name)).parent.mkdir(parents=True, exist_ok=True)
        try:
            super().run()
        except (CCompilerError, CompileError, ExecError, PlatformError, OSError) as error:
            # No compiler, or a failing one: the pure build, said loudly.
            print(
                f"warning: the engine was not compiled ({error}); the build is pure",
                file=sys.stderr,
            )
            shutil.rmtree(target, ignore_errors=True)
            return
        (target / "manifest.json").write_text(json.dumps(manifest(), indent=1, sort_keys=True))


class BuildWithSpec(build_py):
    """The canonical spec lives at the top level; the wheel carries a byte-identical copy
    so that an installed service (the Docker image) can serve it. The package's last build
    is cleared first: setuptools keeps ``build/lib*`` between builds, and a module since
    removed would ride along in the wheel (and the engine, finding a module its build does
    not know, would run pure)."""

    def run(self) -> None:
        shutil.rmtree(Path(self.build_lib) / "scoring_api", ignore_errors=True)
        super().run()
        packaged = Path(self.build_lib) / "scoring_api" / "openapi.yaml"
        packaged.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "openapi.yaml", packaged)


setup(
    ext_modules=engine_extensions(),
    cmdclass={"build_ext": BuildEngine, "build_py": BuildWithSpec},
)
