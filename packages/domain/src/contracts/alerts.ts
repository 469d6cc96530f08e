import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import {
  ZAlertMessageList,
  ZAlertSubscription,
  ZAlertSubscriptionInput,
  ZAlertSubscriptionList,
  ZAlertSubscriptionParams,
} from '../schemas/alerts';
import { defineContract } from './contract';

/**
 * Alert subscriptions and their delivery log (issue 29 item 3): each user sees and changes only their own;
 * the roles that watch the fleet (ROLE_GROUPS.alertWatchers).
 */
export const ALERT_CONTRACTS = {
  subscriptions: defineContract({
    method: 'GET',
    path: '/api/alerts/subscriptions',
    response: ZAlertSubscriptionList,
    roles: ROLE_GROUPS.alertWatchers,
    summary: "The signed-in user's alert subscriptions (a webhook's secret is never sent back)",
    tags: ['alerts'],
  }),
  subscribe: defineContract({
    method: 'POST',
    path: '/api/alerts/subscriptions',
    body: ZAlertSubscriptionInput,
    response: ZAlertSubscription,
    errors: [400],
    roles: ROLE_GROUPS.alertWatchers,
    summary:
      'Subscribe to conditions (offline, behind on delivery, playback errors) of the players in some countries of your region, by e-mail or signed webhook; audited',
    tags: ['alerts'],
  }),
  unsubscribe: defineContract({
    method: 'DELETE',
    path: '/api/alerts/subscriptions/:subscription_id',
    params: ZAlertSubscriptionParams,
    response: z.object({ subscription_id: z.string() }),
    errors: [400, 404],
    roles: ROLE_GROUPS.alertWatchers,
    summary: 'End one of your subscriptions (its messages not yet sent are not sent); audited',
    tags: ['alerts'],
  }),
  messages: defineContract({
    method: 'GET',
    path: '/api/alerts/messages',
    response: ZAlertMessageList,
    roles: ROLE_GROUPS.alertWatchers,
    summary:
      "The delivery log: the latest 50 messages of the user's subscriptions, each with its players and every attempt",
    tags: ['alerts'],
  }),
} as const;
