import { ALERT_MESSAGES } from '@signage/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/queryClient';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const message = {
  message_id: 'm1',
  subscription_id: 's1',
  kind: 'alert',
  channel: 'webhook',
  target: 'https://hooks.example.com/signage',
  status: 'sent',
  created_at: '2026-03-01T09:30:00.000Z',
  sent_at: '2026-03-01T09:31:30.000Z',
  next_attempt_at: null,
  players: [
    {
      device_code: 'P1',
      device_name: 'SN1',
      region: 'GB',
      shop_no: '4711',
      shop_name: 'Regent Street',
      condition: 'offline',
      since: '2026-03-01T09:10:00.000Z',
    },
  ],
  attempts: [
    {
      attempt: 1,
      attempted_at: '2026-03-01T09:30:00.000Z',
      ok: false,
      status_code: 503,
      error: 'the receiver answered HTTP 503',
    },
    { attempt: 2, attempted_at: '2026-03-01T09:31:30.000Z', ok: true, status_code: 204, error: null },
  ],
};
const subscription = {
  subscription_id: 's1',
  conditions: ['offline', 'behind'],
  countries: ['GB'],
  channel: 'webhook',
  target: 'https://hooks.example.com/signage',
  created_at: '2026-02-01T08:00:00.000Z',
};

// The page's chunk loaded, and the page drawn once empty, for the file (Ant Design's table, form and select
// are slow to draw the first time on a loaded machine; the tests' waits are for their own data only).
beforeAll(async () => {
  await import('./AlertsPage');
  mockFetch({
    'GET /api/alerts/subscriptions': () => success({ subscriptions: [] }),
    'GET /api/alerts/messages': () => success({ messages: [] }),
  });
  const view = open();
  await screen.findByText('Nothing has been sent yet', {}, { timeout: 25_000 });
  view.unmount();
  queryClient.clear();
});

const open = () => renderApp('/alerts', userWith('DS_LHQIT', { region: 'GB' }));
const button = (name: string) => screen.getByText(name).closest('button') as HTMLElement;

describe('Alerts (issue 29 item 3)', () => {
  it('lists my subscriptions and the delivery log with every attempt', async () => {
    mockFetch({
      'GET /api/alerts/subscriptions': () => success({ subscriptions: [subscription] }),
      'GET /api/alerts/messages': () => success({ messages: [message] }),
    });
    open();
    await screen.findByText('Delivery log', {}, { timeout: 20_000 });
    expect(
      await screen.findByText('GB 4711 Regent Street · Offline during opening hours', {}, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Offline during opening hours, Behind on delivery')).toBeTruthy();
    expect(screen.getAllByText('Webhook: https://hooks.example.com/signage')).toHaveLength(2);
    expect(screen.getByText('the receiver answered HTTP 503')).toBeTruthy();
    expect(screen.getByText(/2026-03-01 09:31:30.*delivered \(HTTP 204\)/)).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
  });

  it('finds a country by the name it shows when one is typed in Countries (DS_FRIT)', async () => {
    mockFetch({
      'GET /api/alerts/subscriptions': () => success({ subscriptions: [] }),
      'GET /api/alerts/messages': () => success({ messages: [] }),
    });
    renderApp('/alerts', userWith('DS_FRIT'));
    await screen.findByText('No subscriptions yet', {}, { timeout: 25_000 });
    const countries = screen.getByRole('combobox', { name: 'Countries' });
    fireEvent.mouseDown(countries);
    fireEvent.change(countries, { target: { value: 'Japan' } });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['Japan']),
    );
  });

  it('refuses a bad webhook at its field before sending, and shows a server refusal at its field', async () => {
    const { requests } = mockFetch({
      'GET /api/alerts/subscriptions': () => success({ subscriptions: [] }),
      'GET /api/alerts/messages': () => success({ messages: [] }),
      'POST /api/alerts/subscriptions': () => failure(400, ALERT_MESSAGES.noSmtp),
    });
    open();
    await screen.findByText('No subscriptions yet', {}, { timeout: 25_000 });
    fireEvent.click(screen.getByLabelText('Webhook'));
    fireEvent.change(await screen.findByLabelText('Webhook URL'), { target: { value: 'ftp://example.com' } });
    fireEvent.change(screen.getByLabelText('Webhook secret'), { target: { value: 'short' } });
    fireEvent.click(button('Subscribe'));
    expect(await screen.findByText('Please enter an http or https URL')).toBeTruthy();
    expect(screen.getByText('Please enter a secret of at least 16 characters')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByLabelText('E-mail'));
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'ops@example.com' } });
    fireEvent.click(button('Subscribe'));
    expect(await screen.findByText('E-mail alerts are not configured on this server (SMTP_URL)')).toBeTruthy();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      conditions: ['offline'],
      countries: ['GB'],
      channel: 'email',
      email: 'ops@example.com',
    });
  });
});
