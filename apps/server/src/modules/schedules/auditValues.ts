/**
 * The fields a schedule edit sent (but its zone), with their values before (`from`) and after (`to`), for the
 * audit trail. Players are those the editor sees: `visibleBefore` before, the edit's own players after.
 */
export function changedValues(
  body: object,
  before: object,
  after: object,
  visibleBefore: readonly string[],
): { from: Record<string, unknown>; to: Record<string, unknown> } {
  const sent = body as Record<string, unknown>;
  const fields = Object.keys(sent).filter((field) => field !== 'zone_code' && sent[field] !== undefined);
  const pick = (values: Record<string, unknown>) =>
    Object.fromEntries(fields.map((field) => [field, values[field] ?? null]));
  return {
    from: pick({ ...before, dest: visibleBefore }),
    to: pick({ ...after, dest: 'dest' in sent ? sent.dest : visibleBefore }),
  };
}
