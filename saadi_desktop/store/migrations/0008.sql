-- Version 8: the summary tree as headlines (prompt saadi-v6). Every node — a passage (level 0),
-- a fold above it — has a form: a model-written headline, a list of its children's headlines
-- (a fold the model could not make), an extract (the book's sentences standing in), or the prose
-- summary of an earlier version; and key sentences, the book's own words within its span.
-- Older rows are prose, with no key sentences until the book is brought up to date.
ALTER TABLE summaries ADD COLUMN form TEXT NOT NULL DEFAULT 'prose';
ALTER TABLE summaries ADD COLUMN key_spans TEXT NOT NULL DEFAULT '[]';

PRAGMA user_version = 8;
