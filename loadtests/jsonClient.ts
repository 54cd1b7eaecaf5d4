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
    // Idle connections are dropped after 2 s, before the server's keep-alive timeout (5 s) can close one
    // under a request that is just being sent on it.
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, timeout: 2_000 });
  }

  /**
   * One request. A kept-alive connection the server closed just as this request went out on it is retried
   * once on a new one, as browsers do; every request the benches send may be repeated (scans carry a nonce,
   * orders an id).
   */
  async send<T>(
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    try {
      return await this.once<T>(method, path, payload, headers);
    } catch (error) {
      if ((error as { reusedSocket?: boolean }).reusedSocket !== true) throw error;
      return this.once<T>(method, path, payload, headers);
    }
  }

  private once<T>(
    method: string,
    path: string,
    payload: string | undefined,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: T }> {
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
      call.on('error', (error: NodeJS.ErrnoException) =>
        reject(Object.assign(error, { reusedSocket: call.reusedSocket && error.code === 'ECONNRESET' })),
      );
      call.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
