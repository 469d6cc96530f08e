import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';
import { onLocalSessionReset } from './auth/session';

/** Client errors (bad input, no session, forbidden, not found) will not change on a second try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Cached answers belong to the session: forgotten with it.
onLocalSessionReset(() => queryClient.clear());
