-- Version 7: the names pass read by the identity rules alone, with no model answer ('Harry' is
-- Lord Henry Wotton; 'Kent' a place): what the entity list shows of a passage the model has not
-- read. Filled when the names pass is next run (import, index, --replay); until then the list
-- shows the bare clusters, as version 6 did.
CREATE TABLE name_entities (       -- the names pass read by the identity rules with no model
    name_id INTEGER NOT NULL REFERENCES names(id),   -- answer: from chunk `since` on, cluster
    since   INTEGER NOT NULL,                        -- name_id belongs to entity `entity` (of
    entity  INTEGER NOT NULL,                        -- that reading), of type `type`
    type    TEXT NOT NULL,
    PRIMARY KEY (name_id, since)
);

PRAGMA user_version = 7;
