import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StackTable } from "./table";

describe("StackTable", () => {
  const table = (stacked?: boolean) =>
    renderToStaticMarkup(
      <StackTable name="demo" caption="Demo" columns={["Lab", { num: "Value" }]} stacked={stacked}>
        <tr>
          <th scope="row">A</th>
          <td className="num">1</td>
        </tr>
      </StackTable>,
    );

  it("stacks its rows into cards on a phone unless told to stay a table", () => {
    expect(table()).toContain('<table class="stack" data-table="demo">');
    expect(table(false)).toContain('<table data-table="demo">');
  });

  it("heads its columns, numbers right-aligned, under its caption", () => {
    expect(table()).toContain(
      '<caption>Demo</caption><thead><tr><th scope="col">Lab</th><th scope="col" class="num">Value</th></tr></thead>',
    );
  });
});
