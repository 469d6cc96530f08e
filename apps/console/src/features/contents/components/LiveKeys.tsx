import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `value` to the clipboard; says 'Copied' once it is there. Named after what it copies. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      icon={<CopyOutlined />}
      aria-label={`${t('common.copy')} ${label}`}
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? t('common.copied') : t('common.copy')}
    </Button>
  );
}

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <Flex gap={8} style={{ marginTop: 4 }}>
        <Input readOnly value={value} aria-label={label} />
        <CopyButton value={value} label={label} />
      </Flex>
    </div>
  );
}

/** What an encoder needs after live registration: the ingest address and the stream key, each copyable. */
export function LiveKeys({ rtmpUrl, streamKey }: { rtmpUrl: string; streamKey: string }) {
  return (
    <Flex vertical gap={12}>
      <CopyRow label="rtmp_url" value={rtmpUrl} />
      <CopyRow label="stream_key" value={streamKey} />
    </Flex>
  );
}
