import { ImageResponse } from "next/og";
import { isFreeTierGpu, isFreeTierLab } from "@tpi/domain";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardSubjectOf,
  gpuCard,
  homeCard,
  labCard,
  memoryCard,
  neocloudCard,
  workloadCard,
  type CardContent,
  type CardSubject,
} from "../../../src/lib/social-card";
import type { SiteSources } from "../../../src/lib/api-types";
import { newestFirst } from "../../../src/lib/shape";
import {
  loadDataSources,
  loadFreeWindow,
  loadKeyedLatestDays,
  loadLatest,
  loadWorkloadMethodology,
} from "../../../src/server/data";
import { loadGpuDetail, loadKeyedLatest } from "../../../src/server/gpu";
import { loadMemoryMethodology } from "../../../src/markets/memory/loaders";
import { loadNeocloudMethodology } from "../../../src/markets/neocloud/loaders";

export const dynamic = "force-dynamic";

/** Link previews fetch a card now and then; five minutes matches the pages' revalidation. */
const CARD_MAX_AGE_SECONDS = 300;

/** A card says "sample" when the index it shows rests on the generated sample. */
async function contentOf(
  subject: CardSubject,
  sources: SiteSources | undefined,
): Promise<CardContent> {
  if (subject.kind === "workload") {
    // The index has its own sources (session costs and model prices): its answer says whether
    // they are the sample.
    const methodology = await loadWorkloadMethodology();
    return workloadCard(methodology.latestWeek, methodology.dataSources.sample);
  }
  if (subject.kind === "memory")
    // The prices have their own source (the imported price files): its answer says whether it is
    // the sample.
    return memoryCard((await loadMemoryMethodology()).dataSources.sample);
  if (subject.kind === "neocloud") {
    // The sites have their own source (Epoch AI's datasets, or the sample until the first import).
    const methodology = await loadNeocloudMethodology();
    return neocloudCard(methodology.dataSources.sample);
  }
  const sample = subject.kind === "gpu" ? sources?.gpu.sample : sources?.token.sample;
  return cardOf(subject, sample === true);
}

async function cardOf(
  subject: Exclude<CardSubject, { kind: "workload" } | { kind: "memory" } | { kind: "neocloud" }>,
  sample: boolean,
): Promise<CardContent> {
  switch (subject.kind) {
    case "home":
      return homeCard(await loadLatest(), sample);
    case "lab": {
      if (!isFreeTierLab(subject.lab)) {
        const keyed = (await loadKeyedLatestDays()).find((entry) => entry.lab === subject.lab);
        const date = keyed?.latestDate ?? null;
        return labCard(subject.lab, date === null ? undefined : { date }, sample);
      }
      const latest = newestFirst((await loadFreeWindow(subject.lab)).rows)[0];
      return labCard(subject.lab, latest, sample);
    }
    case "gpu": {
      if (!isFreeTierGpu(subject.gpu)) {
        const keyed = (await loadKeyedLatest()).find((entry) => entry.gpu_type === subject.gpu);
        const date = keyed?.date ?? null;
        return gpuCard(subject.gpu, date === null ? undefined : { timestamp: date }, sample);
      }
      const prints = (await loadGpuDetail(subject.gpu)).hourly?.data ?? [];
      const latest = prints[prints.length - 1];
      return gpuCard(
        subject.gpu,
        latest === undefined
          ? undefined
          : { timestamp: latest.timestamp, value: latest.index_value },
        sample,
      );
    }
  }
}

/**
 * The image of a page's OpenGraph and Twitter card (1200×630 PNG): the index's name, its latest
 * value and date, and a sample mark while the numbers are generated. Drawn from the same loaders
 * as the pages, so the card and the page agree.
 */
export async function GET(
  _request: Request,
  context: { params: Promise<{ card: string[] }> },
): Promise<Response> {
  const subject = cardSubjectOf((await context.params).card);
  if (subject === undefined)
    return new Response("Not found: no card at this address.\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const sources = await loadDataSources();
  const card = await contentOf(subject, sources);
  return new ImageResponse(<CardImage card={card} />, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    headers: { "cache-control": `public, max-age=${CARD_MAX_AGE_SECONDS}` },
  });
}

/** The drawing; the image renderer lays out flex boxes with inline styles only. */
function CardImage({ card }: { card: CardContent }) {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        background: "#ffffff",
        color: "#14181f",
        fontSize: 32,
        borderTop: "16px solid #0b57a4",
      }}
    >
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", color: "#0b57a4", fontSize: 30 }}>{card.kicker}</div>
        <div style={{ display: "flex", fontSize: 56, marginTop: 12 }}>{card.title}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", fontSize: 96 }}>{card.value}</div>
        <div style={{ display: "flex", color: "#4a5363", marginTop: 8 }}>{card.detail}</div>
        {card.rows.length > 0 && (
          <div style={{ display: "flex", flexWrap: "wrap", marginTop: 24 }}>
            {card.rows.map((row) => (
              <div key={row.label} style={{ display: "flex", marginRight: 48 }}>
                {`${row.label} ${row.value}`}
              </div>
            ))}
          </div>
        )}
      </div>
      {card.sample && (
        <div
          style={{
            display: "flex",
            alignSelf: "flex-start",
            padding: "8px 20px",
            background: "#ffd24d",
            color: "#14181f",
            borderRadius: 8,
          }}
        >
          Sample data, not market prices
        </div>
      )}
    </div>
  );
}
