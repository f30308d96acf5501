import { describe, expect, it } from "vitest";
import {
  companyList,
  gpuClusterStatus,
  operatorReading,
  siteContentText,
  siteFromGpuCluster,
  timelineReading,
  SiteRecordError,
  type Geocoder,
} from "./site";
import { chipFamilyOf, curatedOperatorOf } from "./catalog";

const noPlace: Geocoder = () => undefined;
const context = {
  sourceUrls: ["file.csv"],
  retrievedAt: "2026-01-15T12:00:00.000Z",
  geocode: noPlace,
};

describe("company lists", () => {
  it("strips Epoch's confidence tags and keeps them by name", () => {
    expect(companyList("OpenAI #likely, Microsoft #likely")).toEqual({
      names: ["OpenAI", "Microsoft"],
      confidence: { OpenAI: "likely", Microsoft: "likely" },
    });
    expect(companyList("OpenAI,Microsoft")).toEqual({
      names: ["OpenAI", "Microsoft"],
      confidence: {},
    });
    expect(companyList(null)).toEqual({ names: [], confidence: {} });
  });
});

describe("operators", () => {
  it("matches Epoch's spellings to the curated list, the longest alias first", () => {
    expect(curatedOperatorOf("Nebius AI")?.name).toBe("Nebius");
    expect(curatedOperatorOf("Lambda Labs")?.category).toBe("neocloud");
    expect(curatedOperatorOf("Google DeepMind")?.category).toBe("ai-lab");
    expect(curatedOperatorOf("Google Cloud")?.category).toBe("hyperscaler");
    expect(curatedOperatorOf("Together")?.name).toBe("Together AI");
    expect(curatedOperatorOf("Humain")).toBeUndefined();
  });

  it("reads a neo-cloud owner, a neo-cloud tenant of a developer, and a hyperscaler", () => {
    expect(operatorReading(["CoreWeave"], ["Cloud"])).toEqual({
      isNeocloud: true,
      category: "neocloud",
      ownershipModel: "owned",
      coloPartner: null,
      company: "CoreWeave",
    });
    expect(operatorReading(["Applied Digital"], ["Cloud", "CoreWeave"])).toEqual({
      isNeocloud: true,
      category: "neocloud",
      ownershipModel: "colocation",
      coloPartner: "Applied Digital",
      company: "CoreWeave",
    });
    // A neo-cloud user of a hyperscaler's site does not make it a neo-cloud site.
    expect(operatorReading(["Microsoft"], ["CoreWeave"])).toMatchObject({
      isNeocloud: false,
      category: "hyperscaler",
      ownershipModel: "owned",
      company: "Microsoft",
    });
    expect(operatorReading([], ["OpenAI"])).toMatchObject({
      isNeocloud: false,
      category: "unknown",
      ownershipModel: null,
      company: null,
    });
  });
});

describe("chip families", () => {
  it.each([
    ["NVIDIA H100 SXM5 80GB", "H100", "Hopper"],
    ["NVIDIA H200 SXM", "H200", "Hopper"],
    ["NVIDIA GB300 (Blackwell Ultra)", "GB300", "Blackwell Ultra"],
    ["NVIDIA GB200", "GB200", "Blackwell"],
    ["NVIDIA B200", "B200", "Blackwell"],
    ["Google TPU v5p", "TPU v5p", "TPU v5"],
    ["Google TPU v4", "TPU v4", "TPU v4"],
    ["AMD Instinct MI300A", "MI300A", "CDNA 3"],
    ["NVIDIA A100", "A100", "Ampere"],
  ])("%s is %s (%s)", (name, family, generation) => {
    expect(chipFamilyOf(name)).toMatchObject({ family, generation });
  });

  it("matches no family for an unknown chip", () => {
    expect(chipFamilyOf("Cerebras WSE-3")).toBeUndefined();
  });
});

describe("GPU Clusters statuses", () => {
  const row = (values: Record<string, string>) => values;
  it("maps Existing, Planned and a decommissioned date", () => {
    expect(gpuClusterStatus(row({ Status: "Existing" }), "2026-01-15")).toBe("operational");
    expect(gpuClusterStatus(row({ Status: "Planned" }), "2026-01-15")).toBe("planned");
    expect(
      gpuClusterStatus(
        row({ Status: "Existing", "Decommissioned Date (if applicable)": "2025-12-01" }),
        "2026-01-15",
      ),
    ).toBe("decommissioned");
    // A decommissioning announced for later: still operational today.
    expect(
      gpuClusterStatus(
        row({ Status: "Existing", "Decommissioned Date (if applicable)": "2026-12-01" }),
        "2026-01-15",
      ),
    ).toBe("operational");
    expect(gpuClusterStatus(row({ Status: "Rumoured" }), "2026-01-15")).toBeNull();
  });

  it("reads construction evidence in a planned record's own notes", () => {
    expect(
      gpuClusterStatus(
        row({ Status: "Planned", Quote: "The second building is currently under construction" }),
        "2026-01-15",
      ),
    ).toBe("under_construction");
    expect(
      gpuClusterStatus(
        row({ Status: "Planned", Note: "Breaking ground on 1GW AI Datacenter" }),
        "2026-01-15",
      ),
    ).toBe("under_construction");
  });
});

