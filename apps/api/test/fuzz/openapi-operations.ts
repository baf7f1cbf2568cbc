import { PERMISSIONS, type Permission } from '@resonant/contracts/roles';
import type { JsonSchema } from './schema-arbitraries.ts';

/** One parameter of an operation: where it goes, whether it must be there, and its schema. */
type Parameter = { name: string; required: boolean; schema: JsonSchema };

/** What the suite needs of one OpenAPI operation to build requests for it. */
export type Operation = {
  method: string;
  /** The path template, e.g. `/api/org/user_groups/{userId}`. */
  path: string;
  permission: Permission;
  pathParams: Parameter[];
  query: Parameter[];
  /** The request body's media type and schema, when the operation takes one. */
  body: { contentType: string; schema: JsonSchema } | null;
};

type OpenApiParameter = { name: string; in: string; required?: boolean; schema: JsonSchema };
type OpenApiOperation = {
  'x-permission'?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const isPermission = (value: unknown): value is Permission =>
  PERMISSIONS.includes(value as Permission);

/**
 * Every operation under /api of an OpenAPI document (the docs UI aside), with the permission its
 * route declares (`x-permission`, added by plugins/openapi.ts). Throws when one has none, so a
 * route can never escape the fuzz suite unnoticed.
 */
export function apiOperations(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const permission = operation['x-permission'];
      if (!isPermission(permission)) {
        throw new Error(`${method.toUpperCase()} ${path} has no x-permission in the document`);
      }
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map(({ name, required, schema }) => ({ name, required: required ?? false, schema }));
      const [body] = Object.entries(operation.requestBody?.content ?? {});
      operations.push({
        method: method.toUpperCase(),
        path,
        permission,
        pathParams: parameters('path'),
        query: parameters('query'),
        body: body ? { contentType: body[0], schema: body[1].schema } : null,
      });
    }
  }
  return operations;
}
