-- Version 6: two records become one when the text later shows they are one person ('Dmitri', then
-- 'Dmitri Prokofitch Razumihin' beside a record 'Razumihin'). The record merged away stays, for a
-- reader before the merge; from merged_at on it is hidden and its rows live on the other record.
ALTER TABLE entities ADD COLUMN merged_into INTEGER;
ALTER TABLE entities ADD COLUMN merged_at INTEGER;
PRAGMA user_version = 6;
