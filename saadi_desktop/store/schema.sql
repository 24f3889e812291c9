-- One book, one SQLite file. This file is always the newest schema; store/migrations/ brings an
-- older file to it step by step. Every derived row stores learned_at: the seq of the chunk whose
-- update call produced it, so any view can be cut at the reader's position.

CREATE TABLE book (                 -- exactly one row
    id            TEXT PRIMARY KEY,
    title         TEXT NOT NULL,
    author        TEXT NOT NULL,
    language      TEXT NOT NULL,
    source_format TEXT NOT NULL,    -- epub | pdf | txt
    source_path   TEXT NOT NULL,
    source_sha256 TEXT NOT NULL,
    source_bytes  INTEGER NOT NULL,
    imported_at   TEXT NOT NULL,
    app_version   TEXT NOT NULL
);

CREATE TABLE canonical (            -- the canonical text, stored once; only ever appended to
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    body TEXT NOT NULL
);

CREATE TABLE sections (
    seq    INTEGER PRIMARY KEY,     -- reading order
    title  TEXT NOT NULL,
    level  INTEGER NOT NULL,
    start  INTEGER NOT NULL,
    "end"  INTEGER NOT NULL,
    matter TEXT NOT NULL CHECK (matter IN ('front', 'body', 'back'))
);

CREATE TABLE chunks (
    seq          INTEGER PRIMARY KEY,   -- reading order; learned_at refers to it
    start        INTEGER NOT NULL,
    "end"        INTEGER NOT NULL,
    words        INTEGER NOT NULL,
    section_seq  INTEGER REFERENCES sections(seq),  -- innermost section holding the chunk
    matter       TEXT NOT NULL CHECK (matter IN ('front', 'body', 'back')),
    content_hash TEXT NOT NULL          -- sha256 of the chunk text: embeddings are keyed by it
);
CREATE INDEX chunks_by_start ON chunks(start);

CREATE TABLE entities (             -- entity memory records
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    type        TEXT NOT NULL DEFAULT 'other',   -- person | place | other …
    learned_at  INTEGER NOT NULL,
    source      TEXT NOT NULL DEFAULT 'llm',     -- llm | names (the zero-LLM names pass)
    model_id    TEXT NOT NULL DEFAULT '',
    prompt_version TEXT NOT NULL DEFAULT '',
    merged_into INTEGER,                         -- the record it became one with, from merged_at
    merged_at   INTEGER                          -- on (its rows were copied there, stamped then)
);

CREATE TABLE aliases (
    entity_id  INTEGER NOT NULL REFERENCES entities(id),
    alias      TEXT NOT NULL,
    learned_at INTEGER NOT NULL,
    PRIMARY KEY (entity_id, alias)
);

CREATE TABLE descriptions (
    id         INTEGER PRIMARY KEY,
    entity_id  INTEGER NOT NULL REFERENCES entities(id),
    text       TEXT NOT NULL,
    learned_at INTEGER NOT NULL,
    UNIQUE (entity_id, text)
);

CREATE TABLE links (                -- chunk seq → entity it is about
    chunk_seq  INTEGER NOT NULL REFERENCES chunks(seq),
    entity_id  INTEGER NOT NULL REFERENCES entities(id),
    learned_at INTEGER NOT NULL,
    PRIMARY KEY (chunk_seq, entity_id)
);
CREATE INDEX links_by_entity ON links(entity_id);

