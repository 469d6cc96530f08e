import { LOG_LEVELS, normaliseLogRange } from '@signage/domain';
import { Button, DatePicker, Drawer, Flex, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type LogCriteria = { start: string; end: string; level: 'ALL' | (typeof LOG_LEVELS)[number] };

const FORMAT = 'YYYY-MM-DD HH:mm';
// The wall-clock text is what travels: the server reads it as GMT, as the screen says.
const toDayjs = (text: string): Dayjs | null => (text ? dayjs(text) : null);
const toText = (value: Dayjs | null): string => (value ? value.format(FORMAT) : '');

type Props = {
  open: boolean;
  initial: LogCriteria;
  defaults: LogCriteria;
  onClose: () => void;
  onSearch: (criteria: LogCriteria) => void;
};

/** Log search (SPEC.md section 2): start and end time (an end before the start becomes the start), level. */
export function LogSearchForm({ open, initial, defaults, onClose, onSearch }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  useEffect(() => {
    if (open) setDraft(initial);
  }, [open, initial]);
  const setRange = (start: string, end: string) =>
    setDraft({ ...draft, ...(start && end ? normaliseLogRange(start, end) : { start, end }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('logs.searchTitle')} size={400} destroyOnHidden>
      <form onSubmit={submit} aria-label={t('logs.searchTitle')}>
        <Form layout="vertical" component={false}>
          <Form.Item label={t('logs.start')} htmlFor="log-start" extra={t('logs.timeFormat')}>
            <DatePicker
              id="log-start"
              showTime={{ format: 'HH:mm' }}
              format={FORMAT}
              style={{ width: '100%' }}
              value={toDayjs(draft.start)}
              onChange={(value) => setRange(toText(value), draft.end)}
            />
          </Form.Item>
          <Form.Item label={t('logs.end')} htmlFor="log-end" extra={t('logs.timeFormat')}>
            <DatePicker
              id="log-end"
              showTime={{ format: 'HH:mm' }}
              format={FORMAT}
              style={{ width: '100%' }}
              value={toDayjs(draft.end)}
              onChange={(value) => setRange(draft.start, toText(value))}
            />
          </Form.Item>
          <Form.Item label={t('logs.level')}>
            <Radio.Group
              aria-label={t('logs.level')}
              value={draft.level}
              onChange={(e) => setDraft({ ...draft, level: e.target.value as LogCriteria['level'] })}
              options={(['ALL', ...LOG_LEVELS] as const).map((level) => ({
                value: level,
                label: t(`logs.level${level}`),
              }))}
            />
          </Form.Item>
        </Form>
        <Flex gap={8} justify="flex-end">
          <Button htmlType="button" onClick={() => setDraft(defaults)}>
            {t('common.reset')}
          </Button>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Flex>
      </form>
    </Drawer>
  );
}
