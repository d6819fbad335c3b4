"""Runs the official python-fullcontact client, unmodified, against a running Kith.

Only the base URL is changed, as the client contract shows. Each check prints one line; the exit code is
the number of failed checks. Environment: KITH_URL (e.g. http://127.0.0.1:8080), KITH_API_KEY, and a person
Kith holds: KITH_PERSON_EMAIL, KITH_PERSON_PHONE, KITH_PERSON_NAME (its full name); KITH_WEBHOOK_URL receives
the webhook answer (the test harness checks that); a company Kith holds: KITH_COMPANY_DOMAIN, KITH_COMPANY_NAME,
and KITH_COMPANY_WEBHOOK_URL for its webhook answer. The checks grow with each operation Kith serves.
"""
import gzip
import io
import json
import os
import sys
import time
import uuid

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

client = FullContactClient(API_KEY)
EMAIL = os.environ["KITH_PERSON_EMAIL"]
NAME = os.environ["KITH_PERSON_NAME"]

# person.enrich: a hit by email (with a per-call header, which this client sends as a query parameter).
hit = client.person.enrich(email=EMAIL, headers={"Reporting-Key": "conformance"})
check("person.enrich by email matches", hit.get_status_code() == 200 and hit.is_successful, describe(hit))
check("the summary carries the full name", hit.get_summary().get("fullName") == NAME, hit.get_summary())
check("get_name() reads details.name", hit.get_name().get("full") == NAME, hit.get_name())
check("get_emails() lists the email with its hashes",
      any(e.get("value") == EMAIL and len(e.get("md5", "")) == 32 for e in hit.get_emails()), hit.get_emails())
check("get_identifiers() reads details.identifiers", isinstance(hit.get_identifiers().get("maids"), list), hit.get_identifiers())

# The same person by phone and by the plural forms.
by_phone = client.person.enrich(phones=[os.environ["KITH_PERSON_PHONE"]], emails=[])
check("person.enrich by phone matches", by_phone.get_summary().get("fullName") == NAME, describe(by_phone))

# A miss is 404 "Profile not found", which this client counts as a success.
miss = client.person.enrich(email="nobody-at-all@example.org")
check("a miss is 404", miss.get_status_code() == 404, describe(miss))
check("the 404 is a success to the client", miss.is_successful, describe(miss))
check("the 404 message is Profile not found", miss.get_message() == "Profile not found", miss.get_message())

# With a webhook: 202 at once; the harness checks what arrives at the URL.
queued = client.person.enrich(email=EMAIL, webhookUrl=os.environ["KITH_WEBHOOK_URL"])
check("with webhookUrl the answer is 202", queued.get_status_code() == 202 and queued.is_successful, describe(queued))

# identity.map, identity.resolve (its ?tags=True|False query included) and identity.delete.
record_id = f"py-{uuid.uuid4()}"
mapped = client.identity.map(recordId=record_id, email=EMAIL,
                             tags=[{"key": "segment", "value": "gold"}, {"key": "segment", "value": "trial"}])
check("identity.map answers the recordId", mapped.get_status_code() == 200 and mapped.get_recordIds() == [record_id], describe(mapped))
resolved = client.identity.resolve(recordId=record_id)
check("identity.resolve by recordId", resolved.get_recordIds() == [record_id] and len(resolved.get_personIds()) == 1, describe(resolved))
by_email = client.identity.resolve(email=EMAIL)
check("identity.resolve by email", record_id in by_email.get_recordIds(), describe(by_email))
with_tags = client.identity.resolve(recordId=record_id, include_tags=True)
check("identity.resolve ?tags=True adds the tags by recordId",
      with_tags.json().get("tags") == {record_id: [{"key": "segment", "value": "gold"}, {"key": "segment", "value": "trial"}]},
      describe(with_tags))
unknown = client.identity.resolve(recordId=f"unknown-{uuid.uuid4()}")
check("an unknown record is a 404 the client takes as success", unknown.get_status_code() == 404 and unknown.is_successful, describe(unknown))

# tags.create, tags.get and tags.delete; this client regroups tags to {key: [values]}.
created = client.tags.create(recordId=record_id, tags={"region": "emea"})
check("tags.create answers 200", created.get_status_code() == 200 and created.is_successful, describe(created))
got = client.tags.get(recordId=record_id)
check("tags.get lists every tag", got.get_tags() == {"segment": ["gold", "trial"], "region": ["emea"]}, describe(got))
deleted = client.tags.delete(recordId=record_id, tags={"segment": "trial"})
check("tags.delete is a success", deleted.is_successful and deleted.json().get("status") == 204, describe(deleted))
check("the deleted tag is gone", client.tags.get(recordId=record_id).get_tags() == {"segment": ["gold"], "region": ["emea"]})

