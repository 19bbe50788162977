"""Slots counted across servers: a pool's holders in one hash of the shared store.

When ``SCORING_API_RATE_STORE`` is Redis (``./scripts/stack``, compose), every replica of
the API counts its work there, so a pool's cap and a client's share hold for the whole
tier, not per machine. A pool's slots are the hash ``scoring-api:slots:<pool>``: one field
per holder (an id its process made) holding its record (``Holder.text()``) and the end of
its lease (the store's clock, ms). One Lua script drops the holders whose lease ended and
takes a slot under the rule of ``admission_slots.refuse``, atomically: two replicas never
pass the cap nor one client's share together.

Each process writes every holder it has again every ``RENEW_SECONDS`` (a daemon thread),
which renews their leases: a replica that dies (SIGKILL, a lost machine) gives its slots
back within ``LEASE_SECONDS``. The same write puts the holders back into a store that
restarted empty (Redis keeps nothing on disk here), and adds the slots a process took on
its own machine while the store failed. Until they are all back, the store would admit
too many: so a store that has lost its slots admits nobody for ``RECOUNT_SECONDS`` (more
than two renewals). It knows by the key ``COUNTED``, which says since when (its clock, ms)
its count is whole: absent after a restart, the first take sets it to now plus
``RECOUNT_SECONDS`` and is refused, as is every take before that time (a 503 whose
``Retry-After`` is the time left). ``./scripts/stack`` sets it to 0 when it starts Redis
afresh (nothing ran before): no wait there.

If the store does not answer, ``take`` returns None and the caller counts on this machine
alone (``admission_slots.LocalSlots``), as the rate limits fail open; it tries the store
again after ``RECHECK_SECONDS``.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from typing import Any

from .admission_slots import Holder, Refusal, Why

log = logging.getLogger(__name__)

PREFIX = "scoring-api:slots:"
COUNTED = "scoring-api:slots-counted-since"
LEASE_SECONDS = 15
RENEW_SECONDS = 2
RECOUNT_SECONDS = 5
RECHECK_SECONDS = 5
TIMEOUT_SECONDS = 0.5

_NOW = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
"""
# KEYS: the pool's hash, COUNTED. ARGV: id, client, record, lease ms, cap, share, recount ms.
# Returns {0} when taken; {-1, untils of all} full; {-2, the client's untils} past its
# share; {-3, seconds until the count is whole} while the holders are told again.
_TAKE = (
    _NOW
    + """
local counted = redis.call('GET', KEYS[2])
if not counted then
  counted = ms + tonumber(ARGV[7])
  redis.call('SET', KEYS[2], counted)
end
if ms < tonumber(counted) then return {-3, tostring((tonumber(counted) - ms) / 1000)} end
local all, own = {}, {}
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local client, untilv, ends = string.match(fields[i + 1], '^(.-)\\n(.-)\\n(.*)$')
  if not ends or tonumber(ends) <= ms then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    table.insert(all, untilv)
    if client == ARGV[2] then table.insert(own, untilv) end
  end
end
if #all >= tonumber(ARGV[5]) then return {-1, unpack(all)} end
local share = tonumber(ARGV[6])
if share > 0 and #own >= share then return {-2, unpack(own)} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3] .. '\\n' .. (ms + tonumber(ARGV[4])))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {0}
"""
)
# KEYS: the pool's hash. ARGV: lease ms, then id and record of each holder.
_RENEW = (
    _NOW
    + """
for i = 2, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1] .. '\\n' .. (ms + tonumber(ARGV[1])))
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
"""
)
_REFUSED = {-1: Why.FULL, -2: Why.SHARE, -3: Why.RECOUNTING}


def redis_url(store: str) -> str | None:
    """redis-py's URL for a ``limits`` store URI, or None when it is not Redis."""
    if store.startswith("redis+unix://"):
        return "unix://" + store.removeprefix("redis+unix://")
    if store.startswith(("redis://", "rediss://")):
        return store
    return None


