import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DataColumn } from './data-table.tsx';

interface RowActionProps {
  /** The accessible name, which names the row too, e.g. 'Edit Ada Lovelace'. */
  label: string;
  /** The short name shown on hover, e.g. 'Edit'. */
  tooltip: string;
  icon: Icon;
  /** 'red' for an action that removes something. */
  color?: string;
  disabled?: boolean;
  /** While set, the action is in flight: a loader named by this text stands in for the icon. */
  busy?: string;
  onClick: () => void;
}

/** One icon button of a row's actions. */
export function RowAction({
  label,
  tooltip,
  icon: ActionIconGlyph,
  color,
  disabled,
  busy,
  onClick,
}: RowActionProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        disabled={disabled}
        loading={busy !== undefined}
        loaderProps={{ 'aria-label': busy }}
        onClick={onClick}
      >
        <ActionIconGlyph size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The row actions at the end of a table row. A click or key press on them stays with them, so a
 * clickable row does not open as well.
 */
function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group
      gap={4}
      justify="flex-end"
      wrap="nowrap"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {children}
    </Group>
  );
}

/**
 * The table's last column, the row's action(s): its header is named for screen readers only, and
 * it is pinned, so the actions stay in reach when the table scrolls sideways.
 */
function lastColumn<Row>(render: (row: Row) => ReactNode, width?: number): DataColumn<Row> {
  return {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    width,
    pinned: true,
    noWrap: true,
    render,
  };
}

/** The row actions column: the row's `RowAction`s side by side at the row's end. */
export function actionsColumn<Row>(
  actions: (row: Row) => ReactNode,
  width?: number,
): DataColumn<Row> {
  return lastColumn((row) => <RowActions>{actions(row)}</RowActions>, width);
}

/** The row actions column holding one labelled button, set like the other cells. */
export function actionButtonColumn<Row>(button: (row: Row) => ReactNode): DataColumn<Row> {
  return lastColumn(button);
}
