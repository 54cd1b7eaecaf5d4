import { Agent, request } from 'node:http';

/**
 * The load generators' HTTP client: `node:http` over kept-alive connections. The simulated phones and buyers
 * share this machine's two cores with the server, and `fetch` (WHATWG streams, per-request objects) costs them
 * several times the CPU of a plain request; what they spend is taken from the server being measured. Real
 * phones bring their own CPU.
 */
export class JsonClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, connections = 64) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  send<T>(
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    return new Promise((resolve, reject) => {
      const call = request(
        {
          agent: this.agent,
          host: this.host,
          port: this.port,
          method,
          path,
          headers: {
            ...headers,
            ...(payload === undefined
              ? {}
              : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: response.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
            } catch (error) {
              reject(
                new Error(`${method} ${path}: ${response.statusCode} not JSON: ${text.slice(0, 200)}`, {
                  cause: error,
                }),
              );
            }
          });
        },
      );
      call.on('error', reject);
      call.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
