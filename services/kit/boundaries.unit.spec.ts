import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/** The module boundaries of eslint.config.js, checked on code as a feature would write it. */
describe('module boundaries', { timeout: 60_000 }, () => {
  // The project's own configuration, without type information: the import rules read only the import
  // statements, and building the whole TypeScript program for four snippets would take most of the lint run.
  const eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: [
      tseslint.configs.disableTypeChecked,
      { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ],
  });
  // Linted as the text of a file at the path a feature would use, so the path-scoped boundary rules apply.
  const violations = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId?.endsWith('no-restricted-imports'));
  };

  it('refuses a feature file that imports the composition root', async () => {
    const found = await violations(
      'services/catalog/organizers/routes.ts',
      "import type { Services } from '../../api/context';\nexport type S = Services;\n",
    );
    expect(found.map((m) => m.message)).toEqual([expect.stringContaining('services/api/')]);
  });

  it('lets a feature file import the kit', async () => {
    const found = await violations(
      'services/catalog/organizers/routes.ts',
      "import type { Services } from '../../kit/http/context';\nexport type S = Services;\n",
    );
    expect(found).toEqual([]);
  });

  it('refuses a projection that imports a feature route', async () => {
    const found = await violations(
      'projections/organizers/index.ts',
      "import { organizerRoutes } from '../../services/catalog/organizers/routes';\nexport const r = organizerRoutes;\n",
    );
    expect(found).toHaveLength(1);
  });

  it('lets the web import the shared contracts as types only', async () => {
    const path = 'web/src/shared/live/liveMap.ts';
    const contract = '../../../../services/kit/contracts/realtime';
    expect(
      await violations(path, `import type { LiveRoom } from '${contract}';\nexport type R = LiveRoom;\n`),
    ).toEqual([]);
    expect(
      await violations(path, `import { LiveRoom } from '${contract}';\nexport type R = LiveRoom;\n`),
    ).toHaveLength(1);
    expect(
      await violations(
        path,
        "import { Refusal } from '../../../../services/kit/refusal';\nexport const R = Refusal;\n",
      ),
    ).toHaveLength(1);
  });
});
