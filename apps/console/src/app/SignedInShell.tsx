import { AntdProvider } from './antd';
import { Shell } from './shell/Shell';

/**
 * The signed-in shell inside Ant Design's theme and the chosen language's locale (AntdProvider); they
 * load with it (router.tsx), not with the first load of /login.
 */
export function SignedInShell() {
  return (
    <AntdProvider>
      <Shell />
    </AntdProvider>
  );
}
