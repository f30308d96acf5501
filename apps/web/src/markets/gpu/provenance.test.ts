import { describe, expect, it } from "vitest";
import { mergeGpuProvenance } from "./provenance";

const ledger = { source: "gpurentalprices", sample: false, citation: "Ledger.", licence: null };
const sample = { source: "sample", sample: true, citation: "Sample.", licence: null };

describe("mergeGpuProvenance", () => {
  it("names each source once, sorted, and is the sample when any answer is", () => {
    expect(
      mergeGpuProvenance([
        { provenance: { sample: false, sources: [ledger] } },
        null,
        { provenance: { sample: true, sources: [sample, ledger] } },
      ]),
    ).toEqual({ sample: true, sources: [ledger, sample] });
  });

  it("is real when no answer rests on the sample, and undefined without answers", () => {
    expect(mergeGpuProvenance([{ provenance: { sample: false, sources: [ledger] } }])?.sample).toBe(
      false,
    );
    expect(mergeGpuProvenance([null, undefined])).toBeUndefined();
  });
});
