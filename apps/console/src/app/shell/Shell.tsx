import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { type CSSProperties, useState } from 'react';
import { Outlet } from 'react-router';
import { DialogHost } from '../../ui/dialog';
import '../../ui/lite.css';
import { queryClient } from '../queryClient';
import { AppHeader } from './AppHeader';
import { DeviceContentListHost } from './DeviceContentListHost';
import { DevicePlayingHost } from './DevicePlayingHost';
import { MessageBanner } from './MessageBanner';
import { SideMenu } from './SideMenu';

const SIDER_WIDTH = 232;

/** On a narrow screen the open menu lies over the page instead of squeezing it. */
const OVERLAY_SIDER: CSSProperties = {
  position: 'fixed',
  top: 56,
  bottom: 0,
  left: 0,
  // Over the page's sticky table cells, as the header is.
  zIndex: 100,
  overflowY: 'auto',
  boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)',
};

/** On a wide screen the menu stays in view under the sticky header however long the page is. */
const STICKY_SIDER: CSSProperties = {
  position: 'sticky',
  top: 56,
  height: 'calc(100vh - 56px)',
  overflowY: 'auto',
  alignSelf: 'flex-start',
};

/**
 * The frame around every signed-in screen: header, message banner, side menu and the page, with the
 * data cache every signed-in screen reads through (the login page needs none of it).
 */
export function Shell() {
  const [collapsed, setCollapsed] = useState(false);
  const [narrow, setNarrow] = useState(false);

  return (
    <QueryClientProvider client={queryClient}>
      {/* The text colour, size and font of the theme for what the pages write outside Ant Design components
          (as Ant Design's App draws it, without its message, notification and modal hooks, which no page uses). */}
      <div className="lt-surface">
        <Layout style={{ minHeight: '100vh' }}>
          <AppHeader menuCollapsed={collapsed} onToggleMenu={() => setCollapsed((value) => !value)} />
          <MessageBanner />
          <Layout>
            <Layout.Sider
              id="side-menu"
              width={SIDER_WIDTH}
              collapsedWidth={0}
              collapsed={collapsed}
              trigger={null}
              breakpoint="lg"
              onBreakpoint={(broken) => {
                setNarrow(broken);
                setCollapsed(broken);
              }}
              style={
                narrow && !collapsed
                  ? OVERLAY_SIDER
                  : { ...STICKY_SIDER, borderRight: collapsed ? undefined : '1px solid #f0f0f0' }
              }
            >
              <SideMenu onNavigate={() => narrow && setCollapsed(true)} />
            </Layout.Sider>
            <Layout.Content style={{ padding: 24, minWidth: 0 }}>
              <Outlet />
            </Layout.Content>
          </Layout>
        </Layout>
        <DeviceContentListHost />
        <DevicePlayingHost />
        <DialogHost />
      </div>
    </QueryClientProvider>
  );
}
