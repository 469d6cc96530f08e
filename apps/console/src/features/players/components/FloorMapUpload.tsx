import { UploadOutlined } from '@ant-design/icons';
import { MESSAGES, type TDevice } from '@signage/domain';
import { Button, Flex, Typography } from 'antd';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { floorMapUrl } from '../../../ui/players/api';
import { useUploadFloorMap } from '../api';

/** The server's limit (floor maps are PDFs, not media): checked here too, to say so before sending. */
const FLOOR_MAP_MAX_BYTES = 20 * 1024 * 1024;

/** The shop's floor map: a link when there is one, and an upload (PDF) for DS_LHQIT and DS_FRIT. */
export function FloorMapUpload({ device, canUpload }: { device: TDevice; canUpload: boolean }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const upload = useUploadFloorMap(device.device_code);
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    if (!isPdf) return banner.show({ level: 'error', text: MESSAGES.floorMapNotPdf });
    if (file.size > FLOOR_MAP_MAX_BYTES) return banner.show({ level: 'error', text: MESSAGES.floorMapTooLarge });
    upload.mutate(
      { region: device.region, shopNo: device.shop_no, file },
      {
        onSuccess: () => banner.show({ level: 'info', text: MESSAGES.floorMapUploaded }),
        onError: (error) => banner.show({ level: 'error', text: errorMessageOf(error, MESSAGES.unexpectedError) }),
      },
    );
  };
  return (
    <Flex gap={12} align="center" wrap>
      {device.has_floor_map ? (
        <a href={floorMapUrl(device.region, device.shop_no)} target="_blank" rel="noreferrer">
          {t('players.floorMap')} (PDF)
        </a>
      ) : (
        <Typography.Text type="secondary">{t('players.noFloorMap')}</Typography.Text>
      )}
      {canUpload ? (
        <>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            aria-label={t('players.uploadFloorMap')}
            onChange={choose}
          />
          <Button
            size="small"
            icon={<UploadOutlined />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {device.has_floor_map ? t('players.replaceFloorMap') : t('players.uploadFloorMap')}
          </Button>
        </>
      ) : null}
    </Flex>
  );
}
