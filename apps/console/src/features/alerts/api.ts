import {
  ALERT_CONTRACTS,
  type TAlertMessage,
  type TAlertSubscription,
  type TAlertSubscriptionInput,
} from '@signage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const alertKeys = {
  all: ['alerts'] as const,
  subscriptions: ['alerts', 'subscriptions'] as const,
  messages: ['alerts', 'messages'] as const,
};

/** The delivery log is asked again every 15 s while the screen is open (retries show up as they happen). */
const LOG_POLL_MS = 15_000;

export function useSubscriptions() {
  return useQuery<TAlertSubscription[]>({
    queryKey: alertKeys.subscriptions,
    queryFn: async ({ signal }) => (await call(ALERT_CONTRACTS.subscriptions, { signal })).subscriptions,
  });
}

export function useDeliveryLog() {
  return useQuery<TAlertMessage[]>({
    queryKey: alertKeys.messages,
    queryFn: async ({ signal }) => (await call(ALERT_CONTRACTS.messages, { signal })).messages,
    refetchInterval: LOG_POLL_MS,
  });
}

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation<TAlertSubscription, Error, TAlertSubscriptionInput>({
    mutationFn: (body) => call(ALERT_CONTRACTS.subscribe, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => call(ALERT_CONTRACTS.unsubscribe, { params: { subscription_id: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
