import type { TManifestEmergency, TManifestMedia } from '@signage/domain';
import type { Database } from '../../db/client';
import { currentEmergencies, type EmergencyRow } from './repo';

/** A player's current emergency message as its manifest carries it (`media`: its image as the player gets it). */
export function manifestEmergency(row: EmergencyRow, media: TManifestMedia | null): TManifestEmergency {
  return {
    emergency_id: row.emergencyId,
    kind: row.kind === 'image' ? 'image' : 'text',
    text: row.text,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    media,
  };
}

/** The message each of these players shows now, by code (manifests read it; one statement for a batch). */
export const emergenciesOf: (
  db: Database,
  deviceCodes: readonly string[],
  now: Date,
) => Promise<Map<string, EmergencyRow>> = currentEmergencies;
