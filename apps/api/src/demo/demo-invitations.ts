import { voidTokenHash } from '../lib/link-tokens.ts';
import type { Database } from '../db/client.ts';
import { DEMO_DOMAIN, DEMO_ORG_ADMIN_EMAIL } from './demo-org.ts';
import { findNamedPeopleByEmail, groupIdsByName, insertInvitations } from './demo.queries.ts';

const DAY_MS = 86_400_000;
/** Demo invitations are as old as the ones a real org would have; their links last this long. */
const DEMO_LINK_DAYS = 7;

interface DemoInvitation {
  firstName: string;
  lastName: string;
  email: string;
  groupName: string;
  role: 'org' | 'group' | 'user';
  sentDaysAgo: number;
  /** Pending past its expiry reads EXPIRED in the table, as a real one would. */
  status: 'pending' | 'accepted' | 'rejected';
}

const DEMO_INVITATIONS: DemoInvitation[] = [
  // Three demo members joined by invitation (their accounts are seeded as members).
  ...[28, 29, 30].map((n, index): DemoInvitation => ({
    // Named as their accounts are, when seeded.
    firstName: '',
    lastName: '',
    email: `member${n}@${DEMO_DOMAIN}`,
    groupName: ['Leadership', 'Engineering', 'Operations'][index]!, // where each is seeded
    role: 'user',
    sentDaysAgo: 60 + index * 9,
    status: 'accepted',
  })),
  {
    firstName: 'Harper',
    lastName: 'Quinn',
    email: `harper.quinn@${DEMO_DOMAIN}`,
    groupName: 'Leadership',
    role: 'group',
    sentDaysAgo: 2,
    status: 'pending',
  },
  {
    firstName: 'Jonas',
    lastName: 'Berg',
    email: `jonas.berg@${DEMO_DOMAIN}`,
    groupName: 'Operations',
    role: 'user',
    sentDaysAgo: 12,
    status: 'pending',
  },
  {
    firstName: 'Mina',
    lastName: 'Sato',
    email: `mina.sato@${DEMO_DOMAIN}`,
    groupName: 'Engineering',
    role: 'user',
    sentDaysAgo: 21,
    status: 'rejected',
  },
];

/**
 * Seeds the demo org's invitation history, so its invitations table shows every status on a
 * first run. None carries a working link (only a void hash is stored); a resend mails one.
 */
export async function seedDemoInvitations(db: Database, orgId: string, now: Date): Promise<void> {
  const groupIdOf = await groupIdsByName(db, orgId);
  const people = await findNamedPeopleByEmail(db, [
    DEMO_ORG_ADMIN_EMAIL,
    ...DEMO_INVITATIONS.map((invitation) => invitation.email),
  ]);
  const personOf = new Map(people.map((person) => [person.email, person]));

  await insertInvitations(
    db,
    DEMO_INVITATIONS.map((invitation) => {
      const sentAt = new Date(now.getTime() - invitation.sentDaysAgo * DAY_MS);
      const joined = invitation.status === 'accepted' ? personOf.get(invitation.email) : undefined;
      return {
        orgId,
        groupId: groupIdOf.get(invitation.groupName) ?? null,
        email: invitation.email,
        firstName: joined?.firstName ?? invitation.firstName,
        lastName: joined?.lastName ?? invitation.lastName,
        role: invitation.role,
        invitedByAccountId: personOf.get(DEMO_ORG_ADMIN_EMAIL)?.id ?? null,
        tokenHash: voidTokenHash(),
        status: invitation.status,
        mailStatus: 'sent' as const,
        expiresAt: new Date(sentAt.getTime() + DEMO_LINK_DAYS * DAY_MS),
        linkIssuedAt: sentAt,
        respondedAt: invitation.status === 'pending' ? null : new Date(sentAt.getTime() + DAY_MS),
        acceptedByAccountId: joined?.id ?? null,
        createdAt: sentAt,
      };
    }),
  );
}
