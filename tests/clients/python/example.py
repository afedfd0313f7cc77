"""The REST API from Python with requests, sending what a generated client sends.

Lists the accounts, reads a wallet, creates a transaction template (retried with the same
Idempotency-Key), uploads a CSV statement and confirms it, reads the cash-flow summary, and reads
the error body of a 400 and a 404.

    PFA_BASE_URL=http://localhost:3000 PFA_TOKEN=pfa_... python3 tests/clients/python/example.py

PFA_ACCOUNT names the account to upload into (the first one listed otherwise). The token needs
transactions:read, wallets:read, transaction_templates:create, imports:create and reports:read.
Each step prints one JSON line (tests/http/clients.test.ts reads them).

The upload's fields go as openapi-python-client (through httpx) sends them: each field its own
part with Content-Type text/plain and no filename, the file a part with a filename. requests does
the same with a (None, value, "text/plain") tuple in `files`. Every answer other than 2xx carries
the error body {statusCode, code, message, error, request_id}: read it from response.json().
"""

import json
import os
import sys
import time
import uuid
from datetime import date, timedelta

import requests

BASE_URL = os.environ.get("PFA_BASE_URL", "").rstrip("/")
TOKEN = os.environ.get("PFA_TOKEN", "")
API = BASE_URL + "/api/v1/programmatic"


class ApiError(Exception):
    """A 4xx or 5xx answer, with the error body's code and message."""

    def __init__(self, response):
        try:
            body = response.json()
        except ValueError:
            body = {"code": None, "message": response.text}
        self.status = response.status_code
        self.code = body.get("code")
        self.message = body.get("message")
        super().__init__(f"{self.status} {self.code}: {self.message}")


def report(step, **values):
    print(json.dumps({"step": step, **values}), flush=True)


def call(session, method, path, **kwargs):
    response = session.request(method, API + path, timeout=30, **kwargs)
    if not response.ok:
        raise ApiError(response)
    return response


def list_accounts(session):
    return call(session, "GET", "/accounts", params={"limit": 200}).json()["data"]


def upload_statement(session, account_id, file_name, content, idempotency_key):
    """POST /imports as multipart/form-data, the fields as text/plain parts like a generated client."""
    files = [
        ("account_id", (None, str(account_id).encode(), "text/plain")),
        ("amount_semantics", (None, b"signed_debit_negative", "text/plain")),
        ("file", (file_name, content, "text/csv")),
    ]
    return call(session, "POST", "/imports", files=files, headers={"Idempotency-Key": idempotency_key})


def booked_import(session, import_id):
    """Polls the import until the worker has booked it (or given up)."""
    for _ in range(80):
        job = call(session, "GET", f"/imports/{import_id}").json()["data"]
        if job["attributes"]["status"] in ("completed", "failed"):
            return job
        time.sleep(0.25)
    return job


def main():
    if not BASE_URL or not TOKEN:
        sys.exit("set PFA_BASE_URL and PFA_TOKEN")
    run = uuid.uuid4().hex[:8]
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {TOKEN}"

    accounts = list_accounts(session)
    wanted = os.environ.get("PFA_ACCOUNT")
    account = next((a for a in accounts if wanted is None or a["attributes"]["name"] == wanted), None)
    if account is None:
        sys.exit(f"no account named {wanted}")
    attributes = account["attributes"]
    before = attributes["current_balance"]
    report("accounts", count=len(accounts), account=attributes["name"], currency=attributes["currency_code"], balance=before)

    wallet = call(session, "GET", f"/wallets/{attributes['wallet_id']}").json()["data"]
    report("wallet", id=wallet["id"], name=wallet["attributes"]["name"], accounts=len(wallet["attributes"]["accounts"]))

    # A retry with the same key and body answers the first response again (Idempotent-Replayed: true).
    template_body = {
        "direction": "expense",
        "name": f"Coffee {run}",
        "source_wallet_id": wallet["id"],
        "amount_minor": "380",
        "currency_code": attributes["currency_code"],
        "description": "Coffee",
    }
    template_key = {"Idempotency-Key": f"example-template-{run}"}
    template = call(session, "POST", "/transaction-templates", json=template_body, headers=template_key).json()["data"]
    retry = call(session, "POST", "/transaction-templates", json=template_body, headers=template_key)
    report(
        "template",
        id=template["id"],
        name=template["name"],
        amount_minor=template["fields"]["amountMinor"],
        retried_id=retry.json()["data"]["id"],
        replayed=retry.headers.get("Idempotent-Replayed") == "true",
    )

    # The TypeScript example books the same amounts: with similar descriptions these rows would be duplicates of its.
    day = (date.today() - timedelta(days=2)).isoformat()
    csv = f"Date,Description,Amount\r\n{day},Bakery Porto,-3.80\r\n{day},Parking fine refunded,25.00\r\n".encode()
    uploaded = upload_statement(session, account["id"], "statement.csv", csv, f"example-upload-{run}").json()["data"]
    report(
        "upload",
        id=uploaded["id"],
        day=day,
        status=uploaded["attributes"]["status"],
        total_rows=uploaded["attributes"]["total_rows"],
        amounts=[row["amount"] for row in uploaded["attributes"]["preview"]],
        states=[row["state"] for row in uploaded["attributes"]["preview"]],
    )

    confirm_key = {"Idempotency-Key": f"example-confirm-{run}"}
    confirmed = call(session, "POST", f"/imports/{uploaded['id']}/confirm", json={"skip_duplicates": True}, headers=confirm_key)
    booked = booked_import(session, uploaded["id"])
    after = next(a for a in list_accounts(session) if a["id"] == account["id"])["attributes"]["current_balance"]
    report(
        "confirm",
        status=confirmed.json()["data"]["attributes"]["status"],
        final_status=booked["attributes"]["status"],
        imported_count=booked["attributes"]["imported_count"],
        balance_before=before,
        balance_after=after,
    )

    month = day[:7]
    summary = call(session, "GET", "/reports/cash-flow-summary", params={"month": month}).json()["data"]
    report(
        "report",
        id=summary["id"],
        month=summary["attributes"]["month"],
        window=summary["window"],
        income=summary["attributes"]["total_income_agg"]["home_converted"]["amount"],
        expenses=summary["attributes"]["total_expenses_agg"]["home_converted"]["amount"],
    )

    # 4xx answers: the error body says what went wrong (here a text/plain field read and refused by value).
    try:
        upload_statement(session, "not-an-account-id", "statement.csv", csv, f"example-bad-upload-{run}")
    except ApiError as error:
        report("validation_error", status=error.status, code=error.code, message=error.message)
    try:
        call(session, "GET", f"/wallets/{uuid.uuid4()}")
    except ApiError as error:
        report("error", status=error.status, code=error.code, message=error.message)


if __name__ == "__main__":
    main()
