import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt: number };

// The models that hold tokens of a grant (revoked with it: a code used twice revokes them all).
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken']);

/**
 * oidc-provider's storage for the development provider: one Map in memory, lost on restart by
 * design. (oidc-provider's own quick-start adapter does the same but warns, on every start, that
 * production must replace it.) Expired entries are dropped as new ones come, so a long-running
 * development server does not grow.
 */
export function devMemoryAdapter(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const live = (key: string | undefined) => {
    const entry = key === undefined ? undefined : entries.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        sweep();
        const expiresAt = expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000;
        entries.set(key(id), { payload, expiresAt });
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        return [...entries.keys()]
          .filter((candidate) => candidate.startsWith(`${model}:`))
          .map(live)
          .find((payload) => payload?.uid === uid);
      },
      async findByUserCode(userCode) {
        return [...entries.keys()]
          .filter((candidate) => candidate.startsWith(`${model}:`))
          .map(live)
          .find((payload) => payload?.userCode === userCode);
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [candidate, entry] of entries) {
          const tokenModel = candidate.slice(0, candidate.indexOf(':'));
          if (GRANTABLE.has(tokenModel) && entry.payload.grantId === grantId) {
            entries.delete(candidate);
          }
        }
      },
    };
  };
}
