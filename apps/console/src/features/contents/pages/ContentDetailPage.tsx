import { CONTENT_NAME_MAX, displayPatternLabel, liveStationUrlError, MESSAGES, type TContent } from '@signage/domain';
import { Button, Card, Col, Descriptions, Flex, Form, Input, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useScreenStateStore } from '../../../app/screenState';
import { useBanner } from '../../../app/shell/useBanner';
import { textOr } from '../../../i18n/keys';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { countryText, expiryText } from '../../../ui/contents/format';
import { openDialog } from '../../../ui/dialog';
import '../../../i18n/live';
import { formatGmtSeconds } from '../../../lib/gmt';
import { PageHeader } from '../../../ui/PageHeader';
import { useContent, useDeleteContent, useUpdateContent } from '../api';
import { ContentPreview } from '../components/ContentPreview';
import { LayoutSketch } from '../components/LayoutSketch';
import { RotateKeyDialog } from '../components/RotateKeyDialog';
import { canSeeStreamKeys, RtmpUrlValue, StreamKeyValue } from '../components/StreamKeyFields';
import { fieldFeedback } from '../fieldFeedback';
import { bannerTextOf } from '../messages';
import { contentNameError } from '../rules';
import { CONTENT_LIST_SCREEN } from './ContentListPage';

type Editable = { name: string; title: string; stationUrl: string; showId: string };
const editableOf = (c: TContent): Editable => ({
  name: c.name,
  title: c.title ?? '',
  stationUrl: c.livestation_url ?? '',
  showId: c.bambuser_showId ?? '',
});

/** The messages of the editable fields, the same rules as the register form and the server. */
export function draftErrors(content: TContent, draft: Editable): Partial<Record<keyof Editable, string>> {
  const errors: Partial<Record<keyof Editable, string>> = {};
  const name = contentNameError(draft.name);
  if (name) errors.name = name;
  if (content.type !== 'stream') return errors;
  if (content.layout === 'Multielement' && draft.title.trim() === '') errors.title = MESSAGES.enterLiveTitle;
  const url = draft.stationUrl.trim() === '' ? null : liveStationUrlError(draft.stationUrl.trim());
  if (url) errors.stationUrl = url;
  if (content.livePlatform === 'bambuser' && draft.showId.trim() === '') errors.showId = MESSAGES.enterShowId;
  return errors;
}

/** Register is enabled when the name (streams: also title, station URL or show id) differs from the stored one. */
export function hasChanges(content: TContent, draft: Editable): boolean {
  const stored = editableOf(content);
  const keys: (keyof Editable)[] = content.type === 'stream' ? ['name', 'title', 'stationUrl', 'showId'] : ['name'];
  return keys.some((key) => draft[key].trim() !== stored[key]) && Object.keys(draftErrors(content, draft)).length === 0;
}

/**
 * Content detail (SPEC.md section 2): the content in read mode with its preview; name (and a stream's title,
 * station URL and show id) can change. After saving or deleting, the content search is cleared and the list
 * shown from page 1. Without a key the list is shown.
 */
