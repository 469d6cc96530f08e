import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const buttonOf = (element: HTMLElement) => element.closest('button') as HTMLButtonElement;

function setup() {
  mockFetch({ 'GET /api/contents/live-platforms': () => success([{ id: 'selfhosted', label: 'Self-hosted RTMP' }]) });
  return renderApp('/contents/register', userWith('DS_MK', { region: '' }));
}

// The first render transforms the page's whole chunk (antd pickers, upload): slow on a cold cache.
describe('Content register page', () => {
  it('names the content after the chosen file and enables Register once a display pattern is chosen', async () => {
    const user = userEvent.setup();
    setup();
    const register = buttonOf(await screen.findByText('Register', {}, { timeout: 15_000 }));
    expect(register).toBeDisabled();
    expect(buttonOf(screen.getByText('Reset'))).toBeDisabled();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'spring.sale.png', { type: 'image/png' }));
    expect(screen.getByLabelText('Content name')).toHaveValue('spring');
    expect(buttonOf(screen.getByText('Reset'))).toBeEnabled();
    expect(register).toBeDisabled();
    await user.click(screen.getByLabelText('Display'));
    await user.click(await screen.findByTitle('LED'));
    await waitFor(() => expect(register).toBeEnabled());
  });

  it('says what is missing at a field once it has been touched', async () => {
    const user = userEvent.setup();
    setup();
    const name = await screen.findByLabelText('Content name', {}, { timeout: 15_000 });
    expect(screen.queryByText('Please enter content name')).not.toBeInTheDocument();
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Please enter content name')).toBeInTheDocument();
    expect(screen.getByText('Please upload the file')).toBeInTheDocument();
    // Untouched fields stay quiet: only the name says something.
    expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual([
      'Please enter content name',
    ]);
    await user.type(name, 'Spring');
    await waitFor(() => expect(screen.queryByText('Please enter content name')).not.toBeInTheDocument());
  });

  it('keeps the logo position when the layout goes Fullscreen, Multielement, Fullscreen', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByText('Live', {}, { timeout: 15_000 }));
    await user.click(screen.getByLabelText('Fullscreen'));
    await user.click(screen.getByLabelText('Logo position'));
    await user.click(await screen.findByTitle('Upper left'));
    await user.click(screen.getByLabelText('Multielement'));
    await user.click(screen.getByLabelText('Fullscreen'));
    const logo = screen.getByLabelText('Logo position').closest('.ant-select') as HTMLElement;
    expect(logo).toHaveTextContent('Upper left');
    expect(logo).not.toHaveTextContent('Please select the logo position');
  });

  it('offers Cancel while uploading; cancelling keeps the form and says so', async () => {
    /** An upload that never finishes on its own: only abort() ends it. */
    class PendingXhr {
      upload = { onprogress: null };
      onabort: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {}
      abort() {
        this.onabort?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', PendingXhr);
    try {
      const user = userEvent.setup();
      setup();
      const register = buttonOf(await screen.findByText('Register', {}, { timeout: 15_000 }));
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      await user.upload(input, new File(['png'], 'spring.png', { type: 'image/png' }));
      await user.click(screen.getByLabelText('Display'));
      await user.click(await screen.findByTitle('LED'));
      await waitFor(() => expect(register).toBeEnabled());
      await user.click(register);
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      expect(await screen.findByText('The upload was cancelled')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      expect(screen.getByLabelText('Content name')).toHaveValue('spring');
      expect(register).toBeEnabled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the extension error for a file of the wrong type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    setup();
    await screen.findByText('Register', {}, { timeout: 15_000 });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'notes.png', { type: 'text/plain' }));
    expect(
      await screen.findByText('The specified file cannot be uploaded due to incorrect extension'),
    ).toBeInTheDocument();
  });

  it('disables the patterns live cannot use and shows the slowness note', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByText('Live', {}, { timeout: 15_000 }));
    expect(screen.getByText('Live streaming creation time is relatively slow, please be patient')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Display'));
    const led = await screen.findByTitle('LED');
    expect(led).toHaveClass('ant-select-item-option-disabled');
    const listbox = within(document.body);
    expect(listbox.getByTitle('1x1v')).not.toHaveClass('ant-select-item-option-disabled');
  });
});
