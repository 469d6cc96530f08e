/**
 * The belt under the lock order (modules/players/repo.ts, lockPlayers): a transaction PostgreSQL ends with a
 * deadlock (40P01) or a serialisation failure (40001) rolled back everything it did, so running it again
 * from the start is safe and is what PostgreSQL asks for. Every writer keeps to the lock order, so this only
 * catches a path outside it; the attempts are bounded, and the last failure is thrown as it came.
 */

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Attempts of one transaction in all, the first included. */
export const TRANSACTION_ATTEMPTS = 4;

/** The SQLSTATE of a driver error, or of the error drizzle wrapped it in (its `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

let retried = 0;
/** Transactions this process ran again after a deadlock or serialisation failure (since it started). */
export const transactionRetries = () => retried;

export const isRetryableTransactionError = (error: unknown) => RETRYABLE.has(sqlState(error) ?? '');

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };

/**
 * Makes `db.transaction` run its callback again, in a new transaction, when the attempt failed with a
 * deadlock or a serialisation failure, up to TRANSACTION_ATTEMPTS in all; `onRetry` hears of each retry
 * (the error and the attempt that failed). Only the outermost transaction: a savepoint (tx.transaction)
 * inside it cannot be retried alone, its transaction is already aborted.
 */
export function retryTransactions<T extends Transactional>(
  db: T,
  onRetry: (error: unknown, attempt: number) => void = () => {},
): T {
  const once = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(...args);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
        retried++;
        onRetry(error, attempt);
      }
    }
  };
  db.transaction = retrying as T['transaction'];
  return db;
}
