import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORG_SEARCH_MIN, type SearchOrgsResponse } from '@resonant/contracts/invitations';
import { apiClient } from './api-client.ts';

/** The term to search for, or null while the text is too short to search (SPEC §5). */
export function orgSearchTerm(text: string): string | null {
  const term = text.trim();
  return term.length >= ORG_SEARCH_MIN ? term : null;
}

function searchOrgs(term: string): Promise<SearchOrgsResponse> {
  const params = new URLSearchParams({ search_term: term });
  return apiClient.get<SearchOrgsResponse>(`/org/search_orgs?${params.toString()}`);
}

const searchOrgsQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['orgs', 'search', term],
    queryFn: () => searchOrgs(term),
  });

/** Organizations whose name matches `term` (GET /api/org/search_orgs, app admin); idle on null. */
export function useSearchOrgs(term: string | null) {
  return useQuery({
    ...searchOrgsQueryOptions(term ?? ''),
    enabled: term !== null,
    // The previous matches stay while the next search loads, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}
