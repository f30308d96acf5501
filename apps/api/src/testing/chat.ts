import type { AccountPlan } from "@tpi/domain";
import { expect } from "vitest";
import type { ChatResponse } from "../platform/chat/schemas";
import { closedAfterFile } from "./file-fixtures";
import { startTestApi, type TestApi } from "./test-api";

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

/** A question to the chat as one caller asks it: the answer's data (a 200, or the test fails). */
export type AskChat = (message: string) => Promise<ChatResponse["data"]>;

/** The chat as the holder of a new key of `plan` (the test api's default when none) asks it. */
export async function chatWithNewKey(
  api: Pick<TestApi, "post" | "createKey">,
  plan?: AccountPlan,
): Promise<AskChat> {
  const { key } = await api.createKey(plan);
  return (message) => askChat(api, message, { authorization: `Bearer ${key}` });
}

/**
 * The chat of the file's test api, for a file of questions over stored data: the api started with
 * `options` (closed after the file's tests), given its data by `load`, then asked as the holder
 * of a new key of `plan` (the test api's default when none).
 */
export async function chatOfFile(
  options: Parameters<typeof startTestApi>[0],
  { load, plan }: { load?: (api: TestApi) => Promise<void>; plan?: AccountPlan } = {},
): Promise<AskChat> {
  const api = closedAfterFile(await startTestApi(options));
  await load?.(api);
  return chatWithNewKey(api, plan);
}