CREATE TABLE summaries (            -- the SAADI history: level 0 a passage, level 1 covers up to
    id          INTEGER PRIMARY KEY,   -- f passages, level 2 up to f² …
    level       INTEGER NOT NULL,
    first_chunk INTEGER NOT NULL,
    last_chunk  INTEGER NOT NULL,
    text        TEXT NOT NULL,
    learned_at  INTEGER NOT NULL,
    model_id    TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    provisional INTEGER NOT NULL DEFAULT 0,  -- a finishing fold at the end of the text so far
    form        TEXT NOT NULL DEFAULT 'prose',  -- headline (the model's) | list (its children's
                                    -- headlines) | extract (the book's sentences) | prose (an
                                    -- earlier version's summary)
    key_spans   TEXT NOT NULL DEFAULT '[]',  -- JSON [[start, end], …]: the book's own sentences
                                    -- within the node's span, chosen without the model
    UNIQUE (level, first_chunk)
);

CREATE TABLE residuals (            -- SCT extractive residual tree (zero LLM), see residuals.py
    id          INTEGER PRIMARY KEY,   -- preorder: a parent before its children
    parent_id   INTEGER REFERENCES residuals(id),  -- NULL for the root (the whole book)
    section_seq INTEGER REFERENCES sections(seq),  -- a section's node; NULL otherwise
    chunk_seq   INTEGER REFERENCES chunks(seq),    -- a leaf's passage; NULL otherwise
    depth       INTEGER NOT NULL,
    first_chunk INTEGER NOT NULL,   -- the passages under the node
    last_chunk  INTEGER NOT NULL,
    start       INTEGER NOT NULL,   -- the node's text: canonical [start, end)
    "end"       INTEGER NOT NULL,
    text        TEXT NOT NULL,      -- the kept sentences, verbatim, in reading order
    spans       TEXT NOT NULL,      -- JSON [[start, end], …] of the kept sentences
    text_as_of_end TEXT             -- sections holding passages: the residual in the tree of the
                                    -- book cut at the section's end (search uses it, spoiler-safe)
);
CREATE INDEX residuals_by_parent ON residuals(parent_id);

CREATE TABLE embeddings (           -- float32 vectors keyed by content, never recomputed
    content_hash TEXT NOT NULL,
    model_id     TEXT NOT NULL,
    window       INTEGER NOT NULL,  -- overlapping windows of a long chunk, scored by max
    dim          INTEGER NOT NULL,
    vector       BLOB NOT NULL,
    PRIMARY KEY (content_hash, model_id, window)
);

CREATE TABLE builder (              -- the state builder's cursor and configuration; one row
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    next_chunk     INTEGER NOT NULL DEFAULT 0,
    model_id       TEXT NOT NULL DEFAULT '',
    model_path     TEXT NOT NULL DEFAULT '',
    prompt_version TEXT NOT NULL DEFAULT '',
    chunk_words    INTEGER NOT NULL,
    fold_f         INTEGER NOT NULL DEFAULT 5,
    finished       INTEGER NOT NULL DEFAULT 0,
    updated_at     TEXT NOT NULL DEFAULT ''
);

CREATE TABLE failed_chunks (        -- malformed model output after a retry; --retry-failed redoes
    chunk_seq  INTEGER PRIMARY KEY REFERENCES chunks(seq),
    error      TEXT NOT NULL,
    raw_output TEXT NOT NULL,
    failed_at  TEXT NOT NULL
);

CREATE TABLE calls (                -- every LLM call: the cost log
    id               INTEGER PRIMARY KEY,
    kind             TEXT NOT NULL,     -- update | fold | rerank …
    chunk_seq        INTEGER,
    level            INTEGER,
    prompt_tokens    INTEGER NOT NULL,  -- evaluated (not served from the KV cache)
    cached_tokens    INTEGER NOT NULL,
    generated_tokens INTEGER NOT NULL,
    ms               REAL NOT NULL,
    model_id         TEXT NOT NULL,
    prompt_version   TEXT NOT NULL,
    at               TEXT NOT NULL,
    refused          TEXT,              -- why the answer was not used (NULL: it was used)
    raw              TEXT               -- that refused answer, verbatim
);

CREATE TABLE reading (              -- the reader's place in this book
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    position   INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL DEFAULT ''
);

CREATE TABLE bookmarks (
    id         INTEGER PRIMARY KEY,
    position   INTEGER NOT NULL,
    note       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);

CREATE TABLE names (                -- the zero-LLM names pass: clusters of name variants
    id         INTEGER PRIMARY KEY,
    gender     TEXT NOT NULL DEFAULT '',
    learned_at INTEGER NOT NULL
);

CREATE TABLE name_variants (
    name_id    INTEGER NOT NULL REFERENCES names(id),
    variant    TEXT NOT NULL,
    learned_at INTEGER NOT NULL,
    PRIMARY KEY (name_id, variant)
);

CREATE TABLE name_mentions (        -- the candidate names of each chunk, for the update prompt
    chunk_seq INTEGER NOT NULL REFERENCES chunks(seq),
    name_id   INTEGER NOT NULL REFERENCES names(id),
    variant   TEXT NOT NULL,
    count     INTEGER NOT NULL,
    PRIMARY KEY (chunk_seq, name_id, variant)
);

CREATE TABLE name_entities (       -- the names pass read by the identity rules with no model
    name_id INTEGER NOT NULL REFERENCES names(id),   -- answer: from chunk `since` on, cluster
    since   INTEGER NOT NULL,                        -- name_id belongs to entity `entity` (of
    entity  INTEGER NOT NULL,                        -- that reading), of type `type`
    type    TEXT NOT NULL,
    PRIMARY KEY (name_id, since)
);

CREATE TABLE answers (              -- every update call's raw answer: the memory can be rebuilt
    chunk_seq      INTEGER PRIMARY KEY REFERENCES chunks(seq),   -- under new rules (--replay)
    roster         TEXT NOT NULL,   -- JSON: what each number of the answer stood for
    raw            TEXT NOT NULL,   -- the model's answer, verbatim
    model_id       TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    at             TEXT NOT NULL
);

PRAGMA user_version = 8;
