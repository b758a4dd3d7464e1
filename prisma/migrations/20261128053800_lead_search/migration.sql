-- Staff search leads by any part of their email, names, city or state. A scan of every lead with
-- five LIKEs takes hundreds of milliseconds at 100k leads; this full-text index of the same columns
-- (trigram tokens, so any three letters in a row find their rows) answers in milliseconds. It keeps
-- no copy of the text (content='Lead'), and the triggers keep it in step with every write to Lead.
CREATE VIRTUAL TABLE "LeadSearch" USING fts5(
    email, firstName, lastName, city, state,
    content='Lead', content_rowid='id', tokenize='trigram'
);

CREATE TRIGGER "Lead_search_insert" AFTER INSERT ON "Lead" BEGIN
    INSERT INTO "LeadSearch" (rowid, email, firstName, lastName, city, state)
    VALUES (new.id, new.email, new.firstName, new.lastName, new.city, new.state);
END;

CREATE TRIGGER "Lead_search_delete" AFTER DELETE ON "Lead" BEGIN
    INSERT INTO "LeadSearch" ("LeadSearch", rowid, email, firstName, lastName, city, state)
    VALUES ('delete', old.id, old.email, old.firstName, old.lastName, old.city, old.state);
END;

CREATE TRIGGER "Lead_search_update" AFTER UPDATE OF email, firstName, lastName, city, state ON "Lead" BEGIN
    INSERT INTO "LeadSearch" ("LeadSearch", rowid, email, firstName, lastName, city, state)
    VALUES ('delete', old.id, old.email, old.firstName, old.lastName, old.city, old.state);
    INSERT INTO "LeadSearch" (rowid, email, firstName, lastName, city, state)
    VALUES (new.id, new.email, new.firstName, new.lastName, new.city, new.state);
END;

INSERT INTO "LeadSearch" ("LeadSearch") VALUES ('rebuild');
