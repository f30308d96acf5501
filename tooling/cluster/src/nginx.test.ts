import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SITE_CONFIG_PATH, renderSiteConfig } from "./nginx";

const site = readFileSync(SITE_CONFIG_PATH, "utf8");
const ports = {
  publicPort: 41_001,
  internalPort: 41_002,
  apiPorts: [41_011, 41_012, 41_013, 41_014],
  webPort: 41_021,
  logDir: "/tmp/cluster-logs",
  releaseFilesDir: "/tmp/cluster-data/releases",
};

describe("the cluster test's rendering of deploy/nginx/tpi.conf", () => {
  it("swaps ports and log paths only, keeping every upstream parameter", () => {
    const rendered = renderSiteConfig(site, ports);
    for (const port of ports.apiPorts)
      expect(rendered).toContain(`server 127.0.0.1:${port} max_fails=0;`);
    expect(rendered).toContain("server 127.0.0.1:41021;");
    expect(rendered).toContain("listen 127.0.0.1:41001;");
    expect(rendered).toContain("listen 127.0.0.1:41002;");
    expect(rendered).toContain("alias /tmp/cluster-data/releases/;");
    expect(rendered).not.toMatch(/:808[0-9]|:3000|listen 80;|\[::\]|\/var\/log|alias \/var/);
    // What is tested is the file as written: the rest is unchanged, line for line.
    const untouched = (text: string) =>
      text
        .split("\n")
        .filter(
          (line) => !/server 127\.0\.0\.1:|listen |\/var\/log|cluster-logs|alias /.test(line),
        );
    expect(untouched(rendered)).toEqual(untouched(site));
  });

  it("fails, rather than test something else, when a line it replaces is gone", () => {
    expect(() => renderSiteConfig(site.replace("listen 80;", "listen 8080;"), ports)).toThrow(
      /listen 80/,
    );
    expect(() => renderSiteConfig(site.replace("upstream tpi_api", "upstream api"), ports)).toThrow(
      /tpi_api/,
    );
  });
});