# audience.create on the record's tag (with a webhookUrl this client returns the bare response: read its
# JSON), then audience.download of the gzip file once it is built.
audience = client.audience.create(webhookUrl=os.environ["KITH_WEBHOOK_URL"] + "/audience", tags={"segment": "gold"})
check("audience.create answers 202 with a requestId", audience.get_status_code() == 202 and audience.json().get("requestId"), describe(audience))
for _ in range(100):
    downloaded = client.audience.download(requestId=audience.json()["requestId"])
    if downloaded.get_status_code() != 202:
        break
    time.sleep(0.2)
check("audience.download answers 200 once built", downloaded.get_status_code() == 200 and downloaded.is_successful, f"status={downloaded.get_status_code()}")
saved = io.BytesIO()
check("write_to_file saves the bytes", downloaded.write_to_file(saved))
members = json.loads(gzip.decompress(saved.getvalue()))["members"]
check("the file lists the tagged record", [m["recordid"] for m in members] == [record_id], members)

removed = client.identity.delete(recordId=record_id)
check("identity.delete answers 204", removed.get_status_code() == 204 and removed.is_successful, f"status={removed.get_status_code()}")

# company.enrich: a hit by domain (in another writing), a miss as a successful 404, and a webhook answer.
DOMAIN = os.environ["KITH_COMPANY_DOMAIN"]
company = client.company.enrich(domain=f"https://www.{DOMAIN.upper()}/about")
check("company.enrich by domain matches", company.get_status_code() == 200 and company.is_successful, describe(company))
check("the summary carries the company name", company.get_summary().get("name") == os.environ["KITH_COMPANY_NAME"], company.get_summary())
check("details carry images with url and value",
      all(image.get("url") and image.get("value") for image in company.get_details().get("images", [])), company.get_details())
unknown_company = client.company.enrich(domain="no-such-company-python.example.org")
check("an unknown domain is 404 NOT_REGISTERED", unknown_company.get_status_code() == 404
      and unknown_company.json().get("reasonCode") == "NOT_REGISTERED", describe(unknown_company))
check("the company 404 is a success to the client", unknown_company.is_successful, describe(unknown_company))
queued_company = client.company.enrich(domain=DOMAIN, webhookUrl=os.environ["KITH_COMPANY_WEBHOOK_URL"])
check("company.enrich with webhookUrl is 202", queued_company.get_status_code() == 202 and queued_company.is_successful,
      describe(queued_company))

# permission.create (the individual in `query`), find, current, verify and delete.
consent_email = f"consent-{uuid.uuid4()}@example.org"
given = client.permission.create(
    query={"email": consent_email},
    consentPurposes=[{"purposeId": 2, "channel": ["web"], "ttl": 365, "enabled": True}],
    policyUrl="https://example.org/privacy", termsService="https://example.org/terms",
    collectionMethod="web form", collectionLocation="https://example.org/signup")
check("permission.create answers 202", given.get_status_code() == 202 and given.is_successful, describe(given))
found = client.permission.find(email=consent_email)
check("permission.find lists the event", found.get_status_code() == 200 and len(found.json()) == 1, describe(found))
current = client.permission.current(email=consent_email)
check("permission.current is keyed by purpose then channel",
      current.json().get("2", {}).get("web", {}).get("enabled") is True, describe(current))
verified = client.permission.verify(query={"email": consent_email}, purposeId=2, channel="web")
check("permission.verify answers the purpose", verified.json().get("purposeName") == "Personalized Ads Profile", describe(verified))
withdrawn = client.permission.delete(email=consent_email)
check("permission.delete answers 202", withdrawn.get_status_code() == 202, describe(withdrawn))
check("nothing is current after it", client.permission.current(email=consent_email).json() == {})

# verify.match, verify.signals and verify.activity, read through the client's getters.
matched = client.verify.match(email=EMAIL, phone=os.environ["KITH_PERSON_PHONE"])
check("verify.match answers 200", matched.get_status_code() == 200 and matched.is_successful, describe(matched))
check("verify.match: the email and the phone are the person's own",
      matched.get_email() == "self" and matched.get_phone() == "self", describe(matched))
nobody = client.verify.match(email=f"nobody-{uuid.uuid4()}@example.org")
check("verify.match of nobody is a 404 the client takes as success", nobody.get_status_code() == 404 and nobody.is_successful,
      describe(nobody))
signals = client.verify.signals(email=EMAIL)
check("verify.signals lists the email with its SHA-1",
      any(len(e.get("sha1", "")) == 40 for e in signals.get_emails() or []), describe(signals))
check("verify.signals gives one person id", len(signals.get_personIds() or []) == 1, describe(signals))
check("verify.signals gives the name", (signals.get_name() or {}).get("familyName"), describe(signals))
activity = client.verify.activity(email=EMAIL)
check("verify.activity scores emails in 0..1", 0 < (activity.get_emails() or 0) <= 1, describe(activity))

print(f"{failures} failed")
sys.exit(failures)