describe("hub timelines", () => {
  const rows = [
    {
      date: "2025-05-19",
      constructionStatus: "Land clearing begins",
      power: 0,
      h100Equivalents: 0,
    },
    {
      date: "2026-06-15",
      constructionStatus: "Building 1 operational",
      power: 132.5,
      h100Equivalents: 1,
    },
    {
      date: "2027-07-01",
      constructionStatus: "7 buildings operational",
      power: 927.5,
      h100Equivalents: 1,
    },
  ];

  it("is under construction while past rows have no power, operational once one has", () => {
    expect(timelineReading(rows, "2026-01-15")).toEqual({
      status: "under_construction",
      constructionStart: "2025-05-19",
      phase1LiveDate: "2026-06-15",
      fullCapacityTarget: "2027-07-01",
      latestStatusText: "Land clearing begins",
    });
    expect(timelineReading(rows, "2026-07-01")).toMatchObject({
      status: "operational",
      fullCapacityTarget: "2027-07-01",
    });
    expect(timelineReading(rows, "2028-01-01")).toMatchObject({
      status: "operational",
      fullCapacityTarget: null,
    });
  });

  it("is planned when every row is a projection, null without a timeline", () => {
    expect(timelineReading(rows, "2025-01-01").status).toBe("planned");
    expect(timelineReading([], "2025-01-01").status).toBeNull();
  });
});

describe("a GPU Clusters record as a site", () => {
  const record = {
    Name: "Nebius ISEG2",
    Status: "Existing",
    Certainty: "Likely",
    "Chip type (primary)": "NVIDIA H200 SXM",
    "Chip quantity (primary)": "4992.0",
    Country: "Iceland",
    Owner: "Nebius AI",
    "Power Capacity (MW)": "6.995788800000001",
    Location: "Keflavik, Iceland",
  };

  it("puts an unconfirmed quantity in gpuQtyEst and geocodes the city", () => {
    const site = siteFromGpuCluster(record, "Nebius ISEG2", {
      ...context,
      geocode: ({ city, country }) =>
        city === "Keflavik" && country === "Iceland"
          ? { latitude: 64.0, longitude: -22.56 }
          : undefined,
    });
    expect(site).toMatchObject({
      id: "gpu-clusters:Nebius ISEG2",
      company: "Nebius AI",
      isNeocloud: true,
      gpuQtyKnown: null,
      gpuQtyEst: 4992,
      gpuTypes: ["H200"],
      chipGeneration: "Hopper",
      latitude: 64.0,
      longitude: -22.56,
      coordinatePrecision: "city",
      city: "Keflavik",
      country: "Iceland",
    });
  });

  it("refuses a number cell that is not a number, naming the column", () => {
    expect(() =>
      siteFromGpuCluster({ ...record, "Power Capacity (MW)": "about 7" }, "x", context),
    ).toThrow(new SiteRecordError("'Power Capacity (MW)' is not a number: 'about 7'"));
  });

  it("refuses text over its length and numbers outside a site's plausible range, naming the field", () => {
    expect(() =>
      siteFromGpuCluster({ ...record, Name: "n".repeat(10_000_000) }, "x", context),
    ).toThrow("field 'siteName' is 10,000,000 characters; at most 500");
    expect(() => siteFromGpuCluster({ ...record, Note: "n".repeat(20_001) }, "x", context)).toThrow(
      "field 'sourceNotes' is 20,001 characters; at most 20,000",
    );
    expect(() =>
      siteFromGpuCluster({ ...record, "Power Capacity (MW)": "7000000" }, "x", context),
    ).toThrow("field 'powerCapacity' is 7000000; a site's MW are from 0 to 100,000");
    expect(() =>
      siteFromGpuCluster({ ...record, "Power Capacity (MW)": "-5" }, "x", context),
    ).toThrow("field 'powerCapacity' is -5");
    expect(
      siteFromGpuCluster({ ...record, Note: "n".repeat(20_000) }, "x", context).sourceNotes,
    ).toHaveLength(20_000);
  });

  it("refuses a date outside the years a site can name (0001, 9999), and takes a planned one", () => {
    for (const date of ["0001-01-01", "9999"])
      expect(() =>
        siteFromGpuCluster({ ...record, "First Operational Date": date }, "x", context),
      ).toThrow(`field 'phase1LiveDate' is ${date}; a site's dates are from 1990 to 2100`);
    expect(
      siteFromGpuCluster({ ...record, "First Operational Date": "2027-06" }, "x", context)
        .phase1LiveDate,
    ).toBe("2027-06");
  });

  it("hashes the same content the same whenever it is retrieved", () => {
    const first = siteFromGpuCluster(record, "Nebius ISEG2", context);
    const later = siteFromGpuCluster(record, "Nebius ISEG2", {
      ...context,
      retrievedAt: "2026-01-16T12:00:00.000Z",
    });
    expect(siteContentText(later)).toBe(siteContentText(first));
    const changed = siteFromGpuCluster(
      { ...record, "Power Capacity (MW)": "7" },
      "Nebius ISEG2",
      context,
    );
    expect(siteContentText(changed)).not.toBe(siteContentText(first));
  });
});
