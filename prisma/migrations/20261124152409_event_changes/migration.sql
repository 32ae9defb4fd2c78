-- CreateTable
CREATE TABLE "EventChange" (
    "id" BIGSERIAL NOT NULL,
    "eventId" UUID NOT NULL,
    "part" TEXT NOT NULL,
    "roundId" UUID,

    CONSTRAINT "EventChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EventChange_eventId_part_roundId_idx" ON "EventChange"("eventId", "part", "roundId");

-- DropIndex: Pairing_roundId_table_key serves the same lookups.
DROP INDEX "Pairing_roundId_idx";

-- AddForeignKey
ALTER TABLE "EventChange" ADD CONSTRAINT "EventChange_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The triggers that write EventChange: one row per statement and event (and round) it touched.
-- Only events that still exist are named: a cascade from deleting the event itself writes nothing.
-- Statement-level with a transition table ("changed"), so a round of 500 pairings is one row, not 500.
CREATE FUNCTION chuhe_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'Event' THEN
    INSERT INTO "EventChange" ("eventId", part)
    SELECT DISTINCT c.id, 'event' FROM changed c JOIN "Event" e ON e.id = c.id;
  ELSIF TG_TABLE_NAME = 'Tournament' THEN
    INSERT INTO "EventChange" ("eventId", part)
    SELECT DISTINCT e.id, 'event' FROM changed c JOIN "Event" e ON e."tournamentId" = c.id;
  ELSIF TG_TABLE_NAME IN ('Entry', 'Team') THEN
    INSERT INTO "EventChange" ("eventId", part)
    SELECT DISTINCT e.id, 'entries' FROM changed c JOIN "Event" e ON e.id = c."eventId";
  ELSIF TG_TABLE_NAME = 'TeamMember' THEN
    INSERT INTO "EventChange" ("eventId", part)
    SELECT DISTINCT e.id, 'entries' FROM changed c JOIN "Team" t ON t.id = c."teamId" JOIN "Event" e ON e.id = t."eventId";
  ELSIF TG_TABLE_NAME IN ('Player', 'Affiliation') THEN
    -- Names shown in every event of the tournament.
    INSERT INTO "EventChange" ("eventId", part)
    SELECT DISTINCT e.id, 'entries' FROM changed c JOIN "Event" e ON e."tournamentId" = c."tournamentId";
  ELSIF TG_TABLE_NAME = 'Stage' THEN
    INSERT INTO "EventChange" ("eventId", part)
    SELECT DISTINCT e.id, 'rounds' FROM changed c JOIN "Event" e ON e.id = c."eventId";
  ELSIF TG_TABLE_NAME = 'Round' THEN
    INSERT INTO "EventChange" ("eventId", part, "roundId")
    SELECT DISTINCT e.id, 'rounds', c.id FROM changed c JOIN "Event" e ON e.id = c."eventId";
  ELSIF TG_TABLE_NAME = 'Pairing' THEN
    INSERT INTO "EventChange" ("eventId", part, "roundId")
    SELECT DISTINCT r."eventId", 'games', r.id FROM changed c JOIN "Round" r ON r.id = c."roundId";
  ELSIF TG_TABLE_NAME = 'Game' THEN
    INSERT INTO "EventChange" ("eventId", part, "roundId")
    SELECT DISTINCT r."eventId", 'games', r.id FROM changed c JOIN "Pairing" p ON p.id = c."pairingId" JOIN "Round" r ON r.id = p."roundId";
  ELSIF TG_TABLE_NAME = 'Sanction' THEN
    INSERT INTO "EventChange" ("eventId", part, "roundId")
    SELECT DISTINCT r."eventId", 'sanctions', r.id FROM changed c JOIN "Game" g ON g.id = c."gameId" JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId";
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
  op text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Entry', 'Team', 'TeamMember', 'Player', 'Affiliation', 'Stage', 'Round', 'Pairing', 'Game', 'Sanction'] LOOP
    FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION chuhe_event_change()',
                     'event_change_' || lower(op), op, t, CASE op WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END);
    END LOOP;
  END LOOP;
  -- The event's and the tournament's own rows: their settings and names (inserts start at version 0).
  FOREACH t IN ARRAY ARRAY['Event', 'Tournament'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION chuhe_event_change()', 'event_change_update', t);
  END LOOP;
END $$;
