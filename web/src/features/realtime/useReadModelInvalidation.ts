import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { getToken } from '../../shared/api/session';
import { eventQueries } from '../events/queries';

/** What the server emits after a projection commits (design section 6). */
export interface ReadModelChanged {
  readModel: string;
  keys: string[];
  position: string;
}

export const READ_MODEL_CHANGED = 'readmodel.changed';

/** Which cached queries each read model feeds. New features add their read models here. */
const QUERIES_BY_READ_MODEL: Record<string, QueryKey[]> = {
  events: [eventQueries.all],
};

export function queryKeysFor(notice: ReadModelChanged): QueryKey[] {
  return QUERIES_BY_READ_MODEL[notice.readModel] ?? [];
}

/**
 * Keeps the manage area live: one Socket.IO connection to this origin, authenticated with the bearer token;
 * every `readmodel.changed` notice invalidates the queries built from that read model. After a reconnect
 * everything it feeds is refetched, since notices may have been missed meanwhile.
 */
export function useReadModelInvalidation(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const token = getToken();
    // The server authenticates sockets by bearer token only; without one there is nothing to listen to.
    if (!token) return undefined;
    const socket = io({ auth: { token }, withCredentials: true });
    let connectedBefore = false;

    const invalidate = (keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const onChanged = (notice: ReadModelChanged) => {
      if (notice && typeof notice.readModel === 'string') invalidate(queryKeysFor(notice));
    };
    const onConnect = () => {
      if (connectedBefore) invalidate(Object.values(QUERIES_BY_READ_MODEL).flat());
      connectedBefore = true;
    };

    socket.on(READ_MODEL_CHANGED, onChanged);
    socket.on('connect', onConnect);
    return () => {
      socket.off(READ_MODEL_CHANGED, onChanged);
      socket.off('connect', onConnect);
      socket.disconnect();
    };
  }, [queryClient]);
}
