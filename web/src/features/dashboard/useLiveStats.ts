import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLiveNotices, useLiveRoom, type RoomStatus } from '../../shared/live/LiveUpdates';
import type { ReadModelChanged } from '../../shared/live/liveMap';
import type { StatsRange } from './api';
import { statsQueries } from './queries';
import { isNewer, refreshPlan } from './liveRefresh';

export const STATS_READ_MODEL = 'stats';
/** Bursts of notices (an on-sale rush) become at most one refetch per this many milliseconds. */
export const COALESCE_MS = 250;

/**
 * An event's stats, live: joins the event's room, loads the snapshot (which names the position it reflects)
 * and refetches it when the stats read model announces a newer position, at once after a quiet spell and at
 * most every 250 ms during a burst. Notices at or below the snapshot's position are already in it and are
 * ignored, so nothing is counted twice; after a reconnect the live provider refetches the snapshot
 * (`statsLive.feeds`), which also catches up on notices missed meanwhile.
 */
export function useLiveStats(eventId: string, range: StatsRange) {
  const room = `event:${eventId}` as const;
  const { status } = useLiveRoom(room);
  const stats = useQuery(statsQueries.event(eventId, range));
  const position = stats.data?.position ?? null;
  const latest = useRef({ position, refetch: stats.refetch });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastRefetch = useRef(0);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);

  useEffect(() => {
    latest.current = { position, refetch: stats.refetch };
  });
  useEffect(() => {
    if (stats.dataUpdatedAt) setUpdatedAt(stats.dataUpdatedAt);
  }, [stats.dataUpdatedAt]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** The newest position announced; a refetch that comes back older than it (it was already under way) goes again. */
  const wanted = useRef<string | null>(null);
  const schedule = () => {
    if (timer.current) return;
    const wait = refreshPlan(Date.now(), lastRefetch.current, COALESCE_MS);
    timer.current = setTimeout(() => {
      lastRefetch.current = Date.now();
      void latest.current.refetch({ cancelRefetch: false }).then((result) => {
        timer.current = null;
        const got = result.data?.position ?? null;
        if (wanted.current !== null && isNewer(wanted.current, got)) schedule();
      });
    }, wait);
  };

  useLiveNotices(room, (notice: ReadModelChanged) => {
    if (notice.readModel !== STATS_READ_MODEL) return;
    if (!isNewer(notice.position, latest.current.position)) return;
    if (isNewer(notice.position, wanted.current)) wanted.current = notice.position;
    schedule();
  });

  return { stats, status: status satisfies RoomStatus, updatedAt };
}
