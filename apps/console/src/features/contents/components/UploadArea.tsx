import { InboxOutlined } from '@ant-design/icons';
import { mediaAccept } from '@signage/domain';
import { Alert, Flex, Progress, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../api';
import type { ErrorKind, ImageState, RegisterMode } from '../rules';

type UploadAreaProps = {
  mode: RegisterMode;
  file: File | null;
  imageState: ImageState;
  errorKind: ErrorKind | null;
  errorText: string | null;
  /** 'Please upload the file', once the form has been touched without a file. */
  fileError: string | null;
  progress: UploadProgress | null;
  disabled: boolean;
  onFile: (file: File) => void;
};

function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function formatRemaining(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The right-hand drag-and-drop area of Content register: one file, a preview of it (image state 1 or 3),
 * the error of a failed check (state 2 with its kind) and real upload progress with the time left.
 */
export function UploadArea({
  mode,
  file,
  imageState,
  errorKind,
  errorText,
  fileError,
  progress,
  disabled,
  onFile,
}: UploadAreaProps) {
  const { t } = useTranslation();
  const preview = usePreviewUrl(imageState === 2 ? null : file);
  const accept = mediaAccept({ live: mode === 'live' });
  return (
    <Flex vertical gap={12} data-image-state={imageState}>
      {/* The area is a button (role, Tab stop, Enter) named by its text; its own aria-label would go to the
          hidden file input. A button also answers Space (WCAG 2.1.1), which the upload leaves out. */}
      <fieldset
        aria-label={t('contents.register.dropArea')}
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          if (event.key !== ' ' || target.getAttribute('role') !== 'button') return;
          event.preventDefault();
          target.click();
        }}
      >
        <Upload.Dragger
          accept={accept}
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(chosen) => {
            onFile(chosen);
            return false;
          }}
        >
          {preview && imageState === 1 ? (
            <img
              src={preview}
              alt={file?.name ?? ''}
              style={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain' }}
            />
          ) : preview && imageState === 3 ? (
            <video src={preview} controls muted style={{ maxWidth: '100%', maxHeight: 220 }} />
          ) : (
            <p style={{ fontSize: 40, color: '#1677ff', margin: 0 }}>
              <InboxOutlined />
            </p>
          )}
          <p style={{ margin: '8px 0 0' }}>{t('contents.register.dropHint')}</p>
          <Typography.Text type="secondary">
            {mode === 'live' ? t('contents.register.liveImageHint') : t('contents.register.fileHint')}
          </Typography.Text>
        </Upload.Dragger>
      </fieldset>
      {file && imageState !== 2 ? <Typography.Text strong>{file.name}</Typography.Text> : null}
      {fileError && imageState !== 2 ? <Typography.Text type="danger">{fileError}</Typography.Text> : null}
      {progress ? (
        <div role="status" aria-label={t('contents.register.progress')}>
          <Progress percent={progress.percent} />
          <Typography.Text type="secondary">
            {progress.remainingSeconds === null
              ? t('contents.register.estimating')
              : t('contents.register.remaining', { time: formatRemaining(progress.remainingSeconds) })}
          </Typography.Text>
        </div>
      ) : null}
      {imageState === 2 && errorText ? (
        <Alert type="error" showIcon title={errorText} data-error-kind={errorKind ?? undefined} />
      ) : null}
    </Flex>
  );
}
