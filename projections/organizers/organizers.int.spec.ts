import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OrganizerEvent } from '../../services/catalog/organizers/organizerDecider';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { organizersProjection } from '.';

const stream = 'organizer-or_1';
const created: OrganizerEvent & { stream: string } = {
  stream,
  type: 'OrganizerCreated',
  data: {
    organizerId: 'or_1',
    accountId: 'ac_1',
    name: 'Riverside Music',
    email: 'hello@riverside.test',
    website: null,
    description: '<p>Concerts by the river</p>',
    createdAt: '2026-11-01T10:00:00.000Z',
  },
};

describeEachStorage('organizers read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps an organizer with its edits and logo, the same when replayed or rebuilt', async () => {
    const { rows, keys } = await projectionSpec<OrganizerEvent>(storage, organizersProjection)
      .given([
        created,
        {
          stream,
          type: 'OrganizerUpdated',
          data: {
            organizerId: 'or_1',
            changes: { name: 'Riverside Sounds' },
            updatedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        {
          stream,
          type: 'OrganizerImageUploaded',
          data: {
            organizerId: 'or_1',
            image: {
              imageId: 'im_logo',
              type: 'ORGANIZER_LOGO',
              key: 'a1b2c3.png',
              contentType: 'image/png',
              width: 400,
              height: 400,
              size: 1234,
              uploadedAt: '2026-11-03T10:00:00.000Z',
            },
            replacedImageId: null,
          },
        },
      ])
      .then({ organizers: ['id'] });

    expect(rows.organizers).toEqual([
      expect.objectContaining({
        id: 'or_1',
        account_id: 'ac_1',
        name: 'Riverside Sounds',
        email: 'hello@riverside.test',
        updated_at: '2026-11-03T10:00:00.000Z',
        revision: 2,
      }),
    ]);
    expect((rows.organizers?.[0] as { logo: string | null }).logo).toContain('a1b2c3.png');
    expect(keys).toEqual(expect.arrayContaining(['organizer:or_1', 'account:ac_1']));
  });
});
