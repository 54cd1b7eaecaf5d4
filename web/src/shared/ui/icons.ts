import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/*
 * Blueprint's default icon loader fetches every icon's paths (two chunks of ~300 kB) the first time any icon
 * renders. The admin area uses a few dozen icons, so their paths are bundled here directly; an icon missing
 * from this list still works through Blueprint's own loader. Blueprint components' internal icons (caret,
 * close, tick...) are static imports inside Blueprint and need nothing from here.
 *
 * Add a name to the brace list below when a new `icon="..."` appears in the code: one missing costs the scanner
 * or a back-office page Blueprint's whole set (icons.unit.spec.ts finds the names the code uses).
 */
const bundled = import.meta.glob<IconPaths>(
  '../../../../node_modules/@blueprintjs/icons/lib/esm/generated/{16px,20px}/paths/{add,archive,arrow-down,arrow-left,arrow-up,bold,build,calendar,camera,chat,chevron-down,chevron-left,chevron-right,circle,clipboard,code,cog,contrast,credit-card,cross,crown,dashboard,data-connection,disable,document,dollar,download,duplicate,edit,endorsed,envelope,eraser,error,eye-off,eye-open,flash,floppy-disk,globe-network,help,history,home,info-sign,italic,label,layers,link,lock,log-out,map-marker,media,mobile-phone,moon,more,new-person,numbered-list,office,offline,pause,people,percentage,person,play,plus,properties,refresh,reset,rocket-slant,search,send-message,settings,share,shopping-cart,stop,style,tag,th-derived,th-list,tick,tick-circle,time,trash,undo,warning-sign,widget}.js',
  { eager: true, import: 'default' },
);

const PATH = /\/(16|20)px\/paths\/([a-z0-9-]+)\.js$/;

/** `{ 16: { add: [...] }, 20: { ... } }` built from the bundled modules. */
export const BUNDLED_ICON_PATHS: Record<IconSize, Partial<Record<string, IconPaths>>> = {
  [IconSize.STANDARD]: {},
  [IconSize.LARGE]: {},
};
for (const [file, paths] of Object.entries(bundled)) {
  const match = PATH.exec(file);
  if (!match) continue;
  const size = match[1] === '16' ? IconSize.STANDARD : IconSize.LARGE;
  BUNDLED_ICON_PATHS[size][match[2] ?? ''] = paths;
}

async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const paths = BUNDLED_ICON_PATHS[size][name];
  if (paths) return paths;
  const { splitPathsBySizeLoader } =
    await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
  return splitPathsBySizeLoader(name, size);
}

let installed = false;

export function installIconLoader(): void {
  if (installed) return;
  installed = true;
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
