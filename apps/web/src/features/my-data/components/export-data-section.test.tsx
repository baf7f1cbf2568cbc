// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_FILES } from '@resonant/contracts/my-data';
import { apiServer } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import * as saveFile from '../../../lib/save-file.ts';
import { ExportDataSection } from './export-data-section.tsx';

/** Answers GET /api{path} with a file, after `release` is called (to see the loading state). */
function answerFile(path: string, fileName: string, contentType: string) {
  let release = () => {};
  const sent = new Promise<void>((resolve) => (release = resolve));
  apiServer.use(
    http.get(`/api${path}`, async () => {
      await sent;
      return new HttpResponse('PK-bytes', {
        headers: {
          'content-type': contentType,
          'content-disposition': `attachment; filename="${fileName}"`,
        },
      });
    }),
  );
  return release;
}

describe('ExportDataSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what the download contains, file by file', () => {
    renderWithProviders(<ExportDataSection />);
    const list = screen.getByRole('list', { name: 'What the download contains' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('code')?.textContent)).toEqual(
      EXPORT_FILES.map((file) => file.name),
    );
    expect(list).toHaveTextContent('raw RR intervals');
  });

  it('downloads the ZIP under the server’s name, busy until it has arrived', async () => {
    const save = vi.spyOn(saveFile, 'saveBlob').mockImplementation(() => {});
    const release = answerFile('/v1/export', 'resonant-export-2026-12-07.zip', 'application/zip');
    const { events } = renderWithProviders(<ExportDataSection />);
    const button = screen.getByRole('button', { name: 'Download everything (ZIP)' });
    await events.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    release();
    await findToast('Your data has been downloaded.');
    expect(button).not.toHaveAttribute('data-loading');
    expect(save.mock.calls.map(([name]) => name)).toEqual(['resonant-export-2026-12-07.zip']);
    expect(await save.mock.calls[0]![1].text()).toBe('PK-bytes');
  });

  it('downloads the FHIR bundle', async () => {
    const save = vi.spyOn(saveFile, 'saveBlob').mockImplementation(() => {});
    answerFile('/v1/export/fhir', 'resonant-fhir-2026-12-07.json', 'application/fhir+json')();
    const { events } = renderWithProviders(<ExportDataSection />);
    await events.click(screen.getByRole('button', { name: 'Download FHIR bundle' }));
    await findToast('Your FHIR bundle has been downloaded.');
    expect(save.mock.calls.map(([name]) => name)).toEqual(['resonant-fhir-2026-12-07.json']);
  });

  it('says why a download was refused', async () => {
    apiServer.use(
      http.get('/api/v1/export', () =>
        HttpResponse.json({ message: 'Too many requests' }, { status: 429 }),
      ),
    );
    const { events } = renderWithProviders(<ExportDataSection />);
    await events.click(screen.getByRole('button', { name: 'Download everything (ZIP)' }));
    await findToast('Too many requests');
  });
});
