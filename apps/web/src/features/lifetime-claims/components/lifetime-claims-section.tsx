import { useState } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { LifetimeClaim } from '@resonant/contracts/lifetime-claims';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MailStatusBadge } from '../../../components/mail-status-badge.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { textColumn } from '../../../components/text-column.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { formatDate } from '../../../lib/hrv-format.ts';
import { useClaims } from '../api/get-claims.ts';
import { CLAIM_MAIL_FAILED_HINT, CLAIMS_PAGE_SIZES, claimStatusBadge } from '../claim-display.ts';
import { IssueClaimDialog } from './issue-claim-dialog.tsx';

const TITLE = 'Lifetime Memberships';
const COLUMNS: DataColumn<LifetimeClaim>[] = [
  textColumn('email', 'Email', (claim) => claim.email),
  textColumn('organization', 'Organization', (claim) => claim.org_name),
  {
    key: 'status',
    header: 'Status',
    noWrap: true,
    render: (claim) => {
      const status = claimStatusBadge(claim.status);
      return (
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
          <MailStatusBadge link={claim} failedHint={CLAIM_MAIL_FAILED_HINT} />
        </Group>
      );
    },
  },
  textColumn('sent-at', 'Sent at', (claim) => formatDate(claim.created_at)),
  textColumn('claimed-at', 'Claimed at', (claim) => formatDate(claim.claimed_at)),
];

/** The app admin's lifetime membership claim links: issue one, and see what became of each. */
export function LifetimeClaimsSection() {
  const paging = useTablePaging(CLAIMS_PAGE_SIZES);
  const claims = useClaims(paging.request);
  const [issuing, setIssuing] = useState(false);

  return (
    <SectionCard
      title={TITLE}
      description="Claim links let a person bind a lifetime membership to their account for good."
    >
      <Group justify="flex-end">
        <Button leftSection={<IconLink size={18} aria-hidden />} onClick={() => setIssuing(true)}>
          Issue Claim Link
        </Button>
      </Group>
      {claims.isError ? (
        <LoadError
          what="The claim links"
          onRetry={() => void claims.refetch()}
          retrying={claims.isFetching}
        />
      ) : (
        <DataTable
          label={TITLE}
          columns={COLUMNS}
          rows={claims.data?.list}
          rowKey={(claim) => claim.id}
          loading={claims.isPending}
          emptyText="No claim links issued yet"
          paging={paging.tableProps(claims.data?.noOfRows ?? 0)}
          minWidth={720}
        />
      )}
      <IssueClaimDialog opened={issuing} onClose={() => setIssuing(false)} />
    </SectionCard>
  );
}
