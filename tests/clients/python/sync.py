"""Keeps a copy of a workspace in a local SQLite file, reading only what changed since the last run.

    PFA_BASE_URL=http://localhost:3000 PFA_TOKEN=pfa_... PFA_SYNC_DB=copy.sqlite python3 sync.py

The first run reads each list in full (by cursor) and keeps the first page's meta.server_knowledge;
every later run sends it as `since` and applies the rows that changed (`data`) and the ones deleted
(`deleted`), page by page, then keeps the last page's token. A 410 SYNC_TOKEN_EXPIRED (the token is
older than the 90 days deletions are kept) starts that list again in full. The token needs
transactions:read and accounts:read. Each list prints one JSON line (tests/http/clients.test.ts reads them).
"""

import json
import os
import sqlite3

import requests

LISTS = {
    "transactions": "/api/v1/programmatic/transactions",
    "categories": "/api/v1/programmatic/categories",
    "accounts": "/api/v1/programmatic/accounts",
}
BASE_URL = os.environ["PFA_BASE_URL"]
SESSION = requests.Session()
SESSION.headers["Authorization"] = "Bearer " + os.environ["PFA_TOKEN"]


class ApiError(Exception):
    def __init__(self, response):
        body = response.json()
        super().__init__(f"{response.status_code} {body['code']}: {body['message']}")
        self.status = response.status_code
        self.code = body["code"]


def get(path, params):
    response = SESSION.get(BASE_URL + path, params=params, timeout=30)
    if response.status_code != 200:
        raise ApiError(response)
    return response.json()


def pages(path, params):
    """Every page of a list: the first with `params`, the next ones by next_cursor alone (with limit)."""
    answer = get(path, params)
    while True:
        yield answer
        cursor = answer["meta"]["next_cursor"]
        if cursor is None:
            return
        answer = get(path, {"cursor": cursor, "limit": params["limit"]})


def read_in_full(db, name, path):
    db.execute("DELETE FROM rows WHERE list = ?", (name,))
    knowledge = None
    for answer in pages(path, {"limit": 200}):
        knowledge = knowledge or answer["meta"]["server_knowledge"]  # the first page's
        db.executemany(
            "INSERT INTO rows (list, id, body) VALUES (?, ?, ?)",
            [(name, row["id"], json.dumps(row, sort_keys=True)) for row in answer["data"]],
        )
    return knowledge, {"mode": "full"}


def read_changes(db, name, path, since):
    changed = deleted = 0
    knowledge = since
    for answer in pages(path, {"since": since, "limit": 200}):
        for row in answer["data"]:
            db.execute(
                "INSERT INTO rows (list, id, body) VALUES (?, ?, ?) "
                "ON CONFLICT (list, id) DO UPDATE SET body = excluded.body",
                (name, row["id"], json.dumps(row, sort_keys=True)),
            )
        db.executemany("DELETE FROM rows WHERE list = ? AND id = ?", [(name, gone["id"]) for gone in answer["deleted"]])
        changed += len(answer["data"])
        deleted += len(answer["deleted"])
        knowledge = answer["meta"]["server_knowledge"]  # the last page's
    return knowledge, {"mode": "delta", "changed": changed, "deleted": deleted}


def main():
    db = sqlite3.connect(os.environ["PFA_SYNC_DB"])
    db.execute("CREATE TABLE IF NOT EXISTS rows (list TEXT, id TEXT, body TEXT, PRIMARY KEY (list, id))")
    db.execute("CREATE TABLE IF NOT EXISTS tokens (list TEXT PRIMARY KEY, knowledge TEXT NOT NULL)")
    for name, path in LISTS.items():
        with db:  # one SQLite transaction per list: a failed run leaves the copy and its token as they were
            stored = db.execute("SELECT knowledge FROM tokens WHERE list = ?", (name,)).fetchone()
            try:
                knowledge, result = read_changes(db, name, path, stored[0]) if stored else read_in_full(db, name, path)
            except ApiError as error:
                if error.code != "SYNC_TOKEN_EXPIRED":
                    raise
                knowledge, result = read_in_full(db, name, path)
            db.execute(
                "INSERT INTO tokens (list, knowledge) VALUES (?, ?) "
                "ON CONFLICT (list) DO UPDATE SET knowledge = excluded.knowledge",
                (name, knowledge),
            )
            count = db.execute("SELECT count(*) FROM rows WHERE list = ?", (name,)).fetchone()[0]
        print(json.dumps({"step": name, "rows": count, **result}))


if __name__ == "__main__":
    main()
