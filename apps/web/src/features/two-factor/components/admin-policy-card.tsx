import { Skeleton, Switch, Text } from '@mantine/core';
import { QueryContent } from '../../../components/query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSuccess } from '../../../lib/notify.tsx';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/two-factor-policy.ts';

/**
 * Org settings: whether the organisation's admins (org and group admins) must use two-factor
 * authentication to act as admins. Turning it on needs the admin's own second factor first.
 */
export function AdminPolicyCard() {
  const policy = useTwoFactorPolicy();
  const setPolicy = useSetTwoFactorPolicy();
  return (
    <SectionCard
      title="Security"
      padding="roomy"
      description="Admins see members’ health data: a second factor protects it if a password leaks."
    >
      <QueryContent query={policy} what="The security settings" loading={<Skeleton h={36} />}>
        {(data) => (
          <>
            <Switch
              label="Require two-factor authentication for admins"
              description="Org admins and group admins without it can act only as members until they set it up in Settings."
              checked={data.requireAdminMfa}
              disabled={setPolicy.isPending}
              onChange={(event) =>
                setPolicy.mutate(
                  { requireAdminMfa: event.currentTarget.checked },
                  {
                    onSuccess: (next) =>
                      showSuccess(
                        next.requireAdminMfa
                          ? 'Admins must now use two-factor authentication'
                          : 'Two-factor authentication is no longer required of admins',
                      ),
                  },
                )
              }
            />
            {setPolicy.isPending && (
              <Text size="sm" c="dimmed" role="status">
                Saving…
              </Text>
            )}
          </>
        )}
      </QueryContent>
    </SectionCard>
  );
}
