import { request, type Agent } from "node:http";

export type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's source address (any of 127.0.0.0/8), to look like distinct clients. */
  localAddress?: string;
  agent?: Agent;
  timeoutMs?: number;
};

/** One HTTP request with node:http (source address and connection reuse under the test's control). */
export function send(url: string, options: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`no answer within ${options.timeoutMs ?? 15_000} ms`)),
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A reply's JSON body, or undefined when it is not JSON. */
export function jsonOf(reply: Reply): unknown {
  try {
    return JSON.parse(reply.body) as unknown;
  } catch {
    return undefined;
  }
}
