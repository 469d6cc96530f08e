// @vitest-environment node
import { describe, expect, it } from 'vitest';
import enSchedules from '../../../i18n/en.schedules.json';
import ja from '../../../i18n/ja.json';
import ko from '../../../i18n/ko.json';
import tw from '../../../i18n/tw.json';

/**
 * The device content list says which zone a licence is judged in (issue 26): the store's day, in the
 * player's zone, in each of the four languages (the modal test shows the English one rendered).
 */
describe("the licence's zone, in four languages", () => {
  it.each([
    ['en', enSchedules.scheduleView.licenceZone, "store's calendar day"],
    ['ja', ja.scheduleView.licenceZone, '店舗の日付'],
    ['tw', tw.scheduleView.licenceZone, '店舖的日期'],
    ['ko', ko.scheduleView.licenceZone, '매장의 날짜'],
  ])('%s names the store and the player zone', (_language, text, store) => {
    expect(text).toContain(store);
    expect(text).toContain('{{zone}}');
  });
});
