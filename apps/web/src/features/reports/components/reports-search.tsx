import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { REPORT_TAGS_MAX } from '@resonant/contracts/reports';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useReportMembers } from '../api/get-report-members.ts';
import { useTags } from '../../../lib/offered-tags.ts';
import { ReportUsersSelect } from './report-users-select.tsx';
import { SearchMultiSelect } from '../../../components/search-multi-select.tsx';

type ReportsSearchProps = {
  /** What Apply committed (the URL's). */
  appliedUserIds: readonly string[];
  appliedTagIds: readonly string[];
  onApply: (userIds: string[], tagIds: string[]) => void;
};

const TITLE = 'Reports Search';

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * 'Reports Search' (SPEC §2): the users to report on (at most 5; a sixth is refused with the
 * message under the field), the exercise tags, and Apply, which commits both.
 */
export function ReportsSearch({ appliedUserIds, appliedTagIds, onApply }: ReportsSearchProps) {
  const members = useReportMembers();
  const tags = useTags();
  const [userIds, setUserIds] = useState<string[]>([...appliedUserIds]);
  const [tagIds, setTagIds] = useState<string[]>([...appliedTagIds]);
  const [refused, setRefused] = useState(false);
  const tagOptions = (tags.data?.list ?? []).map((tag) => ({ value: tag.id, label: tag.tag_name }));
  const changed = !sameIds(userIds, appliedUserIds) || !sameIds(tagIds, appliedTagIds);

  return (
    <SectionCard title={TITLE}>
      {members.isError ? (
        <LoadError
          what="Members"
          onRetry={() => void members.refetch()}
          retrying={members.isFetching}
        />
      ) : (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <ReportUsersSelect
            members={members.data?.list ?? []}
            loading={members.isPending}
            value={userIds}
            refused={refused}
            onChange={(picked) => {
              setUserIds(picked.userIds);
              setRefused(picked.refused);
            }}
          />
          <SearchMultiSelect
            label="Exercise tags"
            description="Only recordings with one of these tags"
            placeholder={tagIds.length === 0 ? 'All tags' : undefined}
            data={tagOptions}
            value={tagIds}
            onChange={setTagIds}
            maxValues={REPORT_TAGS_MAX}
            nothingFoundMessage={tags.isPending ? 'Loading…' : 'No tags found'}
            style={{ flex: '1 1 260px' }}
          />
          <Button
            style={{ alignSelf: 'flex-end' }}
            onClick={() => {
              setRefused(false);
              onApply(userIds, tagIds);
            }}
            disabled={userIds.length === 0 || !changed}
          >
            Apply
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
