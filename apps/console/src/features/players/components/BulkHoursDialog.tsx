import { MESSAGES, type TDeviceListQuery } from '@signage/domain';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { useSetBulkHours } from '../hoursApi';
import { OpeningHoursForm } from './OpeningHoursForm';

type Props = {
  open: boolean;
  filter: Omit<TDeviceListQuery, 'order' | 'endCursor' | 'limit' | 'all'>;
  total: number;
  selected: readonly string[];
  onClose: () => void;
  onDone: () => void;
};

/** The dialog of 'Opening hours…' on the player list, loaded when it first opens (BulkHoursButton). */
export default function BulkHoursDialog({ open, filter, total, selected, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const showBanner = useBanner((state) => state.show);
  const save = useSetBulkHours();
  return (
    <Modal open={open} title={t('hours.bulkTitle')} footer={null} width={720} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>
        {selected.length > 0
          ? t('hours.bulkHintSelected', { count: selected.length })
          : t('hours.bulkHint', { count: total })}
      </Typography.Paragraph>
      <OpeningHoursForm
        initial={null}
        saving={save.isPending}
        submitLabel={t('hours.save')}
        onCancel={onClose}
        onSubmit={(hours) =>
          save.mutate(selected.length > 0 ? { device_codes: [...selected], hours } : { filter, hours }, {
            onSuccess: (result) => {
              onClose();
              onDone();
              showBanner({ level: 'info', text: t('hours.bulkDone', { count: result.updated }) });
            },
            onError: (error) => showBanner({ level: 'error', text: errorMessageOf(error, MESSAGES.playerPutFailed) }),
          })
        }
      />
    </Modal>
  );
}
