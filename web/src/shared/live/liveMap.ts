import type { QueryKey } from '@tanstack/react-query';
import type { NoticeKey, ReadModelChanged } from '../../../../services/kit/contracts/realtime';

export type { LiveRoom, ReadModelChanged } from '../../../../services/kit/contracts/realtime';

/**
 * What one web feature declares in its `live.ts`: for each read model it shows, which cached queries a notice
 * invalidates, worked out from the notice's keys, and which queries it feeds at all (refetched after a
 * reconnect, when notices may have been missed).
 */
export interface FeatureLive {
  feature: string;
  readModels: Readonly<Record<string, (keys: readonly NoticeKey[]) => readonly QueryKey[]>>;
  feeds: readonly QueryKey[];
}

export interface LiveMap {
  /** The queries one notice invalidates, across every feature, without repeats. */
  invalidates(notice: ReadModelChanged): QueryKey[];
  /** Everything any feature feeds from the live read models. */
  feeds: QueryKey[];
}

/** The ids behind the notice keys of one kind: `idsOf(['event:ev_1', 'account:ac_1'], 'event')` → `['ev_1']`. */
export function idsOf(keys: readonly NoticeKey[], kind: string): string[] {
  const prefix = `${kind}:`;
  return keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}

/** Joins the features' declarations into the one map the socket listener uses (see app/live.ts). */
export function composeLive(features: readonly FeatureLive[]): LiveMap {
  return {
    invalidates(notice) {
      const found = features.flatMap((feature) => feature.readModels[notice.readModel]?.(notice.keys) ?? []);
      return distinct(found);
    },
    feeds: distinct(features.flatMap((feature) => feature.feeds)),
  };
}

function distinct(keys: readonly QueryKey[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const key of keys) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}
