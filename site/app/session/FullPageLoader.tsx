import { Center, Loader } from '@mantine/core';
import { useT } from '../i18n/useT.ts';
import { useRemoveStaticFrame } from '../shell/staticFrame.ts';

export function FullPageLoader() {
  const t = useT();
  useRemoveStaticFrame();
  return (
    <Center h="100dvh">
      <Loader aria-label={t('pages.loading')} />
    </Center>
  );
}
