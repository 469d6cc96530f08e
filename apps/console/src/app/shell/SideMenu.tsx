import { type MenuGroupView, menuFor } from '@signage/domain';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/authStore';

/**
 * The menu item a path belongs to: the item itself, or, for screens reached from a list (details,
 * steps), the item of the same section, preferring its list view.
 */
export function activeMenuPath(groups: MenuGroupView[], pathname: string): string | undefined {
  const items = groups.flatMap((group) => group.items);
  const exact = items.find((item) => item.path === pathname);
  if (exact) return exact.path;
  // A screen whose path extends an item's (the history summary and detail of /contents/history) is that item's.
  const extended = items.find((item) => pathname.startsWith(item.path) && item.path.split('/').length > 2);
  if (extended) return extended.path;
  const section = pathname.split('/')[1];
  const sameSection = items.filter((item) => item.path.split('/')[1] === section);
  return (sameSection.find((item) => item.path.endsWith('/list')) ?? sameSection[0])?.path;
}

/** Side menu groups and items the user's role may open (SPEC.md section 2, Shell). */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const authority = useAuth((state) => state.user?.authority);
  const groups = useMemo(() => (authority ? menuFor(authority) : []), [authority]);
  const active = activeMenuPath(groups, pathname);

  const items: MenuProps['items'] = groups.map((group) => ({
    type: 'group',
    key: group.key,
    label: t(group.labelKey),
    children: group.items.map((item) => ({ key: item.path, label: t(item.labelKey) })),
  }));

  return (
    <nav aria-label={t('shell.navigation')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={active ? [active] : []}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 'none', paddingTop: 8 }}
      />
    </nav>
  );
}
