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
