import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { listMessages, listSubscriptions, subscribe, unsubscribe } from './service';

const C = API.alerts;

/** /api/alerts: the signed-in user's subscriptions and their delivery log. */
export const alertsRoutes: ModulePlugin = async (app, { deps: { db, config } }) => {
  const emailConfigured = config.alerts.smtpUrl !== undefined;
  const { allowPrivateWebhooks } = config.alerts;
  route(app, C.subscriptions, async ({ user }) => listSubscriptions(db, user));
  route(app, C.subscribe, async ({ user, body }) =>
    subscribe(db, user, body, { emailConfigured, allowPrivateWebhooks }),
  );
  route(app, C.unsubscribe, async ({ user, params }) => unsubscribe(db, user, params.subscription_id));
  route(app, C.messages, async ({ user }) => listMessages(db, user));
};
