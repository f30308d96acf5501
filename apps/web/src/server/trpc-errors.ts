import { TRPCClientError } from "@trpc/client";

/** A tRPC NOT_FOUND answer: a missing procedure, or a procedure that found no data. */
export function isTrpcNotFound(error: unknown): error is TRPCClientError<never> {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "code" in data && data.code === "NOT_FOUND";
}
