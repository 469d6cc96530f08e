import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { UploadArea } from './UploadArea';

afterEach(() => vi.restoreAllMocks());

function renderArea() {
  render(
    <Providers>
      <UploadArea
        mode="video"
        file={null}
        imageState={0}
        errorKind={null}
        errorText={null}
        fileError={null}
        progress={null}
        disabled={false}
        onFile={() => {}}
      />
    </Providers>,
  );
}

describe('UploadArea with the keyboard (issue 31)', () => {
  it('is a button named by what it shows, reached by Tab, that opens the file chooser on Enter and on Space', async () => {
    const user = userEvent.setup();
    const chooser = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    renderArea();
    const area = screen.getByRole('button', { name: /Click or drag a file to this area/ });
    await user.tab();
    expect(area).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(chooser).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(chooser).toHaveBeenCalledTimes(2);
  });
});