export default function ContentDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key');
  const navigate = useNavigate();
  const showBanner = useBanner((state) => state.show);
  const query = useContent(key);
  const update = useUpdateContent(key ?? '');
  const remove = useDeleteContent();
  const [draft, setDraft] = useState<Editable | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<keyof Editable>>(new Set());
  const content = query.data;
  const showKeys = canSeeStreamKeys(useAuth((state) => state.user));
  // The draft follows the stored values when they change (a save), not when something else does (a new key).
  const stored = content ? JSON.stringify(editableOf(content)) : null;

  useEffect(() => {
    if (stored) setDraft(JSON.parse(stored) as Editable);
  }, [stored]);

  if (!key || query.isError) return <Navigate to="/contents/list" replace />;
  if (!content || !draft) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const backToList = () => {
    useScreenStateStore.getState().reset(CONTENT_LIST_SCREEN);
    navigate('/contents/list');
  };
  const save = () =>
    update.mutate(
      {
        name: draft.name.trim(),
        zone_code: Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...(content.type === 'stream'
          ? {
              title: draft.title.trim(),
              livestation_url: draft.stationUrl.trim(),
              bambuser_showId: draft.showId.trim(),
            }
          : {}),
      },
      {
        onSuccess: () => {
          showBanner({ level: 'info', text: 'contents.detail.updated' });
          backToList();
        },
        onError: (error) =>
          showBanner({ level: 'error', text: bannerTextOf(errorMessageOf(error, MESSAGES.contentPutFailed)) }),
      },
    );
  const confirmDelete = () =>
    openDialog({
      kind: 'contentDelete',
      title: t('contents.detail.deleteTitle'),
      content: t('contents.detail.deleteText', { name: content.name }),
      danger: true,
      okText: t('common.delete'),
      onOk: () =>
        remove.mutate(content.content_id, {
          onSuccess: () => {
            showBanner({ level: 'info', text: 'contents.detail.deleted' });
            backToList();
          },
          onError: (error) =>
            showBanner({ level: 'error', text: bannerTextOf(errorMessageOf(error, MESSAGES.contentDeleteFailed)) }),
        }),
    });
  const errors = draftErrors(content, draft);
  const shown = Object.fromEntries(Object.entries(errors).filter(([id]) => touched.has(id as keyof Editable)));
  const feedback = fieldFeedback(t, shown as Partial<Record<keyof Editable, string>>);
  const field = (id: keyof Editable, label: string) => (
    <Form.Item label={label} htmlFor={`detail-${id}`} {...feedback(id)}>
      <Input
        id={`detail-${id}`}
        value={draft[id]}
        maxLength={id === 'name' ? CONTENT_NAME_MAX : undefined}
        onBlur={() => setTouched((previous) => new Set(previous).add(id))}
        onChange={(event) => setDraft({ ...draft, [id]: event.target.value })}
      />
    </Form.Item>
  );
  const stream = content.type === 'stream';

  return (
    <>
      <PageHeader title={t('title.contentDetail')} />
      <Card>
        <Row gutter={[32, 16]}>
          <Col xs={24} lg={12} style={{ minWidth: 0 }}>
            <Form layout="vertical" component="div">
              {field('name', t('contents.fields.name'))}
              {stream ? field('title', t('contents.live.title')) : null}
              {stream ? field('stationUrl', t('contents.live.stationUrl')) : null}
              {stream ? field('showId', t('contents.live.showId')) : null}
            </Form>
            <Descriptions column={1} size="small" bordered styles={{ content: { wordBreak: 'break-all' } }}>
              <Descriptions.Item label={t('contents.detail.type')}>
                {t(`contents.type.${content.type}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('contents.list.updated')}>
                {formatGmtSeconds(content.updated_at)}
              </Descriptions.Item>
              <Descriptions.Item label={t('contents.fields.licensePeriod')}>
                {content.license_from || content.license_to
                  ? `${content.license_from ?? ''} ~ ${expiryText(t, content.license_to)}`
                  : t('common.noExpiration')}
              </Descriptions.Item>
              <Descriptions.Item label={t('contents.fields.displayPattern')}>
                {displayPatternLabel(content.display_pattern)}
              </Descriptions.Item>
              <Descriptions.Item label={t('contents.fields.country')}>
                {countryText(t, content.region)}
              </Descriptions.Item>
              {stream ? (
                <>
                  <Descriptions.Item label={t('contents.live.platform')}>
                    {textOr(
                      t,
                      `contents.platform.${content.livePlatform ?? 'bambuser'}`,
                      content.livePlatform ?? 'bambuser',
                    )}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('contents.live.layout')}>
                    <Flex gap={12} align="center">
                      {content.layout ? textOr(t, `contents.layout.${content.layout}`, content.layout) : ''}
                      <LayoutSketch layout={content.layout} logoPosition={content.live_logo_position} />
                    </Flex>
                  </Descriptions.Item>
                  {showKeys ? (
                    <>
                      <Descriptions.Item label={t('live.keys.rtmpUrl')}>
                        <RtmpUrlValue value={content.rtmp_url ?? ''} />
                      </Descriptions.Item>
                      <Descriptions.Item label={t('live.keys.streamKey')}>
                        <StreamKeyValue content={content} />
                      </Descriptions.Item>
                    </>
                  ) : null}
                  <Descriptions.Item label={t('contents.live.resolution')}>
                    {`${content.output_resolution_width ?? ''} x ${content.output_resolution_height ?? ''}`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('contents.live.logoPosition')}>
                    {content.live_logo_position
                      ? textOr(t, `contents.logoPosition.${content.live_logo_position}`, content.live_logo_position)
                      : '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('contents.live.prompt')}>{content.live_prompt || '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('contents.live.dashboard')}>
                    {content.live_dashboard
                      ? textOr(t, `contents.dashboard.${content.live_dashboard}`, content.live_dashboard)
                      : '-'}
                  </Descriptions.Item>
                </>
              ) : null}
            </Descriptions>
          </Col>
          <Col xs={24} lg={12} style={{ minWidth: 0 }}>
            <ContentPreview content={content} />
          </Col>
        </Row>
        <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
          <Button danger onClick={confirmDelete} loading={remove.isPending}>
            {t('common.delete')}
          </Button>
          <Button onClick={() => navigate(`/contents/historysummary?key=${encodeURIComponent(content.key)}`)}>
            {t('menu.history')}
          </Button>
          <Button type="primary" disabled={!hasChanges(content, draft)} loading={update.isPending} onClick={save}>
            {t('common.register')}
          </Button>
        </Flex>
      </Card>
      {stream && showKeys && content.livePlatform === 'selfhosted' ? <RotateKeyDialog content={content} /> : null}
    </>
  );
}
