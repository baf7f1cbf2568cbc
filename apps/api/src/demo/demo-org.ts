import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../db/client.ts';
import { addMember, createAccount, createGroup, createOrg } from './demo-rows.queries.ts';
import { deleteOrgAndAccounts, setSeededContext } from './demo.queries.ts';

const DEMO_ORG_NAME = 'Demo Org';
export const DEMO_DOMAIN = 'demo.resonant.app';
export const DEMO_ORG_ADMIN_EMAIL = `org.admin@${DEMO_DOMAIN}`;
export const DEMO_GROUP_ADMIN_EMAIL = `group.admin@${DEMO_DOMAIN}`;
export const DEMO_MEMBER_EMAIL = `member01@${DEMO_DOMAIN}`;

const GROUP_NAMES = ['Leadership', 'Engineering', 'Operations'];
const FIRST_NAMES = [
  'Amelia',
  'Noah',
  'Olivia',
  'Liam',
  'Maya',
  'Ethan',
  'Sofia',
  'Lucas',
  'Zara',
  'Mateo',
  'Chloe',
  'Arjun',
  'Hana',
  'Felix',
  'Ines',
  'Kofi',
  'Lena',
  'Omar',
  'Priya',
  'Rafael',
  'Saoirse',
  'Tomas',
  'Uma',
  'Viktor',
  'Wen',
  'Yusuf',
  'Aiko',
  'Bruno',
  'Clara',
  'Dev',
];
const LAST_NAMES = [
  'Hughes',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Silva',
  'Novak',
  'Kaur',
  'Byrne',
  'Costa',
];
const GENDERS: Gender[] = ['Female', 'Male', 'Female', 'Male', 'Others', 'Prefer not to disclose'];
const MEMBER_COUNT = 30;

const memberEmail = (index: number) => `member${String(index + 1).padStart(2, '0')}@${DEMO_DOMAIN}`;

/** Every account the demo seeds (and removes with a partial demo). */
export const DEMO_ACCOUNT_EMAILS = [
  DEMO_ORG_ADMIN_EMAIL,
  DEMO_GROUP_ADMIN_EMAIL,
  ...Array.from({ length: MEMBER_COUNT }, (_, index) => memberEmail(index)),
];

/**
 * Seeds 'Demo Org': the Default group plus three named groups, an org admin, a group admin and 30
 * members of mixed payer, gender and age, all signing in with `password`. Returns its id.
 */
export async function seedDemoOrg(db: Database, password: string): Promise<string> {
  const org = await createOrg(db, { name: DEMO_ORG_NAME, isDemo: true });
  const groups = [];
  for (const name of GROUP_NAMES) groups.push(await createGroup(db, org.id, name));
  const engineering = groups[1]!;

  const orgAdmin = await createAccount(db, {
    email: DEMO_ORG_ADMIN_EMAIL,
    password,
    firstName: 'Olivia',
    lastName: 'Admin',
    gender: 'Female',
    birthDate: '1982-03-14',
  });
  await addMember(db, org.id, orgAdmin.id, {
    orgAdmin: true,
    groups: [{ groupId: org.defaultGroupId }],
  });
  await setSeededContext(db, orgAdmin.id, { orgId: org.id, groupId: null, type: 'org' });

  const groupAdmin = await createAccount(db, {
    email: DEMO_GROUP_ADMIN_EMAIL,
    password,
    firstName: 'Gabriel',
    lastName: 'Lead',
    gender: 'Male',
    birthDate: '1988-09-02',
  });
  await addMember(db, org.id, groupAdmin.id, {
    groups: [{ groupId: org.defaultGroupId }, { groupId: engineering.id, isAdmin: true }],
  });
  await setSeededContext(db, groupAdmin.id, {
    orgId: org.id,
    groupId: engineering.id,
    type: 'group',
  });

  for (let index = 0; index < MEMBER_COUNT; index++) {
    const birthYear = 1960 + ((index * 7) % 42);
    const member = await createAccount(db, {
      email: memberEmail(index),
      password,
      firstName: FIRST_NAMES[index % FIRST_NAMES.length],
      lastName: LAST_NAMES[index % LAST_NAMES.length],
      gender: GENDERS[index % GENDERS.length],
      birthDate: `${birthYear}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2025, index % 12, (index % 27) + 1)),
    });
    const group = groups[index % groups.length]!;
    await addMember(db, org.id, member.id, {
      payer: index % 4 === 3 ? 'user' : 'org',
      groups: [{ groupId: org.defaultGroupId }, { groupId: group.id }],
    });
    await setSeededContext(db, member.id, { orgId: org.id, groupId: group.id, type: 'user' });
  }
  return org.id;
}

/** Removes a demo organisation (with everything it owns) and the demo accounts. */
export async function removeDemoOrg(db: Database, orgId: string): Promise<void> {
  await deleteOrgAndAccounts(db, orgId, DEMO_ACCOUNT_EMAILS);
}
