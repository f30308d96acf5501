import { describe, expect, it } from "vitest";
import {
  badRequest,
  expectAnswer,
  expectAnswers,
  expectEveryAnswer,
  expectSuccess,
} from "./answers";
import type { HttpResult } from "./test-api";

/** The table helper the market tests share: it must fail when any one case fails. */

function answer(status: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { status, body, headers: new Headers(headers), text: JSON.stringify(body) };
}

const refusal = { error: "Bad request", message: "bad" };
const askAll = (answers: Record<string, HttpResult>) => (path: string) => {
  const found = answers[path];
  if (found === undefined) throw new Error(`no answer scripted for ${path}`);
  return Promise.resolve(found);
};

describe("expectEveryAnswer", () => {
  it("passes when every case answers as expected, asking each once in order", async () => {
    const asked: string[] = [];
    await expectEveryAnswer(
      (path) => {
        asked.push(path);
        return Promise.resolve(answer(400, refusal, { "cache-control": "no-store" }));
      },
      ["/a", "/b"],
      { status: 400, body: refusal, headers: { "cache-control": "no-store", deprecation: null } },
    );
    expect(asked).toEqual(["/a", "/b"]);
  });

  it("fails when one case of several answers another status", async () => {
    const ask = askAll({ "/a": answer(401, undefined), "/b": answer(200, undefined) });
    await expect(expectEveryAnswer(ask, ["/a", "/b"], { status: 401 })).rejects.toThrow();
  });

  it("fails when one case's body differs, whole or in a listed field", async () => {
    const ask = askAll({
      "/a": answer(400, refusal),
      "/b": answer(400, { error: "Not found", message: "bad" }),
      "/c": answer(400, { ...refusal, extra: 1 }),
    });
    await expect(
      expectEveryAnswer(ask, ["/a", "/b"], { status: 400, bodyMatching: { error: "Bad request" } }),
    ).rejects.toThrow();
    await expect(
      expectEveryAnswer(ask, ["/a", "/c"], { status: 400, body: refusal }),
    ).rejects.toThrow();
    await expectEveryAnswer(ask, ["/a", "/c"], {
      status: 400,
      bodyMatching: { error: "Bad request" },
    });
  });

  it("fails when a named header differs or is present where it must be absent", async () => {
    const ask = askAll({ "/a": answer(200, {}), "/b": answer(200, {}, { deprecation: "true" }) });
    await expect(
      expectEveryAnswer(ask, ["/a", "/b"], { status: 200, headers: { deprecation: null } }),
    ).rejects.toThrow();
  });

  it("fails on an empty table, which would test nothing", async () => {
    await expect(expectEveryAnswer(askAll({}), [], { status: 200 })).rejects.toThrow();
  });
});

describe("expectAnswer", () => {
  it("returns the answer when its status and body are as expected", async () => {
    const res = await expectAnswer(Promise.resolve(answer(200, { success: true, data: [1] })), {
      status: 200,
      body: { success: true, data: [1] },
    });
    expect(res.status).toBe(200);
  });

  it("fails on another status, another body, or a body missing a listed field", async () => {
    const ok = () => Promise.resolve(answer(200, { success: true, data: [1] }));
    await expect(expectAnswer(ok(), { status: 201 })).rejects.toThrow();
    await expect(expectAnswer(ok(), { status: 200, body: { success: true } })).rejects.toThrow();
    await expect(
      expectAnswer(ok(), { status: 200, bodyMatching: { access: "full" } }),
    ).rejects.toThrow();
    await expectAnswer(ok(), { status: 200, bodyMatching: { success: true } });
  });
});

describe("expectSuccess", () => {
  it("expects status 200 and the success envelope around the fields, compared whole", async () => {
    const ok = () => Promise.resolve(answer(200, { success: true, data: [1] }));
    await expectSuccess(ok(), { data: [1] });
    await expect(expectSuccess(ok(), { data: [2] })).rejects.toThrow();
    await expect(
      expectSuccess(Promise.resolve(answer(200, { success: false, data: [1] })), { data: [1] }),
    ).rejects.toThrow();
    await expect(
      expectSuccess(Promise.resolve(answer(202, { success: true, data: [1] })), { data: [1] }),
    ).rejects.toThrow();
  });
});

describe("expectAnswers", () => {
  const ask = askAll({
    "/a": answer(400, { error: "Bad request", message: "a is bad" }),
    "/b": answer(400, { error: "Bad request", message: "b is bad" }),
  });

  it("passes when each case gets the answer beside it", async () => {
    await expectAnswers(ask, [
      ["/a", badRequest("a is bad")],
      ["/b", badRequest("b is bad")],
    ]);
  });

  it("fails when one case's answer is another case's", async () => {
    await expect(
      expectAnswers(ask, [
        ["/a", badRequest("a is bad")],
        ["/b", badRequest("a is bad")],
      ]),
    ).rejects.toThrow();
  });

  it("refuses a table that compares bodies both ways", async () => {
    await expect(
      expectAnswers(ask, [
        ["/a", badRequest("a is bad")],
        ["/b", { status: 400, bodyMatching: { error: "Bad request" } }],
      ]),
    ).rejects.toThrow("whole or every body");
  });
});
