/** Structured JSON-lines logging to stdout; one object per line so log shippers can parse it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

export function createLogger(level: LogLevel = 'info', bindings: Record<string, unknown> = {}): Logger {
  const write = (at: LogLevel, message: string, details?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    const line = JSON.stringify(
      { time: new Date().toISOString(), level: at, message, ...bindings, ...details },
      (_k, v: unknown) =>
        typeof v === 'bigint'
          ? v.toString()
          : v instanceof Error
            ? { name: v.name, message: v.message, stack: v.stack }
            : v,
    );
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (more) => createLogger(level, { ...bindings, ...more }),
  };
}

export function isLogLevel(value: string | undefined): value is LogLevel {
  return value !== undefined && Object.hasOwn(order, value);
}
