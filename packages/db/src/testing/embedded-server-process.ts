import { startEmbeddedServer } from "../embedded-postgres-server";

/**
 * A process that starts the embedded server on the data folder and port it is given, says
 * `ready` on its standard output, and then only waits: the test kills it as a crash would.
 */
const [dataDir, port] = process.argv.slice(2);
if (dataDir === undefined || port === undefined)
  throw new Error("usage: embedded-server-process <dataDir> <port>");
await startEmbeddedServer({ dataDir, port: Number(port) });
process.stdout.write("ready\n");
setInterval(() => undefined, 60_000);
