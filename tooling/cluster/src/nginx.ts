import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { REPO_ROOT } from "./paths";

/** The site file operators install as /etc/nginx/sites-available/tpi; the test runs this very file. */
export const SITE_CONFIG_PATH = join(REPO_ROOT, "deploy", "nginx", "tpi.conf");

/** Debian puts nginx in /usr/sbin, which an ordinary user's PATH may lack. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/sbin"];
  for (const dir of dirs) {
    if (dir === "") continue;
    const candidate = join(dir, "nginx");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export type SitePorts = {
  /** The public listener (`listen 80` in the file). */
  publicPort: number;
  /** The internal listener for the website (`listen 127.0.0.1:8090` in the file). */
  internalPort: number;
  apiPorts: readonly number[];
  webPort: number;
  /** Replaces /var/log/nginx. */
  logDir: string;
  /** Replaces the api's release cache (/var/lib/tpi/releases): the instances' TPI_DATA_DIR/releases. */
  releaseFilesDir: string;
};

/** Replaces exactly what `pattern` matches, and fails when it matches nothing: the file changed. */
function replaceRequired(
  text: string,
  pattern: RegExp,
  replacement: (match: string, ...groups: string[]) => string,
  what: string,
): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/tpi.conf no longer has ${what}`);
  pattern.lastIndex = 0;
  return text.replace(pattern, replacement);
}

/**
 * The site file with the test's loopback ports and log directory in place of the production ones;
 * everything else (upstream parameters, retries, timeouts, headers, locations) is left as written.
 */
export function renderSiteConfig(siteFile: string, ports: SitePorts): string {
  let text = siteFile;
  text = replaceRequired(
    text,
    /upstream tpi_api \{([^}]*)\}/,
    (_match, body: string) => {
      const servers = [...body.matchAll(/^(\s*)server 127\.0\.0\.1:\d+(.*);$/gm)];
      const first = servers[0];
      if (first === undefined) throw new Error("deploy/nginx/tpi.conf: tpi_api has no server");
      const [, indent, parameters] = first;
      const lines = ports.apiPorts.map((port) => `${indent}server 127.0.0.1:${port}${parameters};`);
      // The test's servers where the first one stood; the other production ones go.
      let placed = false;
      const withTestServers = body.replace(/^\s*server 127\.0\.0\.1:\d+.*;$\n?/gm, () => {
        if (placed) return "";
        placed = true;
        return `${lines.join("\n")}\n`;
      });
      return `upstream tpi_api {${withTestServers}}`;
    },
    "an upstream tpi_api",
  );
  text = replaceRequired(
    text,
    /(upstream tpi_web \{[^}]*server )127\.0\.0\.1:\d+/,
    (_match, head: string) => `${head}127.0.0.1:${ports.webPort}`,
    "an upstream tpi_web with a loopback server",
  );
  text = replaceRequired(
    text,
    /^(\s*)listen 80;$/m,
    (_match, indent: string) => `${indent}listen 127.0.0.1:${ports.publicPort};`,
    "the public `listen 80;`",
  );
  // The test listens on IPv4 loopback only.
  text = replaceRequired(text, /^\s*listen \[::\]:80;\n/m, () => "", "`listen [::]:80;`");
  text = replaceRequired(
    text,
    /^(\s*)listen 127\.0\.0\.1:8090;$/m,
    (_match, indent: string) => `${indent}listen 127.0.0.1:${ports.internalPort};`,
    "the internal `listen 127.0.0.1:8090;`",
  );
  text = replaceRequired(
    text,
    /\/var\/log\/nginx\//g,
    () => `${ports.logDir}/`,
    "logs in /var/log/nginx",
  );
  text = replaceRequired(
    text,
    /^(\s*)alias \/var\/lib\/tpi\/releases\/;$/m,
    (_match, indent: string) => `${indent}alias ${ports.releaseFilesDir.replace(/\/?$/, "/")};`,
    "the release files' `alias /var/lib/tpi/releases/;`",
  );
  return text;
}

/**
 * The main configuration Debian's /etc/nginx/nginx.conf would be, reduced to what the site needs,
 * with every path under `dir` so that nginx runs unprivileged and in the foreground.
 */
function mainConfig(dir: string, sitePath: string): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
    default_type application/octet-stream;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    access_log off;
    include ${sitePath};
}
`;
}

export type RunningNginx = {
  child: ChildProcess;
  output(): string;
  /** The site's error log (tpi.error.log): failed upstream connections are written there. */
  siteErrorLog(): string;
  stop(): Promise<void>;
};

/** Starts nginx on the rendered site file as a foreground child; resolves once it answers. */
export async function startNginx(
  nginxPath: string,
  dir: string,
  ports: SitePorts,
): Promise<RunningNginx> {
  mkdirSync(join(dir, "logs"), { recursive: true });
  mkdirSync(join(dir, "temp"), { recursive: true });
  const sitePath = join(dir, "tpi.conf");
  writeFileSync(sitePath, renderSiteConfig(readFileSync(SITE_CONFIG_PATH, "utf8"), ports));
  const configPath = join(dir, "nginx.conf");
  writeFileSync(configPath, mainConfig(dir, sitePath));
  const child = spawn(nginxPath, ["-p", dir, "-e", "stderr", "-c", configPath], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const output = () => `${log}${readLog(join(dir, "logs", "error.log"))}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output()}`);
    try {
      await fetch(`http://127.0.0.1:${ports.publicPort}/`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer in 15 s:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    output,
    siteErrorLog: () => readLog(join(ports.logDir, "tpi.error.log"), Number.POSITIVE_INFINITY),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      // SIGQUIT: nginx's graceful stop (SIGTERM is its fast stop).
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function readLog(path: string, characters = 8_000): string {
  try {
    const text = readFileSync(path, "utf8");
    return Number.isFinite(characters) ? text.slice(-characters) : text;
  } catch {
    return "";
  }
}
