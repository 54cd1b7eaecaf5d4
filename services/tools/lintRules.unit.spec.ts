import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/** The house rules of eslint.config.js that are not about imports, checked on code as a feature would write it. */
describe('lint rules', { timeout: 60_000 }, () => {
  // The project's own configuration, without type information: the rule reads only the syntax, and building the
  // whole TypeScript program for a few snippets would take most of the lint run.
  const eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfigFile: 'eslint.config.js',
    overrideConfig: [
      tseslint.configs.disableTypeChecked,
      { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ],
  });
  // Linted as the text of a file at the path a feature would use, so the path-scoped rules apply.
  const restricted = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
  };

  const handCommand = `import type { Services } from '../../kit/http/context';
export async function run(services: Services, commands: Services['commands']) {
  await services.commands.handle(decider, 'ticket-1', command, context);
  await commands.handle(decider, 'ticket-1', command, context);
}
declare const decider: never, command: never, context: never;
`;

  it('refuses commands.handle in a route file', async () => {
    const found = await restricted('services/catalog/tickets/ticketRoutes.ts', handCommand);
    expect(found.map((m) => m.message)).toEqual([
      expect.stringContaining('execute('),
      expect.stringContaining('execute('),
    ]);
  });

  it('lets a workflow file run the command handler', async () => {
    expect(await restricted('services/catalog/tickets/ticketWorkflows.ts', handCommand)).toEqual([]);
  });

  it('lets a route load state and run execute', async () => {
    const code = `import type { Services } from '../../kit/http/context';
export async function run(services: Services) {
  await services.commands.load(decider, 'ticket-1');
  await execute(ctx, services, { decider, stream: 'ticket-1', command, readModels: [] });
}
declare const decider: never, command: never, ctx: never, execute: (...args: unknown[]) => Promise<void>;
`;
    expect(await restricted('services/catalog/tickets/ticketRoutes.ts', code)).toEqual([]);
  });
});
