import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

interface ExternalLinkButtonProps extends Pick<ButtonProps, 'variant' | 'leftSection'> {
  href: string;
  children: ReactNode;
}

/** A button that opens another site or a file in a new tab, without giving it this page. */
export function ExternalLinkButton({ href, children, ...button }: ExternalLinkButtonProps) {
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" {...button}>
      {children}
    </Button>
  );
}
