import type { ReactNode } from 'react';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NAME_MAX, UpdateProfileBody, type UserProfile } from '@resonant/contracts/profile';
import { QueryContent } from '../../../components/query-content.tsx';
import {
  FieldPairs,
  GenderAndBirthFields,
  NameFields,
} from '../../../components/person-fields.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useProfile } from '../../../lib/current-user.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileValues = {
  firstName: string;
  lastName: string;
  gender: string | null;
  birthDate: string | null;
};

const valuesOf = (user: UserProfile): ProfileValues => ({
  firstName: user.first_name,
  lastName: user.last_name,
  gender: user.gender,
  birthDate: user.birth_date,
});

function ProfileForm({ user }: { user: UserProfile }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(user),
    validate: zodResolver(UpdateProfileBody),
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit((values) => {
    update.mutate(UpdateProfileBody.parse(values), {
      onSuccess: (saved) => form.resetDirty(valuesOf(saved)),
    });
  });
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Your profile">
      <Stack gap="sm" maw={640}>
        <FieldPairs>
          <NameFields
            first={form.getInputProps('firstName')}
            last={form.getInputProps('lastName')}
            maxLength={NAME_MAX}
          />
          <GenderAndBirthFields
            gender={form.getInputProps('gender')}
            birthDate={form.getInputProps('birthDate')}
          />
        </FieldPairs>
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ProfileSectionProps {
  /** Under the form: the email and how to change it. */
  children?: ReactNode;
}

/** Settings: the person's own name, gender and date of birth, and their email. */
export function ProfileSection({ children }: ProfileSectionProps) {
  const profile = useProfile();
  return (
    <SectionCard
      title="Profile"
      description="Your name, gender and date of birth: yours to change, whatever organisation you are in."
      padding="roomy"
    >
      <QueryContent
        query={profile}
        what="Your profile"
        loading={<Skeleton height={120} radius="sm" />}
      >
        {(user) => (
          <Stack gap="md">
            <ProfileForm user={user} />
            <Text size="sm">
              Email: <strong>{user.email}</strong>
            </Text>
            {children}
          </Stack>
        )}
      </QueryContent>
    </SectionCard>
  );
}
