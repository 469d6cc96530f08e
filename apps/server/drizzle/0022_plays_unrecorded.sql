-- Plays the player could not record since it was paired (its storage full or unavailable): the running total
-- its heartbeat last carried (issue 26), shown on the player's detail when above zero.
ALTER TABLE "devices" ADD COLUMN "plays_unrecorded" integer DEFAULT 0 NOT NULL;