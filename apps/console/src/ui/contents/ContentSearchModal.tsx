import {
  DISPLAY_PATTERNS,
  isRegionBound,
  MEDIA_TYPE_FILTERS,
  type MediaTypeFilter,
  runtimeZone,
  todayIn,
} from '@signage/domain';
import { Button, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/authStore';
import { CountryPicker } from '../CountryPicker';
import { useOverlay } from '../useOverlay';
import type { ContentCriteria } from './contentPages';

type Draft = Required<Pick<ContentCriteria, 'name' | 'display_pattern' | 'region' | 'start_date' | 'end_date'>> & {
  media_type: MediaTypeFilter;
};

const EMPTY: Draft = { name: '', display_pattern: '', region: '', start_date: '', end_date: '', media_type: 'none' };

function draftOf(criteria: ContentCriteria): Draft {
  return {
    name: criteria.name ?? '',
    display_pattern: criteria.display_pattern ?? '',
    region: criteria.region ?? '',
    start_date: criteria.start_date ?? '',
    end_date: criteria.end_date ?? '',
    media_type: criteria.media_type === 'image_movie' ? 'none' : (criteria.media_type ?? 'none'),
  };
}

/** Only what was filled in travels: the list's query key and the stored criteria stay small. */
function criteriaOf(draft: Draft): ContentCriteria {
  const entries = Object.entries(draft).filter(
    ([key, value]) => value !== '' && !(key === 'media_type' && value === 'none'),
  );
  return Object.fromEntries(entries) as ContentCriteria;
}

/**
 * The content search form (SPEC.md section 2) in the 'contentSearch' overlay. The country picker is an
 * overlay of its own; while it is open this form waits and comes back when it closes.
 */
export function ContentSearchModal({
  criteria,
  onSearch,
  mediaTypes = MEDIA_TYPE_FILTERS,
  dateLabel,
}: {
  criteria: ContentCriteria;
  onSearch: (c: ContentCriteria) => void;
  /** What the two dates bound (the update date unless told: the content history's play period). */
  dateLabel?: string;
  /** The media types offered (the schedule wizard offers those of the kind its first pick decided). */
  mediaTypes?: readonly MediaTypeFilter[];
}) {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const open = useOverlay((state) => state.open);
  const [active, setActive] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(criteria));
  const previous = useRef(open);
  // The search's date bounds are the user's calendar days, as the date pickers show them.
  const today = todayIn(runtimeZone());

  useEffect(() => {
    const before = previous.current;
    previous.current = open;
    if (open === 'contentSearch' && before !== 'contentSearch' && before !== 'countrySelect') {
      setActive(true);
      setDraft(draftOf(criteria));
    }
    if (open === null && before === 'countrySelect' && active) useOverlay.getState().show('contentSearch');
    if (open === null && before === 'contentSearch') setActive(false);
  }, [open, active, criteria]);

  const search = () => {
    onSearch(criteriaOf(draft));
    useOverlay.getState().close('contentSearch');
  };
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const visible = open === 'contentSearch' || (active && open === 'countrySelect');

  return (
    <Modal
      open={visible}
      title={t('contents.search.title')}
      onCancel={() => useOverlay.getState().close('contentSearch')}
      footer={[
        <Button key="reset" onClick={() => setDraft(EMPTY)}>
          {t('common.reset')}
        </Button>,
        <Button key="search" type="primary" onClick={search}>
          {t('common.search')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('contents.fields.name')} htmlFor="search-name">
          <Input
            id="search-name"
            value={draft.name}
            placeholder={t('messages.enterKeywords')}
            onChange={(event) => set({ name: event.target.value })}
            onPressEnter={(event) => {
              // The Enter is this field's: without motion the dialog closes within the keystroke and gives the
              // focus back to its trigger (the Filter button), which would take the key and open it again.
              event.preventDefault();
              search();
            }}
          />
        </Form.Item>
        <Form.Item label={t('contents.fields.displayPattern')} htmlFor="search-pattern">
          <Select
            id="search-pattern"
            allowClear
            value={draft.display_pattern || undefined}
            placeholder={t('contents.search.any')}
            options={DISPLAY_PATTERNS.map((p) => ({ value: p.value, label: p.label }))}
            onChange={(value?: string) => set({ display_pattern: value ?? '' })}
          />
        </Form.Item>
        {user && !isRegionBound(user.authority) ? (
          <Form.Item label={t('contents.fields.country')}>
            <CountryPicker
              value={draft.region || null}
              aria-label={t('contents.fields.country')}
              onChange={(value) => set({ region: value ?? '' })}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={dateLabel ?? t('contents.search.updated')}>
          <div style={{ display: 'flex', gap: 8 }}>
            <DatePicker
              aria-label={t('contents.fields.startDate')}
              placeholder={t('contents.fields.startDate')}
              value={draft.start_date ? dayjs(draft.start_date) : null}
              disabledDate={(d) => d.format('YYYY-MM-DD') > today}
              onChange={(value) => {
                const start = value ? value.format('YYYY-MM-DD') : '';
                set({
                  start_date: start,
                  end_date: start && draft.end_date && draft.end_date < start ? start : draft.end_date,
                });
              }}
            />
            <DatePicker
              aria-label={t('contents.fields.endDate')}
              placeholder={t('contents.fields.endDate')}
              value={draft.end_date ? dayjs(draft.end_date) : null}
              disabledDate={(d) => Boolean(draft.start_date) && d.format('YYYY-MM-DD') < draft.start_date}
              onChange={(value) => set({ end_date: value ? value.format('YYYY-MM-DD') : '' })}
            />
          </div>
        </Form.Item>
        <Form.Item label={t('contents.search.mediaType')}>
          <Radio.Group
            value={draft.media_type}
            onChange={(event) => set({ media_type: event.target.value })}
            options={mediaTypes.map((m) => ({ value: m, label: t(`contents.mediaType.${m}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
