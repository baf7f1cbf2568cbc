// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Providers', () => {
  it('renders in the light scheme without reading the browser storage', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem');
    render(
      <Providers>
        <p>Ready</p>
      </Providers>,
    );
    expect(screen.getByText('Ready')).toBeVisible();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(read).not.toHaveBeenCalled();
  });
});
