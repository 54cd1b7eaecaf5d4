import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/ApiError';
import { changedOrDeleted } from './api';

describe('the answer to a change of an event', () => {
  it('is the resource as the change left it', () => {
    expect(changedOrDeleted({ data: { id: 'ev_1' } })).toEqual({ id: 'ev_1' });
  });

  it('after a delete committed right behind the change: saved, but the event is gone', () => {
    let thrown: unknown;
    try {
      changedOrDeleted({
        committed: { events: ['EventDetailsUpdated'], position: '41' },
        event_deleted: { position: '42', deleted_at: '2027-01-10T12:00:00.000Z' },
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).reason).toBe('event_deleted');
  });
});
