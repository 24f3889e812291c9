-- Version 5: an answer the rules refused (malformed, a copy, naming someone the text does not)
-- is kept with the reason, so that what a small model gets wrong can be read, not only counted.
ALTER TABLE calls ADD COLUMN refused TEXT;
ALTER TABLE calls ADD COLUMN raw TEXT;
PRAGMA user_version = 5;
