import { padStoreCode, sanitizeStoreCode } from '@signage/domain';
import { Button, Drawer, Flex, Form, Input } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/schedules';
import type { HistoryDeviceCriteria } from '../api';

type Props = {
  open: boolean;
  initial: HistoryDeviceCriteria;
  onClose: () => void;
  onSearch: (criteria: HistoryDeviceCriteria) => void;
};

const EMPTY: HistoryDeviceCriteria = {};

/** Only what was filled in travels. */
const criteriaOf = (draft: HistoryDeviceCriteria): HistoryDeviceCriteria =>
  Object.fromEntries(Object.entries(draft).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));

/** The device search overlay of the history detail: store name, store code and note (what the history answers). */
export function DeviceFilter({ open, initial, onClose, onSearch }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<HistoryDeviceCriteria>(initial);
  useEffect(() => {
    if (open) setDraft(initial);
  }, [open, initial]);
  const set = (change: HistoryDeviceCriteria) => setDraft({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(criteriaOf(draft));
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('history.filterTitle')} size={420} destroyOnHidden>
      <form onSubmit={submit} aria-label={t('history.filterTitle')}>
        <Form layout="vertical" component={false}>
          <Form.Item label={t('history.storeName')} htmlFor="hf-name">
            <Input id="hf-name" value={draft.shop_name ?? ''} onChange={(e) => set({ shop_name: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('history.storeCode')} htmlFor="hf-code">
            <Input
              id="hf-code"
              inputMode="numeric"
              value={draft.shop_no ?? ''}
              onChange={(e) => set({ shop_no: sanitizeStoreCode(e.target.value) })}
              onBlur={() => set({ shop_no: padStoreCode(draft.shop_no ?? '') })}
            />
          </Form.Item>
          <Form.Item label={t('history.note')} htmlFor="hf-memo">
            <Input id="hf-memo" value={draft.memo ?? ''} onChange={(e) => set({ memo: e.target.value })} />
          </Form.Item>
        </Form>
        <Flex gap={8} justify="end">
          <Button onClick={() => setDraft(EMPTY)}>{t('common.reset')}</Button>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Flex>
      </form>
    </Drawer>
  );
}
