import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WizardContent, WizardPlayer } from './state';
import '../../../i18n/schedules';

type Props = {
  players: WizardPlayer[];
  contents: WizardContent[];
  /** Without it the players are shown, not removable (a later step). */
  onRemovePlayer?: (code: string) => void;
  onRemoveContent?: (id: string) => void;
  /** Moves the content at `index` by one place (the playlist's order). */
  onMoveContent?: (index: number, by: -1 | 1) => void;
};

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 14, margin: '0 0 8px' }}>
        {title} ({count})
      </Typography.Title>
      {count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wizard.panel.empty')} style={{ margin: 0 }} />
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}>{children}</ol>
      )}
    </section>
  );
}

const itemStyle = { padding: '4px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' } as const;

/** The right-hand panel of the wizard (SPEC.md section 2): the chosen players and contents, removable. */
export function SelectionPanel({ players, contents, onRemovePlayer, onRemoveContent, onMoveContent }: Props) {
  const { t } = useTranslation();
  return (
    <Card title={t('wizard.panel.title')} size="small" style={{ width: 320, flex: '0 0 320px' }}>
      <Section title={t('wizard.panel.players')} count={players.length}>
        {players.map((p) => (
          <li key={p.device_code} style={itemStyle}>
            <Flex align="center" gap={8} justify="space-between">
              <Typography.Text ellipsis={{ tooltip: true }} style={{ minWidth: 0 }}>
                {p.shop_name} <Typography.Text type="secondary">{p.shop_no}</Typography.Text>
              </Typography.Text>
              {onRemovePlayer ? (
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('wizard.panel.remove', { name: `${p.shop_name} ${p.shop_no}` })}
                  onClick={() => onRemovePlayer(p.device_code)}
                />
              ) : null}
            </Flex>
          </li>
        ))}
      </Section>
      <Section title={t('wizard.panel.contents')} count={contents.length}>
        {contents.map((c, index) => (
          <li key={c.content_id} style={itemStyle}>
            <Flex align="center" gap={8}>
              <Typography.Text type="secondary" style={{ width: 20, textAlign: 'right', flex: 'none' }}>
                {index + 1}
              </Typography.Text>
              {c.thumbnail_url ? (
                <img
                  src={c.thumbnail_url}
                  alt=""
                  style={{ width: 40, height: 24, objectFit: 'cover', borderRadius: 2, flex: 'none' }}
                />
              ) : (
                <PlayCircleOutlined style={{ width: 40, flex: 'none' }} />
              )}
              <Typography.Text ellipsis={{ tooltip: true }} style={{ minWidth: 0, flex: 1 }}>
                {c.name}
              </Typography.Text>
              {onMoveContent ? (
                <>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    aria-label={t('wizard.panel.moveUp', { name: c.name })}
                    onClick={() => onMoveContent(index, -1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === contents.length - 1}
                    aria-label={t('wizard.panel.moveDown', { name: c.name })}
                    onClick={() => onMoveContent(index, 1)}
                  />
                </>
              ) : null}
              {onRemoveContent ? (
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('wizard.panel.remove', { name: c.name })}
                  onClick={() => onRemoveContent(c.content_id)}
                />
              ) : null}
            </Flex>
          </li>
        ))}
      </Section>
    </Card>
  );
}
