/**
 * Closes every test resource a file started (apis, stubs, proxies), all of them even when one
 * fails to close, then reports the first failure. Resources a failed set-up never started are
 * passed as undefined and skipped.
 */
export async function closeAll(
  ...resources: readonly ({ close(): Promise<void> } | undefined)[]
): Promise<void> {
  const started = resources.filter((resource) => resource !== undefined);
  const results = await Promise.allSettled(started.map((resource) => resource.close()));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}
