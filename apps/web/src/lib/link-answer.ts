import { ApiError } from './api-error.ts';

/** Why an emailed link (invitation or claim) shows no offer. */
export type LinkProblem =
  /** The link is bad, used, voided or expired; the message says which. */
  | { kind: 'not-valid'; message: string }
  /** The link was sent to another email than the signed-in account's. */
  | { kind: 'wrong-account'; message: string }
  /** The server could not be asked (network or server error); trying again may help. */
  | { kind: 'failed'; message: string };

/**
 * The view a refused link leads to, with the server's message: 400/404 (bad, used or voided) and
 * 410 (expired) are not valid, 403 is another account's link. Null for any other failure, which
 * is the request's rather than the link's and is toasted as usual.
 */
export function refusalOf(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.status) {
    case 400:
    case 404:
    case 410:
      return { kind: 'not-valid', message: error.message };
    case 403:
      return { kind: 'wrong-account', message: error.message };
    default:
      return null;
  }
}

/**
 * Reads what a link offers; a refused link resolves to its view instead of failing, because the
 * page shows the server's message itself and the query cache's error toast would only repeat it.
 */
export async function openLink<View>(load: () => Promise<View>): Promise<View | LinkProblem> {
  try {
    return await load();
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** The answer to a link's action (Accept, Reject, Claim Now): done, or the link was refused. */
export type LinkAnswer =
  { kind: 'done'; message: string } | { kind: 'refused'; problem: LinkProblem };

/**
 * Runs a link's action; a refused link resolves with its view, which the page shows instead of an
 * error toast, and any other failure still rejects (and is toasted).
 */
export async function answerLink(action: () => Promise<{ message: string }>): Promise<LinkAnswer> {
  try {
    const { message } = await action();
    return { kind: 'done', message };
  } catch (error) {
    const problem = refusalOf(error);
    if (problem) return { kind: 'refused', problem };
    throw error;
  }
}

const PROBLEM_KINDS: ReadonlySet<string> = new Set(['not-valid', 'wrong-account', 'failed']);

/** Whether a link's view is a problem rather than the offer (an invite, a claim). */
export function isLinkProblem(view: { kind: string }): view is LinkProblem {
  return PROBLEM_KINDS.has(view.kind);
}
