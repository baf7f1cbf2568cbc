import type { z } from 'zod';
import { Password } from '@resonant/contracts/auth';
import {
  APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
  ORGANIZATION_CREATED_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  type AddOrganizationBody,
  type AddOrganizationResponse,
} from '@resonant/contracts/organizations';
import type { AppDeps } from '../../app-deps.ts';
import type { TenantScope } from '../../auth/scope.ts';
import { recordAudit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { decryptTransportedPassword } from '../../lib/password-transport.ts';
import { insertOrganization } from './organizations.queries.ts';

/**
 * Adds an organization with its Default group and first admin (SPEC §7 POST /org/profile, app
 * admin only). An email that has an account already makes that account the admin; its password
 * and profile stay its own.
 */
export async function addOrganization(
  deps: AppDeps,
  scope: TenantScope,
  body: z.output<typeof AddOrganizationBody>,
): Promise<AddOrganizationResponse> {
  if (body.email === deps.config.APP_ADMIN_EMAIL) {
    throw conflict(APP_ADMIN_NOT_ORG_ADMIN_MESSAGE);
  }
  const password = Password.safeParse(await decryptTransportedPassword(deps.db, body.password));
  // Only the rule's message leaves: never the value.
  if (!password.success) throw badRequest(`password: ${password.error.issues[0]?.message}`);
  const uniqueName = (body.uniqueName ?? body.name).replace(/\s+/g, '-');
  try {
    const created = await insertOrganization(deps.db, {
      name: body.name,
      uniqueName,
      admin: {
        email: body.email,
        passwordHash: await hashPassword(password.data),
        firstName: body.first_name,
        lastName: body.last_name,
        gender: body.gender,
        birthDate: body.dob,
      },
    });
    await recordAudit(deps.db, {
      orgId: created.orgId,
      actorAccountId: scope.accountId,
      action: 'organization.create',
      targetType: 'organization',
      targetId: created.orgId,
      details: { adminAccountId: created.adminId },
      ip: scope.ip,
    });
    return {
      message: ORGANIZATION_CREATED_MESSAGE,
      org_id: created.orgId,
      admin_user_id: created.adminId,
      default_group_id: created.defaultGroupId,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ORGANIZATION_NAME_TAKEN_MESSAGE);
    throw error;
  }
}
