import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MemberReadingsResponse } from '@resonant/contracts/reports';
import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import { useGroupAreaWorld } from '../../../test/group-area-world.ts';

const NOW = new Date('2025-06-10T12:00:00Z');

describe('GET /api/user/rmssd (moved from participants)', () => {
  const world = useGroupAreaWorld(NOW);

  describe('GET /api/user/rmssd', () => {
    const readingsOf = (userId: string, extra = '') => `/api/user/rmssd?user_id=${userId}${extra}`;

    it('answers 401 when signed out', async () => {
      const response = await world.get(undefined, readingsOf(world.id.ada));
      expect(response.statusCode).toBe(401);
    });

    it('answers 403 to a plain member, even for their own readings', async () => {
      const response = await world.get(world.token.member, readingsOf(world.id.ada));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it.each([
      ['another organisation’s member', 'groupAdmin', () => world.id.outsider],
      ['another group’s member', 'groupAdmin', () => world.id.cleo],
      ['an id that is no one', 'groupAdmin', () => randomUUID()],
      ['another organisation’s member, to an org admin', 'orgAdmin', () => world.id.outsider],
      ['a member of an org the caller does not administer', 'otherOrgAdmin', () => world.id.ada],
    ] as const)('answers 404 for %s', async (_name, who, userId) => {
      const response = await world.get(world.token[who], readingsOf(userId()));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
    });

    it('answers 400 naming the parameter for a malformed id or limit', async () => {
      const badId = await world.get(world.token.groupAdmin, '/api/user/rmssd?user_id=42');
      expect(badId.statusCode).toBe(400);
      expect(badId.json<{ message: string }>().message).toContain('user_id');
      const badLimit = await world.get(
        world.token.groupAdmin,
        readingsOf(world.id.ada, '&limit=0'),
      );
      expect(badLimit.statusCode).toBe(400);
      expect(badLimit.json<{ message: string }>().message).toContain('limit');
    });

    // Found by the fuzz suite: these reached PostgreSQL, which refused them with a 500.
    it.each([
      [
        'to=0000-00-00',
        'to: Must be an ISO 8601 date-time with a time zone or a date (YYYY-MM-DD)',
      ],
      [
        'from=2025-02-30',
        'from: Must be an ISO 8601 date-time with a time zone or a date (YYYY-MM-DD)',
      ],
      ['from=0000-06-01', 'from: Must be between the years 1 and 9999'],
      ['to=0001-01-01T00:00:00%2B01:00', 'to: Must be between the years 1 and 9999'],
      ['to=9999-12-31T23:00:00-02:00', 'to: Must be between the years 1 and 9999'],
    ])('answers 400 for a bound PostgreSQL cannot read (%s)', async (bound, message) => {
      const response = await world.get(
        world.token.groupAdmin,
        readingsOf(world.id.ada, `&${bound}`),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('reads an instant with any offset ISO 8601 allows, even one PostgreSQL would refuse', async () => {
      const at = new Date(world.adaReadings[2]!.takenAt);
      // The same instant written 16:30 ahead of UTC (PostgreSQL's own parser stops at 15:59).
      const ahead = new Date(at.getTime() + (16 * 60 + 30) * 60_000).toISOString().slice(0, 19);
      const response = await world.get(
        world.token.groupAdmin,
        readingsOf(world.id.ada, `&from=${encodeURIComponent(`${ahead}+16:30`)}`),
      );
      expect(response.statusCode).toBe(200);
      const { list } = response.json<MemberReadingsResponse>();
      expect(list.map((row) => row.id)).toEqual(world.adaReadings.slice(0, 3).map((r) => r.id));
    });

    it('gives a group admin every reading of a member, newest first, as stored', async () => {
      const response = await world.get(world.token.groupAdmin, readingsOf(world.id.ada));
      expect(response.statusCode).toBe(200);
      const { list, noOfRows } = response.json<MemberReadingsResponse>();
      expect(noOfRows).toBe(8);
      expect(list.map((row) => row.id)).toEqual(world.adaReadings.map((reading) => reading.id));
      for (const [index, row] of list.entries()) {
        const stored = world.adaReadings[index]!;
        expect(row).toEqual({
          id: stored.id,
          dateTime: stored.takenAt,
          userId: world.id.ada,
          kind: stored.kind,
          quality: stored.quality,
          // Under 14 days of readings: no normal range yet, so nothing to stand against.
          reading_result: null,
          readings_count: 1,
          rmssd: stored.metrics.rmssd,
          created_at: stored.createdAt,
          tags: stored.tags,
          time_domain: {
            minMax: stored.metrics.minMax,
            sdnn: stored.metrics.sdnn,
            sdsd: stored.metrics.sdsd,
            mean_hr: stored.metrics.meanHr,
            max_hr: stored.metrics.maxHr,
            min_hr: stored.metrics.minHr,
            mean_nni: stored.metrics.meanNni,
            median_nni: stored.metrics.medianNni,
            range_nni: stored.metrics.rangeNni,
          },
          frequency_domain: {
            lf: stored.metrics.lf,
            hf: stored.metrics.hf,
            vlf: stored.metrics.vlf,
            total_power: stored.metrics.totalPower,
          },
        });
      }
      expect(list[0]).toMatchObject({ quality: 'low', kind: 'anytime' });
      expect(list[1]!.tags).toEqual([{ id: world.sleepTagId, tag_name: 'Sleep' }]);
      // Slower hearts with more swing further back: the figures really are each reading's own.
      expect(list[1]!.rmssd!).toBeLessThan(list[7]!.rmssd!);
      expect(list[1]!.time_domain.mean_nni!).toBeLessThan(list[7]!.time_domain.mean_nni!);
    });

    it('fetches 6 for the profile page and pages on with offset', async () => {
      const first = (
        await world.get(world.token.groupAdmin, readingsOf(world.id.ada, '&limit=6'))
      ).json<MemberReadingsResponse>();
      expect(first.list).toHaveLength(6);
      expect(first.noOfRows).toBe(8);
      const rest = (
        await world.get(world.token.groupAdmin, readingsOf(world.id.ada, '&limit=6&offset=6'))
      ).json<MemberReadingsResponse>();
      expect(rest.list.map((row) => row.id)).toEqual(
        world.adaReadings.slice(6).map((reading) => reading.id),
      );
      expect(rest.noOfRows).toBe(8);
    });

    it('bounds the range by instants, or by whole days in the org’s time zone', async () => {
      const byInstant = (
        await world.get(
          world.token.groupAdmin,
          readingsOf(
            world.id.ada,
            `&from=${encodeURIComponent(world.adaReadings[3]!.takenAt)}&to=${encodeURIComponent(world.adaReadings[2]!.takenAt)}`,
          ),
        )
      ).json<MemberReadingsResponse>();
      expect(byInstant.list.map((row) => row.id)).toEqual([
        world.adaReadings[2]!.id,
        world.adaReadings[3]!.id,
      ]);

      // Mornings at 07:00 UTC are 09:00 in Berlin: 2025-06-08 holds exactly the 2-days-ago one,
      // and `to` is inclusive of its whole day.
      const byDay = (
        await world.get(
          world.token.groupAdmin,
          readingsOf(world.id.ada, '&from=2025-06-08&to=2025-06-08'),
        )
      ).json<MemberReadingsResponse>();
      expect(byDay.list.map((row) => row.dateTime)).toEqual(['2025-06-08T07:00:00.000Z']);
      expect(byDay.noOfRows).toBe(1);
    });

    it('lets an org admin read any member of the org, and in a group only that group', async () => {
      const asOrg = await world.get(world.token.orgAdmin, readingsOf(world.id.cleo));
      expect(asOrg.statusCode).toBe(200);
      expect(asOrg.json<MemberReadingsResponse>().noOfRows).toBe(1);

      await world.switchTo(world.token.orgAdmin, world.org.groups.Alpha.id);
      try {
        expect((await world.get(world.token.orgAdmin, readingsOf(world.id.ada))).statusCode).toBe(
          200,
        );
        expect((await world.get(world.token.orgAdmin, readingsOf(world.id.cleo))).statusCode).toBe(
          404,
        );
      } finally {
        await world.switchTo(world.token.orgAdmin, null);
      }
    });
  });
});
