-- Version 3: the SCT residual tree gets its passages, spans and the spoiler-safe text search uses.
-- The table was never written before, so it is replaced.
DROP TABLE residuals;
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
PRAGMA user_version = 3;
