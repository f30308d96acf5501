import { Agent } from "node:http";
import { send } from "./http";

export type LoadFailure = { phase: string; path: string; outcome: string; atMs: number };

/** A GET the balancer must answer: any 2xx, 3xx or 429 (a limiter's answer is an answer). */
export function answered(status: number): boolean {
  return (status >= 200 && status < 400) || status === 429;
}

/**
 * Steady GET traffic through the balancer from a few concurrent clients, each sending its next
 * request as soon as the last one is answered, after a short pause (the machine is shared with
 * the processes under test). Every failure is kept with the phase it happened in.
 */
export class LoadLoop {
  private stopping = false;
  private workers: Promise<void>[] = [];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 16 });
  phase = "start";
  sent = 0;
  readonly sentByPhase = new Map<string, number>();
  readonly failures: LoadFailure[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly requests: ReadonlyArray<{ path: string; headers?: Record<string, string> }>,
    private readonly options: { clients: number; pauseMs: number },
  ) {}

  start(): void {
    const started = Date.now();
    for (let client = 0; client < this.options.clients; client++) {
      this.workers.push(
        (async () => {
          let next = client;
          while (!this.stopping) {
            const item = this.requests[next % this.requests.length];
            next += 1;
            if (item === undefined) break;
            const phase = this.phase;
            this.sent += 1;
            this.sentByPhase.set(phase, (this.sentByPhase.get(phase) ?? 0) + 1);
            try {
              const reply = await send(`${this.baseUrl}${item.path}`, {
                headers: item.headers,
                agent: this.agent,
              });
              if (!answered(reply.status))
                this.failures.push({
                  phase,
                  path: item.path,
                  outcome: `${reply.status} ${reply.body.slice(0, 200)}`,
                  atMs: Date.now() - started,
                });
            } catch (error) {
              this.failures.push({
                phase,
                path: item.path,
                outcome: error instanceof Error ? error.message : String(error),
                atMs: Date.now() - started,
              });
            }
            await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs));
          }
        })(),
      );
    }
  }

  failuresIn(phase: string): LoadFailure[] {
    return this.failures.filter((failure) => failure.phase === phase);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.workers);
    this.agent.destroy();
  }
}
