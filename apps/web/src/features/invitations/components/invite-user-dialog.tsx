import type { ReactNode } from 'react';
import { Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import {
  INVITE_DIALOG_TITLE,
  INVITE_DIALOG_TITLE_ADMIN,
  INVITE_FIELD_MAX,
  INVITE_ROLE_LABELS,
  INVITE_ROLE_NOTES,
  type InviteRole,
} from '@resonant/contracts/invitations';
import { OrgSearchSelect } from '../../../components/org-search-select.tsx';
import { EmailInput, FieldPairs, NameFields } from '../../../components/person-fields.tsx';
import { useProfile } from '../../../lib/current-user.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useInvitationGroups } from '../api/get-invitation-groups.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { inviteRolesFor, type InvitationsMode } from '@resonant/contracts/invitations-policies';
import { inviteFieldsFor, inviteGroupOptions } from '../invite-rules.ts';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: InviteRole;
  orgId: string | null;
  groupId: string | null;
}

const SCHEMAS = {
  org: inviteFieldsFor('org'),
  group: inviteFieldsFor('group'),
  admin: inviteFieldsFor('admin'),
};

const INITIAL_VALUES: InviteValues = {
  firstName: '',
  lastName: '',
  email: '',
  role: 'user',
  orgId: null,
  groupId: null,
};

interface InviteUserDialogProps {
  mode: InvitationsMode;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Invite User' (SPEC §2, §5 "Invite"): names, email, the group (and for the app admin the
 * organization) and the role with its note. A failed send keeps everything typed.
 */
export function InviteUserDialog({ mode, opened, onClose }: InviteUserDialogProps) {
  const schema = SCHEMAS[mode];
  const invite = useInviteUser();
  const form = useForm<InviteValues>({
    initialValues: INITIAL_VALUES,
    validate: zodResolver(schema),
    validateInputOnBlur: true,
  });
  const values = form.getValues();

  const dialogProps = formDialogProps({
    form,
    mutation: invite,
    toBody: (submitted) => schema.parse(submitted),
    onClose,
  });

  return (
    <FormDialog
      opened={opened}
      title={mode === 'admin' ? INVITE_DIALOG_TITLE_ADMIN : INVITE_DIALOG_TITLE}
      formLabel="Invite User"
      submitLabel="Send Invitation"
      size="lg"
      {...dialogProps}
    >
      <FieldPairs>
        <NameFields
          first={form.getInputProps('firstName')}
          last={form.getInputProps('lastName')}
          maxLength={INVITE_FIELD_MAX}
          labels={['First name', 'Last name']}
          autofocus
        />
      </FieldPairs>
      <EmailInput
        description="Only the account with this email can accept the invitation."
        maxLength={INVITE_FIELD_MAX}
        {...form.getInputProps('email')}
      />
      {mode === 'admin' && (
        <OrgSearchSelect
          required
          value={values.orgId}
          onChange={(orgId) => {
            form.setFieldValue('orgId', orgId);
            // The groups belong to the organization, so another one voids the group choice.
            form.setFieldValue('groupId', null);
          }}
          error={form.errors.orgId}
          onBlur={() => form.validateField('orgId')}
        />
      )}
      {mode === 'group' ? (
        <CurrentGroupNote />
      ) : (
        <InviteGroupSelect
          orgId={mode === 'admin' ? values.orgId : null}
          needsOrg={mode === 'admin'}
          form={form}
        />
      )}
      <RoleChoice
        roles={inviteRolesFor(mode)}
        value={values.role}
        onChange={(role) => form.setFieldValue('role', role)}
        error={form.errors.role}
      />
    </FormDialog>
  );
}

interface InviteGroupSelectProps {
  /** The app admin's chosen organization; null for an org admin's own. */
  orgId: string | null;
  /** The app admin must choose the organization first. */
  needsOrg: boolean;
  form: UseFormReturnType<InviteValues>;
}

/** The group the invitee joins: the organization's groups, the Default group last. */
function InviteGroupSelect({ orgId, needsOrg, form }: InviteGroupSelectProps) {
  const waitsForOrg = needsOrg && !orgId;
  const groups = useInvitationGroups(orgId, !waitsForOrg);
  const placeholder = waitsForOrg
    ? 'Choose an organization first'
    : groups.isPending
      ? 'Loading groups…'
      : groups.isError
        ? 'The groups could not be loaded'
        : 'Select a group';
  return (
    <Select
      label="Group"
      placeholder={placeholder}
      data={inviteGroupOptions(groups.data?.list ?? [], form.values.role)}
      required
      disabled={waitsForOrg}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No group found"
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('groupId')}
    />
  );
}

/** A group admin's invitees join the current group; the dialog names it instead of asking. */
function CurrentGroupNote() {
  const groupName = useProfile().data?.group_name;
  return (
    <Text size="sm" c="dimmed">
      The invitee joins {groupName ? <strong>{groupName}</strong> : 'your group'}.
    </Text>
  );
}

interface RoleChoiceProps {
  roles: readonly InviteRole[];
  value: InviteRole;
  onChange: (role: InviteRole) => void;
  error: ReactNode;
}

/** The role the invitation grants, with the note on what that role may do. */
function RoleChoice({ roles, value, onChange, error }: RoleChoiceProps) {
  return (
    <Stack gap={6}>
      <Radio.Group
        label="Role"
        required
        value={value}
        onChange={(role) => onChange(role as InviteRole)}
        error={error}
      >
        <Group gap="md" mt={6}>
          {roles.map((role) => (
            <Radio key={role} value={role} label={INVITE_ROLE_LABELS[role]} />
          ))}
        </Group>
      </Radio.Group>
      {/* Announced when the role changes, so screen readers hear the new note too. */}
      <Text size="sm" c="dimmed" aria-live="polite">
        {INVITE_ROLE_NOTES[value]}
      </Text>
    </Stack>
  );
}
