"""Another local account, for the tests of what a stranger on the same machine can do.

``stranger()`` is a system account with no home and no shell, made with Debian's
``useradd`` when missing (by the test as root, or by CI's ``cluster`` step). Its commands
run as it directly under root, else through ``sudo -n -u``. The tests that need it skip
when it cannot be had, or fail under ``LOCAL_USER_REQUIRED=1`` (CI): no silent skip there.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
from dataclasses import dataclass
from typing import Any

import pytest

NAME = "scoring-api-stranger"


@dataclass(frozen=True)
class Account:
    name: str
    uid: int
    gid: int

    def run(self, command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        """``command`` as this account (none of our groups), its output as text."""
        if os.geteuid() == 0:
            kwargs |= {"user": self.uid, "group": self.gid, "extra_groups": []}
        else:
            command = ["sudo", "-n", "-u", self.name, "--", *command]
        done: subprocess.CompletedProcess[str] = subprocess.run(
            command, capture_output=True, text=True, check=True, timeout=60, **kwargs
        )
        return done


def _can_sudo() -> bool:
    if not shutil.which("sudo"):
        return False
    done = subprocess.run(["sudo", "-n", "-u", NAME, "--", "true"], capture_output=True)
    return done.returncode == 0


def stranger() -> Account:
    """The other account (made if missing and we are root); skip, or fail when required."""
    if os.geteuid() == 0 and shutil.which("useradd"):
        try:
            pwd.getpwnam(NAME)
        except KeyError:
            subprocess.run(
                ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", NAME],
                check=True,
                capture_output=True,
            )
    try:
        entry = pwd.getpwnam(NAME)
    except KeyError:
        entry = None
    if entry is None or (os.geteuid() != 0 and not _can_sudo()):
        reason = f"no second account {NAME} to run as (root makes it; else sudo -u)"
        if os.environ.get("LOCAL_USER_REQUIRED") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return Account(NAME, entry.pw_uid, entry.pw_gid)
