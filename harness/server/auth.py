"""Authors' tokens: issued by the operator (`arena ladder author add NAME`), shown once;
the database keeps only their sha256. A request names its author by its token alone
(`Authorization: Bearer <token>`), compared with every stored hash in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from harness.ladders.lifecycle import author_of
from harness.ladders.names import taken_by
from harness.ladders.service import LadderError
from harness.storage import authors as store_authors
from harness.storage.database import Store

#: what every token starts with (so a leaked one is recognisable in logs and diffs)
PREFIX = "arena_"


def new_token() -> tuple[str, str]:
    """A fresh token (32 random bytes) and its hash."""
    token = PREFIX + secrets.token_urlsafe(32)
    return token, hashed(token)


def hashed(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def add(store: Store, name: str) -> str:
    """Add author `name` (a valid entrant author name, not one of the authors' names by
    harness/ladders/names.py: no look-alike of another); their token, to be shown once."""
    name = author_of(name)
    other = taken_by([a.name for a in store_authors.authors(store) if a.name != name], name)
    if other is not None:
        raise LadderError(f"author {name!r} looks the same as the existing author {other!r}; "
                          "choose another name")
    token, digest = new_token()
    store_authors.add(store, name, digest)
    return token


def renew(store: Store, name: str) -> str:
    """A new token for `name`; the old one stops working."""
    token, digest = new_token()
    store_authors.set_token(store, name, digest)
    return token


def revoke(store: Store, name: str) -> None:
    """`name`'s token stops working; they keep their bots and names."""
    store_authors.set_token(store, name, None)


def who(store: Store, token: str) -> str | None:
    """The author whose token this is, or None; every stored hash is compared (in
    constant time), so how long it takes says nothing about which one matched."""
    digest = hashed(token)
    found = None
    for author in store_authors.authors(store):
        if author.token_hash is not None and hmac.compare_digest(author.token_hash, digest):
            found = author.name
    return found
