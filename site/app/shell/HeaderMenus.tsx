// The phone header's buttons: scheduling, search and the user menu. Their menus (Mantine's Menu and
// Popover, Floating UI) are their own chunk, mounted after the shell's first paint (AppHeader.tsx):
// the first load leaves them out (decision 044).
import { ActionIcon } from '@mantine/core';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { openCommandPalette } from '../palette/paletteStore.ts';
import { useT } from '../i18n/useT.ts';
import { SearchIcon } from './icons.tsx';
import { SchedulingMenu } from './SchedulingMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

export function HeaderMenus({ pathname, user }: { pathname: string; user: SessionUser }) {
  const t = useT();
  return (
    <>
      <SchedulingMenu pathname={pathname} />
      <ActionIcon variant="subtle" size="lg" aria-label={t('shell.openSearch')} onClick={openCommandPalette}
        data-testid="header-search-button">
        <SearchIcon size={20} />
      </ActionIcon>
      <UserMenu user={user} />
    </>
  );
}
