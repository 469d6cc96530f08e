import type { Role, TUserInfo } from '@signage/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createRoutes, registerRouter } from '../app/router';
import { useAuth } from '../lib/authStore';

export function userWith(authority: Role, overrides: Partial<TUserInfo> = {}): TUserInfo {
  return {
    username: `${authority} user`,
    userId: authority.toLowerCase(),
    authority,
    region: 'JP',
    shop_no: '',
    shop_name: '',
    ...overrides,
  };
}

/**
 * Renders the whole console (real route tree, guard, shell and lazy pages) at `path`, with the
 * session already restored as `user` (or signed out), or, with `restore`, still to be restored
 * from GET /api/users/me as at a real start.
 */
export function renderApp(path: string, user: TUserInfo | null = null, { restore = false } = {}) {
  useAuth.setState({ expired: false });
  if (restore) useAuth.setState({ user: null, ready: false });
  else if (user) useAuth.getState().setUser(user);
  else useAuth.getState().clear();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  registerRouter(router);
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
