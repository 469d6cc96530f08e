import { MESSAGES, type TDeviceListQuery } from '@signage/domain';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { useSetBulkHours } from '../hoursApi';
import { OpeningHoursForm } from './OpeningHoursForm';

type Props = { query: TDeviceListQuery; total: number; selected: readonly string[]; onDone: () => void };

/**
 * 'Opening hours…' on the player list (issue 29 item 1): the same hours for the rows picked in the list, or when
 * none is picked for every player of the current search (country, tag, store type and the rest of the filter);
 * the server keeps those the user may edit.
 */
export function BulkHoursButton({ query, total, selected, onDone }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const showBanner = useBanner((state) => state.show);
  const save = useSetBulkHours();
  const { order: _order, endCursor: _cursor, limit: _limit, all: _all, ...filter } = query;
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={total === 0 && selected.length === 0} aria-haspopup="dialog">
        {t('hours.bulkButton')}
      </Button>
      <Modal
        open={open}
        title={t('hours.bulkTitle')}
        footer={null}
        width={720}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {selected.length > 0
            ? t('hours.bulkHintSelected', { count: selected.length })
            : t('hours.bulkHint', { count: total })}
        </Typography.Paragraph>
        <OpeningHoursForm
          initial={null}
          saving={save.isPending}
          submitLabel={t('hours.save')}
          onCancel={() => setOpen(false)}
          onSubmit={(hours) =>
            save.mutate(selected.length > 0 ? { device_codes: [...selected], hours } : { filter, hours }, {
              onSuccess: (result) => {
                setOpen(false);
                onDone();
                showBanner({ level: 'info', text: t('hours.bulkDone', { count: result.updated }) });
              },
              onError: (error) => showBanner({ level: 'error', text: errorMessageOf(error, MESSAGES.playerPutFailed) }),
            })
          }
        />
      </Modal>
    </>
  );
}
