"""A stranger's Dask client: ``python stranger.py PORT...`` tries each port of 127.0.0.1 with
plain ``tcp://``, with ``tls://`` and a key of its own, and with ``tls://`` and no key; it
prints one JSON object: ``"scheme:port:key" -> what happened`` (``ran as uid N`` when it
could run code there). All tries share one deadline of a few seconds (a client speaking Dask
to an HTTP port waits for a reply that never comes), then the process exits without waiting
for the rest: a try that had no answer by then is "no answer", which refuses nothing.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import warnings

TRY_SECONDS = 6


def attempt(address: str, own_key: bool, results: dict[str, str], name: str) -> None:
    from distributed import Client, Security

    security = Security.temporary() if own_key else None
    try:
        client = Client(address, security=security, set_as_default=False, timeout=2)
    except Exception as exc:
        results[name] = f"refused: {type(exc).__name__}"
        return
    try:
        results[name] = f"ran as uid {client.run(os.getuid)}"
    except Exception as exc:
        results[name] = f"connected, run refused: {type(exc).__name__}"


def main() -> None:
    warnings.simplefilter("ignore")
    results: dict[str, str] = {}
    threads = []
    for port in sys.argv[1:]:
        for scheme, own_key in (("tcp", False), ("tls", True), ("tls", False)):
            name = f"{scheme}:{port}:{'own key' if own_key else 'no key'}"
            results[name] = "no answer"
            thread = threading.Thread(
                target=attempt,
                args=(f"{scheme}://127.0.0.1:{port}", own_key, results, name),
                daemon=True,
            )
            thread.start()
            threads.append(thread)
    deadline = time.monotonic() + TRY_SECONDS
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    print(json.dumps(results), flush=True)
    os._exit(0)


if __name__ == "__main__":
    main()
