import {
  defaultScheduleForm,
  formatOffset,
  type LocalDate,
  MESSAGES,
  offsetMinutes,
  parseZone,
  runtimeZone,
  type ScheduleForm,
  type ScheduleIssue,
  scheduleKindOf,
  scheduleValuesOf,
  todayIn,
  validateScheduleForm,
} from '@signage/domain';
import { Alert, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenStateStore } from '../../../app/screenState';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { CenteredSpinner } from '../../../ui/CenteredSpinner';
import { openDialog } from '../../../ui/dialog';
import { PLAYER_LIST_SCREEN } from '../../../ui/players/criteria';
import { useSetSchedule } from '../wizard/api';
import { SelectionPanel } from '../wizard/SelectionPanel';
import { SettingForm } from '../wizard/SettingForm';
import { clearWizard, useWizard, useWizardMode, type WizardPlayer, wizardPath } from '../wizard/state';
import { useCopySource } from '../wizard/useCopySource';
import { WizardLayout } from '../wizard/WizardLayout';
import '../../../i18n/schedules';

/**
 * The form of the setting step: the stored draft, or the defaults for the selection's kind (a draft made for
 * the other kind starts again from that kind's defaults, keeping the names); always with the chosen players
 * and contents.
 */
function formFor(
  stored: ScheduleForm | null | undefined,
  today: LocalDate,
  live: boolean,
  dest: string[],
  contents: string[],
) {
  let form = stored ?? defaultScheduleForm(today, { firstContentLive: live });
  if (form.firstContentLive !== live) {
    const fresh = defaultScheduleForm(today, { firstContentLive: live });
    form = { ...fresh, playlistName: form.playlistName, scheduleName: form.scheduleName };
  }
  return { ...form, dest, contents };
}

/** The zones the chosen players read the dates and times in, with how many players each. */
function zonesOf(players: WizardPlayer[]): { zone: string; offset: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of players) counts.set(p.time_zone, (counts.get(p.time_zone) ?? 0) + 1);
  return [...counts].map(([zone, count]) => {
    const known = parseZone(zone);
    return { zone, count, offset: known ? formatOffset(offsetMinutes(known)) : '' };
  });
}

/**
 * Step 3 of the schedule wizard (SPEC.md sections 2, 4 and 5): the schedule's names, period, times and
 * delivery timing; Set checks the domain's rules at each field, then the scheduleSetting dialog sends it
 * (OK) or only hides (Cancel). zone_code is the browser's zone, the one the user reads 'today' in. After
 * success: the player list with the search cleared. Without players or contents: back to step 1.
 */
export default function ScheduleSettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const mode = useWizardMode();
  const copy = useCopySource(mode);
  const wizard = useWizard(mode);
  const { setting, players, chosen } = wizard;
  const save = useSetSchedule(mode, copy.sourceId);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ScheduleIssue['field'][]>([]);
  const done = useRef(false);
  const zone = runtimeZone();
  const today = todayIn(zone);
  const missing = copy.ready && !done.current && (players.length === 0 || chosen.length === 0);

  useEffect(() => {
    if (missing) navigate(wizardPath(mode, 'devices', copy.sourceId), { replace: true });
  }, [missing, mode, copy.sourceId, navigate]);

  if (!user) return null;
  // Saved: the wizard is cleared while the player list loads; the emptied form would flash its errors (issue 31).
  if (!copy.ready || missing || done.current) return <CenteredSpinner />;

  const form = formFor(
    setting.criteria.form,
    today,
    scheduleKindOf(chosen) === 'live',
    players.map((p) => p.device_code),
    chosen.map((c) => c.content_id),
  );
  const setForm = (next: ScheduleForm) => setting.setCriteria({ ...setting.criteria, form: next });
  const issues = validateScheduleForm(form, today);
  const shown = submitted ? issues : issues.filter((issue) => touched.includes(issue.field));

  const send = () => {
    const values = scheduleValuesOf(form, today);
    save.mutate(
      { ...values, zone_code: zone },
      {
        onSuccess: () => {
          done.current = true;
          useBanner.getState().show({ level: 'info', text: 'wizard.setSucceeded' });
          useScreenStateStore.getState().update(PLAYER_LIST_SCREEN, { criteria: {}, page: 1 });
          navigate('/device/list');
          clearWizard(mode);
        },
        onError: (error) =>
          useBanner.getState().show({ level: 'error', text: errorMessageOf(error, MESSAGES.schedulePostFailed) }),
      },
    );
  };

  const confirm = () => {
    setSubmitted(true);
    if (issues.length > 0) return;
    const values = scheduleValuesOf(form, today);
    openDialog({
      kind: 'scheduleSetting',
      title: t('wizard.setting.confirmTitle'),
      content: (
        <Typography.Paragraph>
          {t('wizard.setting.confirmBody', {
            schedule: values.schedule_name,
            contents: values.contents.length,
            players: values.dest.length,
          })}
        </Typography.Paragraph>
      ),
      onOk: send,
    });
  };

  return (
    <WizardLayout
      mode={mode}
      step="setting"
      sourceName={copy.sourceName}
      panel={<SelectionPanel players={players} contents={chosen} />}
      onBack={() => navigate(wizardPath(mode, 'contents', copy.sourceId))}
      next={{ label: t('wizard.set'), onClick: confirm, disabled: save.isPending }}
    >
      <SettingForm
        form={form}
        today={today}
        issues={shown}
        onChange={setForm}
        onTouch={(field) => setTouched((list) => (list.includes(field) ? list : [...list, field]))}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginTop: 8 }}
        title={t('wizard.setting.zoneNote')}
        description={
          <>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {zonesOf(players).map((z) => (
                <li key={z.zone}>{t('wizard.setting.zoneItem', { zone: z.zone, offset: z.offset, count: z.count })}</li>
              ))}
            </ul>
            <Typography.Text type="secondary">{t('wizard.setting.todayIn', { zone, date: today })}</Typography.Text>
          </>
        }
      />
    </WizardLayout>
  );
}
