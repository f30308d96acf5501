/**
 * The refusals of the CSV downloads: JSON `{ error, message }` like the api's, because their
 * readers are scripts (curl, spreadsheets' web queries) that check the status and print the body.
 */
export function downloadNotFound(message: string): Response {
  return Response.json(
    { error: "Not found", message },
    { status: 404, headers: { "cache-control": "no-store" } },
  );
}

/**
 * A download the reader's plan does not include: the api's status (401 or 403) and its words,
 * which say what is needed.
 */
export function downloadRefused(message: string, status: number): Response {
  return Response.json(
    { error: status === 401 ? "Unauthorized" : "Forbidden", message },
    { status, headers: { "cache-control": "no-store" } },
  );
}

/** A download whose filters the api did not accept: its 400, in its words. */
export function downloadBadRequest(message: string): Response {
  return Response.json(
    { error: "Bad request", message },
    { status: 400, headers: { "cache-control": "no-store" } },
  );
}
