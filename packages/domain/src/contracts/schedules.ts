import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import {
  ZSchedule,
  ZScheduleCreate,
  ZScheduleIdParams,
  ZScheduleList,
  ZScheduleListQuery,
  ZScheduleUpdate,
} from '../schemas/schedules';
import { defineContract } from './contract';

/**
 * Schedules and playlists (SPEC.md sections 2 to 7). Reading follows the player list (every role, scoped
 * to the players the user may see); writing is for the schedule editors, duplicating for the duplicators.
 * Every player and content id in a write is checked against the user's region and shop (403).
 */
export const SCHEDULE_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    path: '/api/schedules',
    query: ZScheduleListQuery,
    response: ZScheduleList,
    errors: [400, 404],
    roles: ROLE_GROUPS.everyone,
    summary:
      "One player's schedules that have not ended (include_ended adds the rest), newest first, with current_schedule and next_schedule resolved in the player's zone",
    tags: ['schedules'],
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/schedules/:schedule_id',
    params: ZScheduleIdParams,
    response: ZSchedule,
    errors: [400, 404],
    roles: ROLE_GROUPS.everyone,
    summary: 'One schedule with its ordered contents and the players the user may see',
    tags: ['schedules'],
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/schedules',
    body: ZScheduleCreate,
    response: ZSchedule,
    errors: [400, 403, 404],
    roles: ROLE_GROUPS.scheduleEditors,
    summary:
      'Set a schedule: playlist, period, times, ordered contents and players in one transaction (start today for Immediate, tomorrow for Night, in zone_code)',
    tags: ['schedules'],
  }),
  duplicate: defineContract({
    method: 'POST',
    path: '/api/schedules/:schedule_id/duplicate',
    params: ZScheduleIdParams,
    body: ZScheduleCreate,
    response: ZSchedule,
    errors: [400, 403, 404],
    roles: ROLE_GROUPS.scheduleDuplicators,
    summary: 'A new schedule made from an existing one the user may see, for other players (DS_MK, DS_ST, DS_FRIT)',
    tags: ['schedules'],
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/schedules/:schedule_id',
    params: ZScheduleIdParams,
    body: ZScheduleUpdate,
    response: ZSchedule,
    errors: [400, 403, 404],
    roles: ROLE_GROUPS.scheduleEditors,
    summary:
      "Change a schedule: zone_code plus the changed fields only; dest replaces the user's own players. A region- or shop-bound user's change to a schedule that also plays elsewhere moves its players to a new schedule (same created_at), which is answered",
    tags: ['schedules'],
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/schedules/:schedule_id',
    params: ZScheduleIdParams,
    response: z.null(),
    errors: [400, 403, 404],
    roles: ROLE_GROUPS.scheduleEditors,
    summary:
      'Delete a schedule; a region- or shop-bound user only takes its own players off a schedule that also plays elsewhere (the schedule goes when none remain)',
    tags: ['schedules'],
  }),
} as const;
