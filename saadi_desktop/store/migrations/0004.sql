-- Version 4: every update call's raw answer is kept, so the memory can be rebuilt under better
-- rules without the model (saadi index --replay).
CREATE TABLE answers (
    chunk_seq      INTEGER PRIMARY KEY REFERENCES chunks(seq),
    roster         TEXT NOT NULL,   -- JSON: what each number of the answer stood for
    raw            TEXT NOT NULL,   -- the model's answer, verbatim
    model_id       TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    at             TEXT NOT NULL
);
PRAGMA user_version = 4;
