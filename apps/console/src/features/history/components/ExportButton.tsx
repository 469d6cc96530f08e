import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import '../../../i18n/schedules';

/** 'Export CSV': saves what the screen shows as a CSV file, busy while it is made, and says how it went. */
export function ExportButton({ run, disabled }: { run: () => Promise<void>; disabled?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportNow = async () => {
    setBusy(true);
    try {
      await run();
      useBanner.getState().show({ level: 'info', text: 'history.exported' });
    } catch (error) {
      useBanner.getState().show({ level: 'error', text: errorMessageOf(error, t('history.exportFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void exportNow()}>
      {t('history.exportCsv')}
    </Button>
  );
}
