"""Who owns what on a ladder, and the lifecycle commands' work: retire, reactivate,
delete an entrant or a whole ladder (storage: harness/storage/lifecycle.py).

Every entrant name belongs to an author: locally the operating-system user unless
`--author` says otherwise (stored per entrant, so an authenticated server can fill it in
later). A ladder belongs to the author who created it. An entrant's author or the
ladder's owner may retire, reactivate or delete it; only the ladder's owner deletes the
ladder. Rows from before owners (author '') may be managed by anyone, and the first
author to submit under such a name claims it.
"""

from __future__ import annotations

import getpass
import shutil
from pathlib import Path

from harness.ladders.names import owns
from harness.ladders.pin import forget_unused
from harness.ladders.service import LadderError, check_entrant_name
from harness.sandbox.bundle import remove_tree
from harness.storage import ladders as ls
from harness.storage import lifecycle
from harness.storage.database import Store


class NotYours(LadderError):
    """A bot or ladder the asker may not manage (a server answers 403)."""


def author_of(given: str | None) -> str:
    """The acting author: `given` (`--author`), else the operating-system user."""
    if given is None:
        try:
            given = getpass.getuser()
        except (KeyError, OSError):
            raise LadderError("cannot tell who you are (no user name); give --author") from None
    try:
        return check_entrant_name(given)
    except LadderError as e:
        raise LadderError(str(e).replace("bot name (--as)", "author (--author)")) from None


def check_owner(lad: ls.Ladder, versions: list[ls.Entrant], author: str, act: str) -> None:
    """Refuse (one line) unless `author` may `act` on the bot whose `versions` these are."""
    owner = next((e.author for e in versions if e.author), "")
    if not (owns(owner, author) or (lad.owner and lad.owner == author)):
        raise NotYours(f"bot {versions[0].name!r} on ladder {lad.name!r} belongs to "
                          f"{owner!r}; only its author or the ladder's owner "
                          f"({lad.owner or 'none'}) may {act} it (you are {author!r})")


def check_ladder_owner(lad: ls.Ladder, author: str) -> None:
    """Refuse (one line) unless `author` owns ladder `lad` (may delete it)."""
    if not owns(lad.owner, author):
        raise NotYours(f"ladder {lad.name!r} belongs to {lad.owner!r}; only they may "
                          f"delete it (you are {author!r})")


def versions_of(store: Store, lad: ls.Ladder, bot: str) -> list[ls.Entrant]:
    """Every version of `bot` on `lad`, oldest first, or LadderError naming the known bots."""
    found = [e for e in ls.entrants(store, lad.id) if e.name == bot]
    if not found:
        known = ", ".join(sorted({e.name for e in ls.entrants(store, lad.id)})) or "none"
        raise LadderError(f"no bot {bot!r} on ladder {lad.name!r}; known: {known}")
    return found


def retire(store: Store, name: str, bot: str, author: str) -> ls.Entrant:
    """Take `bot`'s current version out of matchmaking (its games and history stay)."""
    lad = ls.ladder(store, name)
    versions = versions_of(store, lad, bot)
    check_owner(lad, versions, author, "retire")
    current = next(e for e in versions if e.active)
    if current.retired is not None:
        raise LadderError(f"{current.label} is already retired ({current.retired})")
    lifecycle.retire(store, current.id, f"by {author}")
    return ls.entrant(store, current.id)


def reactivate(store: Store, name: str, bot: str, version: int | None,
               author: str) -> ls.Entrant:
    """Put `version` (default: the current one) of `bot` back in matchmaking, with the
    rating it had; another current version leaves."""
    lad = ls.ladder(store, name)
    versions = versions_of(store, lad, bot)
    check_owner(lad, versions, author, "reactivate")
    pick = [e for e in versions if (e.version == version if version else e.active)]
    if not pick:
        have = ", ".join(f"v{e.version}" for e in versions)
        raise LadderError(f"{bot} has no version {version} on ladder {name!r}; it has {have}")
    if pick[0].playing:
        raise LadderError(f"{pick[0].label} is already playing")
    lifecycle.activate(store, lad.id, pick[0].id)
    return ls.entrant(store, pick[0].id)


def deletable(store: Store, name: str, bot: str, author: str) -> tuple[ls.Ladder, int]:
    """Ladder `name` and how many versions of `bot` `author` would delete (refused in one
    line as `delete_entrant` would be: asked before a confirmation)."""
    lad = ls.ladder(store, name)
    versions = versions_of(store, lad, bot)
    check_owner(lad, versions, author, "delete")
    return lad, len(versions)


def delete_entrant(store: Store, name: str, bot: str, author: str) -> tuple[int, int]:
    """Remove every version of `bot` and its snapshots; returns (versions, cancelled
    games)."""
    lad, versions = deletable(store, name, bot, author)
    snapshots, cancelled = lifecycle.delete_entrant(store, lad.id, bot)
    for snap in snapshots:
        shutil.rmtree(snap, ignore_errors=True)
    if snapshots and lad.spec.bot_root:
        forget_unused(Path(lad.spec.bot_root))
    return versions, cancelled


def delete_ladder(store: Store, name: str, author: str) -> int:
    """Remove ladder `name` (not while it runs) with everything in it and its bot folder;
    returns how many games it had played."""
    lad = ls.ladder(store, name)
    check_ladder_owner(lad, author)
    key = ladder_lock(store, lad)
    try:
        played = sum(1 for g in ls.games(store, lad.id) if g.status == "done")
        lifecycle.delete_ladder(store, lad.id)
    finally:
        store.release_driver_lock(key)
    if lad.spec.bot_root:
        remove_tree(Path(lad.spec.bot_root))
    return played


def ladder_lock(store: Store, lad: ls.Ladder) -> str:
    """Become the one driver of ladder `lad` (refused while another run plays it)."""
    key = f"ladder {lad.id}"
    store.acquire_driver_lock(key, f"ladder {lad.name!r}")
    return key
