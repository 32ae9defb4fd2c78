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
