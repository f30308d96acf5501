import { expect } from "vitest";
import type { ChatResponse } from "../platform/chat/schemas";
import type { TestApi } from "./test-api";

/**
 * The chat's answer to `message`, asked with `headers` (the caller's `Authorization`): a 200, or
 * the test fails, showing the body.
 */
export async function askChat(
  api: Pick<TestApi, "post">,
  message: string,
  headers: Record<string, string>,
): Promise<ChatResponse["data"]> {
  const res = await api.post("/api/chat", { message }, headers);
  expect(res.status, res.text).toBe(200);
  return (res.body as ChatResponse).data;
}
