import { PictureOutlined } from '@ant-design/icons';
import { displayPatternLabel, type TContentHistory } from '@signage/domain';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../i18n/schedules';

/** A content as the history shows it: thumbnail, name (whole in a tooltip), kind, display, and 'Deleted'. */
export function ContentCell({ content }: { content: TContentHistory }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" style={{ minWidth: 0 }}>
      {content.thumbnail_url ? (
        <img
          src={content.thumbnail_url}
          alt=""
          loading="lazy"
          style={{ width: 80, height: 45, objectFit: 'cover', borderRadius: 4, flex: 'none' }}
        />
      ) : (
        <Flex
          align="center"
          justify="center"
          style={{ width: 80, height: 45, borderRadius: 4, background: '#f0f0f0', flex: 'none' }}
        >
          <PictureOutlined aria-hidden />
        </Flex>
      )}
      <div style={{ minWidth: 0 }}>
        <Tooltip title={content.name} placement="topLeft">
          <Typography.Text strong ellipsis style={{ display: 'block', maxWidth: 320 }}>
            {content.name}
          </Typography.Text>
        </Tooltip>
        <Flex gap={4} wrap style={{ marginTop: 2 }}>
          <Tag>{t(`history.type.${content.type}`)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {displayPatternLabel(content.display_pattern)}
          </Typography.Text>
          {content.deleted ? <Tag color="default">{t('history.deleted')}</Tag> : null}
        </Flex>
      </div>
    </Flex>
  );
}
