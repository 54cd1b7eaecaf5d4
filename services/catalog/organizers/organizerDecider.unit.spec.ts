import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { organizerDecider, type OrganizerEvent, type OrganizerProfile } from './organizerDecider';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(organizerDecider);
const profile: OrganizerProfile = {
  name: 'Harbour Arts',
  email: 'hello@harbour.test',
  website: 'https://harbour.test',
  description: null,
};
const created: OrganizerEvent = {
  type: 'OrganizerCreated',
  data: { organizerId: 'or_1', accountId: 'ac_1', ...profile, createdAt: at },
};
const logo = {
  imageId: 'im_1',
  type: 'ORGANIZER_LOGO' as const,
  key: `${'b'.repeat(64)}.png`,
  contentType: 'image/png',
  size: 10,
  width: 400,
  height: 400,
};

describe('organizers', () => {
  it('creates an organizer', () => {
    spec
      .given([])
      .when({ type: 'CreateOrganizer', organizerId: 'or_1', accountId: 'ac_1', profile, now })
      .then([created]);
  });

  it('refuses a missing or overlong name, a bad email and a website that is not a web address', () => {
    spec
      .given([])
      .when({
        type: 'CreateOrganizer',
        organizerId: 'or_1',
        accountId: 'ac_1',
        profile: { ...profile, name: ' ', email: 'nope', website: 'ftp://x' },
        now,
      })
      .thenRefused('validation_failed', ['name', 'email', 'website']);
    spec
      .given([])
      .when({
        type: 'CreateOrganizer',
        organizerId: 'or_1',
        accountId: 'ac_1',
        profile: { ...profile, name: 'x'.repeat(150) },
        now,
      })
      .thenRefused('validation_failed', ['name']);
  });

  it('refuses a website that would break out of the link it is shown in', () => {
    for (const website of [
      'https://x.example/"onmouseover=alert(1)',
      "https://x.example/'onmouseover=alert(1)",
      'https://x.example/<script>',
      'https://x.example/ path',
      'https://x.example\\@evil.example',
      'https://user:secret@x.example/',
      'http:x.example',
      'javascript:alert(1)//https://x.example',
    ]) {
      spec
        .given([created])
        .when({ type: 'UpdateOrganizer', organizerId: 'or_1', changes: { website }, now })
        .thenRefused('validation_failed', ['website']);
    }
  });

  it('accepts an ordinary web address with a path, a query and escapes', () => {
    const website = 'https://harbour.example/about-us?lang=de&x=%22quoted%22#team';
    spec
      .given([created])
      .when({ type: 'UpdateOrganizer', organizerId: 'or_1', changes: { website }, now })
      .then([
        {
          type: 'OrganizerUpdated',
          data: { organizerId: 'or_1', changes: { website }, updatedAt: at },
        },
      ]);
  });

  it('records only the changed fields of an edit', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateOrganizer',
        organizerId: 'or_1',
        changes: { name: 'Harbour Arts', website: null },
        now,
      })
      .then([
        {
          type: 'OrganizerUpdated',
          data: { organizerId: 'or_1', changes: { website: null }, updatedAt: at },
        },
      ]);
  });

  it('refuses to edit an organizer that does not exist', () => {
    spec
      .given([])
      .when({ type: 'UpdateOrganizer', organizerId: 'or_1', changes: { name: 'X' }, now })
      .thenRefused('organizer_not_found');
  });

  it('keeps one logo: a new one replaces the old', () => {
    const first: OrganizerEvent = {
      type: 'OrganizerImageUploaded',
      data: { organizerId: 'or_1', image: { ...logo, uploadedAt: at }, replacedImageId: null },
    };
    spec
      .given([created])
      .when({ type: 'UploadOrganizerImage', organizerId: 'or_1', image: logo, now })
      .then([first]);
    spec
      .given([created, first])
      .when({ type: 'UploadOrganizerImage', organizerId: 'or_1', image: { ...logo, imageId: 'im_2' }, now })
      .then([
        {
          type: 'OrganizerImageUploaded',
          data: {
            organizerId: 'or_1',
            image: { ...logo, imageId: 'im_2', uploadedAt: at },
            replacedImageId: 'im_1',
          },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'RemoveOrganizerImage', organizerId: 'or_1', imageId: 'im_1', now })
      .thenRefused('image_not_found');
  });
});
