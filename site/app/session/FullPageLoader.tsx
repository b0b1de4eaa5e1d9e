import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading" role="status" />
    </Center>
  );
}
