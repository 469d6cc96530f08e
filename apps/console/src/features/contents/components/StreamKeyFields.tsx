import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined } from '@ant-design/icons';
import { ROLE_GROUPS, type TContent, type TUserInfo } from '@signage/domain';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlay } from '../../../ui/useOverlay';
import '../../../i18n/live';
import { CopyButton } from './LiveKeys';

/** Only content editors (DS_MK, DS_FRIT) see a stream's key and may issue a new one, as the server decides too. */
export function canSeeStreamKeys(user: TUserInfo | null): boolean {
  return user !== null && (ROLE_GROUPS.contentEditors as readonly string[]).includes(user.authority);
}

const MASK = '•'.repeat(16);

/** The ingest address, copyable. */
export function RtmpUrlValue({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text style={{ wordBreak: 'break-all' }}>{value}</Typography.Text>
      <CopyButton value={value} label={t('live.keys.rtmpUrl')} />
    </Flex>
  );
}

/**
 * The stream key, hidden until Show; Copy copies it either way. 'Issue new key' opens the confirmation, for streams
 * of the server's own ingest only: another platform issues its keys itself (the server refuses those with 409).
 */
export function StreamKeyValue({ content }: { content: Pick<TContent, 'stream_key' | 'livePlatform'> }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const key = content.stream_key ?? '';
  return (
    <Flex vertical gap={8} align="flex-start">
      <Flex gap={8} align="center" wrap>
        {shown ? (
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {key}
          </Typography.Text>
        ) : (
          <Typography.Text aria-label={t('live.keys.hidden')}>{MASK}</Typography.Text>
        )}
        <Button
          icon={shown ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          onClick={() => setShown(!shown)}
        >
          {shown ? t('live.keys.hide') : t('live.keys.show')}
        </Button>
        <CopyButton value={key} label={t('live.keys.streamKey')} />
      </Flex>
      {content.livePlatform === 'selfhosted' ? (
        <Button danger icon={<KeyOutlined aria-hidden />} onClick={() => useOverlay.getState().show('streamKeyRotate')}>
          {t('live.keys.issue')}
        </Button>
      ) : null}
    </Flex>
  );
}
