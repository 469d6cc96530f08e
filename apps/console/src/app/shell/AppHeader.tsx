import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { findRoute } from '@signage/domain';
import { Button, Flex, Layout, Spin, Typography } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';
import { useAuth } from '../../lib/authStore';
import { MountWhenOpened } from '../../ui/lazyOverlay';
import { useOverlayToggle } from '../../ui/useOverlay';
import { LanguageSwitch } from './LanguageSwitch';

/** The settings drawer (language radios, sign-out), loaded when it first opens. */
const SettingsPanel = lazy(async () => ({ default: (await import('./SettingsPanel')).SettingsPanel }));

type AppHeaderProps = { menuCollapsed: boolean; onToggleMenu: () => void };

/** Hamburger, screen title, language switch and the user-name button that toggles the settings panel. */
export function AppHeader({ menuCollapsed, onToggleMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const username = useAuth((state) => state.user?.username ?? '');
  const [settingsOpen, openSettings, closeSettings] = useOverlayToggle('headerMenu');
  const route = findRoute(pathname);

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        borderBottom: '1px solid #f0f0f0',
        position: 'sticky',
        top: 0,
        // Above the tables' sticky cells (Ant Design raises a fixed column's to 12 and more: the history detail's
        // store names drew over the header, issue 31), below its overlays (1000 and up).
        zIndex: 100,
      }}
    >
      <Button
        type="text"
        aria-label={t('shell.toggleMenu')}
        aria-controls="side-menu"
        aria-expanded={!menuCollapsed}
        icon={menuCollapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
        onClick={onToggleMenu}
      />
      <Typography.Title
        level={1}
        style={{
          margin: 0,
          fontSize: 18,
          flex: 1,
          minWidth: 0,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {route ? t(route.titleKey) : ''}
      </Typography.Title>
      <Flex align="center" gap={4}>
        {navigation.state === 'loading' ? <Spin size="small" aria-label={t('common.loading')} /> : null}
        <LanguageSwitch />
        <Button
          type="text"
          icon={<UserOutlined aria-hidden />}
          aria-haspopup="dialog"
          aria-expanded={settingsOpen}
          onClick={settingsOpen ? closeSettings : openSettings}
        >
          {username}
        </Button>
      </Flex>
      <MountWhenOpened open={settingsOpen}>
        <SettingsPanel open={settingsOpen} onClose={closeSettings} />
      </MountWhenOpened>
    </Layout.Header>
  );
}
