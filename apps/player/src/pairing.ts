import { AgentClientError, createAgentClient } from '@signage/agent-client';
import { el } from './dom';
import type { TextKey } from './i18n';

/**
 * First start: the screen shows its serial and announces it; when staff issue a PIN in the console, the PIN
 * typed here (keyboard or on-screen keypad) pairs the player. Resolves with the device token.
 */
export async function pairingScreen(
  app: HTMLElement,
  serial: string,
  base: string,
  t: Record<TextKey, string>,
): Promise<string> {
  const client = createAgentClient({ baseUrl: base });
  const hint = el('p', { className: 'hint', textContent: t.waiting });
  const error = el('p', { className: 'error', role: 'alert' });
  const digits = el('div', { className: 'pin', ariaLabel: 'PIN' });
  const keypad = el('div', { className: 'keypad' });
  let pin = '';
  const drawPin = () => digits.replaceChildren(...Array.from({ length: 6 }, (_, i) => el('span', {}, pin[i] ?? '')));
  drawPin();
  app.replaceChildren(
    el(
      'section',
      { className: 'screen', ariaLabel: t.serial },
      el('p', { className: 'hint', textContent: t.serial }),
      el('p', { className: 'serial', textContent: serial }),
      hint,
      digits,
      keypad,
      error,
    ),
  );

  return new Promise<string>((resolve) => {
    let submitting = false;
    const submit = async () => {
      if (pin.length !== 6 || submitting) return;
      submitting = true;
      error.textContent = t.pairing;
      try {
        const reply = await client.pair(serial, pin);
        window.removeEventListener('keydown', onKey);
        clearTimeout(announceTimer);
        resolve(reply.token);
      } catch (failure) {
        error.textContent = failure instanceof AgentClientError ? failure.message : t.offline;
        pin = '';
        drawPin();
      } finally {
        submitting = false;
      }
    };
    const press = (key: string) => {
      if (/^\d$/.test(key) && pin.length < 6) pin += key;
      else if (key === 'Backspace') pin = pin.slice(0, -1);
      else if (key === 'Clear') pin = '';
      else if (key === 'Enter') void submit();
      drawPin();
      if (pin.length === 6) void submit();
    };
    const onKey = (event: KeyboardEvent) => press(event.key);
    window.addEventListener('keydown', onKey);
    keypad.append(
      ...['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear', '0', 'Enter'].map((key) =>
        el('button', {
          type: 'button',
          textContent: key === 'Clear' ? t.clear : key === 'Enter' ? t.pair : key,
          onclick: () => press(key),
        }),
      ),
    );

    let announceTimer: ReturnType<typeof setTimeout> | undefined;
    const announce = async () => {
      let wait = 10_000;
      try {
        const reply = await client.announce(serial);
        wait = reply.announce_interval_seconds * 1000;
        // The keypad is always there (staff may issue the PIN before the next announce); the hint says what to do.
        const registered = reply.state === 'registered';
        hint.textContent = registered ? t.enterPin : reply.state === 'activated' ? t.pairedElsewhere : t.waiting;
        if (!submitting && error.textContent === t.offline) error.textContent = '';
      } catch {
        error.textContent = t.offline;
      }
      announceTimer = setTimeout(announce, wait);
    };
    void announce();
  });
}
