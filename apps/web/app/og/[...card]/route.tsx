import { ImageResponse } from "next/og";
import { cardLoaderOf } from "../../../src/site/card-loader";
import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from "../../../src/lib/social-card";

export const dynamic = "force-dynamic";

/** Link previews fetch a card now and then; five minutes matches the pages' revalidation. */
const CARD_MAX_AGE_SECONDS = 300;

/**
 * The image of a page's OpenGraph and Twitter card (1200×630 PNG): the index's name, its latest
 * value and date, and a sample mark while the numbers are generated. Drawn from the same loaders
 * as the pages, so the card and the page agree.
 */
export async function GET(
  _request: Request,
  context: { params: Promise<{ card: string[] }> },
): Promise<Response> {
  const load = cardLoaderOf((await context.params).card);
  if (load === undefined)
    return new Response("Not found: no card at this address.\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const card = await load();
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
