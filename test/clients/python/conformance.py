"""Runs the official python-fullcontact client, unmodified, against a running Kith.

Only the base URL is changed, as the client contract shows. Each check prints one line; the exit code is
the number of failed checks. Environment: KITH_URL (e.g. http://127.0.0.1:8080), KITH_API_KEY.
The checks grow with each operation Kith serves.
"""
import os
import sys

from fullcontact import FullContactClient
from fullcontact.api.base.base_api import BaseApi

BaseApi._BASE_URL = os.environ["KITH_URL"].rstrip("/") + "/v3/"
API_KEY = os.environ["KITH_API_KEY"]

failures = 0


def check(name, condition, detail=""):
    global failures
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"))
    if not condition:
        failures += 1


def describe(response):
    return f"status={response.get_status_code()} body={response.json()}"


# A wrong key: 401, not counted as success, with the JSON message readable through get_message().
refused = FullContactClient("kith_not-a-real-key").person.enrich(email="someone@example.com")
check("a wrong key is refused with 401", refused.get_status_code() == 401, describe(refused))
check("the 401 is not a success to the client", not refused.is_successful, describe(refused))
check("the 401 message is read from the JSON body", "API key" in refused.get_message(), refused.get_message())

# A valid key gets through authentication, content-type and body parsing with the client's own request:
# until person.enrich is served the answer is a JSON 404 naming the operation.
client = FullContactClient(API_KEY)
enrich = client.person.enrich(email="someone@example.com", headers={"Reporting-Key": "conformance"})
check("the client's request passes the edge", enrich.get_status_code() not in (400, 401, 413, 415), describe(enrich))
check("the answer is JSON the client parses", isinstance(enrich.json(), dict) and "status" in enrich.json(), describe(enrich))

# identity.resolve always carries ?tags=False|True: the query must not trouble the edge either.
resolve = client.identity.resolve(recordId="r-1", include_tags=True)
check("identity.resolve with ?tags=True passes the edge", resolve.get_status_code() not in (400, 401, 415), describe(resolve))

print(f"{failures} failed")
sys.exit(failures)
