import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTIVE_USER_DAYS,
  AddOrgUserBody,
  AddOrgUserResponse,
  ChangePayerBody,
  ChangePayerResponse,
  IMPORT_COLUMNS,
  IMPORT_CSV_ONLY_MESSAGE,
  IMPORT_FAILED_LIST_MAX,
  IMPORT_MAX_BYTES,
  ImportUsersForm,
  ImportUsersResponse,
  MessageWithUser,
  OrgMembersQuery,
  OrgMembersResponse,
  OrgUsersQuery,
  OrgUsersResponse,
  PublicKeyResponse,
  RemoveOrgUserQuery,
  UpdateOrgUserBody,
  UserGroupsResponse,
  UserIdParams,
  UsersStatsResponse,
} from '@resonant/contracts/org-users';
import type { EnrolDeps as OrgUsersDeps } from './enrol-users.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { passwordTransportPublicKey } from '../../lib/password-transport.ts';
import { IMPORT_BATCH_SIZE, importOrgUsers, type ImportFile } from './import-org-users.ts';
import {
  addUser,
  changePayer,
  groupOptions,
  listMembers,
  listUsers,
  removeUser,
  updateUser,
  userGroups,
  usersStats,
} from './org-users.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const tags = ['org-users'];
const MB = 1024 * 1024;
// Multipart framing around the file: boundaries, part headers and the `domain` field.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const APP_ADMIN_NOTE =
  'The app admin names the organization with `orgId` (400 without one, 404 when there is none)';
const GROUP_MODE_NOTE =
  'Org admins manage the whole organization; group admins (and org admins switched into a ' +
  'group) only the users of their current group.';

const passwordTransportPublicKeyRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.get(
    '/api/auth/public-key',
    {
      // Only signed-in admins type passwords for others; sign-up sends its own over TLS.
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The public key passwords are encrypted with',
        description:
          'RSA-OAEP with SHA-256 (Web Crypto `RSA-OAEP`, hash `SHA-256`), SPKI in PEM. Dialogs ' +
          'that take a password for someone else (Add User) encrypt it with this key and send ' +
          'the ciphertext as base64. The pair is made at first use and kept in the database, so ' +
          'it is the same across restarts and instances.',
        response: { 200: PublicKeyResponse, ...errorResponses(401) },
      },
    },
    async () => ({
      algorithm: 'RSA-OAEP-256' as const,
      public_key: await passwordTransportPublicKey(deps.db),
    }),
  );

const listUsersRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.get(
    '/api/org/users',
    {
      // Org and group admins, and the app admin for `allAdmins`: the service decides the mode
      // (auth/scope.ts requireMembersScope) and answers anyone else 403.
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'List users',
        description:
          `${GROUP_MODE_NOTE} \`type=internal\`: members whose seat the organization pays ` +
          '(members who pay themselves, shown as External, are left out); `all`: every member, ' +
          'optionally of `groupId`; `allAdmins`: the organization admins. `search` matches ' +
          'names and email. Sorted by `sort` and `order` (by name when absent); `noOfRows` counts every match. ' +
          `${APP_ADMIN_NOTE} (\`type=allAdmins\` only; other types answer it 403).`,
        querystring: OrgUsersQuery,
        response: { 200: OrgUsersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listUsers(deps, request.scope, request.query),
  );

const listMembersRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.get(
    '/api/v2/org/users',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'List every member, unpaged',
        description:
          `${GROUP_MODE_NOTE} Every member of the organization (of \`groupId\` when given), by ` +
          `name, for pickers. ${APP_ADMIN_NOTE}.`,
        querystring: OrgMembersQuery,
        response: { 200: OrgMembersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listMembers(deps, request.scope, request.query),
  );

const usersStatsRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.get(
    '/api/org/users_stats',
    {
      config: { permission: 'org.users.manage', context: 'org' },
      schema: {
        tags,
        summary: 'User statistics',
        description:
          `Active: members with a reading or session in the last ${ACTIVE_USER_DAYS} days ` +
          '(weekly active). Internal: seat paid by the organization; External: paid by the ' +
          'member; total: every member. billing_from/to: the current billing period ' +
          '[billing_from, billing_to); seats: the members the organization paid for on a day of ' +
          'it they recorded something (lifetime members never), so far: what its invoice counts.',
        response: { 200: UsersStatsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => usersStats(deps, request.scope),
  );

const addUserRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.post(
    '/api/org/users',
    {
      config: { permission: 'group.participants.manage', context: 'org' },
      schema: {
        tags,
        summary: 'Add a user',
        description:
          `${GROUP_MODE_NOTE} \`password\` is encrypted with GET /api/auth/public-key. The ` +
          "person is invited by email (the invitations' rows and mail) and the answer is the " +
          'same whether or not the email has an account. An email without one gets the account ' +
          'typed here (this password), which joins at its first sign-in; an existing account is ' +
          'never attached: it joins when its person accepts. 409 when a member or invited ' +
          'already. The user joins the chosen groups (org admins, at least one) or the current ' +
          'group (group admins), and always the Default group.',
        body: AddOrgUserBody,
        response: { 201: AddOrgUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addUser(deps, request.scope, request.body)),
  );

const updateUserRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.put(
    '/api/org/users',
    {
      config: { permission: 'group.participants.manage', context: 'org' },
      schema: {
        tags,
        summary: 'Edit a user',
        description:
          `${GROUP_MODE_NOTE} Group admins change names, gender and date of birth only; org ` +
          'admins also set the groups (at least one; Default is kept) and `isAdmin`, the ' +
          'organization admin role, which nobody can take from themselves (403).',
        body: UpdateOrgUserBody,
        response: { 200: MessageWithUser, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateUser(deps, request.scope, request.body),
  );

const removeUserRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.delete(
    '/api/org/users',
    {
      config: { permission: 'org.users.manage', context: 'org' },
      schema: {
        tags,
        summary: 'Remove a user from the organization',
        description:
          'Ends the membership of the organization and of all its groups; the account and its ' +
          'recordings stay. Your own row answers 403. `userType` and `isExternal` are accepted ' +
          'for compatibility; the server reads both from its own records.',
        querystring: RemoveOrgUserQuery,
        response: { 200: MessageWithUser, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeUser(deps, request.scope, request.query),
  );

const changePayerRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.put(
    '/api/org/users/change_payer',
    {
      config: { permission: 'org.users.manage', context: 'org' },
      schema: {
        tags,
        summary: 'Switch the payer between the organization and the user',
        description: '`success: false` when the membership is a lifetime one (nothing to pay).',
        body: ChangePayerBody,
        response: { 200: ChangePayerResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changePayer(deps, request.scope, request.body),
  );

const userGroupsRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.get(
    '/api/org/user_groups/:userId',
    {
      config: { permission: 'org.users.manage', context: 'org' },
      schema: {
        tags,
        summary: 'The groups of a user',
        params: UserIdParams,
        response: { 200: UserGroupsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => userGroups(deps, request.scope, request.params),
  );

const groupOptionsRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.get(
    '/api/org/users/group_options',
    {
      config: { permission: 'org.users.manage', context: 'org' },
      schema: {
        tags,
        summary: 'The groups a user can be put in',
        description: 'Every group of the organization, Default first (every user is in it).',
        response: { 200: UserGroupsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => groupOptions(deps, request.scope),
  );

const importOrgUsersRoute: Route<OrgUsersDeps> = (app, deps) =>
  app.post(
    '/api/org/users/import',
    {
      config: { permission: 'org.users.manage', context: 'org' },
      schema: {
        tags,
        summary: 'Import users from a CSV file',
        description:
          `multipart/form-data: \`file\`, one .csv file of at most ${IMPORT_MAX_BYTES / MB} MB ` +
          `(else 400 '${IMPORT_CSV_ONLY_MESSAGE}' or 413), and optionally \`domain\`.\n\n` +
          'UTF-8, separated by `,` `;` or tab (whichever the header line uses most), a header ' +
          'line naming the columns in any order, case-insensitively:\n\n' +
          IMPORT_COLUMNS.map(
            (column) =>
              `- \`${column.name}\`${column.required ? ' (required)' : ''}: ${column.description}`,
          ).join('\n') +
          '\n\nEach row is checked like Add User. Good rows are invited as Add User invites; ' +
          'bad rows come back in ' +
          `\`data.failed\` (line, email, reason; the first ${IMPORT_FAILED_LIST_MAX}, ` +
          '`failedCount` counts all) and the message is `Invalid data`. People already in the ' +
          'organization or invited are counted in `data.skipped` and left as they are, so ' +
          `uploading the same file again sends nothing. Rows are invited in batches of ${IMPORT_BATCH_SIZE}, each in ` +
          'one transaction, while the file is read.\n\n' +
          'Cells are stored as plain text and never evaluated. A cell starting with `=`, `+`, ' +
          '`-`, `@`, tab or carriage return is echoed (in `failed[].email`, or in any CSV ' +
          "export) with a leading `'`, so a spreadsheet shows it as text instead of running it.",
        consumes: ['multipart/form-data'],
        // Documents the form; a multipart request has no parsed body (null), so this only refuses
        // a body of another kind (JSON) with 400.
        body: ImportUsersForm.nullish(),
        response: { 200: ImportUsersResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const file = await readCsvUpload(request);
      return importOrgUsers(deps, request.scope, file);
    },
  );

/** Users of the organisation (SPEC §7 "Org users") and the key passwords are encrypted with. */
export const orgUsersRoutes: FastifyPluginAsyncZod<OrgUsersDeps> = async (app, deps) => {
  // Scoped to this plugin: multipart bodies are accepted by the import route only.
  await app.register(multipart, {
    limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 5, parts: 6 },
  });

  registerRoutes(app, deps, [
    passwordTransportPublicKeyRoute,
    listUsersRoute,
    listMembersRoute,
    usersStatsRoute,
    addUserRoute,
    updateUserRoute,
    removeUserRoute,
    changePayerRoute,
    userGroupsRoute,
    groupOptionsRoute,
    importOrgUsersRoute,
  ]);
};

const TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_MAX_BYTES / MB} MB`;

/**
 * Reads the one .csv file and the `domain` field. The file (at most 10 MB) is held in memory once,
 * so an oversize upload is refused with 413 before a single row is imported.
 */
async function readCsvUpload(request: FastifyRequest): Promise<ImportFile> {
  // Refused before reading a byte when the browser says how large the upload is.
  const declared = Number(request.headers['content-length']);
  if (declared > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new HttpError(413, TOO_LARGE_MESSAGE);
  }
  const form = await readMultipartForm(request, {
    fileTooLarge: TOO_LARGE_MESSAGE,
    tooManyFiles: badRequest('Attach one .csv file'),
  });
  if (form.files.some((file) => !file.fileName.toLowerCase().endsWith('.csv'))) {
    throw badRequest(IMPORT_CSV_ONLY_MESSAGE);
  }
  const [file] = form.files;
  if (!file) throw badRequest('file: Attach a .csv file');
  return { fileName: file.fileName, content: file.content, domain: form.fields.get('domain') };
}
