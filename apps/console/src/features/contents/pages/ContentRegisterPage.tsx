import { MESSAGES } from '@signage/domain';
import { Alert, Button, Card, Col, Flex, Form, Radio, Row } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { ApiError } from '../../../lib/api';
import { openDialog } from '../../../ui/dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { type UploadProgress, uploadContent, useLivePlatforms } from '../api';
import { BaseFields } from '../components/BaseFields';
import { LiveFields } from '../components/LiveFields';
import { LiveKeys } from '../components/LiveKeys';
import { UploadArea } from '../components/UploadArea';
import { bannerTextOf, translateServerMessage } from '../messages';
import {
  canRegister,
  checkFile,
  EMPTY_FORM,
  type ErrorKind,
  type ImageState,
  isPristine,
  type RegisterForm,
  type RegisterMode,
  shownErrors,
  toFields,
  withFile,
  withMode,
} from '../rules';

const KIND_MESSAGE: Record<1 | 2, string> = { 1: MESSAGES.uploadBadExtension, 2: MESSAGES.uploadTooLarge };

function errorKindOf(error: unknown): ErrorKind {
  if (error instanceof ApiError && error.message === MESSAGES.uploadBadExtension) return 1;
  if (error instanceof ApiError && error.status === 413) return 2;
  return 3;
}

/**
 * Content register (SPEC.md sections 2, 4, 5): Video-Image or Live; form on the left, drag-and-drop on the
 * right, Reset and Register below. Upload progress is real (percent and time left); large files go through
 * resumable uploads.
 */
export default function ContentRegisterPage() {
  const { t } = useTranslation();
  const showBanner = useBanner((state) => state.show);
  const platforms = useLivePlatforms();
  const [mode, setMode] = useState<RegisterMode>('video');
  const [form, setForm] = useState(EMPTY_FORM);
  const [imageState, setImageState] = useState<ImageState>(0);
  const [errorKind, setErrorKind] = useState<ErrorKind | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<keyof RegisterForm>>(new Set());
  const uploading = progress !== null;
  const cancelUpload = useRef<AbortController | null>(null);
  const errors = shownErrors(form, mode, touched);
  const touch = (field: keyof RegisterForm) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  const clear = () => {
    setForm(EMPTY_FORM);
    setTouched(new Set());
    setImageState(0);
    setErrorText(null);
    setProgress(null);
  };

  const chooseFile = (file: File) => {
    touch('file');
    const verdict = checkFile(file, mode);
    if (!verdict.ok) {
      setForm({ ...form, file: null });
      setImageState(2);
      setErrorKind(verdict.kind);
      setErrorText(translateServerMessage(t, KIND_MESSAGE[verdict.kind]));
      return;
    }
    setForm(withFile(form, file, mode));
    setImageState(verdict.isVideo ? 3 : 1);
    setErrorKind(null);
    setErrorText(null);
  };

  const register = async () => {
    if (!form.file || !canRegister(form, mode)) return;
    setProgress({ percent: 0, remainingSeconds: null });
    const controller = new AbortController();
    cancelUpload.current = controller;
    try {
      const content = await uploadContent(toFields(form, mode), form.file, setProgress, controller.signal);
      clear();
      setErrorKind(0);
      showBanner({ level: 'info', text: mode === 'live' ? MESSAGES.liveRegistered : MESSAGES.uploadComplete });
      if (mode === 'live') {
        openDialog({
          kind: 'contentRegister',
          title: t('messages.liveRegistered'),
          content: <LiveKeys rtmpUrl={content.rtmp_url ?? ''} streamKey={content.stream_key ?? ''} />,
        });
      }
    } catch (error) {
      if (controller.signal.aborted) {
        // Cancelled by the user: the form stays as it was, ready to try again.
        setProgress(null);
        showBanner({ level: 'info', text: 'contents.register.cancelled' });
        return;
      }
      const message = error instanceof ApiError ? error.message : MESSAGES.contentPostFailed;
      setProgress(null);
      setImageState(2);
      setErrorKind(errorKindOf(error));
      setErrorText(translateServerMessage(t, message));
      showBanner({ level: 'error', text: bannerTextOf(message) });
    }
  };

  return (
    <>
      <PageHeader title={t('title.contentRegister')} />
      <Card>
        <Radio.Group
          value={mode}
          disabled={uploading}
          onChange={(event) => {
            const next = event.target.value as RegisterMode;
            setMode(next);
            setForm(withMode(form, next));
            setImageState(0);
            setErrorText(null);
          }}
          options={[
            { value: 'video', label: t('contents.register.videoImage') },
            { value: 'live', label: t('contents.register.live') },
          ]}
          style={{ marginBottom: 16 }}
        />
        {mode === 'live' ? (
          <Alert type="info" showIcon title={t('contents.register.slowNote')} style={{ marginBottom: 16 }} />
        ) : null}
        <Row gutter={[32, 16]}>
          <Col xs={24} lg={14}>
            <Form layout="vertical" component="div">
              <BaseFields
                form={form}
                mode={mode}
                onChange={setForm}
                disabled={uploading}
                errors={errors}
                onTouch={touch}
              />
              {mode === 'live' ? (
                <LiveFields
                  form={form}
                  platforms={platforms.data ?? []}
                  onChange={setForm}
                  disabled={uploading}
                  errors={errors}
                  onTouch={touch}
                />
              ) : null}
            </Form>
          </Col>
          <Col xs={24} lg={10}>
            <UploadArea
              mode={mode}
              file={form.file}
              imageState={imageState}
              errorKind={errorKind}
              errorText={errorText}
              fileError={errors.file ? translateServerMessage(t, errors.file) : null}
              progress={progress}
              disabled={uploading}
              onFile={chooseFile}
            />
          </Col>
        </Row>
        <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
          {uploading ? <Button onClick={() => cancelUpload.current?.abort()}>{t('common.cancel')}</Button> : null}
          <Button disabled={uploading || isPristine(form)} onClick={clear}>
            {t('common.reset')}
          </Button>
          <Button
            type="primary"
            disabled={uploading || !canRegister(form, mode)}
            loading={uploading}
            onClick={register}
          >
            {t('common.register')}
          </Button>
        </Flex>
      </Card>
    </>
  );
}
