import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import { isWebAddress } from '../webAddress';
import { replacingSameKind, type StoredImage } from '../images/storedImage';

/** The organizer an event belongs to (spec section 3: name, email, website, description, images). */

export type OrganizerImageType = 'ORGANIZER_LOGO' | 'ORGANIZER_COVER';

export interface OrganizerProfile {
  name: string;
  email: string | null;
  website: string | null;
  /** Sanitised HTML. */
  description: string | null;
}

export type OrganizerImage = StoredImage<OrganizerImageType>;

export const organizerStream = (organizerId: string): string => `organizer-${organizerId}`;

export type OrganizerCreated = {
  type: 'OrganizerCreated';
  data: OrganizerProfile & { organizerId: string; accountId: string; createdAt: string };
};
export type OrganizerUpdated = {
  type: 'OrganizerUpdated';
  data: { organizerId: string; changes: Partial<OrganizerProfile>; updatedAt: string };
};
export type OrganizerImageUploaded = {
  type: 'OrganizerImageUploaded';
  data: { organizerId: string; image: OrganizerImage; replacedImageId: string | null };
};
export type OrganizerImageRemoved = {
  type: 'OrganizerImageRemoved';
  data: { organizerId: string; imageId: string; removedAt: string };
};
export type OrganizerEvent =
  OrganizerCreated | OrganizerUpdated | OrganizerImageUploaded | OrganizerImageRemoved;
export const organizerEventTypes: readonly OrganizerEvent['type'][] = [
  'OrganizerCreated',
  'OrganizerUpdated',
  'OrganizerImageUploaded',
  'OrganizerImageRemoved',
];

export type CreateOrganizer = {
  type: 'CreateOrganizer';
  organizerId: string;
  accountId: string;
  profile: OrganizerProfile;
  now: Date;
};
export type UpdateOrganizer = {
  type: 'UpdateOrganizer';
  organizerId: string;
  changes: Partial<OrganizerProfile>;
  now: Date;
};
export type UploadOrganizerImage = {
  type: 'UploadOrganizerImage';
  organizerId: string;
  image: Omit<OrganizerImage, 'uploadedAt'>;
  now: Date;
};
export type RemoveOrganizerImage = {
  type: 'RemoveOrganizerImage';
  organizerId: string;
  imageId: string;
  now: Date;
};
export type OrganizerCommand =
  CreateOrganizer | UpdateOrganizer | UploadOrganizerImage | RemoveOrganizerImage;

export type OrganizerState =
  | { exists: false }
  | { exists: true; accountId: string; profile: OrganizerProfile; images: readonly OrganizerImage[] };

export const maxOrganizerNameLength = 149;
export const maxOrganizerDescriptionLength = 49_999;
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const organizerDecider: Decider<OrganizerCommand, OrganizerEvent, OrganizerState> = {
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    if (event.type === 'OrganizerCreated') {
      const { organizerId: _id, accountId, createdAt: _createdAt, ...profile } = event.data;
      return { exists: true, accountId, profile, images: [] };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'OrganizerUpdated':
        return { ...state, profile: { ...state.profile, ...event.data.changes } };
      case 'OrganizerImageUploaded':
        return {
          ...state,
          images: [
            ...state.images.filter((image) => image.imageId !== event.data.replacedImageId),
            event.data.image,
          ],
        };
      case 'OrganizerImageRemoved':
        return { ...state, images: state.images.filter((image) => image.imageId !== event.data.imageId) };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'CreateOrganizer') {
      if (state.exists) refuse('validation_failed', 'This organizer already exists');
      checkProfile(command.profile);
      return [
        {
          type: 'OrganizerCreated',
          data: {
            organizerId: command.organizerId,
            accountId: command.accountId,
            ...command.profile,
            createdAt: at,
          },
        },
      ];
    }
    if (!state.exists) refuse('organizer_not_found');
    switch (command.type) {
      case 'UpdateOrganizer': {
        const changes: Partial<OrganizerProfile> = {};
        for (const [key, value] of Object.entries(command.changes) as [
          keyof OrganizerProfile,
          string | null | undefined,
        ][]) {
          if (value !== undefined && value !== state.profile[key])
            (changes as Record<string, unknown>)[key] = value;
        }
        if (Object.keys(changes).length === 0) return [];
        checkProfile({ ...state.profile, ...changes });
        return [
          { type: 'OrganizerUpdated', data: { organizerId: command.organizerId, changes, updatedAt: at } },
        ];
      }
      case 'UploadOrganizerImage':
        return [
          {
            type: 'OrganizerImageUploaded',
            data: { organizerId: command.organizerId, ...replacingSameKind(state.images, command.image, at) },
          },
        ];
      case 'RemoveOrganizerImage':
        if (!state.images.some((image) => image.imageId === command.imageId)) refuse('image_not_found');
        return [
          {
            type: 'OrganizerImageRemoved',
            data: { organizerId: command.organizerId, imageId: command.imageId, removedAt: at },
          },
        ];
    }
  },
};

function checkProfile(profile: OrganizerProfile): void {
  const errors: FieldErrors = {};
  const name = profile.name.trim();
  if (!name) errors.name = ['The name is required'];
  else if (name.length > maxOrganizerNameLength)
    errors.name = [`The name must be under ${maxOrganizerNameLength + 1} characters`];
  if (profile.email !== null && !email.test(profile.email)) errors.email = ['Enter a valid email address'];
  if (profile.website !== null && !isWebAddress(profile.website))
    errors.website = ['Enter a web address starting with http:// or https://'];
  if (profile.description !== null && profile.description.length > maxOrganizerDescriptionLength) {
    errors.description = [`The description must be under ${maxOrganizerDescriptionLength + 1} characters`];
  }
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
}
