import { Group } from '@mantine/core';
import type { GroupProps } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { externalLinks } from '../config/external-links.ts';
import { ExternalLinkButton } from './external-link-button.tsx';

interface AppStoreLinksProps {
  justify?: GroupProps['justify'];
}

const STORES = [
  { name: 'App Store', href: externalLinks.appStore, icon: IconBrandApple },
  { name: 'Google Play', href: externalLinks.googlePlay, icon: IconBrandGooglePlay },
];

/** Buttons to the mobile app in both stores; they open in a new tab. */
export function AppStoreLinks({ justify = 'center' }: AppStoreLinksProps) {
  return (
    <Group gap="sm" justify={justify}>
      {STORES.map(({ name, href, icon: StoreIcon }) => (
        <ExternalLinkButton
          key={name}
          href={href}
          variant="default"
          leftSection={<StoreIcon size={18} aria-hidden />}
        >
          {name}
        </ExternalLinkButton>
      ))}
    </Group>
  );
}
