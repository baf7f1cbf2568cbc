import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_FHIR_PATH,
  EXPORT_FILES,
  EXPORT_ZIP_PATH,
  FHIR_JSON_MEDIA_TYPE,
} from '@resonant/contracts/my-data';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { exportArchive, exportFhirBundle, type Download } from './my-data.service.ts';

/** A person's own data: no organisation needed, and a token with `readings:read` may export. */
const config = { permission: 'own-data.manage', tokenScope: 'readings:read' } as const;

/**
 * The 200 of a download in the OpenAPI document. Fastify sends the stream as it is, so these
 * schemas only document it; errors stay JSON {message}.
 */
const ZipFileBody = z.string().meta({
  description: 'The ZIP archive, streamed.',
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
});
const FhirBundleBody = z.string().meta({
  description: 'An HL7 FHIR R4 Bundle (type collection), streamed.',
  content: { [FHIR_JSON_MEDIA_TYPE]: { schema: { type: 'object' } } },
});

function sendDownload(reply: FastifyReply, download: Download, contentType: string) {
  // The file names are ASCII (a date and a fixed word), so no RFC 5987 form is needed.
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store')
    .send(download.body);
}

const exportRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    EXPORT_ZIP_PATH,
    {
      config,
      schema: {
        tags: ['my-data'],
        summary: 'Download everything of your own (ZIP)',
        description:
          'Your own data across every organisation you recorded in, including those you have ' +
          `left, as one ZIP streamed as it is written: ${EXPORT_FILES.map((f) => f.name).join(', ')}. ` +
          'Recorded in the audit log as `account.export`.',
        response: { 200: ZipFileBody, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendDownload(reply, await exportArchive(deps, request.scope), 'application/zip'),
  );

const fhirRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    EXPORT_FHIR_PATH,
    {
      config,
      schema: {
        tags: ['my-data'],
        summary: 'Download your readings as an HL7 FHIR R4 Bundle',
        description:
          'A Bundle of type `collection`: you as a Patient, and one Observation (vital-signs) ' +
          'per reading over its recording window, with SDNN as LOINC 80404-7, mean heart rate ' +
          'as LOINC 8867-4, RMSSD and the other metrics in our CodeSystem ' +
          '`https://resonant.app/fhir/CodeSystem/hrv-metrics`, in UCUM units. Recorded in the ' +
          'audit log as `account.export`.',
        response: { 200: FhirBundleBody, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await exportFhirBundle(deps, request.scope),
        `${FHIR_JSON_MEDIA_TYPE}; charset=utf-8`,
      ),
  );

/** The export of a person's own data (issue 28 point 7). */
export const myDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [exportRoute, fhirRoute]);
};
