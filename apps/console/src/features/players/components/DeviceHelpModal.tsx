import { Badge, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/schedules';
import { InfoOverlay } from './InfoOverlay';

/** The device help overlay: what each state of the player list means, and what staff can do about it. */
export default function DeviceHelpModal() {
  const { t } = useTranslation();
  const rows: [ReactNode, string][] = [
    [<Badge key="alive" status="success" text={t('players.alive')} />, t('delivery.helpAlive')],
    [<Badge key="never" status="error" text={t('players.issue')} />, t('delivery.helpIssueNever')],
    [<Badge key="error" status="error" text={t('players.issue')} />, t('delivery.helpIssueError')],
    [<Badge key="offline" status="error" text={t('players.issue')} />, t('delivery.helpIssueOffline')],
    [<Badge key="up" status="success" text={t('delivery.upToDate')} />, t('delivery.helpUpToDate')],
    [<Badge key="pending" status="warning" text={t('delivery.pending')} />, t('delivery.helpPending')],
    [
      <Typography.Text key="unknown" type="secondary">
        {t('delivery.unknown')}
      </Typography.Text>,
      t('delivery.helpUnknown'),
    ],
    [
      <Tag key="clock" color="error">
        {t('delivery.clockOff', { minutes: '+2' })}
      </Tag>,
      t('delivery.helpClockOff'),
    ],
  ];
  return (
    <InfoOverlay overlay="deviceHelp" title={t('delivery.helpTitle')}>
      <Flex vertical gap={12}>
        {rows.map(([label, text]) => (
          <Flex key={text} gap={12} align="baseline">
            <div style={{ minWidth: 150, flex: 'none' }}>{label}</div>
            <Typography.Text>{text}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </InfoOverlay>
  );
}
