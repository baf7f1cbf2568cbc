import { Button, Group } from '@mantine/core';
import type { GroupProps } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { externalLinks } from '../config/external-links.ts';

interface AppStoreLinksProps {
  justify?: GroupProps['justify'];
}

/** Buttons to the mobile app in both stores; they open in a new tab. */
export function AppStoreLinks({ justify = 'center' }: AppStoreLinksProps) {
  return (
    <Group gap="sm" justify={justify}>
      <Button
        component="a"
        href={externalLinks.appStore}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        leftSection={<IconBrandApple size={18} aria-hidden />}
      >
        App Store
      </Button>
      <Button
        component="a"
        href={externalLinks.googlePlay}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        leftSection={<IconBrandGooglePlay size={18} aria-hidden />}
      >
        Google Play
      </Button>
    </Group>
  );
}
