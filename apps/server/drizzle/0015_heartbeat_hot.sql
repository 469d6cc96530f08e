-- The heartbeat (a player's every minute) writes is_alive and last_accessed: with no index on a column it
-- writes and room left in each page, its update is HOT (no index entry, the two trigram indexes included).
DROP INDEX "devices_last_accessed_idx";--> statement-breakpoint
ALTER TABLE "devices" SET (fillfactor = 85);
