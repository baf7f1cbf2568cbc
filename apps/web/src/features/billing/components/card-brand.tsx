import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { CardBrand as KnownBrand } from '@resonant/contracts/billing';
import { isKnownBrand } from '../payment-method-display.ts';

/** Each recognised brand's mark: its usual short name on its usual colour (white text, ≥ 4.5:1). */
const MARKS: Record<KnownBrand, { text: string; color: string }> = {
  visa: { text: 'VISA', color: '#1a1f71' },
  mastercard: { text: 'MC', color: '#b3121d' },
  amex: { text: 'AMEX', color: '#1c5f9c' },
  discover: { text: 'DISC', color: '#a6410f' },
  diners: { text: 'DC', color: '#004a97' },
  jcb: { text: 'JCB', color: '#0b4ea2' },
  unionpay: { text: 'UP', color: '#005a7a' },
};

const SIZE = { w: 44, h: 30 };

/**
 * A card's brand mark beside its name (SPEC §9: recognised brands get one, any other a plain card
 * icon). Decorative: the name next to it says the brand.
 */
export function CardBrand({ brand }: { brand: string }) {
  if (!isKnownBrand(brand)) {
    return (
      <MarkBox
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          color: 'var(--mantine-color-dimmed)',
        }}
      >
        <IconCreditCard size={20} />
      </MarkBox>
    );
  }
  const mark = MARKS[brand];
  return (
    <MarkBox
      style={{
        background: mark.color,
        color: '#fff',
        fontSize: 11,
        fontWeight: 800,
        letterSpacing: 0.5,
        fontStyle: brand === 'visa' ? 'italic' : undefined,
      }}
    >
      {mark.text}
    </MarkBox>
  );
}

/** The mark's card-shaped box, its content centred. */
function MarkBox({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return (
    <Box
      {...SIZE}
      aria-hidden
      style={{ display: 'grid', placeItems: 'center', flexShrink: 0, borderRadius: 6, ...style }}
    >
      {children}
    </Box>
  );
}
