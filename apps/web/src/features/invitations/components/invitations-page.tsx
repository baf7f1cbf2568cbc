import { useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { INVITATIONS_PAGE_SIZES, type InvitationsSort } from '@resonant/contracts/invitations';
import { ListPage } from '../../../components/list-page.tsx';
import { useServerSearch } from '../../../components/use-list-search.ts';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { useInvitations } from '../api/get-invitations.ts';
import type { InvitationsMode } from '@resonant/contracts/invitations-policies';
import { INVITATION_COLUMNS } from './invitation-columns.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';

const TITLE = 'Invitations';

const DESCRIPTIONS: Record<InvitationsMode, string> = {
  org: 'Everyone invited to your organization, newest first.',
  group: 'Everyone invited to this group, newest first.',
  admin: 'Invitations to every organization, newest first.',
};

interface InvitationsPageProps {
  /**
   * `org` at /org/invitation, `group` at /group/invitation (the current group, no Organization
   * Admin role), `admin` at /admin/invitation (every organization, searched by name).
   */
  mode: InvitationsMode;
  /** Sections the router composes in below the invitations (the app admin's claim links). */
  below?: ReactNode;
}

/** 'Invite Users' (SPEC §2 Invitations): the invitations sent, resend, the Invite User dialog. */
export function InvitationsPage({ mode, below }: InvitationsPageProps) {
  const paging = useTablePaging<InvitationsSort>(INVITATIONS_PAGE_SIZES);
  const search = useServerSearch(paging.resetPage);
  const [inviting, setInviting] = useState(false);
  const invitations = useInvitations({ search: search.term || undefined, ...paging.request });

  return (
    <Stack gap="md">
      <ListPage
        title={TITLE}
        description={DESCRIPTIONS[mode]}
        search={{ label: 'Search invitations', ...search.box }}
        actions={
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setInviting(true)}
          >
            Invite User
          </Button>
        }
        failure={{ what: 'The invitations', query: invitations }}
        table={{
          label: TITLE,
          columns: INVITATION_COLUMNS,
          ...paging.serverPaged(invitations),
          rowKey: (invitation) => invitation.id,
          emptyText: search.term ? 'No invitations match your search' : 'No invitations yet',
          minWidth: 920,
        }}
      />
      {below}
      <InviteUserDialog mode={mode} opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
