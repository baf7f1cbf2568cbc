import { describe, expect, it } from 'vitest';
import type { ParticipantsResponse } from '@resonant/contracts/participants';
import { NO_CURRENT_GROUP_MESSAGE } from '@resonant/contracts/errors';
import { useGroupAreaWorld } from '../../../test/group-area-world.ts';

const NOW = new Date('2025-06-10T12:00:00Z');

describe('group participants', () => {
  const world = useGroupAreaWorld(NOW);

  describe('GET /api/group/participants', () => {
    it('answers 401 when signed out', async () => {
      const response = await world.get(undefined, '/api/group/participants?rmssd=false');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to a plain member', async () => {
      const response = await world.get(world.token.member, '/api/group/participants?rmssd=false');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('answers 403 to an org admin who has not switched into a group', async () => {
      const response = await world.get(world.token.orgAdmin, '/api/group/participants');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NO_CURRENT_GROUP_MESSAGE });
    });

    it('answers 400 naming the parameter for a bad rmssd flag', async () => {
      const response = await world.get(
        world.token.groupAdmin,
        '/api/group/participants?rmssd=maybe',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('rmssd');
    });

    it("lists the group admin's group by name, with flags, last reading and mean RMSSD", async () => {
      const response = await world.get(
        world.token.groupAdmin,
        '/api/group/participants?rmssd=true',
      );
      expect(response.statusCode).toBe(200);
      const { list } = response.json<ParticipantsResponse>();
      const good = world.adaReadings.filter((reading) => reading.quality === 'good');
      const adaMean = good.reduce((sum, r) => sum + r.metrics.rmssd!, 0) / good.length;
      expect(list.map((row) => row.first_name)).toEqual(['Ada', 'ben', 'Gus']);
      expect(list[0]).toEqual({
        // The users list's columns (SPEC §3 "Org user row"): the group area shows them in one table.
        user_id: world.id.ada,
        full_name: 'Ada Zane',
        first_name: 'Ada',
        last_name: 'Zane',
        birth_date: expect.any(String),
        gender: expect.any(String),
        email: expect.stringContaining('@example.test'),
        last_activity_date: expect.any(String),
        last_activity_type: expect.any(String),
        user_highest_role: 'user',
        created_at: expect.any(String),
        subscription_payer: 'Org',
        is_solo: false,
        is_external: false,
        profile_editable: false,
        is_group_admin: false,
        // The newest reading counts even when it is low quality; the mean leaves it out.
        last_reading_at: new Date(NOW.getTime() - 3600 * 1000).toISOString(),
        avg_rmssd: expect.any(Number),
      });
      expect(list[0]!.avg_rmssd).toBeCloseTo(adaMean, 9);
      expect(list[1]).toMatchObject({
        user_id: world.id.ben,
        is_group_admin: false,
        last_reading_at: null,
        avg_rmssd: null,
      });
      expect(list[2]).toMatchObject({
        user_id: world.id.groupAdmin,
        is_group_admin: true,
        user_highest_role: 'group',
      });
    });

    it.each(['?rmssd=false', ''])('leaves the averages out with %s', async (query) => {
      const response = await world.get(world.token.groupAdmin, `/api/group/participants${query}`);
      const { list } = response.json<ParticipantsResponse>();
      expect(list.map((row) => row.avg_rmssd)).toEqual([null, null, null]);
      expect(list[0]!.last_reading_at).not.toBeNull();
    });

    it('shows an org admin switched into a group only that group', async () => {
      await world.switchTo(world.token.orgAdmin, world.org.groups.Bravo.id);
      try {
        const response = await world.get(
          world.token.orgAdmin,
          '/api/group/participants?rmssd=false',
        );
        expect(response.statusCode).toBe(200);
        expect(response.json<ParticipantsResponse>().list.map((row) => row.user_id)).toEqual([
          world.id.cleo,
        ]);
      } finally {
        await world.switchTo(world.token.orgAdmin, null);
      }
    });
  });
});
