"""The ladder tables of the arena database (what each column holds: harness/storage/ladders.py)
and the migrations that bring older databases to the current schema."""

from __future__ import annotations

#: tables of submitted-bot ladders, as a fresh database (schema 5) gets them
LADDER_SCHEMA = """
CREATE TABLE IF NOT EXISTS ladders (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    spec TEXT NOT NULL,                      -- LadderSpec as JSON
    created TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT ''           -- author who created it ('' : before owners)
);
CREATE TABLE IF NOT EXISTS entrants (
    id INTEGER PRIMARY KEY,
    ladder_id INTEGER NOT NULL REFERENCES ladders(id),
    name TEXT NOT NULL,                      -- display name given at submission
    version INTEGER NOT NULL,
    spec TEXT NOT NULL,                      -- the spec as submitted
    run_spec TEXT NOT NULL,                  -- the pinned spec the ladder runs
    hash TEXT NOT NULL,                      -- sha256 of the spec and the bot's files
    snapshot TEXT,                           -- copy of the bot's files, if any
    active INTEGER NOT NULL DEFAULT 1,       -- 1: the name's current version
    submitted TEXT NOT NULL,
    report TEXT,                             -- what validation found
    mu REAL NOT NULL,                        -- Weng-Lin (Plackett-Luce) rating
    sigma REAL NOT NULL,
    elo REAL NOT NULL,                       -- online Elo
    games INTEGER NOT NULL DEFAULT 0,
    last_played TEXT,
    author TEXT NOT NULL DEFAULT '',         -- who owns the name ('' : before owners)
    retired TEXT,                            -- why it left matchmaking (NULL: it plays)
    counted_from INTEGER NOT NULL DEFAULT 0, -- automatic retirement counts games after this seq
    UNIQUE (ladder_id, name, version)
);
CREATE TABLE IF NOT EXISTS ladder_games (
    ladder_id INTEGER NOT NULL REFERENCES ladders(id),
    idx INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    entrants TEXT NOT NULL,                  -- JSON list: entrant id per seat
    status TEXT NOT NULL DEFAULT 'pending',  -- pending | done | error | cancelled
    outcome TEXT,
    scores TEXT,
    ranking TEXT,
    failures TEXT,
    seconds REAL,
    error TEXT,
    seq INTEGER,                             -- order in which results were rated
    finished TEXT,
    record BLOB,                             -- MatchRecord as JSON
    node TEXT,                               -- address of the node that played it
    PRIMARY KEY (ladder_id, idx)
);
CREATE INDEX IF NOT EXISTS ladder_games_by_status ON ladder_games (ladder_id, status);
CREATE TABLE IF NOT EXISTS ladder_history (
    ladder_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    entrant_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    elo REAL NOT NULL,
    PRIMARY KEY (ladder_id, seq, entrant_id)
);
""" + """
CREATE INDEX IF NOT EXISTS ladder_games_by_seq ON ladder_games (ladder_id, seq);
CREATE INDEX IF NOT EXISTS ladder_history_by_entrant ON ladder_history
    (ladder_id, entrant_id, seq);
CREATE TABLE IF NOT EXISTS authors (
    name TEXT PRIMARY KEY,                   -- what entrants.author and ladders.owner hold
    token_hash TEXT,                         -- sha256 hex of the author's token (NULL: revoked)
    created TEXT NOT NULL,
    changed TEXT NOT NULL                    -- when the token was last issued or revoked
);
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY,
    author TEXT NOT NULL,
    ladder TEXT NOT NULL,
    name TEXT NOT NULL,                      -- the bot's name on the ladder
    spec TEXT NOT NULL,                      -- as the author's archive names its files
    state TEXT NOT NULL DEFAULT 'queued',    -- queued | running | registered | refused
    detail TEXT NOT NULL DEFAULT '',         -- progress, or the outcome in one line
    result TEXT,                             -- JSON: label, problems, log excerpt
    created TEXT NOT NULL,
    finished TEXT
);
CREATE INDEX IF NOT EXISTS submissions_by_author ON submissions (author, created);
"""

#: schema 2 -> 3: owners, retirement (the new indexes come with LADDER_SCHEMA)
TO_3 = """
ALTER TABLE ladders ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE entrants ADD COLUMN author TEXT NOT NULL DEFAULT '';
ALTER TABLE entrants ADD COLUMN retired TEXT;
ALTER TABLE entrants ADD COLUMN counted_from INTEGER NOT NULL DEFAULT 0;
"""


#: which node played what, the infrastructure's failures by node, running drivers' views
#: of the cluster (harness/storage/nodes.py)
NODES_SCHEMA = """
CREATE TABLE IF NOT EXISTS node_failures (
    id INTEGER PRIMARY KEY,
    driver TEXT NOT NULL,                    -- 'tournament NAME' or 'ladder NAME'
    game INTEGER,                            -- the game's index (NULL: none)
    node TEXT NOT NULL,                      -- the node's address
    reason TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS node_failures_by_driver ON node_failures (driver, id);
CREATE TABLE IF NOT EXISTS cluster_status (
    driver TEXT PRIMARY KEY,
    updated REAL NOT NULL,                   -- unix time of the last rewrite
    doc TEXT NOT NULL                        -- JSON: nodes, games in flight and waiting
);
"""

#: schema 4 -> 5: the node that played each game (the new tables come with NODES_SCHEMA)
TO_5 = "ALTER TABLE games ADD COLUMN node TEXT;"
TO_5_LADDERS = "ALTER TABLE ladder_games ADD COLUMN node TEXT;"


def migration(version: int) -> str:
    """SQL that brings a database of schema `version` (1 to 4) to the current one
    (schema 3 -> 4: the authors and submissions of `arena ladder serve`, new tables;
    4 -> 5: the node that played each game, failures by node, drivers' status)."""
    ladders = TO_5_LADDERS if version >= 2 else ""  # schema 1 gets the ladder tables new
    return TO_5 + ladders + (TO_3 if version == 2 else "") + LADDER_SCHEMA + NODES_SCHEMA
