import { type HoursRange, MESSAGES, type OpeningHours, zoneLabel } from '@signage/domain';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { formatGmt } from '../../../lib/gmt';
import { Tag } from '../../../ui/lite';
import { usePlayerHours, useSetPlayerHours } from '../hoursApi';
import { dayKey, OpeningHoursForm, WEEKDAYS } from './OpeningHoursForm';

const rangesText = (ranges: readonly HoursRange[], closed: string) =>
  ranges.length === 0 ? closed : ranges.map((r) => `${r.open}–${r.close}`).join(', ');

function HoursView({ hours }: { hours: OpeningHours }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <table className="lt-hours">
        <caption className="visually-hidden">{t('hours.week')}</caption>
        <tbody>
          {WEEKDAYS.map((day) => (
            <tr key={day}>
              <th scope="row" style={{ textAlign: 'start', paddingInlineEnd: 16, fontWeight: 500 }}>
                {t(dayKey(day))}
              </th>
              <td>{rangesText(hours.week.find((d) => d.day === day)?.ranges ?? [], t('hours.closed'))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hours.exceptions.length > 0 ? (
        <>
          <Typography.Text strong>{t('hours.exceptions')}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 16 }} aria-label={t('hours.exceptions')}>
            {hours.exceptions.map((e) => (
              <li key={e.date}>{`${e.date}: ${rangesText(e.ranges, t('hours.closed'))}`}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Flex>
  );
}

/**
 * A player's opening hours on its detail page (issue 29 item 1): the week and exceptions in the store's zone,
 * open or closed now, and for the roles that may edit the player a form to change or clear them.
 */
export function OpeningHoursCard({ deviceCode, canEdit }: { deviceCode: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const showBanner = useBanner((state) => state.show);
  const hours = usePlayerHours(deviceCode);
  const save = useSetPlayerHours(deviceCode);
  const [editing, setEditing] = useState(false);
  const data = hours.data;
  return (
    <Card
      title={t('hours.title')}
      style={{ marginTop: 16 }}
      extra={
        data ? (
          <Flex gap={8} align="center">
            <Tag color={data.open_now ? 'success' : undefined} data-testid="store-open-now">
              {data.open_now ? t('hours.openNow') : t('hours.closedNow')}
            </Tag>
            {canEdit && !editing ? <Button onClick={() => setEditing(true)}>{t('hours.edit')}</Button> : null}
          </Flex>
        ) : null
      }
    >
      {hours.isError ? (
        <Typography.Text type="danger">
          {translateMessage(t, errorMessageOf(hours.error, MESSAGES.playerGetFailed))}
        </Typography.Text>
      ) : null}
      {data ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('hours.zone', { zone: zoneLabel(data.time_zone) })}</Typography.Text>
          {editing ? (
            <OpeningHoursForm
              initial={data.hours}
              saving={save.isPending}
              submitLabel={t('hours.save')}
              onCancel={() => setEditing(false)}
              onSubmit={(next) =>
                save.mutate(next, {
                  onSuccess: () => {
                    setEditing(false);
                    showBanner({ level: 'info', text: MESSAGES.hoursSaved });
                  },
                  onError: (error) =>
                    showBanner({ level: 'error', text: errorMessageOf(error, MESSAGES.playerPutFailed) }),
                })
              }
            />
          ) : data.hours ? (
            <HoursView hours={data.hours} />
          ) : (
            <Typography.Text>{t('hours.none')}</Typography.Text>
          )}
          {data.updated_at && !editing ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('hours.updated', { time: formatGmt(data.updated_at), user: data.updated_by ?? '' })}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
    </Card>
  );
}
