import { useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { DataTableProps } from './data-table.tsx';
import { actionsColumn, RowAction } from './row-actions.tsx';
import { SectionCard } from './section-card.tsx';
import { TableOrRetry, type TableFailure } from './table-or-retry.tsx';

interface AdminRemoval<Admin> {
  /** The admin's name, in the Remove button's label. */
  name: (admin: Admin) => string;
  /** The confirmation's question. */
  message: (admin: Admin) => string;
  /** Under the question: what the removal means for them. */
  details?: (admin: Admin) => ReactNode;
  pending: boolean;
  /** Removes the admin; `settled` closes the confirmation once the server has answered. */
  remove: (admin: Admin, settled: () => void) => void;
}

interface AdminsCardProps<Admin> {
  description?: string;
  /** Add Admin cannot be used, e.g. while the admins load. */
  addDisabled: boolean;
  onAdd: () => void;
  /** The admins' table; the Remove column is added while more than one admin remains. */
  table: DataTableProps<Admin>;
  failure?: TableFailure;
  removal: AdminRemoval<Admin>;
  /** The Add Admin dialog. */
  children: ReactNode;
}

/**
 * The admins of an organization or a group: their table, Add Admin, and Remove with a
 * confirmation while more than one admin remains (SPEC §4 "Admin removal").
 */
export function AdminsCard<Admin>({
  description,
  addDisabled,
  onAdd,
  table,
  failure,
  removal,
  children,
}: AdminsCardProps<Admin>) {
  const [toRemove, setToRemove] = useState<Admin | null>(null);
  const removeButton = (admin: Admin) => (
    <RowAction
      label={`Remove ${removal.name(admin)} as admin`}
      tooltip="Remove admin"
      icon={IconUserMinus}
      color="red"
      onClick={() => setToRemove(admin)}
    />
  );
  const canRemove = (table.rows?.length ?? 0) > 1;
  const columns = canRemove ? [...table.columns, actionsColumn(removeButton, 56)] : table.columns;
  return (
    <SectionCard
      title="Admins"
      order={3}
      padding="roomy"
      description={description}
      actions={
        <Button
          variant="light"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          disabled={addDisabled}
          onClick={onAdd}
        >
          Add Admin
        </Button>
      }
    >
      <TableOrRetry {...table} columns={columns} failure={failure} />
      {children}
      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove Admin"
        message={toRemove ? removal.message(toRemove) : ''}
        details={toRemove && removal.details?.(toRemove)}
        confirmLabel="Remove"
        loading={removal.pending}
        onClose={() => setToRemove(null)}
        onConfirm={() => toRemove && removal.remove(toRemove, () => setToRemove(null))}
      />
    </SectionCard>
  );
}
