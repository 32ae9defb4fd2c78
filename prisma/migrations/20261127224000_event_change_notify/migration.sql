-- Live updates from the changes themselves (issue 22, "every change reaches live viewers"): every row
-- that the event_change triggers add to EventChange also NOTIFYs the live channel (live/notify.ts)
-- with the event and the part that changed. One notification per event and part per statement, and
-- PostgreSQL folds identical notifications of one transaction into one and delivers them only at
-- commit (never for a rollback); the server folds a transaction's parts into one frame.
CREATE FUNCTION chuhe_event_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chuhe_event_change', json_build_object('eventId', a."eventId", 'kind', a.part)::text)
     FROM (SELECT DISTINCT "eventId", part FROM added) a;
  RETURN NULL;
END $$;

CREATE TRIGGER event_change_notify AFTER INSERT ON "EventChange" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION chuhe_event_change_notify();

-- Lineups (附录1 #8): secret while one is in, public once both are — a release that changes no
-- game's players (the teams play their starters) wrote nothing the event's version counted, so the
-- match card's ETag stayed and its viewers were not told. A lineup counts once its pairing has both.
CREATE FUNCTION chuhe_lineup_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "EventChange" ("eventId", part, "roundId")
  SELECT DISTINCT r."eventId", 'games', r.id FROM changed c JOIN "Pairing" p ON p.id = c."pairingId" JOIN "Round" r ON r.id = p."roundId"
   WHERE TG_OP = 'DELETE' OR (SELECT count(*) FROM "Lineup" l WHERE l."pairingId" = c."pairingId") >= 2;
  RETURN NULL;
END $$;

CREATE TRIGGER event_change_insert AFTER INSERT ON "Lineup" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION chuhe_lineup_change();
CREATE TRIGGER event_change_update AFTER UPDATE ON "Lineup" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION chuhe_lineup_change();
CREATE TRIGGER event_change_delete AFTER DELETE ON "Lineup" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION chuhe_lineup_change();
