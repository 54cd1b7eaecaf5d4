import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IconNames } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { BUNDLED_ICON_PATHS } from './icons';

const blueprintIcons = new Set<string>(Object.values(IconNames));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.spec\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** Blueprint icon names quoted on a line that speaks of an icon (`icon="…"`, `icon: '…'`, `rightIcon={a ? '…' : '…'}`). */
function iconNamesInCode(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(join('web', 'src'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/icon/i.test(line)) continue;
      for (const [, name] of line.matchAll(/['"]([a-z0-9-]+)['"]/g))
        if (name && blueprintIcons.has(name)) found.set(name, file);
    }
  }
  return found;
}

describe('the admin icons are bundled in both sizes', () => {
  it('has paths for the icons the pages use', () => {
    for (const name of [
      'build',
      'search',
      'calendar',
      'plus',
      'log-out',
      'globe-network',
      'map-marker',
      'undo',
    ]) {
      expect(BUNDLED_ICON_PATHS[16][name]?.length, `${name} 16px`).toBeGreaterThan(0);
      expect(BUNDLED_ICON_PATHS[20][name]?.length, `${name} 20px`).toBeGreaterThan(0);
    }
  });

  it('bundles every icon the code names: one missing loads all of Blueprint’s (some 80 kB)', () => {
    const missing = [...iconNamesInCode()]
      .filter(([name]) => !BUNDLED_ICON_PATHS[16][name])
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('bundles the same icons in both sizes', () => {
    expect(Object.keys(BUNDLED_ICON_PATHS[16]).sort()).toEqual(Object.keys(BUNDLED_ICON_PATHS[20]).sort());
  });
});
