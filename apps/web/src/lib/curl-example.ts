/**
 * The curl commands of the /docs page, one per example of the api's reference. Pure text, so a
 * unit test reads each rule.
 */

/** The media type of a live stream's answer (Server-Sent Events). */
export const EVENT_STREAM = "text/event-stream";

/** A text inside single quotes in a POSIX shell: each `'` closes the quotes, is escaped, and reopens them. */
function shellSingleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export type CurlExample = {
  method: string;
  pathAndQuery: string;
  withKey: boolean;
  /** The JSON body, serialised. */
  body?: string;
  /** Saved under this file name (`-o`) instead of printed: a download. */
  output?: string;
};

/**
 * A curl command for one example, one option a line. A JSON body is sent with its content type
 * (`-d` makes the request a POST, so `-X POST` is written only without a body); a live stream
 * (`answers` is text/event-stream) asks for Server-Sent Events and is printed as it arrives
 * (`-N`: curl otherwise holds its output in a buffer).
 */
export function curl(apiUrl: string, example: CurlExample, answers: string): string {
  const stream = answers === EVENT_STREAM;
  const method =
    example.method === "GET" || example.body !== undefined ? "" : ` -X ${example.method}`;
  const lines = [`curl ${stream ? "-sN" : "-s"}${method} "${apiUrl}${example.pathAndQuery}"`];
  if (stream) lines.push(`-H "Accept: ${EVENT_STREAM}"`);
  if (example.withKey) lines.push(`-H "Authorization: Bearer $TPI_API_KEY"`);
  if (example.output !== undefined) lines.push(`-o ${shellSingleQuoted(example.output)}`);
  if (example.body !== undefined)
    lines.push(`-H "Content-Type: application/json"`, `-d ${shellSingleQuoted(example.body)}`);
  return lines.join(" \\\n  ");
}