def _connect(url: str) -> Any:
    import redis

    return redis.Redis.from_url(
        url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
    )


class SharedSlots:
    """This process's view of a pool's shared slots: its connection and its holders."""

    def __init__(self, url: str, pool: str) -> None:
        self._redis: Any = _connect(url)
        self._key = PREFIX + pool
        self._held: dict[str, Holder] = {}  # in the store, or to be put there
        self._lock = threading.Lock()
        self._failed_at: float | None = None
        self._renewer: threading.Thread | None = None
        self._renew_failing = False

    def take(self, cap: int, holder: Holder, share: int) -> str | Refusal | None:
        """A slot taken (its id), or why not; None: the store failed."""
        if self._failed_at is not None:
            if time.monotonic() - self._failed_at < RECHECK_SECONDS:
                return None
            self._failed_at = None
        slot = uuid.uuid4().hex
        args = [slot, holder.client, holder.text(), LEASE_SECONDS * 1000, cap, share]
        try:
            answer = self._redis.eval(_TAKE, 2, self._key, COUNTED, *args, RECOUNT_SECONDS * 1000)
        except Exception:
            log.warning("the slots' store failed: counting on this machine", exc_info=True)
            self._failed_at = time.monotonic()
            return None
        code = int(answer[0])
        if code < 0:
            if code == -3:  # seconds until the count is whole: a time from now
                return Refusal(Why.RECOUNTING, (time.time() + float(answer[1]),))
            return Refusal(_REFUSED[code], tuple(float(until) for until in answer[1:]))
        self.remember(slot, holder)
        return slot

    def held(self) -> int | None:
        """How many slots the store holds now (leases just run out included); None: the
        store failed."""
        try:
            return int(self._redis.hlen(self._key))
        except Exception:
            return None

    def remember(self, slot: str, holder: Holder) -> None:
        """Keep ``slot`` in the store (taken here, or on this machine while it failed) with
        ``holder``'s record, renewed until it is released."""
        with self._lock:
            self._held[slot] = holder
            if self._renewer is None or not self._renewer.is_alive():
                self._renewer = threading.Thread(
                    target=self._renew, name="slot-leases", daemon=True
                )
                self._renewer.start()

    def release(self, slot: str) -> None:
        with self._lock:  # never between a renewal's look at the holders and its write
            self._held.pop(slot, None)
            try:
                self._redis.hdel(self._key, slot)
            except Exception:  # its lease runs out by itself
                log.warning("could not free a slot in the store; it expires", exc_info=True)

    def relabel(self, slot: str, holder: Holder) -> None:
        """A held slot's new record (its work now ends sooner), in the store at once."""
        with self._lock:
            if slot in self._held:
                self._held[slot] = holder
                self._write({slot: holder})

    def _renew(self) -> None:
        while True:
            time.sleep(RENEW_SECONDS)
            with self._lock:
                self._write(self._held)

    def _write(self, held: dict[str, Holder]) -> None:
        """Write holders (again), each with a new lease: back if the store lost them. Under
        the lock: a slot released meanwhile would come back until its lease ran out."""
        if not held:
            return
        records = [value for slot, holder in held.items() for value in (slot, holder.text())]
        try:
            self._redis.eval(_RENEW, 1, self._key, LEASE_SECONDS * 1000, *records)
        except Exception as exc:
            if not self._renew_failing:
                log.warning("could not renew the slots' leases: %s", exc)
            self._renew_failing = True
        else:
            self._renew_failing = False


_shared: dict[tuple[str, str], SharedSlots] = {}
_shared_lock = threading.Lock()


def slots_for(store: str, pool: str) -> SharedSlots | None:
    """The process's shared slots of ``pool`` in this store; None when it is not shared."""
    url = redis_url(store)
    if url is None:
        return None
    with _shared_lock:
        if (url, pool) not in _shared:
            _shared[(url, pool)] = SharedSlots(url, pool)
        return _shared[(url, pool)]
