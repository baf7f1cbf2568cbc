import type { z } from 'zod';
import {
  APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
  ORGANIZATION_CREATED_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  type AddOrganizationBody,
  type AddOrganizationResponse,
} from '@resonant/contracts/organizations';
import type { AppDeps } from '../../app-deps.ts';
import type { TenantScope } from '../../auth/scope.ts';
import { ORGANISATION_UNIQUE_NAME_INDEX } from '../../db/schema/organisations.ts';
import { accountIdsByEmail } from '../../lib/accounts-by-email.ts';
import { recordAudit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict } from '../../lib/http-error.ts';
import { readTransportedPassword } from '../../lib/password-transport.ts';
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
  const password = await readTransportedPassword(deps.db, body.password);
  const uniqueName = (body.uniqueName ?? body.name).replace(/\s+/g, '-');
  const existingAdminId = (await accountIdsByEmail(deps.db, [body.email])).get(body.email);
  // Hashed before the transaction, and only for a new account: an existing one keeps its own.
  const admin = existingAdminId
    ? { accountId: existingAdminId }
    : {
        email: body.email,
        passwordHash: await hashPassword(password),
        firstName: body.first_name,
        lastName: body.last_name,
        gender: body.gender,
        birthDate: body.dob,
      };
  try {
    const created = await deps.db.transaction(async (tx) => {
      const inserted = await insertOrganization(tx, { name: body.name, uniqueName, admin });
      await recordAudit(tx, {
        orgId: inserted.orgId,
        actorAccountId: scope.accountId,
        action: 'organization.create',
        targetType: 'organization',
        targetId: inserted.orgId,
        details: { adminAccountId: inserted.adminId },
        ip: scope.ip,
      });
      return inserted;
    });
    return {
      message: ORGANIZATION_CREATED_MESSAGE,
      org_id: created.orgId,
      admin_user_id: created.adminId,
      default_group_id: created.defaultGroupId,
    };
  } catch (error) {
    if (isUniqueViolation(error, ORGANISATION_UNIQUE_NAME_INDEX)) {
      throw conflict(ORGANIZATION_NAME_TAKEN_MESSAGE);
    }
    throw error;
  }
}
