import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { useAuth } from '../../../lib/authStore';
import { userWith } from '../../../test/renderApp';
import MainPage from './MainPage';

describe('Main page', () => {
  it('welcomes the user by name and links the screens the role may open', () => {
    useAuth.getState().setUser(userWith('DS_KT', { username: 'Suzuki' }));
    render(
      <Providers>
        <MemoryRouter>
          <MainPage />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByRole('heading', { name: 'Welcome, Suzuki' })).toBeVisible();
    const player = screen.getByRole('navigation', { name: 'Player' });
    expect(within(player).getByRole('link', { name: 'New registration' })).toHaveAttribute('href', '/newdevice/list');
    expect(within(player).getByRole('link', { name: 'List view' })).toHaveAttribute('href', '/device/list');
    expect(screen.queryByRole('navigation', { name: 'Contents' })).not.toBeInTheDocument();
  });
});
