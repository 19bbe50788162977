"""The service's scratch files: bounded while it runs, and what a killed run left, cleaned.

Prometheus multiprocess mode (``gunicorn.conf.py``) gives each worker its own files in the
metrics directory (``counter_<pid>.db``, ``histogram_<pid>.db``, ``gauge_livesum_<pid>.db``),
about 128 KB per worker; workers are recycled every ``GUNICORN_MAX_REQUESTS``, so the
directory would grow for the server's life. When a worker exits (``child_exit``),
``fold_dead`` drops its live gauges (``mark_process_dead``: they describe live workers only)
and adds its counters and histograms into one file per kind (``counter_dead.db``,
``histogram_dead.db``): sums stay sums, so a scrape shows the same totals and the directory
holds the live workers' files plus two. A fold holds the directory's ``fold.lock``
exclusively and a scrape holds it shared (``shared_read``), so no scrape sees a dead
worker's counts twice or not at all.

At start (``clean_stale``), directories a killed server left in ``/dev/shm`` (and the
temporary directory) are removed: each directory the service makes holds an ``owner`` file
with the pid of the process that made it, and one whose owner is gone (and is ours) goes.
POSIX semaphores (``sem.mp-*``, made by ``multiprocessing`` in Dask's processes) that are
ours and whose file no live process maps (by inode: the maps show a live one under another
name) are unlinked too: a SIGKILLed run cannot unlink its own, and another server's live
ones must stay.
This module imports no third-party package at import time: gunicorn's master loads it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

OWNER = "owner"
PREFIXES = ("scoring-api-metrics-", "scoring-api-cluster-", "scoring-api-slots-")
_FOLD_LOCK = "fold.lock"
_FOLDED = ("counter", "histogram")


def shm() -> str | None:
    """RAM-backed scratch space where the system has it: no disk writes."""
    return "/dev/shm" if os.path.isdir("/dev/shm") else None


def make_dir(prefix: str, base: str | None) -> Path:
    """A fresh 0700 directory that says who owns it (so a later start can tell it is stale)."""
    directory = Path(tempfile.mkdtemp(prefix=prefix, dir=base))
    claim(directory)
    return directory


def claim(directory: Path, pid: int | None = None) -> None:
    fd = os.open(directory / OWNER, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as owner:
        owner.write(str(pid or os.getpid()))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stale(directory: Path) -> bool:
    if not _ours(directory):
        return False
    try:
        return not _alive(int((directory / OWNER).read_text()))
    except (OSError, ValueError):
        return False  # no owner file (not ours, or still being made): leave it


def _mapped_files() -> set[tuple[int, int]]:
    """(device, inode) of every ``/dev/shm`` file a live process maps.

    By inode, not by name: glibc maps a new semaphore under its temporary name
    (``/dev/shm/sem.XXXXXX (deleted)``) before it links ``sem.mp-*`` to it, so a live
    semaphore's name is never in the maps. A process whose maps we cannot read is another
    user's (our semaphores are 0600) or not dumpable (a Python process that uses them is).
    """
    mapped: set[tuple[int, int]] = set()
    for maps in Path("/proc").glob("[0-9]*/maps"):
        try:
            text = maps.read_text()
        except OSError:  # exited meanwhile, or not ours to read
            continue
        for line in text.splitlines():
            if "/dev/shm/" not in line:
                continue
            fields = line.split(maxsplit=5)
            with contextlib.suppress(ValueError, IndexError):
                major, minor = fields[3].split(":")
                mapped.add((os.makedev(int(major, 16), int(minor, 16)), int(fields[4])))
    return mapped


def _unused_semaphores(base: str) -> list[Path]:
    """Our ``sem.mp-*`` semaphores that no live process maps (a SIGKILLed run's)."""
    semaphores = [p for p in Path(base).glob("sem.mp-*") if _ours(p)]
    if not semaphores:
        return []
    mapped = _mapped_files()
    unused = []
    for semaphore in semaphores:
        with contextlib.suppress(OSError):
            status = semaphore.stat()
            if (status.st_dev, status.st_ino) not in mapped:
                unused.append(semaphore)
    return unused


def clean_stale(bases: list[str | None] | None = None) -> list[str]:
    """Remove what killed runs of the service left behind; return what was removed."""
    removed: list[str] = []
    for base in bases if bases is not None else [shm(), tempfile.gettempdir()]:
        if base is None or not os.path.isdir(base):
            continue
        for entry in Path(base).iterdir():
            if entry.name.startswith(PREFIXES) and entry.is_dir() and _stale(entry):
                shutil.rmtree(entry, ignore_errors=True)
                removed.append(str(entry))
    base = shm()
    for semaphore in _unused_semaphores(base) if base is not None else []:
        with contextlib.suppress(OSError):
            semaphore.unlink()
            removed.append(str(semaphore))
    return removed


def _ours(path: Path) -> bool:
    try:
        return path.stat().st_uid == os.getuid()
    except OSError:
        return False


@contextlib.contextmanager
def _locked(directory: str, mode: int) -> Iterator[None]:
    fd = os.open(os.path.join(directory, _FOLD_LOCK), os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, mode)
        yield
    finally:
        os.close(fd)


def shared_read(directory: str) -> contextlib.AbstractContextManager[None]:
    """Hold while reading the metrics files: no fold happens meanwhile."""
    return _locked(directory, fcntl.LOCK_SH)


def fold_dead(pid: int, directory: str) -> None:
    """A dead worker's metrics files: live gauges dropped, counts added into the ``dead``
    files, its own files removed."""
    from prometheus_client import multiprocess
    from prometheus_client.mmap_dict import MmapedDict

    with _locked(directory, fcntl.LOCK_EX):
        multiprocess.mark_process_dead(pid, directory)  # type: ignore[no-untyped-call]
        for kind in _FOLDED:
            source = os.path.join(directory, f"{kind}_{pid}.db")
            if not os.path.exists(source):
                continue
            values = list(MmapedDict.read_all_values_from_file(source))  # type: ignore[no-untyped-call]
            target = MmapedDict(os.path.join(directory, f"{kind}_dead.db"))  # type: ignore[no-untyped-call]
            try:
                for key, value, timestamp, _ in values:
                    total, _stamp = target.read_value(key)  # type: ignore[no-untyped-call]
                    target.write_value(key, total + value, timestamp)  # type: ignore[no-untyped-call]
            finally:
                target.close()  # type: ignore[no-untyped-call]
            os.remove(source)
