"""The simulation cap counted across servers: slots as expiring keys in the shared store.

When ``SCORING_API_RATE_STORE`` is Redis (``./scripts/stack``, compose), every replica of
the API counts its simulations there, so ``SCORING_API_MAX_SIMULATIONS`` and
``SCORING_API_CLIENT_SIMULATIONS`` hold for the whole tier, not per machine. A slot is the
key ``scoring-api:simulation-slot:<i>`` (i below the cap) holding ``client\\nuntil``; one
Lua script looks at every slot and takes a free one atomically, so two replicas never take
the same slot nor pass one client's share together. A key lives ``LEASE_SECONDS`` and each
process renews the keys it holds every ``RENEW_SECONDS`` (a daemon thread): the slots of a
replica that dies (SIGKILL, a lost machine) come back within ``LEASE_SECONDS``.

If the store does not answer, ``take`` returns None and the caller counts on this machine
alone (the flock slots of ``admission.py``), as the rate limits fail open; it tries the
store again after ``RECHECK_SECONDS``.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

PREFIX = "scoring-api:simulation-slot:"
LEASE_SECONDS = 15
RENEW_SECONDS = 5
RECHECK_SECONDS = 5
TIMEOUT_SECONDS = 0.5

# KEYS: every slot. ARGV: client, value, lease ms, share. Returns {slot, own untils...} on
# success, {-1, untils of all held} when full, {-2, the client's untils} past its share.
_TAKE = """
local free = -1
local all, own = {}, {}
for i, key in ipairs(KEYS) do
  local held = redis.call('GET', key)
  if held then
    local client, untilv = string.match(held, '^(.-)\\n(.*)$')
    table.insert(all, untilv or '0')
    if client == ARGV[1] then table.insert(own, untilv or '0') end
  elseif free < 0 then
    free = i - 1
  end
end
local share = tonumber(ARGV[4])
if free >= 0 and share > 0 and #own >= share then return {-2, unpack(own)} end
if free < 0 then return {-1, unpack(all)} end
redis.call('SET', KEYS[free + 1], ARGV[2], 'PX', ARGV[3])
return {free}
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def redis_url(store: str) -> str | None:
    """redis-py's URL for a ``limits`` store URI, or None when it is not Redis."""
    if store.startswith("redis+unix://"):
        return "unix://" + store.removeprefix("redis+unix://")
    if store.startswith(("redis://", "rediss://")):
        return store
    return None


@dataclass(frozen=True, slots=True)
class Refused:
    """No slot for this request in the shared store."""

    own: bool
    """True: the client holds its share; False: every slot is taken."""
    untils: list[float]
    """When each slot that matters (the client's own, or all) is sure to be free."""


@dataclass(frozen=True, slots=True)
class Held:
    """A slot taken: the key, and the value that proves it is ours when it is freed."""

    key: str
    value: str


class SharedSlots:
    """This process's view of the shared slots: its connection and the keys it holds."""

    def __init__(self, url: str) -> None:
        import redis

        self._redis: Any = redis.Redis.from_url(
            url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
        )
        self._held: dict[str, str] = {}
        self._lock = threading.Lock()
        self._failed_at: float | None = None
        self._renewer: threading.Thread | None = None

    def take(self, cap: int, client: str, share: int, seconds: float) -> Held | Refused | None:
        """A slot taken, or why not; None: the store failed."""
        if self._failed_at is not None:
            if time.monotonic() - self._failed_at < RECHECK_SECONDS:
                return None
            self._failed_at = None
        until = time.time() + seconds if seconds > 0 else 0
        value = f"{client}\n{until:.3f}"
        keys = [f"{PREFIX}{slot}" for slot in range(cap)]
        try:
            answer = self._redis.eval(
                _TAKE, len(keys), *keys, client, value, LEASE_SECONDS * 1000, share
            )
        except Exception:
            log.warning("simulation slots' store failed: counting on this machine", exc_info=True)
            self._failed_at = time.monotonic()
            return None
        code = int(answer[0])
        if code < 0:
            return Refused(code == -2, [float(untilv) for untilv in answer[1:]])
        key = keys[code]
        with self._lock:
            self._held[key] = value
            self._start_renewer()
        return Held(key, value)

    def release(self, held: Held) -> None:
        with self._lock:
            self._held.pop(held.key, None)
        try:
            self._redis.eval(_RELEASE, 1, held.key, held.value)
        except Exception:  # the lease runs out by itself
            log.warning("could not free a simulation slot; it expires", exc_info=True)

    def _start_renewer(self) -> None:
        if self._renewer is None or not self._renewer.is_alive():
            self._renewer = threading.Thread(target=self._renew, name="slot-leases", daemon=True)
            self._renewer.start()

    def _renew(self) -> None:
        while True:
            time.sleep(RENEW_SECONDS)
            with self._lock:
                held = dict(self._held)
            for key in held:
                try:
                    self._redis.pexpire(key, LEASE_SECONDS * 1000)
                except Exception:
                    log.warning("could not renew a simulation slot's lease", exc_info=True)


_shared: dict[str, SharedSlots] = {}
_shared_lock = threading.Lock()


def slots_for(store: str) -> SharedSlots | None:
    """The process's shared slots for this store, or None when it is not a shared store."""
    url = redis_url(store)
    if url is None:
        return None
    with _shared_lock:
        if url not in _shared:
            _shared[url] = SharedSlots(url)
        return _shared[url]
