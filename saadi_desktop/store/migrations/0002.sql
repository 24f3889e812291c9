-- Version 2: the zero-LLM names pass, and provisional finishing folds (replaced when the book grows).
CREATE TABLE names (
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
CREATE TABLE name_mentions (
    chunk_seq INTEGER NOT NULL REFERENCES chunks(seq),
    name_id   INTEGER NOT NULL REFERENCES names(id),
    variant   TEXT NOT NULL,
    count     INTEGER NOT NULL,
    PRIMARY KEY (chunk_seq, name_id, variant)
);
ALTER TABLE summaries ADD COLUMN provisional INTEGER NOT NULL DEFAULT 0;
PRAGMA user_version = 2;
