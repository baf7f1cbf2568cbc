import { describe, expect, it } from 'vitest';
import {
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_NOT_VALID_MESSAGE,
  WRONG_ACCOUNT_MESSAGE,
} from '@resonant/contracts/invitations';
import {
  ALREADY_LIFETIME_MESSAGE,
  CLAIM_NOT_VALID_MESSAGE,
} from '@resonant/contracts/lifetime-claims';
import { ApiError } from './api-error.ts';
import { answerLink, isLinkProblem, openLink, refusalOf, type LinkProblem } from './link-answer.ts';

describe('refusalOf', () => {
  it('turns a bad, used or expired link into the not-valid view with the server message', () => {
    const notValid = { message: INVITATION_NOT_VALID_MESSAGE };
    expect(refusalOf(new ApiError(404, notValid))).toEqual({ kind: 'not-valid', ...notValid });
    expect(refusalOf(new ApiError(400, notValid))).toEqual({ kind: 'not-valid', ...notValid });
    expect(refusalOf(new ApiError(404, { message: CLAIM_NOT_VALID_MESSAGE }))).toEqual({
      kind: 'not-valid',
      message: CLAIM_NOT_VALID_MESSAGE,
    });
    expect(refusalOf(new ApiError(410, { message: INVITATION_EXPIRED_MESSAGE }))).toEqual({
      kind: 'not-valid',
      message: INVITATION_EXPIRED_MESSAGE,
    });
  });

  it('turns a 403 into the wrong-account view', () => {
    expect(refusalOf(new ApiError(403, { message: WRONG_ACCOUNT_MESSAGE }))).toEqual({
      kind: 'wrong-account',
      message: WRONG_ACCOUNT_MESSAGE,
    });
  });

  it('leaves other failures to the error toast', () => {
    expect(refusalOf(new ApiError(409, { message: ALREADY_LIFETIME_MESSAGE }))).toBeNull();
    expect(refusalOf(new ApiError(500, { message: 'Boom' }))).toBeNull();
    expect(refusalOf(new ApiError(0, undefined))).toBeNull();
    expect(refusalOf(new ApiError(401, { message: 'Unauthorized' }, true))).toBeNull();
    expect(refusalOf(new Error('offline'))).toBeNull();
  });
});

describe('openLink and answerLink', () => {
  it('resolve a refused link to its view and let other failures reject', async () => {
    const refused = () => Promise.reject(new ApiError(404, { message: CLAIM_NOT_VALID_MESSAGE }));
    const broken = () => Promise.reject(new ApiError(500, { message: 'Boom' }));
    expect(await openLink(refused)).toEqual({
      kind: 'not-valid',
      message: CLAIM_NOT_VALID_MESSAGE,
    });
    await expect(openLink(broken)).rejects.toThrow('Boom');
    expect(await answerLink(refused)).toEqual({
      kind: 'refused',
      problem: { kind: 'not-valid', message: CLAIM_NOT_VALID_MESSAGE },
    });
    await expect(answerLink(broken)).rejects.toThrow('Boom');
    expect(await answerLink(() => Promise.resolve({ message: 'Invitation accepted' }))).toEqual({
      kind: 'done',
      message: 'Invitation accepted',
    });
  });
});

describe('isLinkProblem', () => {
  it('tells the problem views from an offer', () => {
    const problems: LinkProblem[] = [
      { kind: 'not-valid', message: CLAIM_NOT_VALID_MESSAGE },
      { kind: 'wrong-account', message: WRONG_ACCOUNT_MESSAGE },
      { kind: 'failed', message: 'Boom' },
    ];
    for (const problem of problems) expect(isLinkProblem(problem)).toBe(true);
    expect(isLinkProblem({ kind: 'invite' })).toBe(false);
    expect(isLinkProblem({ kind: 'claim' })).toBe(false);
  });
});
