/**
 * Loaded into the server of the DST spec (node --import): this process's clock reads STORE_CLOCK_AT when it
 * starts and then runs at its own pace, so the server decides "now", "today" and its manifests' windows days
 * before a daylight-saving transition, as it will on that day. Only Date moves (timers and the event loop
 * keep real time). Test tooling of e2e/ only: the product has no clock of its own to set.
 */
const at = Date.parse(process.env.STORE_CLOCK_AT ?? '');
if (Number.isFinite(at)) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const offset = at - realNow();
  // Not a subclass: dates made here, in the embedded database's thread or by structured clone are all of
  // one Date (the database driver checks `instanceof Date`).
  function MovedDate(...args) {
    if (!new.target) return new RealDate(realNow() + offset).toString();
    return args.length === 0 ? new RealDate(realNow() + offset) : new RealDate(...args);
  }
  MovedDate.prototype = RealDate.prototype;
  MovedDate.now = () => realNow() + offset;
  MovedDate.parse = RealDate.parse;
  MovedDate.UTC = RealDate.UTC;
  globalThis.Date = MovedDate;
}
