"""Schemathesis hooks of the fuzz run (test/fuzz/schemathesis.test.ts).

The fuzzer draws Idempotency-Key values from a small space ("0", "00", ...), so most requests would reuse a key
another body already used, and be answered 422 as docs/decisions.md ("Idempotency-Key") says they must: the run
would test that one rule over and over and reach no operation's logic. A generated key within the documented
bounds (1 to 255 characters) is made unique by a suffix; one outside them is sent as generated, to be refused.
"""
import uuid

import schemathesis

HEADER = "idempotency-key"
MAX_LENGTH = 255
SUFFIX_LENGTH = 37


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    """Every phase's cases pass here just before they are sent (map_headers misses the coverage phase's)."""
    for name, value in list((case.headers or {}).items()):
        if name.lower() == HEADER and isinstance(value, str) and 0 < len(value) <= MAX_LENGTH:
            case.headers[name] = f"{value[: MAX_LENGTH - SUFFIX_LENGTH]}-{uuid.uuid4()}"
