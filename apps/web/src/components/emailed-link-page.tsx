import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ROLE_HOME } from '@resonant/contracts/roles';
import { paths } from '../config/paths.ts';
import { useProfile } from '../lib/current-user.ts';
import { isLinkProblem, type LinkProblem } from '../lib/link-answer.ts';
import { LinkProblemCard, LinkStatusLoader } from './link-status-card.tsx';

/** What an offer view gets: the link's token, and where to report the server refusing it. */
type LinkOfferProps<Offer> = {
  offer: Offer;
  token: string;
  homePath: string;
  onRefused: (problem: LinkProblem) => void;
};

interface EmailedLinkPageProps<View extends { kind: string }, Key extends QueryKey> {
  /** Shown when the URL carries no token: nothing to ask the server about. */
  missingToken: LinkProblem;
  /** Said under every problem: how these links work and whom to ask for a new one. */
  hint: string;
  loaderLabel: string;
  /** What the token's link offers, or the problem the server named (`openLink`). */
  linkQuery: (token: string) => UseQueryOptions<View, Error, View, Key>;
  renderOffer: (props: LinkOfferProps<Exclude<View, LinkProblem>>) => ReactNode;
}

/**
 * A page an emailed link opens (`?it=` token): the loader, then the problem views (not valid,
 * wrong account, request failed) or the offer the feature renders.
 */
export function EmailedLinkPage<View extends { kind: string }, Key extends QueryKey>(
  props: EmailedLinkPageProps<View, Key>,
) {
  const [params] = useSearchParams();
  const token = params.get('it');
  const { data: user } = useProfile();
  const homePath = user ? ROLE_HOME[user.user_type] : paths.home;

  if (!token) {
    return <LinkProblemCard problem={props.missingToken} hint={props.hint} homePath={homePath} />;
  }
  // Keyed by the token so a refusal seen for one link is not carried over to another.
  return <OpenedLink key={token} {...props} token={token} homePath={homePath} />;
}

function OpenedLink<View extends { kind: string }, Key extends QueryKey>({
  token,
  homePath,
  hint,
  loaderLabel,
  linkQuery,
  renderOffer,
}: EmailedLinkPageProps<View, Key> & { token: string; homePath: string }) {
  const link = useQuery(linkQuery(token));
  const [refusal, setRefusal] = useState<LinkProblem | null>(null);

  if (refusal) return <LinkProblemCard problem={refusal} hint={hint} homePath={homePath} />;
  if (link.isPending) return <LinkStatusLoader label={loaderLabel} />;
  if (link.isError) {
    return (
      <LinkProblemCard
        problem={{ kind: 'failed', message: link.error.message }}
        hint={hint}
        homePath={homePath}
        onRetry={() => void link.refetch()}
        retrying={link.isFetching}
      />
    );
  }
  const view = link.data;
  if (isLinkProblem(view))
    return <LinkProblemCard problem={view} hint={hint} homePath={homePath} />;
  return renderOffer({
    offer: view as Exclude<View, LinkProblem>,
    token,
    homePath,
    onRefused: setRefusal,
  });
}
