import { ANY_PLAN_TEXT, HowToGetIt, LockedValues } from "../../kit/access";
import { MethodRules } from "../../kit/method-rules";
import { SourceList } from "../../kit/sources";

/**
 * The fixture market's one page, for a visitor: built from the market page kit only (the locked
 * state, how to get the values, the method and the sources), as a new market's page is.
 */
export function WidgetPage({ widget }: { widget: string }) {
  return (
    <>
      <h1>Widget {widget}</h1>
      <LockedValues
        market="fixture"
        viewer={undefined}
        refused={undefined}
        valueLabel="Daily prices"
        plansText={ANY_PLAN_TEXT}
        served="The daily widget prices and their CSV"
      />
      <HowToGetIt
        plansText={ANY_PLAN_TEXT}
        request={`GET /api/fixture/${widget}/price`}
        docsHref="/docs#route-getFixtureWidgetPrice"
      />
      <MethodRules market="fixture" rules={["Prices are read with `day=YYYY-MM-DD`."]} />
      <SourceList
        market="fixture"
        sample={false}
        notice=""
        sources={[
          {
            source: "fixture",
            sample: false,
            citation: "Source: the fixture market.",
            licence: null,
            asOf: null,
          },
        ]}
        asOfLead="as of"
      />
    </>
  );
}
