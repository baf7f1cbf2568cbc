import { DataTable, type DataTableProps } from './data-table.tsx';
import { LoadError } from './load-error.tsx';

/** The query behind a table, for the retry shown in its place when it fails. */
type TableQuery = { isError: boolean; isFetching: boolean; refetch: () => unknown };

/** What failed to load (e.g. 'The invitations') and the query to try again. */
export type TableFailure = { what: string; query: TableQuery };

/** A table, or, when its rows failed to load, a retry naming what failed. */
export function TableOrRetry<Row>({
  failure,
  ...table
}: DataTableProps<Row> & { failure?: TableFailure }) {
  if (failure?.query.isError) {
    return (
      <LoadError
        what={failure.what}
        onRetry={() => void failure.query.refetch()}
        retrying={failure.query.isFetching}
      />
    );
  }
  return <DataTable {...table} />;
}
