import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { listOf, settingOf } from '../../../test/tags';

describe('Tag list page', () => {
  it('cuts a long note with an ellipsis and shows it whole in a tooltip', async () => {
    const user = userEvent.setup();
    const note = 'Used for the spring campaign in every flagship store of the region '.repeat(4).trim();
    mockFetch({ 'GET /api/setting': () => listOf([settingOf({ note })]) });
    renderApp('/setting/list', userWith('DS_FRIT'));
    const cell = await screen.findByText(note, {}, { timeout: 15_000 });
    expect(cell.closest('td')).toHaveClass('ant-table-cell-ellipsis');
    await user.hover(cell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(note);
  });
});
